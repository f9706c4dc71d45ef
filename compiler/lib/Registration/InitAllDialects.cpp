// Registers trex's dialects and the upstream dialects they are used with. The
// NVVM, ROCDL and LLVM headers are expensive to compile, so they live only here.
#include "trex/InitAllDialects.h"

#include "mlir/Dialect/Arith/IR/Arith.h"
#include "mlir/Dialect/ControlFlow/IR/ControlFlow.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/GPU/IR/GPUDialect.h"
#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/Dialect/LLVMIR/NVVMDialect.h"
#include "mlir/Dialect/LLVMIR/ROCDLDialect.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/UB/IR/UBOps.h"
#include "mlir/IR/DialectRegistry.h"
#include "trex/Dialect/Proton/IR/Dialect.h"
#include "trex/Dialect/ProtonGPU/IR/Dialect.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonAMDGPU/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"
#include "trex/Layout/LayoutEquivalence.h"

void trex::registerAllDialects(mlir::DialectRegistry &registry) {
  registry.insert<tt::TTDialect, ttg::TTGDialect, ttng::TTNGDialect, amdg::AMDGDialect>();
  registry.insert<proton::ProtonDialect, proton_gpu::ProtonGPUDialect>();
  registry.insert<mlir::arith::ArithDialect, mlir::cf::ControlFlowDialect,
                  mlir::func::FuncDialect, mlir::gpu::GPUDialect, mlir::LLVM::LLVMDialect,
                  mlir::NVVM::NVVMDialect, mlir::ROCDL::ROCDLDialect, mlir::math::MathDialect,
                  mlir::scf::SCFDialect, mlir::ub::UBDialect>();
  // Conversions between equivalent spellings of a layout fold away (ttg
  // canonicalization asks through LayoutEquivalenceInterface).
  trex::layout::registerLayoutEquivalence(registry);
}
