// trex-opt: parses, verifies, transforms and prints Triton IR (ttir, ttgir and
// the LLVM-level dialects) with trex's dialects and passes, like mlir-opt.
#include "mlir/Conversion/SCFToControlFlow/SCFToControlFlow.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"
#include "mlir/Transforms/Passes.h"
#include "trex/Analysis/TestPasses.h"
#include "trex/Conversion/TritonGPUToLLVM/Passes.h"
#include "trex/Dialect/Triton/Transforms/Passes.h"
#include "trex/Dialect/TritonGPU/Transforms/Pipeline.h"
#include "trex/InitAllDialects.h"

int main(int argc, char **argv) {
  mlir::registerTransformsPasses();
  trex::tt::registerTritonTransforms();
  trex::ttg::registerTritonGPUTransforms();
  trex::registerAnalysisTestPasses();
  trex::registerTritonGPUToLLVMPasses();
  trex::registerLLVMLoweringPipeline();
  mlir::registerPass([] { return mlir::createSCFToControlFlowPass(); });
  mlir::DialectRegistry registry;
  trex::registerAllDialects(registry);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(argc, argv, "trex modular optimizer driver\n", registry));
}
