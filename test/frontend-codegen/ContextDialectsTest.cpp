// ContextDialectsTest: generateKernel needs only trex's dialects registered in the context; it
// loads those its IR uses itself, gpu and llvm included (tl.debug_barrier and tl.assume make
// their ops by name, which verify only where the dialect is loaded; a caller that loaded only
// tt, arith, math, scf, cf and ub once got "internal error: trex generated IR that does not
// verify").
#include "trex/Frontend/CodeGen/CodeGen.h"
#include "trex/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"

#include <gtest/gtest.h>

namespace {

TEST(GenerateKernel, LoadsTheDialectsItsIRUsesFromTheRegistry) {
  mlir::DialectRegistry registry;
  trex::registerAllDialects(registry);
  mlir::MLIRContext context(registry);
  ASSERT_EQ(context.getLoadedDialect("gpu"), nullptr);
  ASSERT_EQ(context.getLoadedDialect("llvm"), nullptr);
  const char *source = R"(import triton
import triton.language as tl


@triton.jit
def kernel(X, N):
    tl.assume(N > 0)
    tl.debug_barrier()
    tl.store(X, N)
)";
  trex::frontend::KernelRequest request;
  request.signature = "*i32, i32";
  trex::frontend::FrontendResult result = trex::frontend::generateKernel(
      context, source, "kernel.py", request, trex::frontend::FrontendOptions::forCUDA(90));
  ASSERT_TRUE(result.succeeded()) << trex::python::formatDiagnostics(result.diagnostics);
  int barriers = 0, assumes = 0;
  result.module->walk([&](mlir::Operation *op) {
    barriers += op->getName().getStringRef() == "gpu.barrier";
    assumes += op->getName().getStringRef() == "llvm.intr.assume";
  });
  EXPECT_EQ(barriers, 1);
  EXPECT_EQ(assumes, 1);
}

} // namespace
