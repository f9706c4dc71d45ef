// LineMapping: hand-written scanners for the three location syntaxes. They only look for the
// location pieces (quoted file names followed by :line:col, #loc aliases, !dbg references,
// .loc directives), so they keep working on IR they cannot otherwise parse.
#include "LineMapping.h"

#include "trex/StageText/LineDiff.h"
#include "trex/StageText/Sass.h"

#include <cctype>
#include <functional>
#include <optional>
#include <map>

namespace trex::explorer {

using stagetext::splitLines;

namespace {

std::string baseName(std::string_view path) {
  size_t slash = path.find_last_of('/');
  return std::string(slash == std::string_view::npos ? path : path.substr(slash + 1));
}

bool isIdentifierChar(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.';
}

// Reads the digits at `pos`; -1 when there are none.
long readNumber(std::string_view text, size_t &pos) {
  size_t start = pos;
  while (pos < text.size() && std::isdigit(static_cast<unsigned char>(text[pos])))
    ++pos;
  if (pos == start)
    return -1;
  return std::stol(std::string(text.substr(start, pos - start)));
}

// In an MLIR location's text: every "file":line:col it names directly, and the #loc aliases it
// refers to.
void scanMlirLocation(std::string_view text, std::set<SourceLine> &lines,
                      std::vector<std::string> &aliases) {
  size_t pos = 0;
  while (pos < text.size()) {
    char c = text[pos];
    if (c == '"') {
      size_t close = text.find('"', pos + 1);
      if (close == std::string_view::npos)
        return;
      std::string_view file = text.substr(pos + 1, close - pos - 1);
      pos = close + 1;
      if (pos < text.size() && text[pos] == ':') {
        size_t numberPos = pos + 1;
        long line = readNumber(text, numberPos);
        if (line > 0 && numberPos < text.size() && text[numberPos] == ':')
          lines.insert({baseName(file), static_cast<int>(line)});
        pos = numberPos;
      }
      continue;
    }
    if (c == '#' && text.compare(pos, 4, "#loc") == 0) {
      size_t end = pos + 1;
      while (end < text.size() && isIdentifierChar(text[end]))
        ++end;
      aliases.emplace_back(text.substr(pos, end - pos));
      pos = end;
      continue;
    }
    ++pos;
  }
}

// The text between `loc(` at `open` and its matching parenthesis.
std::string_view balancedBody(std::string_view line, size_t open) {
  int depth = 0;
  bool inString = false;
  for (size_t i = open; i < line.size(); ++i) {
    char c = line[i];
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
      return line.substr(open + 1, i - open - 1);
  }
  return line.substr(open + 1);
}

// Finds `key` followed by a value in an LLVM metadata node ("line: 9", "scope: !4").
std::string_view fieldValue(std::string_view node, std::string_view key) {
  size_t pos = 0;
  while ((pos = node.find(key, pos)) != std::string_view::npos) {
    bool startsWord = pos == 0 || !std::isalnum(static_cast<unsigned char>(node[pos - 1]));
    pos += key.size();
    if (!startsWord)
      continue;
    size_t end = pos;
    while (end < node.size() && node[end] != ',' && node[end] != ')')
      ++end;
    return node.substr(pos, end - pos);
  }
  return {};
}

std::string_view trimmed(std::string_view text) {
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.front())))
    text.remove_prefix(1);
  while (!text.empty() && std::isspace(static_cast<unsigned char>(text.back())))
    text.remove_suffix(1);
  return text;
}

} // namespace

StageLineSources mlirLineSources(const std::string &text) {
  std::vector<std::string_view> lines = splitLines(text);
  // Alias definitions may come after their uses (Triton prints them at the bottom).
  std::map<std::string, std::string_view> aliasBodies;
  std::vector<bool> isAliasDefinition(lines.size(), false);
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (line.compare(0, 4, "#loc") != 0)
      continue;
    size_t equals = line.find(" = loc(");
    if (equals == std::string_view::npos)
      continue;
    isAliasDefinition[i] = true;
    aliasBodies[std::string(line.substr(0, equals))] = balancedBody(line, equals + 6);
  }
  std::map<std::string, std::set<SourceLine>> resolved;
  std::function<const std::set<SourceLine> &(const std::string &, int)> resolve =
      [&](const std::string &alias, int depth) -> const std::set<SourceLine> & {
    auto found = resolved.find(alias);
    if (found != resolved.end())
      return found->second;
    std::set<SourceLine> &result = resolved[alias];
    auto body = aliasBodies.find(alias);
    if (body == aliasBodies.end() || depth > 64)
      return result;
    std::vector<std::string> references;
    std::set<SourceLine> direct;
    scanMlirLocation(body->second, direct, references);
    for (const std::string &reference : references) {
      const std::set<SourceLine> &inner = resolve(reference, depth + 1);
      direct.insert(inner.begin(), inner.end());
    }
    resolved[alias] = direct;
    return resolved[alias];
  };

  StageLineSources sources;
  for (size_t i = 0; i < lines.size(); ++i) {
    if (isAliasDefinition[i])
      continue;
    std::string_view line = lines[i];
    std::set<SourceLine> found;
    size_t pos = 0;
    while ((pos = line.find("loc(", pos)) != std::string_view::npos) {
      bool wordStart = pos == 0 || !isIdentifierChar(line[pos - 1]);
      if (!wordStart) {
        pos += 4;
        continue;
      }
      std::string_view body = balancedBody(line, pos + 3);
      std::vector<std::string> references;
      scanMlirLocation(body, found, references);
      for (const std::string &reference : references) {
        const std::set<SourceLine> &inner = resolve(reference, 0);
        found.insert(inner.begin(), inner.end());
      }
      pos += 4 + body.size();
    }
    if (!found.empty())
      sources[static_cast<int>(i) + 1] = std::move(found);
  }
  return sources;
}

StageLineSources llvmLineSources(const std::string &text) {
  std::vector<std::string_view> lines = splitLines(text);
  std::map<std::string, std::string_view> nodes;
  for (std::string_view line : lines) {
    if (line.empty() || line[0] != '!')
      continue;
    size_t equals = line.find(" = ");
    if (equals != std::string_view::npos)
      nodes[std::string(line.substr(0, equals))] = line.substr(equals + 3);
  }
  auto fileOf = [&](std::string_view node) -> std::string {
    for (int hop = 0; hop < 16; ++hop) {
      if (node.find("!DIFile(") != std::string_view::npos) {
        std::string_view name = trimmed(fieldValue(node, "filename:"));
        if (name.size() >= 2 && name.front() == '"')
          name = name.substr(1, name.size() - 2);
        return baseName(name);
      }
      std::string_view next = trimmed(fieldValue(node, "file:"));
      if (next.empty())
        next = trimmed(fieldValue(node, "scope:"));
      auto found = nodes.find(std::string(next));
      if (next.empty() || found == nodes.end())
        return {};
      node = found->second;
    }
    return {};
  };
  std::map<std::string, std::set<SourceLine>> resolved;
  std::function<std::set<SourceLine>(const std::string &, int)> resolve =
      [&](const std::string &id, int depth) -> std::set<SourceLine> {
    auto cached = resolved.find(id);
    if (cached != resolved.end())
      return cached->second;
    std::set<SourceLine> result;
    auto node = nodes.find(id);
    if (node != nodes.end() && depth < 32) {
      std::string_view lineField = trimmed(fieldValue(node->second, "line:"));
      int line = lineField.empty() ? 0 : std::atoi(std::string(lineField).c_str());
      if (line > 0)
        result.insert({fileOf(node->second), line});
      // An inlined call's location counts as well: that is the line the user wrote.
      std::string_view inlinedAt = trimmed(fieldValue(node->second, "inlinedAt:"));
      if (!inlinedAt.empty()) {
        std::set<SourceLine> outer = resolve(std::string(inlinedAt), depth + 1);
        result.insert(outer.begin(), outer.end());
      }
    }
    resolved[id] = result;
    return result;
  };

  StageLineSources sources;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = lines[i];
    if (!line.empty() && line[0] == '!')
      continue;
    size_t dbg = line.find("!dbg !");
    if (dbg == std::string_view::npos)
      continue;
    size_t end = dbg + 5;
    size_t idEnd = end + 1;
    while (idEnd < line.size() && std::isdigit(static_cast<unsigned char>(line[idEnd])))
      ++idEnd;
    std::set<SourceLine> found = resolve(std::string(line.substr(end, idEnd - end)), 0);
    if (!found.empty())
      sources[static_cast<int>(i) + 1] = std::move(found);
  }
  return sources;
}

StageLineSources assemblyLineSources(const std::string &text) {
  std::vector<std::string_view> lines = splitLines(text);
  // .file directives: PTX prints them after the code, AMDGCN before.
  std::map<long, std::string> files;
  for (std::string_view raw : lines) {
    std::string_view line = trimmed(raw);
    if (line.compare(0, 5, ".file") != 0 || line.size() < 6 || !std::isspace(static_cast<unsigned char>(line[5])))
      continue;
    size_t pos = 5;
    while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos])))
      ++pos;
    long index = readNumber(line, pos);
    std::string lastQuoted;
    while ((pos = line.find('"', pos)) != std::string_view::npos) {
      size_t close = line.find('"', pos + 1);
      if (close == std::string_view::npos)
        break;
      lastQuoted = std::string(line.substr(pos + 1, close - pos - 1));
      pos = close + 1;
    }
    if (index >= 0)
      files[index] = baseName(lastQuoted);
  }

  StageLineSources sources;
  std::optional<SourceLine> current;
  for (size_t i = 0; i < lines.size(); ++i) {
    std::string_view line = trimmed(lines[i]);
    if (line.compare(0, 4, ".loc") == 0 && line.size() > 4 &&
        std::isspace(static_cast<unsigned char>(line[4]))) {
      size_t pos = 4;
      while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos])))
        ++pos;
      long file = readNumber(line, pos);
      while (pos < line.size() && std::isspace(static_cast<unsigned char>(line[pos])))
        ++pos;
      long sourceLine = readNumber(line, pos);
      // Line 0 marks code that belongs to no source line (AMDGCN emits it between lines).
      if (sourceLine > 0)
        current = SourceLine{files.count(file) ? files[file] : std::string(), static_cast<int>(sourceLine)};
      else
        current.reset();
    } else if (line.empty() || line[0] == '}' || line.compare(0, 11, ".Lfunc_end") == 0 ||
               line.compare(0, 6, ".entry") == 0) {
      current.reset();
      continue;
    } else if (line.compare(0, 2, "//") == 0 || line[0] == ';') {
      continue;
    }
    if (current)
      sources[static_cast<int>(i) + 1].insert(*current);
  }
  return sources;
}

StageLineSources sassLineSources(const std::string &text) {
  StageLineSources sources;
  for (const stagetext::SassFunction &function : stagetext::parseSass(text).functions)
    for (const stagetext::SassInstruction &instruction : function.instructions)
      for (const stagetext::SourcePosition &position : instruction.positions)
        sources[instruction.listingLine].insert({baseName(position.file), position.line});
  return sources;
}

void LineMapping::setSourceFile(const std::string &sourceFile) {
  sourceBaseName = baseName(sourceFile);
}

void LineMapping::setStage(const std::string &stage, const std::string &text) {
  StageLineSources sources;
  // "llir (triton)" is read like "llir".
  const std::string syntax = stage.substr(0, stage.find(' '));
  if (syntax == "python") {
    int count = static_cast<int>(splitLines(text).size());
    for (int line = 1; line <= count; ++line)
      sources[line].insert({sourceBaseName, line});
  } else if (syntax == "llir") {
    sources = llvmLineSources(text);
  } else if (syntax == "ptx" || syntax == "amdgcn") {
    sources = assemblyLineSources(text);
  } else if (syntax == "sass") {
    sources = sassLineSources(text);
  } else {
    sources = mlirLineSources(text);
  }
  // Files whose name is unknown (a .loc naming no .file) are taken to be the kernel's own.
  StageLineSources kept;
  for (auto &[line, lineSources] : sources)
    for (const SourceLine &source : lineSources)
      if (sourceBaseName.empty() || source.file.empty() || source.file == sourceBaseName)
        kept[line].insert({sourceBaseName, source.line});
  byStage[stage] = std::move(kept);
}

void LineMapping::clear() { byStage.clear(); }

std::vector<int> LineMapping::stageLinesFor(const std::string &stage, int sourceLine) const {
  std::vector<int> result;
  auto found = byStage.find(stage);
  if (found == byStage.end())
    return result;
  SourceLine wanted{sourceBaseName, sourceLine};
  for (const auto &[line, sources] : found->second)
    if (sources.count(wanted))
      result.push_back(line);
  return result;
}

std::vector<int> LineMapping::sourceLinesFor(const std::string &stage, int stageLine) const {
  std::vector<int> result;
  auto found = byStage.find(stage);
  if (found == byStage.end())
    return result;
  auto line = found->second.find(stageLine);
  if (line == found->second.end())
    return result;
  for (const SourceLine &source : line->second)
    result.push_back(source.line);
  return result;
}

std::map<std::string, std::vector<int>> LineMapping::counterparts(const std::string &stage,
                                                                  int stageLine) const {
  std::map<std::string, std::vector<int>> result;
  std::vector<int> sourceLines = sourceLinesFor(stage, stageLine);
  for (const auto &[name, sources] : byStage) {
    std::set<int> lines;
    for (int sourceLine : sourceLines)
      for (int line : stageLinesFor(name, sourceLine))
        lines.insert(line);
    result[name] = std::vector<int>(lines.begin(), lines.end());
  }
  return result;
}

std::vector<std::string> LineMapping::stages() const {
  std::vector<std::string> names;
  for (const auto &entry : byStage)
    names.push_back(entry.first);
  return names;
}

} // namespace trex::explorer
