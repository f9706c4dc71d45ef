// AttributeText: builds layout descriptors from parsed #ttg attributes, and prints them back.
#include "layoutviz/AttributeText.h"

#include "AttributeSyntax.h"
#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>
#include <set>

namespace trex::layoutviz {
namespace {

using Kind = AttributeValue::Kind;

std::shared_ptr<const Layout> buildLayout(const AttributeNode &node);

// Reads the parameters of one attribute, remembering which were used so that misspelled or
// unsupported parameters are reported instead of silently ignored.
class ParameterReader {
public:
  explicit ParameterReader(const AttributeNode &node) : node_(node) {}

  std::string attributeName() const { return "#" + node_.dialect + "." + node_.name; }

  bool has(const std::string &key) const { return findEntry(key) != nullptr; }

  const AttributeValue &required(const std::string &key) {
    const AttributeEntry *entry = findEntry(key);
    if (!entry)
      throw AttributeTextError(attributeName() + " is missing the parameter '" + key + "'",
                               node_.offset);
    used_.insert(key);
    return entry->value;
  }

  const AttributeValue *optional(const std::string &key) {
    const AttributeEntry *entry = findEntry(key);
    if (!entry)
      return nullptr;
    used_.insert(key);
    return &entry->value;
  }

  unsigned unsignedValue(const AttributeValue &value, const std::string &key) const {
    if (value.kind != Kind::Integer || value.integer < 0)
      throw AttributeTextError("'" + key + "' must be a non-negative integer", value.offset);
    return static_cast<unsigned>(value.integer);
  }

  unsigned requiredUnsigned(const std::string &key) {
    return unsignedValue(required(key), key);
  }

  unsigned optionalUnsigned(const std::string &key, unsigned fallback) {
    const AttributeValue *value = optional(key);
    return value ? unsignedValue(*value, key) : fallback;
  }

  bool optionalBool(const std::string &key, bool fallback) {
    const AttributeValue *value = optional(key);
    if (!value)
      return fallback;
    if (value->kind != Kind::Boolean)
      throw AttributeTextError("'" + key + "' must be true or false", value->offset);
    return value->boolean;
  }

  std::vector<unsigned> unsignedList(const AttributeValue &value, const std::string &key) const {
    if (value.kind != Kind::List)
      throw AttributeTextError("'" + key + "' must be a list of integers like [1, 4]",
                               value.offset);
    std::vector<unsigned> result;
    for (const auto &item : value.list)
      result.push_back(unsignedValue(item, key));
    return result;
  }

  std::vector<unsigned> requiredList(const std::string &key) {
    return unsignedList(required(key), key);
  }

  std::vector<unsigned> optionalList(const std::string &key) {
    const AttributeValue *value = optional(key);
    return value ? unsignedList(*value, key) : std::vector<unsigned>{};
  }

  // A list of bases such as [[0, 1], [2, 0]]; every basis must have the same length.
  std::vector<std::vector<int32_t>> basesList(const AttributeValue &value,
                                              const std::string &key) const {
    if (value.kind != Kind::List)
      throw AttributeTextError("'" + key + "' must be a list of bases like [[0, 1], [1, 0]]",
                               value.offset);
    std::vector<std::vector<int32_t>> bases;
    for (const auto &item : value.list) {
      auto entries = unsignedList(item, key);
      if (!bases.empty() && entries.size() != bases.front().size())
        throw AttributeTextError("every basis of '" + key + "' must have the same length",
                                 item.offset);
      bases.emplace_back(entries.begin(), entries.end());
    }
    return bases;
  }

  std::shared_ptr<const Layout> nestedLayout(const std::string &key) {
    const AttributeValue &value = required(key);
    if (value.kind != Kind::Attribute)
      throw AttributeTextError("'" + key + "' must be a layout attribute such as #ttg.blocked<{...}>",
                               value.offset);
    return buildLayout(*value.attribute);
  }

  // The CTA split: `CGALayout = [[...]]`, or CTAsPerCGA / CTASplitNum / CTAOrder together.
  CgaLayout cgaLayout(size_t rank) {
    if (const AttributeValue *bases = optional("CGALayout")) {
      CgaLayout cga{basesList(*bases, "CGALayout")};
      for (const auto &basis : cga.blockBases)
        if (basis.size() != rank)
          throw AttributeTextError("'CGALayout' entries must have " + std::to_string(rank) +
                                   " coordinates (the layout's rank)",
                                   bases->offset);
      return cga;
    }
    bool anySplit = has("CTAsPerCGA") || has("CTASplitNum") || has("CTAOrder");
    if (!anySplit)
      return {};
    auto ctasPerCga = requiredList("CTAsPerCGA");
    auto splitNum = requiredList("CTASplitNum");
    auto order = requiredList("CTAOrder");
    try {
      return CgaLayout::fromSplitParameters(ctasPerCga, splitNum, order);
    } catch (const LayoutError &error) {
      throw AttributeTextError(error.what(), node_.offset);
    }
  }

  // Call after reading: reports the first parameter nobody asked for.
  void rejectUnknown() const {
    for (const auto &entry : node_.entries)
      if (!used_.count(entry.key))
        throw AttributeTextError("unexpected parameter '" + entry.key + "' in " +
                                     attributeName(),
                                 entry.offset);
    for (const auto &entry : node_.trailing)
      if (!used_.count(entry.key) || !trailingAllowed_.count(entry.key))
        throw AttributeTextError("unexpected parameter '" + entry.key + "' after the braces of " +
                                     attributeName(),
                                 entry.offset);
  }

  void allowTrailing(const std::string &key) { trailingAllowed_.insert(key); }

private:
  const AttributeEntry *findEntry(const std::string &key) const {
    for (const auto &entry : node_.entries)
      if (entry.key == key)
        return &entry;
    for (const auto &entry : node_.trailing)
      if (entry.key == key)
        return &entry;
    return nullptr;
  }

  const AttributeNode &node_;
  std::set<std::string> used_;
  std::set<std::string> trailingAllowed_;
};

// Named bases for LinearLayout, in the order given; `optionalDims` may be absent (no bases).
LinearLayout linearLayoutFrom(ParameterReader &reader, const std::vector<std::string> &dims,
                              const std::set<std::string> &optionalDims, size_t offset) {
  LinearLayout::BasesList bases;
  size_t rank = 0;
  for (const auto &dim : dims) {
    const AttributeValue *value =
        optionalDims.count(dim) ? reader.optional(dim) : &reader.required(dim);
    std::vector<LinearLayout::Basis> dimBases;
    if (value)
      dimBases = reader.basesList(*value, dim);
    if (!dimBases.empty()) {
      if (rank != 0 && dimBases.front().size() != rank)
        throw AttributeTextError("all bases must have the same number of coordinates",
                                 value->offset);
      rank = dimBases.front().size();
    }
    bases.push_back({dim, std::move(dimBases)});
  }
  if (rank == 0)
    throw AttributeTextError(reader.attributeName() +
                                 ": a layout without any basis has no rank; give at least one",
                             offset);
  try {
    return LinearLayout(std::move(bases), standardOutDimNames(static_cast<int>(rank)));
  } catch (const LayoutError &error) {
    throw AttributeTextError(reader.attributeName() + ": " + error.what(), offset);
  }
}

Layout buildFamily(const AttributeNode &node, ParameterReader &reader) {
  const std::string &name = node.name;
  if (name == "blocked") {
    BlockedLayout blocked;
    blocked.sizePerThread = reader.requiredList("sizePerThread");
    blocked.threadsPerWarp = reader.requiredList("threadsPerWarp");
    blocked.warpsPerCTA = reader.requiredList("warpsPerCTA");
    blocked.order = reader.requiredList("order");
    blocked.cga = reader.cgaLayout(blocked.order.size());
    return blocked;
  }
  if (name == "slice") {
    SliceLayout slice;
    slice.dim = reader.requiredUnsigned("dim");
    slice.parent = reader.nestedLayout("parent");
    return slice;
  }
  if (name == "dot_op") {
    DotOperandLayout dot;
    dot.opIdx = reader.requiredUnsigned("opIdx");
    if (dot.opIdx > 1)
      throw AttributeTextError("'opIdx' must be 0 or 1", reader.required("opIdx").offset);
    dot.parent = reader.nestedLayout("parent");
    dot.kWidth = reader.optionalUnsigned("kWidth", 0);
    return dot;
  }
  if (name == "nvidia_mma") {
    NvidiaMmaLayout mma;
    mma.versionMajor = reader.requiredUnsigned("versionMajor");
    mma.versionMinor = reader.optionalUnsigned("versionMinor", 0);
    mma.warpsPerCTA = reader.requiredList("warpsPerCTA");
    mma.instrShape = reader.requiredList("instrShape");
    mma.cga = reader.cgaLayout(mma.warpsPerCTA.size());
    return mma;
  }
  if (name == "amd_mfma") {
    AmdMfmaLayout mfma;
    // Older IR spells the version as versionMajor/versionMinor.
    mfma.version = reader.has("version") ? reader.requiredUnsigned("version")
                                         : reader.requiredUnsigned("versionMajor");
    reader.optional("versionMinor");
    mfma.warpsPerCTA = reader.requiredList("warpsPerCTA");
    mfma.instrShape = reader.requiredList("instrShape");
    mfma.isTransposed = reader.optionalBool("isTransposed", false);
    mfma.tilesPerWarp = reader.optionalList("tilesPerWarp");
    mfma.elementBitWidth = reader.optionalUnsigned("elementBitWidth", 32);
    mfma.cga = reader.cgaLayout(mfma.warpsPerCTA.size());
    return mfma;
  }
  if (name == "amd_wmma") {
    AmdWmmaLayout wmma;
    wmma.version = reader.optionalUnsigned("version", 1);
    wmma.isTranspose = reader.optionalBool("isTranspose", false);
    wmma.warpsPerCTA = reader.requiredList("warpsPerCTA");
    wmma.tilesPerWarp = reader.optionalList("tilesPerWarp");
    if (reader.has("instrShape"))
      wmma.instrShape = reader.requiredList("instrShape");
    wmma.cga = reader.cgaLayout(wmma.warpsPerCTA.size());
    return wmma;
  }
  if (name == "linear") {
    return DistributedLinearLayout{linearLayoutFrom(
        reader, {kRegister, kLane, kWarp, kBlock}, {kBlock}, node.offset)};
  }
  if (name == "swizzled_shared" || name == "amd_rotating_shared") {
    unsigned vec = reader.requiredUnsigned("vec");
    unsigned perPhase = reader.requiredUnsigned("perPhase");
    unsigned maxPhase = reader.requiredUnsigned("maxPhase");
    auto order = reader.requiredList("order");
    CgaLayout cga = reader.cgaLayout(order.size());
    if (name == "swizzled_shared")
      return SwizzledSharedLayout{vec, perPhase, maxPhase, order, cga};
    return AmdRotatingSharedLayout{vec, perPhase, maxPhase, order, cga};
  }
  if (name == "nvmma_shared") {
    NvmmaSharedLayout nvmma;
    nvmma.swizzlingByteWidth = reader.requiredUnsigned("swizzlingByteWidth");
    nvmma.transposed = reader.optionalBool("transposed", false);
    nvmma.elementBitWidth = reader.requiredUnsigned("elementBitWidth");
    nvmma.fp4Padded = reader.optionalBool("fp4Padded", false);
    unsigned rank = reader.optionalUnsigned("rank", 2);
    nvmma.cga = reader.cgaLayout(rank);
    return nvmma;
  }
  if (name == "shared_linear") {
    SharedLinearLayout shared{linearLayoutFrom(reader, {kOffset, kBlock}, {kBlock}, node.offset)};
    reader.allowTrailing("alignment");
    shared.alignment = reader.optionalUnsigned("alignment", 16);
    return shared;
  }
  if (name == "shared")
    throw AttributeTextError("#" + node.dialect +
                                 ".shared is the pre-3.3 spelling; write #ttg.swizzled_shared or "
                                 "#ttg.nvmma_shared",
                             node.offset);
  throw AttributeTextError("unknown layout family '" + name +
                               "' (expected blocked, slice, dot_op, nvidia_mma, amd_mfma, "
                               "amd_wmma, linear, swizzled_shared, nvmma_shared, "
                               "amd_rotating_shared or shared_linear)",
                           node.offset);
}

std::shared_ptr<const Layout> buildLayout(const AttributeNode &node) {
  if (node.dialect != "ttg" && node.dialect != "triton_gpu")
    throw AttributeTextError("unknown dialect '" + node.dialect + "' (expected ttg)",
                             node.offset);
  ParameterReader reader(node);
  Layout layout = buildFamily(node, reader);
  reader.rejectUnknown();
  return std::make_shared<const Layout>(std::move(layout));
}

std::string errorWithCaret(std::string_view text, const std::string &message, size_t offset) {
  offset = std::min(offset, text.size());
  size_t lineStart = text.rfind('\n', offset == 0 ? 0 : offset - 1);
  lineStart = (lineStart == std::string_view::npos || offset == 0) ? 0 : lineStart + 1;
  if (lineStart > offset)
    lineStart = 0;
  size_t lineEnd = text.find('\n', offset);
  if (lineEnd == std::string_view::npos)
    lineEnd = text.size();
  std::string line(text.substr(lineStart, lineEnd - lineStart));
  size_t column = offset - lineStart;
  return message + " at column " + std::to_string(column + 1) + "\n  " + line + "\n  " +
         std::string(column, ' ') + "^";
}

// --- Printing --------------------------------------------------------------------------------

std::string list(const std::vector<unsigned> &values) {
  std::string text = "[";
  for (size_t i = 0; i < values.size(); ++i)
    text += (i ? ", " : "") + std::to_string(values[i]);
  return text + "]";
}

std::string basesText(const std::vector<std::vector<int32_t>> &bases) {
  std::string text = "[";
  for (size_t i = 0; i < bases.size(); ++i) {
    text += i ? ", [" : "[";
    for (size_t j = 0; j < bases[i].size(); ++j)
      text += (j ? ", " : "") + std::to_string(bases[i][j]);
    text += "]";
  }
  return text + "]";
}

std::string cgaSuffix(const CgaLayout &cga) {
  return cga.isSingleCta() ? "" : ", CGALayout = " + basesText(cga.blockBases);
}

std::string boolText(bool value) { return value ? "true" : "false"; }

std::string namedBases(const LinearLayout &layout, bool skipEmptyBlock) {
  std::string text;
  for (const auto &[dim, bases] : layout.getBases()) {
    if (skipEmptyBlock && dim == kBlock && bases.empty())
      continue;
    text += (text.empty() ? "" : ", ") + dim + " = " + basesText(bases);
  }
  return text;
}

// Also true for an empty list (tilesPerWarp left out means one tile per warp).
bool allOnes(const std::vector<unsigned> &values) {
  return std::all_of(values.begin(), values.end(), [](unsigned v) { return v == 1; });
}

std::string formatFamily(const Layout &layout) {
  const auto &family = layout.family;
  if (const auto *blocked = std::get_if<BlockedLayout>(&family))
    return "blocked<{sizePerThread = " + list(blocked->sizePerThread) +
           ", threadsPerWarp = " + list(blocked->threadsPerWarp) +
           ", warpsPerCTA = " + list(blocked->warpsPerCTA) + ", order = " + list(blocked->order) +
           cgaSuffix(blocked->cga) + "}>";
  if (const auto *slice = std::get_if<SliceLayout>(&family))
    return "slice<{dim = " + std::to_string(slice->dim) +
           ", parent = " + formatLayoutAttribute(*slice->parent) + "}>";
  if (const auto *dot = std::get_if<DotOperandLayout>(&family))
    return "dot_op<{opIdx = " + std::to_string(dot->opIdx) +
           ", parent = " + formatLayoutAttribute(*dot->parent) +
           (dot->kWidth ? ", kWidth = " + std::to_string(dot->kWidth) : "") + "}>";
  if (const auto *mma = std::get_if<NvidiaMmaLayout>(&family))
    return "nvidia_mma<{versionMajor = " + std::to_string(mma->versionMajor) +
           ", versionMinor = " + std::to_string(mma->versionMinor) +
           ", warpsPerCTA = " + list(mma->warpsPerCTA) + cgaSuffix(mma->cga) +
           ", instrShape = " + list(mma->instrShape) + "}>";
  if (const auto *mfma = std::get_if<AmdMfmaLayout>(&family))
    return "amd_mfma<{version = " + std::to_string(mfma->version) +
           ", warpsPerCTA = " + list(mfma->warpsPerCTA) +
           ", instrShape = " + list(mfma->instrShape) +
           ", isTransposed = " + boolText(mfma->isTransposed) + cgaSuffix(mfma->cga) +
           (allOnes(mfma->tilesPerWarp) ? "" : ", tilesPerWarp = " + list(mfma->tilesPerWarp)) +
           (mfma->elementBitWidth != 32
                ? ", elementBitWidth = " + std::to_string(mfma->elementBitWidth)
                : "") +
           "}>";
  if (const auto *wmma = std::get_if<AmdWmmaLayout>(&family))
    return "amd_wmma<{version = " + std::to_string(wmma->version) +
           ", isTranspose = " + boolText(wmma->isTranspose) +
           ", warpsPerCTA = " + list(wmma->warpsPerCTA) + cgaSuffix(wmma->cga) +
           (allOnes(wmma->tilesPerWarp) ? "" : ", tilesPerWarp = " + list(wmma->tilesPerWarp)) +
           (wmma->instrShape == std::vector<unsigned>{16, 16, 16}
                ? ""
                : ", instrShape = " + list(wmma->instrShape)) +
           "}>";
  if (const auto *linear = std::get_if<DistributedLinearLayout>(&family))
    return "linear<{" + namedBases(linear->layout, /*skipEmptyBlock=*/false) + "}>";
  if (const auto *swizzled = std::get_if<SwizzledSharedLayout>(&family))
    return "swizzled_shared<{vec = " + std::to_string(swizzled->vec) +
           ", perPhase = " + std::to_string(swizzled->perPhase) +
           ", maxPhase = " + std::to_string(swizzled->maxPhase) +
           ", order = " + list(swizzled->order) + cgaSuffix(swizzled->cga) + "}>";
  if (const auto *rotating = std::get_if<AmdRotatingSharedLayout>(&family))
    return "amd_rotating_shared<{vec = " + std::to_string(rotating->vec) +
           ", perPhase = " + std::to_string(rotating->perPhase) +
           ", maxPhase = " + std::to_string(rotating->maxPhase) +
           ", order = " + list(rotating->order) + cgaSuffix(rotating->cga) + "}>";
  if (const auto *nvmma = std::get_if<NvmmaSharedLayout>(&family)) {
    std::string cga = cgaSuffix(nvmma->cga);
    return "nvmma_shared<{swizzlingByteWidth = " + std::to_string(nvmma->swizzlingByteWidth) +
           ", transposed = " + boolText(nvmma->transposed) +
           ", elementBitWidth = " + std::to_string(nvmma->elementBitWidth) +
           (nvmma->fp4Padded ? ", fp4Padded = true" : "") + cga + "}>";
  }
  const auto &shared = std::get<SharedLinearLayout>(family);
  return "shared_linear<{" + namedBases(shared.layout, /*skipEmptyBlock=*/true) +
         "}, alignment = " + std::to_string(shared.alignment) + ">";
}

} // namespace

AttributeParseResult parseLayoutAttribute(std::string_view text) {
  AttributeParseResult result;
  try {
    auto node = parseAttributeSyntax(text);
    result.layout = *buildLayout(*node);
  } catch (const AttributeTextError &error) {
    result.errorOffset = error.offset();
    result.error = errorWithCaret(text, error.what(), error.offset());
  }
  return result;
}

Layout parseLayoutAttributeOrThrow(std::string_view text) {
  AttributeParseResult result = parseLayoutAttribute(text);
  if (!result.ok())
    throw LayoutError(result.error);
  return std::move(*result.layout);
}

std::string formatLayoutAttribute(const Layout &layout) { return "#ttg." + formatFamily(layout); }

} // namespace trex::layoutviz
