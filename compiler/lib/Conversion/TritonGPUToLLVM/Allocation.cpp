// Shared-memory scratch sizes, shared-memory allocation and global-scratch allocation.
#include "trex/Conversion/TritonGPUToLLVM/Allocation.h"

#include "trex/Conversion/TritonGPUToLLVM/LayoutConversionPlan.h"
#include "trex/Conversion/TritonGPUToLLVM/ScanLayout.h"
#include "trex/Conversion/TritonGPUToLLVM/SharedMemory.h"
#include "trex/Conversion/TritonGPUToLLVM/ThreadData.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/Dialect/TritonNvidiaGPU/IR/Dialect.h"

#include "mlir/Analysis/Liveness.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/ControlFlowInterfaces.h"
#include "mlir/Interfaces/FunctionInterfaces.h"
#include "mlir/Interfaces/LoopLikeInterface.h"

#include "llvm/ADT/SetVector.h"

#include <tuple>
#include <utility>

using namespace mlir;

namespace trex {

int64_t scratchElementBytes(Type type) {
  if (isa<LLVM::LLVMPointerType, tt::PointerType>(type))
    return 8;
  return std::max<int64_t>(1, type.getIntOrFloatBitWidth() / 8);
}

int64_t reductionOutputCount(RankedTensorType type, unsigned axis) {
  int64_t count = 1;
  for (auto [dim, size] : llvm::enumerate(type.getShape()))
    if (dim != axis)
      count *= size;
  return count;
}

namespace {

// Warps along `axis` in the layout of `type`: 2 ** (warp bits whose basis is on the axis).
int64_t warpsAlongAxis(RankedTensorType type, unsigned axis) {
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout || !layout->hasInDim("warp"))
    return 1;
  int64_t warps = 1;
  for (const auto &basis : layout->getInDimBases("warp"))
    if (basis[axis] != 0)
      warps *= 2;
  return warps;
}

// A conversion that moves data between warps exchanges it through shared memory, one round
// of the swizzled buffer Triton 3.6 would choose at a time (LayoutConversionPlan.h).
int64_t layoutConversionScratchBytes(ttg::ConvertLayoutOp convert) {
  auto sourceType = cast<RankedTensorType>(convert.getSrc().getType());
  std::optional<layoutviz::LinearLayout> source = linearLayoutOf(sourceType);
  std::optional<layoutviz::LinearLayout> destination =
      linearLayoutOf(cast<RankedTensorType>(convert.getType()));
  if (!source || !destination)
    return 0;
  Type elementType = sourceType.getElementType();
  bool isPointer = isa<tt::PointerType>(elementType);
  int32_t bitwidth =
      exchangeBitwidth(isPointer ? 64 : elementType.getIntOrFloatBitWidth(), isPointer);
  std::string target;
  if (auto module = convert->getParentOfType<ModuleOp>())
    if (auto name = module->getAttrOfType<StringAttr>(ttg::kTargetAttr))
      target = name.getValue().str();
  return layoutConversionScratchBytes(FlatLayout::from(*source), FlatLayout::from(*destination),
                                      bitwidth, swizzleInstructionsFor(target));
}

int64_t roundUp(int64_t value, int64_t alignment) {
  return alignment <= 1 ? value : (value + alignment - 1) / alignment * alignment;
}

// Per output dim, 2 ** (bases of `inDim` whose first non-zero component is on that dim), as
// Triton's linear encoding counts threads and warps per dimension (zero bases skipped).
SmallVector<int64_t> basesPerDim(const layoutviz::LinearLayout &layout, const char *inDim) {
  SmallVector<int64_t> counts(layout.getNumOutDims(), 1);
  if (!layout.hasInDim(inDim))
    return counts;
  for (const auto &basis : layout.getInDimBases(inDim))
    for (size_t dim = 0; dim < basis.size(); ++dim)
      if (basis[dim] != 0) {
        counts[dim] *= 2;
        break;
      }
  return counts;
}

// Elements per thread contiguous along each dim: the leading register bases 1, 2, 4, ... on
// the dims in register order (dims registers never move along last, highest first).
SmallVector<int64_t> contiguousPerThread(const layoutviz::LinearLayout &layout) {
  size_t rank = layout.getNumOutDims();
  SmallVector<int64_t> contiguous(rank, 1);
  if (!layout.hasInDim("register"))
    return contiguous;
  const auto &bases = layout.getInDimBases("register");
  llvm::SetVector<size_t> order;
  for (const auto &basis : bases)
    for (size_t dim = 0; dim < rank; ++dim)
      if (basis[dim] != 0) {
        order.insert(dim);
        break;
      }
  for (size_t dim = rank; dim-- > 0;)
    order.insert(dim);
  auto next = bases.begin();
  for (size_t dim : order)
    while (next != bases.end()) {
      std::vector<int32_t> expected(rank, 0);
      expected[dim] = static_cast<int32_t>(contiguous[dim]);
      if (*next != expected)
        break;
      contiguous[dim] *= 2;
      ++next;
    }
  return contiguous;
}

// Triton 3.6's scan scratch (ScanLoweringHelper::getScratchSizeInBytes), which only blocked
// layouts get: (bytes of one element of every operand) x warps x (threads per warp and
// contiguous elements per thread off the axis) x (layout repetitions along and off the
// axis), when the axis spans several warps.
int64_t tritonScanScratchBytes(tt::ScanOp scan, RankedTensorType type) {
  std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
  if (!layout || !isa<ttg::BlockedEncodingAttr>(type.getEncoding()))
    return 0;
  unsigned axis = scan.getAxis();
  SmallVector<int64_t> contiguous = contiguousPerThread(*layout);
  SmallVector<int64_t> threads = basesPerDim(*layout, "lane");
  SmallVector<int64_t> warps = basesPerDim(*layout, "warp");
  if (warps[axis] == 1)
    return 0;
  int64_t elements = 1;
  for (size_t dim = 0; dim < contiguous.size(); ++dim) {
    int64_t tile = contiguous[dim] * threads[dim] * warps[dim];
    int64_t repetitions = (type.getDimSize(dim) + tile - 1) / tile;
    elements *= warps[dim] * repetitions;
    if (dim != axis)
      elements *= threads[dim] * contiguous[dim];
  }
  int64_t bytes = 0;
  for (Value source : scan.getSrcs())
    bytes += (cast<RankedTensorType>(source.getType()).getElementTypeBitWidth() + 7) / 8;
  return bytes * elements;
}

// A scan across warps keeps each warp's totals in shared memory (ScanLayout::scratchSlots).
// Triton's size is used where it is known (blocked layouts); it is never smaller.
int64_t scanScratchBytes(tt::ScanOp scan) {
  auto type = cast<RankedTensorType>(scan.getSrcs().front().getType());
  std::optional<ScanLayout> layout = analyzeScanLayout(type, scan.getAxis());
  int64_t bytes = 0;
  if (layout)
    for (Value source : scan.getSrcs())
      bytes += layout->scratchSlots() *
               ((cast<RankedTensorType>(source.getType()).getElementTypeBitWidth() + 7) / 8);
  return std::max(bytes, tritonScanScratchBytes(scan, type));
}

// A histogram sums the warps' counts in shared memory, one counter per bin and at least one
// per lane (Triton 3.6's size).
int64_t histogramScratchBytes(tt::HistogramOp histogram) {
  auto type = cast<RankedTensorType>(histogram.getType());
  int64_t threadsPerWarp = 32;
  if (auto module = histogram->getParentOfType<ModuleOp>())
    if (auto attr = module->getAttrOfType<IntegerAttr>(ttg::kThreadsPerWarpAttr))
      threadsPerWarp = attr.getInt();
  return std::max<int64_t>(type.getNumElements(), threadsPerWarp) * type.getElementTypeBitWidth() /
         8;
}

// An atomic whose result is used broadcasts the old values through shared memory when other
// threads hold copies of the elements: one slot for a scalar, one per element for a tensor
// whose layout repeats elements (Triton 3.6 counts repeats in registers too).
int64_t atomicScratchBytes(Operation *atomic) {
  Value result = atomic->getResult(0);
  if (result.use_empty())
    return 0;
  int64_t elements = 1;
  if (auto type = dyn_cast<RankedTensorType>(result.getType())) {
    std::optional<layoutviz::LinearLayout> layout = linearLayoutOf(type);
    if (!layout)
      return 0;
    bool repeats = false;
    for (const auto &[inDim, mask] : layout->getFreeVariableMasks())
      repeats |= mask != 0;
    if (!repeats)
      return 0;
    elements = type.getNumElements();
  }
  Type pointee = tt::getPointeeType(getElementTypeOrSelf(atomic->getOperand(0).getType()));
  return elements * std::max<int64_t>(8, pointee.getIntOrFloatBitWidth()) / 8;
}

} // namespace

int64_t scratchSizeInBytes(Operation *op) {
  if (auto reduce = dyn_cast<tt::ReduceOp>(op)) {
    auto type = cast<RankedTensorType>(reduce.getSrcs().front().getType());
    int64_t warps = warpsAlongAxis(type, reduce.getAxis());
    if (warps == 1)
      return 0;
    int64_t bytes = 0;
    for (Value source : reduce.getSrcs())
      bytes += reductionOutputCount(type, reduce.getAxis()) * warps *
               scratchElementBytes(cast<RankedTensorType>(source.getType()).getElementType());
    return bytes;
  }
  if (auto convert = dyn_cast<ttg::ConvertLayoutOp>(op))
    return layoutConversionScratchBytes(convert);
  if (auto scan = dyn_cast<tt::ScanOp>(op))
    return scanScratchBytes(scan);
  if (auto histogram = dyn_cast<tt::HistogramOp>(op))
    return histogramScratchBytes(histogram);
  if (isa<tt::AtomicRMWOp, tt::AtomicCASOp>(op))
    return atomicScratchBytes(op);
  // A device-side TMA descriptor is assembled in shared memory before it is copied out.
  if (isa<ttng::TensormapCreateOp>(op))
    return 128;
  // A gather goes through a copy of its whole source.
  if (auto gather = dyn_cast<tt::GatherOp>(op)) {
    auto type = cast<RankedTensorType>(gather.getSrc().getType());
    return type.getNumElements() * scratchElementBytes(type.getElementType());
  }
  return 0;
}

int64_t localAllocBytes(ttg::LocalAllocOp alloc) {
  ttg::MemDescType type = alloc.getType();
  int64_t elements = 1;
  for (int64_t size : type.getAllocShape())
    elements *= size;
  return elements * scratchElementBytes(type.getElementType());
}

namespace {

// Shared-memory buffers are aligned like Triton's (16 bytes: the widest vector access).
constexpr int64_t kSharedAlignment = 16;
// #ttg.nvmma_shared buffers are read by wgmma (and written by TMA), which swizzle on absolute
// address bits: a buffer starts on a 1024-byte boundary, the largest swizzle pattern.
constexpr int64_t kNvmmaSharedAlignment = 1024;

int64_t localAllocAlignment(ttg::LocalAllocOp alloc) {
  int64_t alignment = std::max<int64_t>(kSharedAlignment, alloc.getAlignment().value_or(0));
  if (isa<ttg::NVMMASharedEncodingAttr>(alloc.getType().getEncoding()))
    alignment = std::max(alignment, kNvmmaSharedAlignment);
  return alignment;
}

// One buffer of a function: live over the ops numbered first .. last (inclusive).
struct SharedBuffer {
  Operation *owner;
  int64_t bytes;
  int64_t alignment;
  int64_t first;
  int64_t last;
  int64_t offset = -1;
};

// The values that name the buffer `root` allocates: views of it and the block arguments a
// branch passes it (or a view of it) to.
SmallVector<Value> aliasesOf(Value root) {
  SmallVector<Value> aliases{root};
  llvm::DenseSet<Value> seen{root};
  for (size_t next = 0; next < aliases.size(); ++next) {
    Value value = aliases[next];
    for (OpOperand &use : value.getUses()) {
      Operation *user = use.getOwner();
      if (isa<ttg::MemDescIndexOp, ttg::MemDescSubsliceOp, ttg::MemDescTransOp,
              ttg::MemDescReshapeOp, ttg::MemDescReinterpretOp>(user)) {
        if (seen.insert(user->getResult(0)).second)
          aliases.push_back(user->getResult(0));
        continue;
      }
      auto branch = dyn_cast<BranchOpInterface>(user);
      if (!branch)
        continue;
      for (unsigned successor = 0; successor < user->getNumSuccessors(); ++successor) {
        SuccessorOperands operands = branch.getSuccessorOperands(successor);
        for (unsigned i = 0; i < operands.size(); ++i) {
          if (operands[i] != value)
            continue;
          Block *target = user->getSuccessor(successor);
          BlockArgument argument = target->getArgument(operands.getProducedOperandCount() + i);
          if (seen.insert(argument).second)
            aliases.push_back(argument);
        }
      }
    }
  }
  return aliases;
}

// First fit, largest buffers first: each buffer goes to the lowest aligned offset where it
// overlaps no placed buffer live at the same time. Returns the bytes the function needs.
int64_t placeBuffers(std::vector<SharedBuffer> &buffers) {
  std::vector<SharedBuffer *> order;
  for (SharedBuffer &buffer : buffers)
    order.push_back(&buffer);
  std::stable_sort(order.begin(), order.end(), [](const SharedBuffer *a, const SharedBuffer *b) {
    return a->bytes > b->bytes;
  });
  int64_t total = 0;
  std::vector<SharedBuffer *> placed;
  for (SharedBuffer *buffer : order) {
    std::vector<std::pair<int64_t, int64_t>> busy;
    for (SharedBuffer *other : placed)
      if (other->first <= buffer->last && buffer->first <= other->last)
        busy.push_back({other->offset, other->offset + other->bytes});
    std::sort(busy.begin(), busy.end());
    int64_t offset = 0;
    for (auto [begin, end] : busy) {
      if (offset + buffer->bytes <= begin)
        break;
      offset = std::max(offset, roundUp(end, buffer->alignment));
    }
    buffer->offset = offset;
    placed.push_back(buffer);
    total = std::max(total, offset + buffer->bytes);
  }
  return total;
}

// Allocates the buffers of `function` (callees done first: a call is a buffer holding the
// callee's shared memory) and returns the bytes it needs.
int64_t allocateFunction(FunctionOpInterface function, SymbolTable &symbols,
                         llvm::DenseMap<Operation *, int64_t> &needs,
                         llvm::SetVector<Operation *> &callStack) {
  if (auto found = needs.find(function); found != needs.end())
    return found->second;
  if (callStack.contains(function) || function.isExternal())
    return 0;
  callStack.insert(function);

  llvm::DenseMap<Operation *, int64_t> number;
  function->walk<WalkOrder::PreOrder>(
      [&](Operation *op) { number[op] = static_cast<int64_t>(number.size()); });
  // The last number inside each op (its own when it has no regions).
  llvm::DenseMap<Operation *, int64_t> subtreeEnd;
  function->walk<WalkOrder::PostOrder>([&](Operation *op) {
    int64_t end = number[op];
    for (Region &region : op->getRegions())
      for (Block &block : region)
        for (Operation &nested : block)
          end = std::max(end, subtreeEnd[&nested]);
    subtreeEnd[op] = end;
  });
  Liveness liveness(function);
  Builder builder(function->getContext());

  // Liveness sees the back edges of a CFG; a structured loop (when the allocation runs before
  // scf is lowered) has none, so a buffer defined outside a loop and used inside it is kept
  // live for the whole loop explicitly.
  auto extendOverLoops = [&](Value alias, Operation *definition, int64_t &last) {
    for (Operation *user : alias.getUsers())
      for (Operation *parent = user->getParentOp(); parent && parent != function.getOperation();
           parent = parent->getParentOp()) {
        if (parent->isAncestor(definition))
          break;
        if (isa<LoopLikeOpInterface>(parent))
          last = std::max(last, subtreeEnd[parent]);
      }
  };

  std::vector<SharedBuffer> buffers;
  function->walk<WalkOrder::PreOrder>([&](Operation *op) {
    op->removeAttr(kAllocationOffsetAttr);
    int64_t id = number[op];
    if (auto alloc = dyn_cast<ttg::LocalAllocOp>(op)) {
      int64_t first = id, last = id;
      for (Value alias : aliasesOf(alloc.getResult())) {
        for (Operation *live : liveness.resolveLiveness(alias)) {
          first = std::min(first, number.lookup(live));
          last = std::max(last, number.lookup(live));
        }
        extendOverLoops(alias, op, last);
      }
      buffers.push_back({op, localAllocBytes(alloc), localAllocAlignment(alloc), first, last});
      return;
    }
    int64_t bytes = scratchSizeInBytes(op);
    if (auto call = dyn_cast<tt::CallOp>(op))
      if (auto callee = symbols.lookup<FunctionOpInterface>(call.getCallee()))
        bytes = allocateFunction(callee, symbols, needs, callStack);
    // tensormap.replace works on a 128-byte aligned descriptor.
    int64_t alignment = isa<ttng::TensormapCreateOp>(op) ? 128 : kSharedAlignment;
    if (bytes > 0)
      buffers.push_back({op, bytes, alignment, id, id});
  });

  int64_t total = placeBuffers(buffers);
  for (const SharedBuffer &buffer : buffers)
    buffer.owner->setAttr(kAllocationOffsetAttr,
                          builder.getI32IntegerAttr(static_cast<int32_t>(buffer.offset)));
  callStack.pop_back();
  needs[function] = total;
  return total;
}

} // namespace

void allocateSharedMemory(ModuleOp module) {
  SymbolTable symbols(module);
  llvm::DenseMap<Operation *, int64_t> needs;
  llvm::SetVector<Operation *> callStack;
  int64_t shared = 0;
  for (auto function : module.getOps<FunctionOpInterface>())
    shared = std::max(shared, allocateFunction(function, symbols, needs, callStack));
  Builder builder(module.getContext());
  module->setAttr(ttg::kSharedAttr, builder.getI32IntegerAttr(static_cast<int32_t>(shared)));
}

namespace {

// The scratch a function needs: its own allocations and, at each call, what the callee
// needs. Callees are allocated first.
struct ScratchTotals {
  int64_t size = 0;
  int64_t alignment = 1;
};

struct GlobalScratchAllocator {
  explicit GlobalScratchAllocator(ModuleOp module) : symbols(module), builder(module.getContext()) {}

  void allocate(tt::FuncOp function, llvm::SetVector<Operation *> &callStack) {
    if (done.contains(function) || callStack.contains(function))
      return;
    callStack.insert(function);
    function.walk([&](tt::CallOp call) {
      if (auto callee = symbols.lookup<tt::FuncOp>(call.getCallee()))
        allocate(callee, callStack);
    });
    callStack.pop_back();

    // Offsets in program order, no reuse (scratch in global memory is plentiful); the
    // default buffer and the profiler's buffer are counted apart.
    ScratchTotals global, profile;
    function.walk<WalkOrder::PreOrder>([&](Operation *op) {
      if (auto alloc = dyn_cast<ttg::GlobalScratchAllocOp>(op)) {
        bool isProfile = alloc.getBackend() == "proton";
        place(op, isProfile ? profile : global, alloc.getNbytes(), alloc.getAlignment(),
              kGlobalScratchOffsetAttr);
      } else if (auto call = dyn_cast<tt::CallOp>(op)) {
        auto callee = symbols.lookup<tt::FuncOp>(call.getCallee());
        if (!callee)
          return;
        const ScratchTotals &needs = totals[callee];
        const ScratchTotals &profileNeeds = profileTotals[callee];
        place(op, global, needs.size, needs.alignment, kGlobalScratchOffsetAttr);
        place(op, profile, profileNeeds.size, profileNeeds.alignment, kProfileScratchOffsetAttr);
      }
    });
    global.size = roundUp(global.size, global.alignment);
    profile.size = roundUp(profile.size, profile.alignment);
    totals[function] = global;
    profileTotals[function] = profile;
    done.insert(function);
  }

  // Reserves `bytes` at the next `alignment` boundary of `buffer` for `op`.
  void place(Operation *op, ScratchTotals &buffer, int64_t bytes, int64_t alignment,
             StringRef attribute) {
    if (bytes <= 0)
      return;
    int64_t offset = roundUp(buffer.size, alignment);
    op->setAttr(attribute, builder.getI32IntegerAttr(static_cast<int32_t>(offset)));
    buffer.size = offset + bytes;
    buffer.alignment = std::max(buffer.alignment, alignment);
  }

  SymbolTable symbols;
  Builder builder;
  llvm::DenseSet<Operation *> done;
  llvm::DenseMap<Operation *, ScratchTotals> totals;
  llvm::DenseMap<Operation *, ScratchTotals> profileTotals;
};

} // namespace

namespace {

// "file:line:col" of an op's source location, or "" (the first file location inside).
std::string sourceOf(Location location) {
  if (auto file = dyn_cast<FileLineColLoc>(location))
    return (file.getFilename().getValue() + ":" + llvm::Twine(file.getLine()) + ":" +
            llvm::Twine(file.getColumn()))
        .str();
  if (auto name = dyn_cast<NameLoc>(location))
    return sourceOf(name.getChildLoc());
  if (auto callSite = dyn_cast<CallSiteLoc>(location))
    return sourceOf(callSite.getCaller());
  if (auto fused = dyn_cast<FusedLoc>(location))
    for (Location part : fused.getLocations())
      if (std::string text = sourceOf(part); !text.empty())
        return text;
  return "";
}

// The kernel's global-scratch buffers (offset, bytes, alignment, what uses it, where in the
// source), for the metadata and the tools that show the hidden parameters.
ArrayAttr
describeGlobalScratch(tt::FuncOp kernel, SymbolTable &symbols,
                      const llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> &callees) {
  Builder builder(kernel.getContext());
  SmallVector<Attribute> entries;
  kernel.walk([&](Operation *op) {
    auto offset = op->getAttrOfType<IntegerAttr>(kGlobalScratchOffsetAttr);
    if (!offset)
      return;
    int64_t size = 0, alignment = 1;
    std::string what;
    if (auto alloc = dyn_cast<ttg::GlobalScratchAllocOp>(op)) {
      if (alloc.getBackend() != "default")
        return;
      size = alloc.getNbytes();
      alignment = alloc.getAlignment();
      bool descriptor = llvm::any_of(
          alloc->getUsers(), [](Operation *user) { return isa<ttng::TensormapCreateOp>(user); });
      what = descriptor ? "TMA descriptor (tl.make_tensor_descriptor)" : "scratch buffer";
    } else if (auto call = dyn_cast<tt::CallOp>(op)) {
      auto callee = symbols.lookup<tt::FuncOp>(call.getCallee());
      if (!callee)
        return;
      auto found = callees.find(callee);
      if (found == callees.end() || found->second.first == 0)
        return;
      std::tie(size, alignment) = found->second;
      what = ("the scratch of @" + call.getCallee()).str();
    } else {
      return;
    }
    NamedAttrList fields;
    fields.append("offset", builder.getI64IntegerAttr(offset.getInt()));
    fields.append("size", builder.getI64IntegerAttr(size));
    fields.append("align", builder.getI64IntegerAttr(alignment));
    fields.append("what", builder.getStringAttr(what));
    fields.append("source", builder.getStringAttr(sourceOf(op->getLoc())));
    entries.push_back(fields.getDictionary(kernel.getContext()));
  });
  return builder.getArrayAttr(entries);
}

} // namespace

void allocateGlobalScratchMemory(ModuleOp module) {
  GlobalScratchAllocator allocator(module);
  llvm::SetVector<Operation *> callStack;
  ScratchTotals global, profile;
  for (auto function : module.getOps<tt::FuncOp>()) {
    allocator.allocate(function, callStack);
    if (!function.isPublic())
      continue;
    // The kernel's needs are the module's (one kernel per module).
    const ScratchTotals &kernelGlobal = allocator.totals[function];
    const ScratchTotals &kernelProfile = allocator.profileTotals[function];
    global.size = std::max(global.size, kernelGlobal.size);
    global.alignment = std::max(global.alignment, kernelGlobal.alignment);
    profile.size = std::max(profile.size, kernelProfile.size);
    profile.alignment = std::max(profile.alignment, kernelProfile.alignment);
  }
  Builder builder(module.getContext());
  auto i32 = [&](int64_t value) { return builder.getI32IntegerAttr(static_cast<int32_t>(value)); };
  module->setAttr(ttg::kGlobalScratchSizeAttr, i32(global.size));
  module->setAttr(ttg::kGlobalScratchAlignAttr, i32(global.alignment));
  module->setAttr(ttg::kProfileScratchSizeAttr, i32(profile.size));
  module->setAttr(ttg::kProfileScratchAlignAttr, i32(profile.alignment));
  SymbolTable symbols(module);
  llvm::DenseMap<Operation *, std::pair<int64_t, int64_t>> callees;
  for (const auto &[function, total] : allocator.totals)
    callees[function] = {total.size, total.alignment};
  for (auto function : module.getOps<tt::FuncOp>())
    if (function.isPublic()) {
      ArrayAttr entries = describeGlobalScratch(function, symbols, callees);
      if (!entries.empty())
        module->setAttr(kGlobalScratchAllocationsAttr, entries);
      else
        module->removeAttr(kGlobalScratchAllocationsAttr);
    }
}

} // namespace trex
