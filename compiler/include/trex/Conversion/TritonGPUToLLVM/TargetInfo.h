// TargetInfo: what the TritonGPU-to-LLVM lowering needs to know about the GPU it targets.
//
// The lowering patterns are target independent; every place where NVIDIA and AMD differ
// (reading the program id, cross-lane shuffles, barriers, predicated global memory access,
// approximate math, kernel attributes) goes through this interface. The NVIDIA implementation
// emits NVVM intrinsics and inline PTX, the AMD one ROCDL intrinsics and plain LLVM IR.
#ifndef TREX_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
#define TREX_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H

#include "mlir/Dialect/LLVMIR/LLVMDialect.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Location.h"
#include "mlir/IR/Value.h"
#include "mlir/Support/LLVM.h"

#include <memory>
#include <optional>
#include <string>

namespace mlir {
class ModuleOp;
class RewriterBase;
namespace LLVM {
class LLVMFuncOp;
} // namespace LLVM
} // namespace mlir

namespace trex {

// The threads an atomic must be coherent with (the `scope` of tt.atomic_rmw/atomic_cas).
enum class MemoryScope { CTA, GPU, System };

// The operand types of one warp-level matrix multiply-accumulate (NVIDIA's mma.sync): each
// fixes the instruction's K (16 for f16/bf16, 8 for tf32, 32 for s8) and how many elements a
// 32-bit fragment word packs (2, 1, 4). The accumulator is f32, i32 for S8 and f16 for
// F16Accumulate (f16 operands whose four accumulator values travel as two f16x2 words).
// F64 takes the fragments of a tf32 16 x 8 x 8 tile, one f64 per register instead of a word,
// and computes it as four m8n8k4 f64 instructions (the only f64 shape before sm_90).
enum class WarpMmaKind { F16, BF16, TF32, S8, F16Accumulate, F64 };

// One warp-group MMA instruction (Hopper's wgmma.mma_async, sm_90a): m64 n<n> k<K> with K
// fixed by the operand kind (16 for f16/bf16, 8 for tf32, 32 for s8, e4m3 and e5m2); the
// accumulator is f32, or i32 for S8. A is read through a shared-memory descriptor or from
// four 32-bit fragment words; B always through a descriptor. The transposes (operands whose
// M or N dim is contiguous) exist for the 16-bit kinds only.
enum class WarpGroupMmaKind { F16, BF16, TF32, S8, E4M3, E5M2 };
struct WarpGroupMmaShape {
  WarpGroupMmaKind kind = WarpGroupMmaKind::F16;
  // F16 operands accumulating in f16 (two accumulator values per 32-bit register) rather
  // than f32.
  bool accumulatorF16 = false;
  // The fp8 format of B where it differs from A's (e4m3 x e5m2 and back).
  std::optional<WarpGroupMmaKind> kindB;
  int n = 8;
  bool aInRegisters = false;
  bool transposedA = false;
  bool transposedB = false;
};

// The operand types of one AMD matrix-core instruction (MFMA, CDNA): each lane supplies
// kBase elements of each operand, 4 for F16 and BF16 (bf16 as the gfx90a+ "_1k" forms), 1 for
// F32, 2 for XF32 (f32 operands at tf32 precision, gfx942 only) and 8 for I8. The
// accumulator is f32, or i32 for I8.
enum class MatrixCoreKind { F16, BF16, F32, XF32, I8 };

// One MFMA: D (nonKDim x nonKDim) = src0 (nonKDim x k) * src1 (k x nonKDim) + C.
struct MatrixCoreInstruction {
  MatrixCoreKind kind;
  int nonKDim;
  int k;
};

class TargetInfo {
public:
  virtual ~TargetInfo() = default;

  // "cuda:90" / "hip:gfx942".
  virtual std::string targetName() const = 0;
  virtual bool isCUDA() const = 0;
  virtual int warpSize() const = 0;
  // The shared-memory address space (3 on both vendors) and the global one (1).
  unsigned sharedAddressSpace() const { return 3; }
  unsigned globalAddressSpace() const { return 1; }

  // Program and thread identity, as i32.
  virtual mlir::Value programId(mlir::OpBuilder &builder, mlir::Location loc, int axis) const = 0;
  virtual mlir::Value numPrograms(mlir::OpBuilder &builder, mlir::Location loc, int axis) const = 0;
  virtual mlir::Value threadIdInBlock(mlir::OpBuilder &builder, mlir::Location loc) const = 0;
  // Thread-block clusters (NVIDIA sm_90+): the id and count of clusters along `axis` (the
  // program of a kernel compiled for clusters) and the CTA's rank in its cluster, as i32; null
  // where the target has none.
  virtual mlir::Value clusterId(mlir::OpBuilder &builder, mlir::Location loc, int axis) const {
    return {};
  }
  virtual mlir::Value numClusters(mlir::OpBuilder &builder, mlir::Location loc, int axis) const {
    return {};
  }
  virtual mlir::Value clusterCTARank(mlir::OpBuilder &builder, mlir::Location loc) const {
    return {};
  }

  // Clocks for intra-kernel profiling (Proton's scopes): the SM cycle counter (i32, or i64
  // when `wide`), a global nanosecond timer (i64) and the number of the processor (SM / CU)
  // running the program (i32). The cycle counter's reads keep their place among memory
  // accesses (they have side effects), so a scope measures the code between them.
  virtual mlir::Value cycleCounter(mlir::OpBuilder &builder, mlir::Location loc,
                                   bool wide) const = 0;
  virtual mlir::Value globalTime(mlir::OpBuilder &builder, mlir::Location loc) const = 0;
  virtual mlir::Value processorId(mlir::OpBuilder &builder, mlir::Location loc) const = 0;

  // Cross-lane exchange of a 32-bit value: the value of lane (laneId ^ mask).
  virtual mlir::Value shuffleXor(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value value,
                                 int mask) const = 0;
  // Reads lane `srcLane` of the value (all lanes get it).
  virtual mlir::Value shuffleIndex(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value value,
                                   mlir::Value srcLane) const = 0;
  // Reads the value of lane (laneId - delta); lanes below `delta` get an unspecified value.
  virtual mlir::Value shuffleUp(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value value,
                                int delta) const = 0;
  // One bit per lane of the warp (i32 on NVIDIA, i64 on 64-lane AMD wavefronts): bit l is
  // `predicate` (i1) of lane l.
  virtual mlir::Value ballot(mlir::OpBuilder &builder, mlir::Location loc,
                             mlir::Value predicate) const = 0;
  // True in one lane of the warp (all lanes taking part): the lane that issues a warp's
  // share of a bulk operation. Lane 0 unless the target elects one in hardware.
  virtual mlir::Value electOneLane(mlir::OpBuilder &builder, mlir::Location loc) const;
  // Synchronizes the threads of a program (CTA / workgroup) and orders shared memory.
  virtual void barrier(mlir::OpBuilder &builder, mlir::Location loc) const = 0;
  // Synchronizes the lanes of one warp and orders their shared memory accesses (what one lane
  // stored, the others then read). A program-wide barrier does it too, at a higher price.
  virtual void warpBarrier(mlir::OpBuilder &builder, mlir::Location loc) const {
    barrier(builder, loc);
  }

  // Global memory access of `vectorBits` bits as `words` 32-bit (or narrower) words, done
  // only where `predicate` holds; loads give `others` (one per word) elsewhere.
  virtual mlir::Value loadGlobal(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value pointer,
                                 mlir::Type resultType, mlir::Value predicate,
                                 mlir::ValueRange others, int cacheModifier,
                                 int evictionPolicy, bool isVolatile) const = 0;
  virtual void storeGlobal(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value pointer,
                           mlir::Value value, mlir::Value predicate, int cacheModifier,
                           int evictionPolicy) const = 0;
  // Shared memory access, predicated.
  virtual mlir::Value loadShared(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value pointer,
                                 mlir::Type type, mlir::Value predicate) const = 0;
  virtual void storeShared(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value pointer,
                           mlir::Value value, mlir::Value predicate) const = 0;

  // Asynchronous global-to-shared copies (NVIDIA's cp.async, sm_80 and later).
  virtual bool hasAsyncCopy() const { return false; }
  // Starts copying `bytes` (4, 8 or 16) from `global` to `shared`; where `predicate` (i1, may
  // be null) is false the shared bytes are zero-filled and global memory is not read.
  virtual void asyncCopy(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value shared,
                         mlir::Value global, int bytes, mlir::Value predicate) const {}
  // Closes the group of the copies started since the last commit.
  virtual void asyncCommitGroup(mlir::OpBuilder &builder, mlir::Location loc) const {}
  // Waits until at most `pending` committed groups are still in flight (this thread's).
  virtual void asyncWaitGroup(mlir::OpBuilder &builder, mlir::Location loc, int pending) const {}

  // Whether loadMatrix exists (NVIDIA's ldmatrix, sm_75 and later).
  virtual bool hasMatrixLoad() const { return false; }
  // ldmatrix.sync.aligned.m8n8.x<matrices>[.trans].shared.b16 (see MatrixLoad.h): the calling
  // lane's `matrices` i32 words, from the row its `pointer` (shared memory) addresses.
  virtual llvm::SmallVector<mlir::Value> loadMatrix(mlir::OpBuilder &builder, mlir::Location loc,
                                                    mlir::Value pointer, int matrices,
                                                    bool transposed) const {
    return {};
  }

  // Whether storeMatrix exists (NVIDIA's stmatrix, sm_90 and later).
  virtual bool hasMatrixStore() const { return false; }
  // stmatrix.sync.aligned.m8n8.x<words.size()>[.trans].shared.b16, loadMatrix's store: the
  // calling lane's i32 words (one per matrix) to the row its `pointer` (shared memory)
  // addresses.
  virtual void storeMatrix(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value pointer,
                           mlir::ValueRange words, bool transposed) const {}

  // D = A * B + C on one 16 x 8 accumulator tile per warp (mma.sync.aligned.m16n8k<K>.row.col):
  // `a` holds 4 and `b` 2 i32 fragment words (f64 values for F64), `c` the 4 accumulator values
  // of the calling lane; returns its 4 values of D. Fails where the target has no warp-level
  // MMA.
  virtual mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  warpMma(mlir::OpBuilder &builder, mlir::Location loc, WarpMmaKind kind, mlir::ValueRange a,
          mlir::ValueRange b, mlir::ValueRange c) const {
    return mlir::failure();
  }

  // Warp-group MMA (NVIDIA's wgmma, sm_90a). A sequence of them starts with a fence (orders
  // earlier register and shared-memory accesses before the asynchronous reads), is closed
  // into a group by a commit, and a wait lets at most `pending` groups stay in flight.
  virtual bool hasWarpGroupMma() const { return false; }
  virtual void warpGroupMmaFence(mlir::OpBuilder &builder, mlir::Location loc) const {}
  // Issues D = A * B (+ C where the i1 `useAccumulator` is true): `a` is A's descriptor (one
  // i64) or its four fragment words (i32), `b` B's descriptor, `accumulator` the calling
  // thread's n / 2 values of C. The returned values of D may be read only after a wait.
  virtual mlir::FailureOr<llvm::SmallVector<mlir::Value>>
  warpGroupMma(mlir::OpBuilder &builder, mlir::Location loc, const WarpGroupMmaShape &shape,
               mlir::ValueRange a, mlir::Value b, mlir::ValueRange accumulator,
               mlir::Value useAccumulator) const {
    return mlir::failure();
  }
  virtual void warpGroupMmaCommit(mlir::OpBuilder &builder, mlir::Location loc) const {}
  // Waits; the accumulator `values` of the groups waited for come back through the wait, so
  // that their later uses depend on it.
  virtual llvm::SmallVector<mlir::Value> warpGroupMmaWait(mlir::OpBuilder &builder,
                                                          mlir::Location loc,
                                                          mlir::ValueRange values,
                                                          int pending) const {
    return llvm::SmallVector<mlir::Value>(values.begin(), values.end());
  }

  // Makes shared-memory writes of ordinary stores visible to the async proxy (wgmma, TMA)
  // of the CTA, or of the cluster; fails where the target has no async proxy.
  virtual mlir::LogicalResult asyncProxyFence(mlir::OpBuilder &builder, mlir::Location loc,
                                              bool cluster) const {
    return mlir::failure();
  }

  // One wavefront-wide matrix-core instruction (AMD's v_mfma_*; see MfmaPlan.h for which lane
  // holds what): `src0` and `src1` are the calling lane's kBase = k * nonKDim / 64 operand
  // elements as one vector (vector<kBase x f16 / bf16 / f32 / i8>), `accumulator` its
  // nonKDim^2 / 64 values of C as one vector (f32, or i32 for I8); returns its values of D
  // in the accumulator's type. Fails where the target has no such instruction.
  virtual mlir::FailureOr<mlir::Value> matrixCoreMma(mlir::OpBuilder &builder, mlir::Location loc,
                                                     const MatrixCoreInstruction &instruction,
                                                     mlir::Value src0, mlir::Value src1,
                                                     mlir::Value accumulator) const {
    return mlir::failure();
  }

  // Fast math the two vendors provide differently: 2**x, sqrt, division (f32). exp2Approx
  // with `flushDenormals` flushes subnormal inputs and results to zero (tl.math.exp2 on
  // NVIDIA: ex2.approx.ftz, as Triton with its default ftz; tl.exp keeps ex2.approx.f32).
  virtual mlir::Value exp2Approx(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value x,
                                 bool flushDenormals = false) const = 0;
  virtual mlir::Value sqrtApprox(mlir::OpBuilder &builder, mlir::Location loc,
                                 mlir::Value x) const = 0;
  virtual mlir::Value divFull(mlir::OpBuilder &builder, mlir::Location loc, mlir::Value lhs,
                              mlir::Value rhs) const = 0;
  // tt.fp_to_fp between an fp8 format (held as i8) and f16, bf16 or f32 where the target
  // has instructions for it, two elements at a time (NVIDIA sm_89+: cvt ... e4m3x2/e5m2x2):
  // the converted elements in order, or nothing where it has none for this pair of types
  // and rounding (the caller converts in software, Fp8Conversion.h, with the same results).
  virtual std::optional<llvm::SmallVector<mlir::Value>>
  hardwareFp8Conversion(mlir::OpBuilder &builder, mlir::Location loc,
                        llvm::ArrayRef<mlir::Value> elements, mlir::Type source,
                        mlir::Type destination, bool nearestEven) const {
    return std::nullopt;
  }
  // ttg.fp4_to_fp's decoding of e2m1 pairs (bytes as i8, the low nibble first) to f16 or
  // bf16 where the target has a faster way than the generic arithmetic (NVIDIA: byte
  // permutations through lookup tables): two values per byte in order, or nothing.
  virtual std::optional<llvm::SmallVector<mlir::Value>>
  decodeE2m1(mlir::OpBuilder &builder, mlir::Location loc, llvm::ArrayRef<mlir::Value> bytes,
             mlir::Type element) const {
    return std::nullopt;
  }
  // Math the target computes with its device library (libdevice on NVIDIA) or, without one,
  // with LLVM intrinsics and approximations: `name` is "exp", "exp2", "log", "log2", "sin",
  // "cos", "erf", "rsqrt", "sqrt_rn" (correctly rounded) or "div_rn"; operands are f32 or f64.
  virtual mlir::Value mathFunction(mlir::OpBuilder &builder, mlir::Location loc,
                                   llvm::StringRef name, mlir::ValueRange operands) const = 0;
  // Whether code for this target may call `symbol` of a device library
  // (tt.extern_elementwise): only libdevice's __nv_* functions on NVIDIA, where the back end
  // links libdevice. Reports a located error naming the symbol and the target otherwise.
  virtual mlir::LogicalResult verifyDeviceLibraryCall(mlir::Location loc,
                                                      llvm::StringRef symbol) const = 0;

  // Atomics on global memory, done only where `predicate` holds, returning the old value
  // (unspecified where `predicate` is false). `kind` and `ordering` use LLVM's names (add is
  // integer, fadd floating point, max/min signed, umax/umin unsigned). AMD guards them with
  // branches, hence the rewriter.
  virtual mlir::Value atomicRMW(mlir::RewriterBase &rewriter, mlir::Location loc,
                                mlir::LLVM::AtomicBinOp kind, mlir::Value pointer,
                                mlir::Value value, mlir::Value predicate,
                                mlir::LLVM::AtomicOrdering ordering, MemoryScope scope) const = 0;
  virtual mlir::Value atomicCAS(mlir::RewriterBase &rewriter, mlir::Location loc,
                                mlir::Value pointer, mlir::Value compare, mlir::Value value,
                                mlir::Value predicate, mlir::LLVM::AtomicOrdering ordering,
                                MemoryScope scope) const = 0;

  // Prints from the calling thread: `format` is printf-style, `args` are scalars, `isSigned`
  // says per argument whether an integer prints as signed. Reports a located error and fails
  // where the target cannot print.
  virtual mlir::LogicalResult printf(mlir::RewriterBase &rewriter, mlir::Location loc,
                                     llvm::StringRef format, mlir::ValueRange args,
                                     llvm::ArrayRef<bool> isSigned) const = 0;
  // Reports a failed device assertion and aborts the kernel; emitted on the failing path only.
  virtual void assertFail(mlir::RewriterBase &rewriter, mlir::Location loc, llvm::StringRef message,
                          llvm::StringRef file, int line, llvm::StringRef function) const = 0;

  // Marks an LLVM function as a kernel launched with `numThreads` threads per program.
  virtual void markKernel(mlir::LLVM::LLVMFuncOp function, int numThreads) const = 0;
  // Marks a kernel launched in clusters of `numCTAs` CTAs (along x).
  virtual void markCluster(mlir::LLVM::LLVMFuncOp function, int numCTAs) const {}
  // Data layout and triple attributes of the LLVM module.
  virtual void annotateModule(mlir::ModuleOp module) const = 0;
};

// "cuda:90" -> the NVIDIA implementation (capability 90), "hip:gfx942" -> the AMD one; null
// for anything else. `deviceLibrary`: whether math may call the vendor's device library
// (NVIDIA's libdevice), else it is computed with the hardware's approximations.
std::unique_ptr<TargetInfo> createTargetInfo(llvm::StringRef target, bool deviceLibrary = true);

} // namespace trex

#endif // TREX_CONVERSION_TRITONGPUTOLLVM_TARGETINFO_H
