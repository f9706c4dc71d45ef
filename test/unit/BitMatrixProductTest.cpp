// LLVMBuilder::bitMatrixProduct builds, from LLVM-dialect ops, the XOR of a column per set bit
// of a run-time i32 (a linear layout's lane and warp bases applied to the thread id). The ops
// it builds are evaluated here for every input the columns read, against the product computed
// directly, and their shape is checked where it decides what LLVM makes of the index: a field
// of consecutive bits is one mask and one shift, outputs set by one input bit only are joined
// by a disjoint `or`.
#include "BitProduct.h"
#include "IRPrinting.h"

#include "trex/Conversion/TritonGPUToLLVM/LLVMBuilder.h"

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

#include <functional>
#include <map>
#include <random>

using namespace trex;

namespace {

class BitMatrixProductTest : public testing::Test {
protected:
  void SetUp() override {
    context = test::makeContext();
    mlir::OpBuilder builder(context.get());
    module = mlir::ModuleOp::create(builder.getUnknownLoc());
    builder.setInsertionPointToEnd(module->getBody());
    auto i32 = builder.getI32Type();
    auto function = mlir::LLVM::LLVMFuncOp::create(
        builder, builder.getUnknownLoc(), "f",
        mlir::LLVM::LLVMFunctionType::get(mlir::LLVM::LLVMVoidType::get(context.get()), {i32}));
    mlir::Block *entry = function.addEntryBlock(builder);
    x = entry->getArgument(0);
    body = std::make_unique<mlir::OpBuilder>(context.get());
    body->setInsertionPointToEnd(entry);
  }

  mlir::Value build(const std::vector<int32_t> &columns) {
    LLVMBuilder b(*body, body->getUnknownLoc());
    return b.bitMatrixProduct(x, columns);
  }

  // Evaluates `value` for the argument `input`, from the ops bitMatrixProduct builds.
  uint32_t evaluate(mlir::Value value, uint32_t input) {
    if (value == x)
      return input;
    mlir::Operation *op = value.getDefiningOp();
    EXPECT_TRUE(op) << "a value that is neither the argument nor an op's result";
    if (!op)
      return 0;
    auto operand = [&](unsigned i) { return evaluate(op->getOperand(i), input); };
    if (auto constant = mlir::dyn_cast<mlir::LLVM::ConstantOp>(op))
      return static_cast<uint32_t>(
          mlir::cast<mlir::IntegerAttr>(constant.getValue()).getValue().getZExtValue());
    if (mlir::isa<mlir::LLVM::AndOp>(op))
      return operand(0) & operand(1);
    if (auto orOp = mlir::dyn_cast<mlir::LLVM::OrOp>(op)) {
      uint32_t a = operand(0), b = operand(1);
      if (orOp.getIsDisjoint()) {
        EXPECT_EQ(a & b, 0u) << "a disjoint or whose operands share bits, input " << input;
      }
      return a | b;
    }
    if (mlir::isa<mlir::LLVM::XOrOp>(op))
      return operand(0) ^ operand(1);
    if (mlir::isa<mlir::LLVM::LShrOp>(op))
      return operand(0) >> operand(1);
    if (mlir::isa<mlir::LLVM::ShlOp>(op))
      return operand(0) << operand(1);
    if (auto compare = mlir::dyn_cast<mlir::LLVM::ICmpOp>(op)) {
      EXPECT_EQ(compare.getPredicate(), mlir::LLVM::ICmpPredicate::eq);
      return operand(0) == operand(1);
    }
    if (mlir::isa<mlir::LLVM::SelectOp>(op))
      return operand(0) ? operand(1) : operand(2);
    ADD_FAILURE() << "unexpected op " << op->getName().getStringRef().str();
    return 0;
  }

  // How many ops of each name compute `value`.
  std::map<std::string, int> opCounts(mlir::Value value) {
    std::map<std::string, int> counts;
    std::function<void(mlir::Value)> visit = [&](mlir::Value v) {
      mlir::Operation *op = v.getDefiningOp();
      if (!op || mlir::isa<mlir::LLVM::ConstantOp>(op))
        return;
      ++counts[op->getName().getStringRef().str()];
      for (mlir::Value operand : op->getOperands())
        visit(operand);
    };
    visit(value);
    return counts;
  }

  void expectProduct(const std::vector<int32_t> &columns) {
    mlir::Value result = build(columns);
    bool anyColumn = std::any_of(columns.begin(), columns.end(), [](int32_t c) { return c; });
    ASSERT_EQ(static_cast<bool>(result), anyColumn);
    if (!result)
      return;
    for (uint32_t input = 0; input < (1u << columns.size()); ++input)
      ASSERT_EQ(evaluate(result, input), static_cast<uint32_t>(test::xorOfBits(input, columns)))
          << "input " << input;
    // Bits above the columns' do not reach the result.
    EXPECT_EQ(evaluate(result, ~0u), static_cast<uint32_t>(test::xorOfBits(~0u, columns)));
  }

  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<mlir::OpBuilder> body;
  mlir::Value x;
};

// A blocked layout's row over 4 warps of 32 lanes: lanes 16 and up and the two warp bits give
// rows 1, 2, 4: one field of the thread id, (tid & 112) >> 4.
TEST_F(BitMatrixProductTest, ConsecutiveBitsAreOneField) {
  std::vector<int32_t> columns = {0, 0, 0, 0, 1, 2, 4};
  expectProduct(columns);
  std::map<std::string, int> counts = opCounts(build(columns));
  EXPECT_EQ(counts, (std::map<std::string, int>{{"llvm.and", 1}, {"llvm.lshr", 1}}));
}

// The same field moved up (a column index: bits 0-2 of the lane times 8) is one mask and
// one left shift.
TEST_F(BitMatrixProductTest, FieldMovedUpIsOneShiftLeft) {
  std::vector<int32_t> columns = {8, 16, 32, 0, 0, 0, 0};
  expectProduct(columns);
  std::map<std::string, int> counts = opCounts(build(columns));
  EXPECT_EQ(counts, (std::map<std::string, int>{{"llvm.and", 1}, {"llvm.shl", 1}}));
}

// Two fields at different distances, each output bit set once: a disjoint `or` of two terms.
TEST_F(BitMatrixProductTest, SeparateFieldsAreDisjointOrs) {
  std::vector<int32_t> columns = {1, 2, 0, 0, 0, 64, 128};
  expectProduct(columns);
  std::map<std::string, int> counts = opCounts(build(columns));
  EXPECT_EQ(counts["llvm.or"], 1);
  EXPECT_EQ(counts["llvm.xor"], 0);
}

// A swizzle (two input bits reaching the same output bit) needs an `xor`.
TEST_F(BitMatrixProductTest, SharedOutputBitsAreXored) {
  std::vector<int32_t> columns = {1, 2, 4, 1, 2, 4};
  expectProduct(columns);
  EXPECT_GE(opCounts(build(columns))["llvm.xor"], 1);
}

TEST_F(BitMatrixProductTest, ZeroColumnsGiveNoValue) {
  EXPECT_FALSE(build({}));
  EXPECT_FALSE(build({0, 0, 0}));
}

// Columns with several bits (a broadcast, a non-power-of-two stride), zeros and repeats, at
// random: the product is right for every input.
TEST_F(BitMatrixProductTest, RandomColumns) {
  std::mt19937 random(2026);
  for (int round = 0; round < 300; ++round) {
    int count = 1 + static_cast<int>(random() % 9);
    std::vector<int32_t> columns;
    for (int i = 0; i < count; ++i) {
      switch (random() % 4) {
      case 0:
        columns.push_back(0);
        break;
      case 1:
        columns.push_back(1 << (random() % 12));
        break;
      default:
        columns.push_back(static_cast<int32_t>(random() % 4096));
        break;
      }
    }
    SCOPED_TRACE("round " + std::to_string(round));
    expectProduct(columns);
  }
}

} // namespace
