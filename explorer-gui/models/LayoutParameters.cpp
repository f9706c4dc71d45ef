// LayoutParameters: a bracket-aware splitter and the explanations, family first, then key.
#include "LayoutParameters.h"

#include <QStringList>

namespace trex::explorer {

namespace {

// Splits at commas outside brackets, braces, angle brackets and parentheses.
QStringList splitTopLevel(const QString &text) {
  QStringList parts;
  int depth = 0;
  qsizetype start = 0;
  for (qsizetype i = 0; i < text.size(); ++i) {
    QChar c = text[i];
    if (c == '[' || c == '{' || c == '<' || c == '(')
      ++depth;
    else if (c == ']' || c == '}' || c == '>' || c == ')')
      --depth;
    else if (c == ',' && depth == 0) {
      parts << text.mid(start, i - start).trimmed();
      start = i + 1;
    }
  }
  QString last = text.mid(start).trimmed();
  if (!last.isEmpty())
    parts << last;
  return parts;
}

void addEntries(const QString &family, const QString &text, std::vector<LayoutParameter> &out) {
  for (const QString &part : splitTopLevel(text)) {
    if (part.startsWith('{') && part.endsWith('}')) {
      addEntries(family, part.mid(1, part.size() - 2), out);
      continue;
    }
    // padded_shared lists its padding intervals first, without a key: `[32:+4, 64:+8]`.
    if (part.startsWith('[')) {
      qsizetype brace = part.indexOf('{');
      QString intervals = brace < 0 ? part : part.left(brace).trimmed();
      out.push_back({QStringLiteral("padding"), intervals, layoutParameterExplanation(family, QStringLiteral("padding"))});
      if (brace >= 0 && part.endsWith('}'))
        addEntries(family, part.mid(brace + 1, part.size() - brace - 2), out);
      continue;
    }
    qsizetype equals = part.indexOf('=');
    if (equals < 0)
      continue;
    QString key = part.left(equals).trimmed();
    QString explanation = layoutParameterExplanation(family, key);
    if (explanation.isEmpty())
      explanation = QStringLiteral("A parameter of the %1 layout that the explorer has no explanation for.").arg(family);
    out.push_back({key, part.mid(equals + 1).trimmed(), explanation});
  }
}

bool isSharedFamily(const QString &family) {
  return family.endsWith(QLatin1String("shared")) || family == QLatin1String("shared_linear");
}

} // namespace

LayoutParameters describeLayoutParameters(const QString &attribute) {
  LayoutParameters result;
  QString text = attribute.trimmed();
  qsizetype open = text.indexOf('<');
  if (!text.startsWith('#') || open < 0 || !text.endsWith('>'))
    return result;
  QString name = text.mid(1, open - 1);
  result.family = name.section('.', -1);
  addEntries(result.family, text.mid(open + 1, text.size() - open - 2), result.parameters);
  return result;
}

QString layoutParameterExplanation(const QString &family, const QString &key) {
  const bool shared = isSharedFamily(family);
  const bool mma = family == QLatin1String("nvidia_mma") || family == QLatin1String("amd_mfma") ||
                   family == QLatin1String("amd_wmma");
  if (key == QLatin1String("sizePerThread"))
    return QStringLiteral("Elements each thread holds contiguously, per dimension: a thread owns a "
                          "sizePerThread tile, which is what lets it load and store vectors "
                          "(4 x fp32 = one 128-bit access).");
  if (key == QLatin1String("threadsPerWarp"))
    return QStringLiteral("How the lanes of a warp are arranged over the tensor, per dimension; the "
                          "product is the warp size (32 on NVIDIA, 64 on CDNA).");
  if (key == QLatin1String("warpsPerCTA"))
    return mma ? QStringLiteral("How the CTA's warps tile the output of the matrix instruction, per "
                                "dimension; the product is num_warps.")
               : QStringLiteral("How the warps of a program (CTA) are arranged over the tensor, per "
                                "dimension; the product is num_warps.");
  if (key == QLatin1String("order"))
    return shared ? QStringLiteral("The tile's order in shared memory, fastest-varying dimension first: "
                                   "order[0] is the dimension whose elements are adjacent in memory.")
                  : QStringLiteral("Dimensions from fastest- to slowest-varying: consecutive registers, "
                                   "then lanes, then warps walk along order[0] first.");
  if (key == QLatin1String("CTAsPerCGA"))
    return QStringLiteral("Programs (CTAs) per cluster (CGA) along each dimension, on GPUs with "
                          "thread-block clusters (sm_90+); 1 everywhere without num_ctas > 1.");
  if (key == QLatin1String("CTASplitNum"))
    return QStringLiteral("Into how many pieces the tensor is split across the cluster's CTAs per "
                          "dimension; a dimension not split is replicated in every CTA.");
  if (key == QLatin1String("CTAOrder"))
    return QStringLiteral("The order in which the cluster's CTAs are numbered over the dimensions, "
                          "fastest first.");
  if (key == QLatin1String("CGALayout"))
    return QStringLiteral("Linear-layout bases of the cluster: which tensor offset each CTA-id bit "
                          "moves to (Triton 3.6's form of the CTA fields).");
  if (key == QLatin1String("versionMajor"))
    return QStringLiteral("The tensor-core instruction family: 2 is mma.sync (Ampere, sm_80), 3 is "
                          "wgmma, a warp-group MMA reading operands from shared memory (Hopper, sm_90).");
  if (key == QLatin1String("versionMinor"))
    return QStringLiteral("A variant within the MMA version (0 for the usual instructions).");
  if (key == QLatin1String("instrShape"))
    return family == QLatin1String("nvidia_mma")
               ? QStringLiteral("The M x N (x K) shape one MMA instruction computes: 16x8 for "
                                "mma.sync; 16xNx16 for wgmma, N chosen to fit the tile.")
               : QStringLiteral("The M x N x K shape of one matrix-core instruction (32x32x8, "
                                "16x16x16, ...).");
  if (key == QLatin1String("version"))
    return family == QLatin1String("amd_wmma")
               ? QStringLiteral("The WMMA generation: 1 for RDNA3, 2 for RDNA4 (they hold operands "
                                "differently across lanes).")
               : QStringLiteral("The MFMA generation of the GPU: 1 CDNA1 (MI100), 2 CDNA2 (MI200), "
                                "3 CDNA3 (MI300), 4 CDNA4 (MI350).");
  if (key == QLatin1String("isTransposed") || key == QLatin1String("isTranspose"))
    return QStringLiteral("Whether the result is held transposed: each lane then owns consecutive "
                          "elements of a row, so stores can be vectorized.");
  if (key == QLatin1String("tilesPerWarp"))
    return QStringLiteral("How many instruction tiles each warp repeats over before the next warp's "
                          "tile starts, per dimension.");
  if (key == QLatin1String("elementBitWidth"))
    return QStringLiteral("Bits per element the shared layout was chosen for; the swizzle works in "
                          "bytes, so the element width decides how many elements one swizzle unit is.");
  if (key == QLatin1String("opIdx"))
    return QStringLiteral("Which operand of the dot this layout feeds: 0 is A (M x K), 1 is B (K x N).");
  if (key == QLatin1String("parent"))
    return family == QLatin1String("slice")
               ? QStringLiteral("The layout this one is a slice of: the parent's ownership with one "
                                "dimension removed.")
               : QStringLiteral("The MMA layout of the dot result whose operand this is; it decides "
                                "which lane holds which operand element.");
  if (key == QLatin1String("kWidth"))
    return QStringLiteral("Consecutive elements along K each thread holds per instruction operand "
                          "(e.g. 2 fp16 = one 32-bit register for mma.sync; larger values let "
                          "loads be wider).");
  if (key == QLatin1String("dim"))
    return QStringLiteral("The dimension removed from the parent layout (a reduction's axis): "
                          "threads that differed only along it now share elements.");
  if (key == QLatin1String("vec"))
    return QStringLiteral("Elements kept together by the swizzle: the XOR pattern moves groups of vec "
                          "contiguous elements, so vector accesses stay contiguous.");
  if (key == QLatin1String("perPhase"))
    return QStringLiteral("Rows that share one swizzle phase: row r uses phase (r / perPhase) mod "
                          "maxPhase.");
  if (key == QLatin1String("maxPhase"))
    return QStringLiteral("The number of distinct swizzle phases; the vec-group of a row is XORed "
                          "with its phase, which spreads a column across the shared-memory banks.");
  if (key == QLatin1String("swizzlingByteWidth"))
    return QStringLiteral("The span of the hardware swizzle (TMA / wgmma) in bytes: 0 none, 32, 64 or "
                          "128; 128 lets a warp read a column of 8 rows without bank conflicts.");
  if (key == QLatin1String("transposed"))
    return QStringLiteral("Whether the tile is stored K-major instead of the default order "
                          "(wgmma reads both from shared memory).");
  if (key == QLatin1String("fp4Padded"))
    return QStringLiteral("fp4 operands stored padded to one byte per element, as the hardware "
                          "reads them for mixed-precision MMA.");
  if (key == QLatin1String("register"))
    return QStringLiteral("Linear-layout bases of the register index: bit i of a thread's register "
                          "number moves by the i-th offset in the tensor.");
  if (key == QLatin1String("lane"))
    return QStringLiteral("Linear-layout bases of the lane id: bit i of the lane number moves by the "
                          "i-th tensor offset (XOR-combined with the other bits).");
  if (key == QLatin1String("warp"))
    return QStringLiteral("Linear-layout bases of the warp id within the program.");
  if (key == QLatin1String("block"))
    return QStringLiteral("Linear-layout bases of the CTA id within the cluster (empty: one CTA).");
  if (key == QLatin1String("offset"))
    return QStringLiteral("Linear-layout bases of the shared-memory offset: bit i of an element's "
                          "address moves by the i-th tensor offset.");
  if (key == QLatin1String("alignment"))
    return QStringLiteral("The byte alignment the shared buffer must have for this layout's "
                          "accesses.");
  if (key == QLatin1String("padding"))
    return QStringLiteral("Padding intervals: after every N elements, P elements are skipped "
                          "(N:+P), which shifts rows across banks instead of swizzling.");
  if (key == QLatin1String("shape"))
    return QStringLiteral("The shape the padded layout's linear part describes.");
  if (key == QLatin1String("rank"))
    return QStringLiteral("The tensor rank the layout is for.");
  return {};
}

} // namespace trex::explorer
