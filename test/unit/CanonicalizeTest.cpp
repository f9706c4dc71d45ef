// trex's canonicalize: MLIR's pass with its patterns shared within a scope.
#include "trex/Dialect/Triton/Transforms/Canonicalize.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"

#include "gtest/gtest.h"

namespace {

std::string canonicalized(mlir::MLIRContext &context, llvm::StringRef text) {
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  EXPECT_TRUE(module);
  if (!module)
    return "";
  mlir::PassManager pm(&context);
  pm.addPass(trex::createCanonicalizerPass());
  EXPECT_TRUE(mlir::succeeded(pm.run(*module)));
  std::string printed;
  llvm::raw_string_ostream stream(printed);
  module->print(stream);
  return printed;
}

constexpr llvm::StringLiteral kChainedAdds = R"(
func.func @g(%x: i32) -> i32 {
  %c1 = arith.constant 1 : i32
  %c2 = arith.constant 2 : i32
  %a = arith.addi %x, %c1 : i32
  %b = arith.addi %a, %c2 : i32
  return %b : i32
}
)";

// (x + 1) + 2 becomes x + 3 through arith's canonicalization patterns (not a fold).
void expectAddsCombined(const std::string &printed) {
  EXPECT_NE(printed.find("arith.constant 3 : i32"), std::string::npos) << printed;
  EXPECT_EQ(printed.find("arith.constant 1 : i32"), std::string::npos) << printed;
}

TEST(Canonicalize, AppliesTheLoadedDialectsPatterns) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::func::FuncDialect, mlir::arith::ArithDialect>();
  expectAddsCombined(canonicalized(context, kChainedAdds));
}

// The shared set is rebuilt once a dialect loads after it was made: arith, loaded by parsing
// the second module, brings the pattern that combines the additions.
TEST(Canonicalize, SharedPatternsFollowNewlyLoadedDialects) {
  mlir::DialectRegistry registry;
  registry.insert<mlir::func::FuncDialect, mlir::arith::ArithDialect>();
  mlir::MLIRContext context(registry);
  context.loadDialect<mlir::func::FuncDialect>();
  trex::CanonicalizePatternsScope scope;
  std::string first = canonicalized(context, "func.func @f() { return }");
  EXPECT_NE(first.find("func.func @f"), std::string::npos);
  ASSERT_EQ(context.getLoadedDialect("arith"), nullptr);
  expectAddsCombined(canonicalized(context, kChainedAdds));
}

// A pass with its own pattern filter does not take the shared set: enabling only a pattern
// that does not exist leaves just folding, which does not combine the additions.
TEST(Canonicalize, PatternFiltersAreHonouredInsideAScope) {
  mlir::MLIRContext context;
  context.loadDialect<mlir::func::FuncDialect, mlir::arith::ArithDialect>();
  trex::CanonicalizePatternsScope scope;
  expectAddsCombined(canonicalized(context, kChainedAdds));
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(kChainedAdds, &context);
  ASSERT_TRUE(module);
  mlir::PassManager pm(&context);
  std::unique_ptr<mlir::Pass> pass = trex::createCanonicalizerPass();
  ASSERT_TRUE(mlir::succeeded(pass->initializeOptions(
      "enable-patterns=no-such-pattern", [](const llvm::Twine &) { return mlir::failure(); })));
  pm.addPass(std::move(pass));
  ASSERT_TRUE(mlir::succeeded(pm.run(*module)));
  std::string printed;
  llvm::raw_string_ostream stream(printed);
  module->print(stream);
  EXPECT_NE(printed.find("arith.constant 1 : i32"), std::string::npos) << printed;
}

} // namespace
