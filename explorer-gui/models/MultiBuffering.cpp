// MultiBuffering: the rank a shared attribute states is read through layoutviz; the views are
// found by scanning the ttgir text, as the rest of LayoutReferences does.
#include "MultiBuffering.h"

#include "layoutviz/AttributeText.h"

#include <QRegularExpression>
#include <QStringList>

namespace trex::explorer {

namespace lv = trex::layoutviz;

namespace {

// The rank the attribute itself states, or -1 when it states none (nvmma_shared is a 2-d tile
// format whatever the memdesc's rank) or is not a shared layout.
int statedRank(const QString &attribute) {
  lv::AttributeParseResult parsed = lv::parseLayoutAttribute(attribute.toStdString());
  if (!parsed.ok())
    return -1;
  if (const auto *swizzled = std::get_if<lv::SwizzledSharedLayout>(&parsed.layout->family))
    return static_cast<int>(swizzled->order.size());
  if (const auto *rotating = std::get_if<lv::AmdRotatingSharedLayout>(&parsed.layout->family))
    return static_cast<int>(rotating->order.size());
  if (const auto *linear = std::get_if<lv::SharedLinearLayout>(&parsed.layout->family))
    return linear->layout.getNumOutDims();
  return -1;
}

// "%x = ttg.memdesc_index %src[%i] : ..." -> ("%x", "%i").
const QRegularExpression &memdescIndexLine() {
  static const QRegularExpression pattern(QStringLiteral(
      R"(^\s*(%[\w.$#]+)\s*=\s*ttg\.memdesc_index\s+%[\w.$#]+\s*\[\s*([^\]]+?)\s*\])"));
  return pattern;
}

// The value of `%name = arith.constant N : i32` in `ir`, else `name` itself.
QString constantValue(const QString &ir, const QString &name) {
  if (!name.startsWith('%'))
    return name;
  const QRegularExpression constant(
      QStringLiteral(R"((?:^|\n)\s*%1\s*=\s*arith\.constant\s+(-?\d+)\s*:)")
          .arg(QRegularExpression::escape(name)));
  QRegularExpressionMatch match = constant.match(ir);
  return match.hasMatch() ? match.captured(1) : name;
}

int64_t product(const std::vector<int64_t> &shape, size_t count) {
  int64_t result = 1;
  for (size_t i = 0; i < count && i < shape.size(); ++i)
    result *= shape[i];
  return result;
}

} // namespace

int bufferDims(const QString &ir, const LayoutSelection &selection) {
  if (!selection.isMemDesc || selection.shape.size() < 2)
    return 0;
  const int rank = static_cast<int>(selection.shape.size());
  int stated = statedRank(selection.attribute);
  if (stated > 0)
    return rank > stated ? rank - stated : 0;
  // No rank of its own: a tile is at least 2-d, so only memdescs of rank 3 or more can be
  // multi-buffered, and the views the IR takes of them say how many dims index buffers.
  if (rank < 3 || !ir.contains(QLatin1String("ttg.memdesc_index")))
    return 0;
  const QMap<QString, QString> noAliases;
  for (const QString &line : ir.split('\n')) {
    if (!line.contains(QLatin1String("ttg.memdesc_index")))
      continue;
    std::vector<LayoutSelection> types = tensorTypesIn(line, noAliases);
    if (types.size() < 2)
      continue;
    const LayoutSelection &source = types.front();
    const LayoutSelection &view = types.back();
    if (source.name == selection.name && source.shape == selection.shape &&
        view.shape.size() < source.shape.size())
      return static_cast<int>(source.shape.size() - view.shape.size());
  }
  return 0;
}

LayoutSelection oneBuffer(const QString &ir, LayoutSelection selection) {
  if (!selection.isMemDesc || selection.bufferCount > 0)
    return selection;
  int dims = bufferDims(ir, selection);
  if (dims > 0 && dims < static_cast<int>(selection.shape.size())) {
    selection.bufferCount = product(selection.shape, static_cast<size_t>(dims));
    selection.shape.erase(selection.shape.begin(), selection.shape.begin() + dims);
    return selection;
  }
  // A view: the line that defines the value takes buffer [index] of its source.
  if (selection.valueName.isEmpty() || selection.line < 1)
    return selection;
  const QString line = ir.section('\n', selection.line - 1, selection.line - 1);
  QRegularExpressionMatch match = memdescIndexLine().match(line);
  if (!match.hasMatch() || match.captured(1) != selection.valueName)
    return selection;
  std::vector<LayoutSelection> types = tensorTypesIn(line, {});
  if (types.size() < 2 || types.front().shape.size() <= types.back().shape.size())
    return selection;
  const std::vector<int64_t> &source = types.front().shape;
  selection.bufferCount = product(source, source.size() - types.back().shape.size());
  selection.bufferIndex = constantValue(ir, match.captured(2));
  return selection;
}

QString bufferDescription(const LayoutSelection &selection) {
  if (selection.bufferCount <= 0)
    return {};
  if (selection.bufferIndex.isEmpty())
    return QStringLiteral("%1 buffers, one drawn").arg(selection.bufferCount);
  return QStringLiteral("buffer %1 of %2").arg(selection.bufferIndex).arg(selection.bufferCount);
}

} // namespace trex::explorer
