// convert-proton-to-protongpu and allocate-proton-shared-memory: how a kernel's profiling
// scopes become clock reads into a shared-memory circular buffer, and where that buffer sits.
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h"

#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/Support/MathExtras.h"

#include <algorithm>
#include <string>
#include <vector>

namespace trex::proton_gpu {

#define GEN_PASS_DEF_CONVERTPROTONTOPROTONGPU
#define GEN_PASS_DEF_ALLOCATEPROTONSHAREDMEMORY
#include "trex/Dialect/ProtonGPU/Transforms/Passes.h.inc"

using namespace mlir;

int64_t maxSharedMemoryOf(llvm::StringRef target) {
  if (target.consume_front("cuda:")) {
    int capability = 0;
    if (target.getAsInteger(10, capability))
      return 65536;
    switch (capability) {
    case 90:
    case 100:
    case 103:
      return 232448;
    case 80:
    case 87:
      return 166912;
    case 86:
    case 89:
    case 120:
    case 121:
      return 101376;
    default:
      return 65536;
    }
  }
  if (target == "hip:gfx950")
    return 163840;
  return 65536;
}

int64_t profileBufferBytes(int64_t maxShared, int64_t sharedUsed, int segments) {
  // Triton's ConvertProtonToProtonGPU: half the next power of two above each warp's share of
  // the free shared memory, then, unless the kernel already fills more than half the device's
  // shared memory, halved until it is at most 4% of it (so occupancy barely changes).
  sharedUsed = static_cast<int64_t>(llvm::alignTo(sharedUsed, kBytesPerRecord));
  if (sharedUsed >= maxShared)
    maxShared += sharedUsed;
  int64_t segmentBytes =
      static_cast<int64_t>(llvm::NextPowerOf2((maxShared - sharedUsed) / segments)) / 2;
  int64_t bytes = segmentBytes * segments / kBytesPerRecord * kBytesPerRecord;
  int64_t occupancy = maxShared / std::max<int64_t>(1, sharedUsed);
  if (occupancy <= 1)
    return bytes;
  int64_t limit = static_cast<int64_t>(maxShared * 0.04);
  while (bytes > limit)
    bytes /= 2;
  return bytes;
}

namespace {

// The records of `function` in order, checked to open and close as properly nested scopes;
// gives each name its id (by first appearance, as Triton's scope-id allocation).
LogicalResult checkScopes(tt::FuncOp function, llvm::SmallVectorImpl<proton::RecordOp> &records,
                          llvm::StringMap<int> &ids, std::vector<std::string> &names) {
  std::vector<proton::RecordOp> open;
  WalkResult walk = function.walk([&](proton::RecordOp record) -> WalkResult {
    records.push_back(record);
    StringRef name = record.getName();
    if (!ids.count(name)) {
      ids[name] = static_cast<int>(names.size());
      names.push_back(name.str());
    }
    if (record.getIsStart()) {
      for (proton::RecordOp outer : open)
        if (outer.getName() == name)
          return record.emitError() << "scope '" << name << "' is already open";
      open.push_back(record);
      return WalkResult::advance();
    }
    if (open.empty())
      return record.emitError() << "scope '" << name << "' ends without having started";
    if (open.back().getName() != name)
      return record.emitError() << "scope '" << name << "' ends inside scope '"
                                << open.back().getName() << "' (scopes must nest)";
    open.pop_back();
    return WalkResult::advance();
  });
  if (walk.wasInterrupted())
    return failure();
  if (!open.empty())
    return open.back().emitError() << "scope '" << open.back().getName() << "' never ends";
  if (names.size() > 256)
    return records.front().emitError()
           << "a kernel has at most 256 profiling scopes (" << names.size() << " found)";
  return success();
}

} // namespace

LogicalResult convertProtonToProtonGPU(ModuleOp module, int64_t maxShared,
                                       int profileScratchAlignment) {
  bool any = false;
  module.walk([&](proton::RecordOp) {
    any = true;
    return WalkResult::interrupt();
  });
  if (!any)
    return success();
  if (!llvm::isPowerOf2_64(profileScratchAlignment))
    return module.emitError() << "profile-scratch-alignment must be a power of 2";

  // Triton instruments one function per module; trex allows scopes in the kernel only.
  tt::FuncOp kernel;
  for (tt::FuncOp function : module.getOps<tt::FuncOp>()) {
    bool hasRecords = false;
    function.walk([&](proton::RecordOp) { hasRecords = true; });
    if (!hasRecords)
      continue;
    if (!function.isPublic()) {
      proton::RecordOp first;
      function.walk([&](proton::RecordOp record) {
        if (!first)
          first = record;
      });
      return first.emitError() << "profiling scopes are supported in the kernel itself, not "
                                  "in the functions it calls ('"
                               << function.getName() << "')";
    }
    kernel = function;
  }
  if (!kernel)
    return success();

  llvm::SmallVector<proton::RecordOp> records;
  llvm::StringMap<int> ids;
  std::vector<std::string> names;
  if (failed(checkScopes(kernel, records, ids, names)))
    return failure();

  MLIRContext *context = module.getContext();
  int numWarps = 4;
  if (auto attr = module->getAttrOfType<IntegerAttr>(ttg::kNumWarpsAttr))
    numWarps = static_cast<int>(attr.getInt());
  int64_t sharedUsed = 0;
  if (auto attr = module->getAttrOfType<IntegerAttr>(ttg::kSharedAttr))
    sharedUsed = attr.getInt();
  if (maxShared <= 0) {
    auto target = module->getAttrOfType<StringAttr>(ttg::kTargetAttr);
    maxShared = maxSharedMemoryOf(target ? target.getValue() : "");
  }
  int64_t bufferBytes = profileBufferBytes(maxShared, sharedUsed, numWarps);
  if (bufferBytes < kBytesPerRecord * numWarps)
    return kernel.emitError() << "no shared memory left for the profiling buffer (" << sharedUsed
                              << " of " << maxShared << " bytes used)";
  int64_t scratchBytes = static_cast<int64_t>(llvm::alignTo(
      bufferBytes + kHeaderBytes + 4 * numWarps, static_cast<uint64_t>(profileScratchAlignment)));

  Location loc = kernel.getLoc();
  OpBuilder builder(context);
  builder.setInsertionPointToStart(&kernel.getBody().front());
  Type i32 = builder.getI32Type();
  Value scratch = ttg::GlobalScratchAllocOp::create(
      builder, loc, tt::PointerType::get(i32, 1), builder.getI32IntegerAttr(scratchBytes),
      builder.getI32IntegerAttr(profileScratchAlignment), builder.getStringAttr("proton"));
  auto encoding =
      ttg::SwizzledSharedEncodingAttr::get(context, 1, 1, 1, {0}, ttg::CGALayout::oneCTA(1));
  Attribute sharedSpace = ttg::SharedMemorySpaceAttr::get(context);
  auto bufferType = ttg::MemDescType::get({bufferBytes / 4}, i32, encoding, sharedSpace,
                                          /*mutableMemory=*/true);
  Value buffer = ttg::LocalAllocOp::create(builder, loc, bufferType, Value(), IntegerAttr());
  auto segmentType =
      SegmentType::get(context, static_cast<int32_t>(bufferBytes), sharedSpace, "warp");
  Value segment = SegmentAllocOp::create(builder, loc, segmentType, buffer);

  for (proton::RecordOp record : records) {
    builder.setInsertionPoint(record);
    Value counter = ReadCounterOp::create(builder, record.getLoc(), i32);
    CircularStoreOp::create(builder, record.getLoc(), segment, counter, record.getIsStart(),
                            ids[record.getName()]);
    record.erase();
  }
  kernel.walk([&](tt::ReturnOp ret) {
    builder.setInsertionPoint(ret);
    FinalizeOp::create(builder, ret.getLoc(), segment, scratch);
  });

  SmallVector<Attribute> nameAttrs;
  for (const std::string &name : names)
    nameAttrs.push_back(builder.getStringAttr(name));
  module->setAttr(kScopeNamesAttr, builder.getArrayAttr(nameAttrs));
  return success();
}

void allocateProtonSharedMemory(ModuleOp module) {
  int64_t shared = 0;
  if (auto attr = module->getAttrOfType<IntegerAttr>(ttg::kSharedAttr))
    shared = attr.getInt();
  int64_t end = shared;
  bool placed = false;
  module.walk([&](ttg::LocalAllocOp alloc) {
    // Buffers the shared-memory allocation placed keep their offsets.
    if (alloc->hasAttr("allocation.offset"))
      return;
    bool profileBuffer =
        llvm::any_of(alloc->getUsers(), [](Operation *user) { return isa<SegmentAllocOp>(user); });
    if (!profileBuffer)
      return;
    int64_t offset = static_cast<int64_t>(llvm::alignTo(end, kBytesPerRecord));
    auto type = alloc.getType();
    int64_t bytes = type.getShape()[0] * 4;
    alloc->setAttr("allocation.offset",
                   IntegerAttr::get(IntegerType::get(module.getContext(), 32), offset));
    end = offset + bytes;
    placed = true;
  });
  if (placed)
    module->setAttr(ttg::kSharedAttr,
                    IntegerAttr::get(IntegerType::get(module.getContext(), 32), end));
}

namespace {

struct ConvertProtonToProtonGPUPass
    : impl::ConvertProtonToProtonGPUBase<ConvertProtonToProtonGPUPass> {
  using Base::Base;
  void runOnOperation() override {
    if (failed(convertProtonToProtonGPU(getOperation(), maxSharedMemory, profileScratchAlignment)))
      signalPassFailure();
  }
};

struct AllocateProtonSharedMemoryPass
    : impl::AllocateProtonSharedMemoryBase<AllocateProtonSharedMemoryPass> {
  void runOnOperation() override { allocateProtonSharedMemory(getOperation()); }
};

} // namespace

} // namespace trex::proton_gpu
