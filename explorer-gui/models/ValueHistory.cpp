// ValueHistory: text scanning, as LayoutReferences: the operation lines of each pass's IR whose
// operation name matches are the candidates; only their locations are resolved.
#include "ValueHistory.h"

#include "MultiBuffering.h"

#include <QHash>
#include <QRegularExpression>
#include <QStringList>

namespace trex::explorer {

namespace {

// "%a, %b = tt.op ..." / "%a:2 = ...": the results and the operation of a line.
struct Definition {
  QStringList results;
  QString operation;
};

Definition definitionOn(const QString &line) {
  static const QRegularExpression pattern(
      QStringLiteral(R"re(^\s*(%[\w.$#]+(?::\d+)?(?:\s*,\s*%[\w.$#]+(?::\d+)?)*)\s*=\s*"?([a-z_]+\.[a-z_.]+)"?)re"));
  QRegularExpressionMatch match = pattern.match(line);
  if (!match.hasMatch())
    return {};
  Definition definition;
  for (const QString &result : match.captured(1).split(',')) {
    QString name = result.trimmed();
    int colon = name.indexOf(':');
    definition.results << (colon < 0 ? name : name.left(colon));
  }
  definition.operation = match.captured(2);
  return definition;
}

// The body of the last "loc(" of `line` (an operation's own location is printed last).
QString trailingLocation(const QString &line) {
  int open = line.lastIndexOf(QLatin1String(" loc("));
  if (open < 0)
    return {};
  open += 4;
  int depth = 0;
  bool inString = false;
  for (int i = open; i < line.size(); ++i) {
    QChar c = line[i];
    if (inString) {
      if (c == '\\')
        ++i;
      else if (c == '"')
        inString = false;
      continue;
    }
    if (c == '"')
      inString = true;
    else if (c == '(')
      ++depth;
    else if (c == ')' && --depth == 0)
      return line.mid(open + 1, i - open - 1);
  }
  return {};
}

// Resolves #loc aliases of one IR text; aliases may be defined after their uses.
class LocationResolver {
public:
  explicit LocationResolver(const QString &ir) {
    static const QRegularExpression definition(QStringLiteral(R"(^(#loc[\w.$]*)\s*=\s*loc\((.*)\)\s*$)"),
                                               QRegularExpression::MultilineOption);
    QRegularExpressionMatchIterator it = definition.globalMatch(ir);
    while (it.hasNext()) {
      QRegularExpressionMatch match = it.next();
      bodies.insert(match.captured(1), match.captured(2));
    }
  }

  // `location` with every alias replaced by its resolved body.
  QString resolve(const QString &location, int depth = 0) {
    static const QRegularExpression alias(QStringLiteral(R"(#loc[\w.$]*)"));
    if (depth > 32)
      return location;
    QString result;
    int last = 0;
    QRegularExpressionMatchIterator it = alias.globalMatch(location);
    while (it.hasNext()) {
      QRegularExpressionMatch match = it.next();
      result += location.mid(last, match.capturedStart() - last);
      result += resolvedAlias(match.captured(0), depth);
      last = match.capturedEnd();
    }
    return result + location.mid(last);
  }

private:
  QString resolvedAlias(const QString &name, int depth) {
    auto cached = resolved.find(name);
    if (cached != resolved.end())
      return cached.value();
    auto body = bodies.find(name);
    QString value = body == bodies.end() ? name : resolve(body.value(), depth + 1);
    resolved.insert(name, value);
    return value;
  }

  QHash<QString, QString> bodies;
  QHash<QString, QString> resolved;
};

// The value `anchor` names on the line at `index` of `lines`, as a layout selection.
LayoutSelection selectionOnLine(const QStringList &lines, int index, const QString &valueName,
                                const QMap<QString, QString> &aliases) {
  std::vector<LayoutSelection> types = tensorTypesIn(lines[index], aliases);
  if (types.empty())
    return {};
  LayoutSelection selection = types.back();
  selection.valueName = valueName;
  selection.line = index + 1;
  return selection;
}

} // namespace

ValueAnchor valueAnchor(const QString &ir, const QString &valueName, int line) {
  const QStringList lines = ir.split('\n');
  int definingLine = -1;
  Definition definition;
  if (!valueName.isEmpty()) {
    for (int i = 0; i < lines.size() && definingLine < 0; ++i) {
      Definition candidate = definitionOn(lines[i]);
      if (candidate.results.contains(valueName)) {
        definingLine = i;
        definition = candidate;
      }
    }
  } else if (line >= 1 && line <= lines.size()) {
    definition = definitionOn(lines[line - 1]);
    if (!definition.results.isEmpty())
      definingLine = line - 1;
  }
  ValueAnchor anchor;
  anchor.valueName = valueName.isEmpty() && !definition.results.isEmpty() ? definition.results.front() : valueName;
  if (definingLine < 0)
    return anchor; // a block argument: found by name only
  anchor.operation = definition.operation;
  LocationResolver resolver(ir);
  anchor.location = resolver.resolve(trailingLocation(lines[definingLine]));
  for (int i = 0; i < definingLine; ++i) {
    if (!lines[i].contains(anchor.operation))
      continue;
    Definition earlier = definitionOn(lines[i]);
    if (earlier.operation == anchor.operation && resolver.resolve(trailingLocation(lines[i])) == anchor.location)
      ++anchor.occurrence;
  }
  return anchor;
}

LayoutSelection anchoredValue(const QString &ir, const ValueAnchor &anchor) {
  if (!anchor.isValid())
    return {};
  const QStringList lines = ir.split('\n');
  QMap<QString, QString> aliases;
  bool aliasesRead = false;
  auto selectionAt = [&](int index, const QString &name) {
    if (!aliasesRead) {
      aliases = layoutAliases(ir);
      aliasesRead = true;
    }
    // A multi-buffered allocation is drawn as one of its buffers, as a click draws it.
    LayoutSelection selection = oneBuffer(ir, selectionOnLine(lines, index, name, aliases));
    return selection.isValid() ? selection : LayoutSelection();
  };
  if (!anchor.hasLocation()) {
    LayoutSelection byName = layoutOfValue(ir, anchor.valueName);
    return byName.isValid() ? byName : LayoutSelection();
  }
  LocationResolver resolver(ir);
  // The last match when this IR has fewer operations at the location than the anchor's.
  int seen = 0;
  int lastMatch = -1;
  QString lastName;
  for (int i = 0; i < lines.size(); ++i) {
    if (!lines[i].contains(anchor.operation))
      continue;
    Definition definition = definitionOn(lines[i]);
    if (definition.operation != anchor.operation ||
        resolver.resolve(trailingLocation(lines[i])) != anchor.location)
      continue;
    lastMatch = i;
    lastName = definition.results.front();
    if (seen++ == anchor.occurrence)
      return selectionAt(i, lastName);
  }
  return lastMatch < 0 ? LayoutSelection() : selectionAt(lastMatch, lastName);
}

std::vector<LayoutHistoryEntry> layoutHistory(const ValueAnchor &anchor, const std::vector<PassRecord> &passes) {
  std::vector<LayoutHistoryEntry> history;
  for (size_t row = 0; row < passes.size(); ++row) {
    const PassRecord &pass = passes[row];
    if (pass.kind != PassRecord::IRKind::MLIR || pass.ir.empty())
      continue;
    LayoutSelection value = anchoredValue(QString::fromStdString(pass.ir), anchor);
    if (!value.isValid())
      continue;
    LayoutHistoryEntry entry;
    entry.passRow = static_cast<int>(row);
    entry.passName = QString::fromStdString(pass.argument.empty() ? pass.name : pass.argument);
    entry.changed = history.empty() || history.back().value.attribute != value.attribute;
    entry.value = value;
    history.push_back(entry);
  }
  return history;
}

} // namespace trex::explorer
