// Registration of the `ttg` dialect, its alias names (#blocked, #mma, #shared,
// ...) and the checks of the module attributes that describe the launch.
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "mlir/IR/DialectImplementation.h"
#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include "trex/Dialect/TritonGPU/IR/AttrInterfaces.cpp.inc"
#include "trex/Dialect/TritonGPU/IR/Dialect.cpp.inc"

#define GET_ATTRDEF_CLASSES
#include "trex/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"

using namespace mlir;

namespace trex::ttg {

void registerLayoutInterfaces(TTGDialect *dialect);

namespace {

// Gives layouts the short names Triton prints: #blocked, #mma, #shared,
// #linear and #smem (slices and dot operands stay inline).
struct TritonGPUOpAsmInterface : public OpAsmDialectInterface {
  using OpAsmDialectInterface::OpAsmDialectInterface;

  AliasResult getAlias(Attribute attr, raw_ostream &os) const override {
    if (isa<MmaEncodingTrait>(attr))
      os << "mma";
    else if (isa<SharedEncodingTrait>(attr))
      os << "shared";
    else if (isa<BlockedEncodingAttr>(attr))
      os << "blocked";
    else if (isa<LinearEncodingAttr>(attr))
      os << "linear";
    else if (isa<SharedMemorySpaceAttr>(attr))
      os << "smem";
    else
      return AliasResult::NoAlias;
    return AliasResult::FinalAlias;
  }
};

} // namespace

void TTGDialect::registerAttributes() {
  addAttributes<
#define GET_ATTRDEF_LIST
#include "trex/Dialect/TritonGPU/IR/AttrDefs.cpp.inc"
      >();
}

void TTGDialect::initialize() {
  registerAttributes();
  registerTypes();
  addOperations<
#define GET_OP_LIST
#include "trex/Dialect/TritonGPU/IR/Ops.cpp.inc"
      >();
  addInterfaces<TritonGPUOpAsmInterface>();
  registerLayoutInterfaces(this);
}

int TTGDialect::getThreadsPerWarp(ModuleOp module) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(kThreadsPerWarpAttr))
    return attr.getInt();
  return 32;
}

int TTGDialect::getNumCTAs(ModuleOp module) {
  if (auto attr = module->getAttrOfType<IntegerAttr>(kNumCTAsAttr))
    return attr.getInt();
  return 1;
}

std::optional<int> TTGDialect::lookupNumWarps(Operation *op) {
  for (; op; op = op->getParentOp())
    if (isa<ModuleOp, tt::FuncOp>(op))
      if (auto attr = op->getAttrOfType<IntegerAttr>(kNumWarpsAttr))
        return attr.getInt();
  return std::nullopt;
}

// "cuda:90", "cuda:80", "hip:gfx942", ...
static bool isTargetName(StringRef target) {
  auto [backend, arch] = target.split(':');
  if (arch.empty())
    return false;
  if (backend == "cuda")
    return llvm::all_of(arch, [](char c) { return std::isdigit(c) || c == 'a'; });
  if (backend == "hip")
    return arch.starts_with("gfx") && arch.size() > 3;
  return false;
}

LogicalResult TTGDialect::verifyOperationAttribute(Operation *op, NamedAttribute attr) {
  StringRef name = attr.getName().getValue();
  bool onModule = isa<ModuleOp>(op);
  bool onModuleOrFunc = onModule || isa<tt::FuncOp>(op);

  auto requireInteger = [&](bool allowedHere, StringRef where, int64_t minimum,
                            bool powerOfTwo) -> LogicalResult {
    if (!allowedHere)
      return op->emitOpError("carries '") << name << "', which belongs on " << where;
    auto integer = dyn_cast<IntegerAttr>(attr.getValue());
    if (!integer || !integer.getType().isInteger())
      return op->emitOpError("'") << name << "' must be an integer, got " << attr.getValue();
    int64_t value = integer.getInt();
    if (value < minimum)
      return op->emitOpError("'") << name << "' must be at least " << minimum << ", got " << value;
    if (powerOfTwo && !llvm::isPowerOf2_64(value))
      return op->emitOpError("'") << name << "' must be a power of two, got " << value;
    return success();
  };

  if (name == kNumWarpsAttr)
    return requireInteger(onModuleOrFunc, "a module or tt.func", 1, true);
  if (name == kNumCTAsAttr)
    return requireInteger(onModule, "the module", 1, true);
  if (name == kThreadsPerWarpAttr)
    return requireInteger(onModule, "the module", 1, true);
  if (name == kSharedAttr)
    return requireInteger(onModule, "the module", 0, false);
  if (name == kGlobalScratchSizeAttr || name == kProfileScratchSizeAttr)
    return requireInteger(onModuleOrFunc, "a module or tt.func", 0, false);
  if (name == kGlobalScratchAlignAttr || name == kProfileScratchAlignAttr)
    return requireInteger(onModuleOrFunc, "a module or tt.func", 1, true);
  if (name == kTargetAttr) {
    if (!onModule)
      return op->emitOpError("carries '") << name << "', which belongs on the module";
    auto target = dyn_cast<StringAttr>(attr.getValue());
    if (!target || !isTargetName(target.getValue()))
      return op->emitOpError("'") << name
                                  << "' must be a string like \"cuda:90\" or \"hip:gfx942\", got "
                                  << attr.getValue();
  }
  return success();
}

} // namespace trex::ttg
