// LayoutAdapter: ttg layout attribute -> layoutviz descriptor, one family at a time.
#include "trex/Layout/LayoutAdapter.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"
#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include "llvm/ADT/TypeSwitch.h"
#include "llvm/Support/MathExtras.h"

#include <exception>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

using namespace mlir;

namespace trex::layout {
namespace lv = layoutviz;

namespace {

std::vector<unsigned> toVector(ArrayRef<unsigned> values) {
  return std::vector<unsigned>(values.begin(), values.end());
}

lv::CgaLayout toCgaLayout(const ttg::CGALayout &cga) { return lv::CgaLayout{cga.blockBases}; }

// The bases of `inDims` (in that order; absent ones have no bases) onto dim0..dim<rank-1>.
// The LinearLayout constructor throws for bases the dialect accepts but layoutviz does not
// (a non-surjective #ttg.linear, say); the caller turns that into a diagnostic.
lv::LinearLayout toLinearLayoutBases(const ttg::LinearBases &bases,
                                     ArrayRef<const char *> inDims) {
  lv::LinearLayout::BasesList list;
  for (const char *inDim : inDims)
    list.push_back({inDim, bases.get(inDim)});
  return lv::LinearLayout(std::move(list), lv::standardOutDimNames(static_cast<int>(bases.rank)));
}

// Converts one attribute; nested parents recurse.  std::nullopt after emitting an error.
class Converter {
public:
  explicit Converter(EmitErrorFn emitError) : emitError(emitError) {}

  std::optional<lv::Layout> convert(Attribute attr) {
    return llvm::TypeSwitch<Attribute, std::optional<lv::Layout>>(attr)
        .Case([](ttg::BlockedEncodingAttr blocked) -> std::optional<lv::Layout> {
          return lv::BlockedLayout{toVector(blocked.getSizePerThread()),
                                   toVector(blocked.getThreadsPerWarp()),
                                   toVector(blocked.getWarpsPerCTA()), toVector(blocked.getOrder()),
                                   toCgaLayout(blocked.getCGALayout())};
        })
        .Case([&](ttg::SliceEncodingAttr slice) -> std::optional<lv::Layout> {
          std::optional<lv::Layout> parent = convert(slice.getParent());
          if (!parent)
            return std::nullopt;
          return lv::SliceLayout{slice.getDim(), lv::makeLayout(std::move(*parent))};
        })
        .Case([&](ttg::DotOperandEncodingAttr dot) -> std::optional<lv::Layout> {
          std::optional<lv::Layout> parent = convert(dot.getParent());
          if (!parent)
            return std::nullopt;
          return lv::DotOperandLayout{dot.getOpIdx(), lv::makeLayout(std::move(*parent)),
                                      dot.getKWidth()};
        })
        .Case([](ttg::NvidiaMmaEncodingAttr mma) -> std::optional<lv::Layout> {
          return lv::NvidiaMmaLayout{mma.getVersionMajor(), mma.getVersionMinor(),
                                     toVector(mma.getWarpsPerCTA()), toVector(mma.getInstrShape()),
                                     toCgaLayout(mma.getCGALayout())};
        })
        .Case([](ttg::AMDMfmaEncodingAttr mfma) -> std::optional<lv::Layout> {
          lv::AmdMfmaLayout layout;
          layout.version = mfma.getVersion();
          layout.warpsPerCTA = toVector(mfma.getWarpsPerCTA());
          layout.instrShape = toVector(mfma.getInstrShape());
          layout.isTransposed = mfma.getIsTransposed();
          layout.tilesPerWarp = toVector(mfma.getTilesPerWarp());
          layout.elementBitWidth = mfma.getElementBitWidth();
          layout.cga = toCgaLayout(mfma.getCGALayout());
          return layout;
        })
        .Case([](ttg::AMDWmmaEncodingAttr wmma) -> std::optional<lv::Layout> {
          lv::AmdWmmaLayout layout;
          layout.version = wmma.getVersion();
          layout.isTranspose = wmma.getIsTransposed();
          layout.warpsPerCTA = toVector(wmma.getWarpsPerCTA());
          layout.tilesPerWarp = toVector(wmma.getTilesPerWarp());
          layout.instrShape = toVector(wmma.getInstrShape());
          layout.cga = toCgaLayout(wmma.getCGALayout());
          return layout;
        })
        .Case([&](ttg::LinearEncodingAttr linear) -> std::optional<lv::Layout> {
          return guarded(attr, [&]() -> lv::Layout {
            return lv::DistributedLinearLayout{toLinearLayoutBases(
                linear.getBases(), {"register", "lane", "warp", "block"})};
          });
        })
        .Case([](ttg::SwizzledSharedEncodingAttr swizzled) -> std::optional<lv::Layout> {
          return lv::SwizzledSharedLayout{swizzled.getVec(), swizzled.getPerPhase(),
                                          swizzled.getMaxPhase(), toVector(swizzled.getOrder()),
                                          toCgaLayout(swizzled.getCGALayout())};
        })
        .Case([](ttg::AMDRotatingSharedEncodingAttr rotating) -> std::optional<lv::Layout> {
          return lv::AmdRotatingSharedLayout{rotating.getVec(), rotating.getPerPhase(),
                                             rotating.getMaxPhase(), toVector(rotating.getOrder()),
                                             toCgaLayout(rotating.getCGALayout())};
        })
        .Case([](ttg::NVMMASharedEncodingAttr nvmma) -> std::optional<lv::Layout> {
          return lv::NvmmaSharedLayout{nvmma.getSwizzlingByteWidth(), nvmma.getTransposed(),
                                       nvmma.getElementBitWidth(), nvmma.getFp4Padded(),
                                       toCgaLayout(nvmma.getCGALayout())};
        })
        .Case([&](ttg::SharedLinearEncodingAttr shared) -> std::optional<lv::Layout> {
          return guarded(attr, [&]() -> lv::Layout {
            return lv::SharedLinearLayout{
                toLinearLayoutBases(shared.getBases(), {"offset", "block"}),
                shared.getLayoutAlignment()};
          });
        })
        .Case([&](ttg::PaddedSharedEncodingAttr) -> std::optional<lv::Layout> {
          emitError() << "padded_shared layouts are not supported yet: their offsets skip the "
                         "padding after every interval, which a linear layout cannot express ("
                      << attr << ")";
          return std::nullopt;
        })
        .Default([&](Attribute other) -> std::optional<lv::Layout> {
          emitError() << "not a ttg tensor layout: " << other;
          return std::nullopt;
        });
  }

private:
  // Runs a conversion that may throw LayoutError.
  template <typename Fn> std::optional<lv::Layout> guarded(Attribute attr, Fn &&fn) {
    try {
      return fn();
    } catch (const std::exception &error) {
      emitError() << "layout " << attr << " is not valid: " << error.what();
      return std::nullopt;
    }
  }

  EmitErrorFn emitError;
};

} // namespace

std::string formatShape(ArrayRef<int64_t> shape) {
  std::string text;
  for (auto [index, size] : llvm::enumerate(shape)) {
    if (index != 0)
      text += 'x';
    text += ShapedType::isDynamic(size) ? std::string("?") : std::to_string(size);
  }
  return text;
}

bool isTensorLayout(Attribute attr) {
  return isa_and_nonnull<ttg::DistributedEncodingTrait, ttg::SharedEncodingTrait>(attr);
}

FailureOr<lv::Layout> toLayoutvizLayout(Attribute attr, EmitErrorFn emitError) {
  std::optional<lv::Layout> layout = Converter(emitError).convert(attr);
  if (!layout)
    return failure();
  return std::move(*layout);
}

LogicalResult verifyLayoutShape(Attribute layout, ArrayRef<int64_t> shape, EmitErrorFn emitError) {
  auto encoding = dyn_cast_or_null<ttg::LayoutEncodingTrait>(layout);
  if (!encoding)
    return emitError() << "not a ttg tensor layout: " << layout;
  if (encoding.getRank() != shape.size())
    return emitError() << "the layout has rank " << encoding.getRank() << " but the tensor shape "
                       << "has rank " << shape.size() << ": " << layout;
  for (auto [dim, size] : llvm::enumerate(shape)) {
    if (ShapedType::isDynamic(size))
      return emitError() << "dim " << dim << " of the tensor shape is dynamic; layouts need "
                         << "static sizes";
    if (size <= 0 || !llvm::isPowerOf2_64(static_cast<uint64_t>(size)))
      return emitError() << "dim " << dim << " of the tensor shape is " << size
                         << "; Triton layouts need every dim to be a power of two";
    // Linear layouts index a dim with 32-bit integers, as Triton's do.
    if (size > kMaxLayoutDimSize)
      return emitError() << "dim " << dim << " of the tensor shape is " << size
                         << "; layouts support at most " << kMaxLayoutDimSize << " per dim";
  }
  return success();
}

// What a LinearLayoutCacheScope remembers.
struct LinearLayoutCacheScope::Cache {
  std::map<std::pair<const void *, std::vector<int64_t>>, lv::LinearLayout> layouts;
};

namespace {

// The cache of the innermost live LinearLayoutCacheScope of this thread.
thread_local LinearLayoutCacheScope::Cache *activeCache = nullptr;

} // namespace

LinearLayoutCacheScope::LinearLayoutCacheScope()
    : cache(std::make_unique<Cache>()), outer(activeCache) {
  activeCache = cache.get();
}

LinearLayoutCacheScope::~LinearLayoutCacheScope() { activeCache = outer; }

void LinearLayoutCacheScope::abandonAll() { activeCache = nullptr; }

FailureOr<lv::LinearLayout> toLinearLayout(Attribute layout, ArrayRef<int64_t> shape,
                                           EmitErrorFn emitError) {
  LinearLayoutCacheScope::Cache *cache = activeCache;
  std::pair<const void *, std::vector<int64_t>> key{
      layout.getAsOpaquePointer(), std::vector<int64_t>(shape.begin(), shape.end())};
  if (cache) {
    auto found = cache->layouts.find(key);
    if (found != cache->layouts.end())
      return found->second;
  }
  if (failed(verifyLayoutShape(layout, shape, emitError)))
    return failure();
  FailureOr<lv::Layout> descriptor = toLayoutvizLayout(layout, emitError);
  if (failed(descriptor))
    return failure();
  try {
    lv::LinearLayout result = lv::toLinearLayout(*descriptor, key.second);
    if (cache)
      cache->layouts.emplace(std::move(key), result);
    return result;
  } catch (const std::exception &error) {
    return emitError() << "cannot lay out a tensor of shape " << formatShape(shape) << " with "
                       << layout << ": " << error.what();
  }
}

} // namespace trex::layout
