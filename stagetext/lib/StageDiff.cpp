// StageDiff: location information dropped per syntax, lines matched by Myers' diff on their
// name-blind form, then each matched pair checked against the name correspondence built from
// the pairs before it.
#include "trex/StageText/StageDiff.h"

#include "trex/StageText/Locations.h"

#include <algorithm>
#include <cctype>
#include <map>
#include <unordered_map>

namespace trex::stagetext {

namespace {

bool isIdentifierCharacter(char c) {
  return std::isalnum(static_cast<unsigned char>(c)) || c == '_' || c == '$' || c == '.' ||
         c == '-';
}

std::string_view trimmed(std::string_view line) {
  size_t start = line.find_first_not_of(" \t");
  if (start == std::string_view::npos)
    return {};
  size_t end = line.find_last_not_of(" \t\r");
  return line.substr(start, end - start + 1);
}

bool startsWith(std::string_view text, std::string_view prefix) {
  return text.substr(0, prefix.size()) == prefix;
}

std::string withoutTrailingBlanks(std::string line) {
  while (!line.empty() && (line.back() == ' ' || line.back() == '\t' || line.back() == '\r'))
    line.pop_back();
  return line;
}

// LLVM IR: `, !dbg !12` attachments.
std::string stripDebugAttachments(std::string_view line) {
  std::string out(line);
  for (size_t at = out.find(", !dbg !"); at != std::string::npos; at = out.find(", !dbg !", at)) {
    size_t end = at + 8;
    while (end < out.size() && std::isdigit(static_cast<unsigned char>(out[end])))
      ++end;
    out.erase(at, end - at);
  }
  return out;
}

// SASS: the `/*0040*/` address before an instruction and the `/* 0x... */` encoding after it.
std::string stripSassComments(std::string_view line) {
  std::string out;
  for (size_t i = 0; i < line.size();) {
    if (line.compare(i, 2, "/*") == 0) {
      size_t end = line.find("*/", i + 2);
      std::string_view inside = trimmed(
          line.substr(i + 2, end == std::string_view::npos ? std::string_view::npos : end - i - 2));
      bool address = !inside.empty() && std::all_of(inside.begin(), inside.end(), [](char c) {
        return std::isxdigit(static_cast<unsigned char>(c));
      });
      if (end != std::string_view::npos && (address || startsWith(inside, "0x"))) {
        i = end + 2;
        continue;
      }
    }
    out.push_back(line[i]);
    ++i;
  }
  return out;
}

bool isDebugMetadataLine(std::string_view line) {
  // `!12 = !DILocation(...)`, `!3 = distinct !DISubprogram(...)`, `!llvm.dbg.cu = !{...}`,
  // and LLVM 19's debug records (`#dbg_value(...)`).
  if (startsWith(line, "#dbg_") || startsWith(line, "!llvm.dbg."))
    return true;
  return startsWith(line, "!") && (line.find("= !DI") != std::string_view::npos ||
                                   line.find("= distinct !DI") != std::string_view::npos);
}

} // namespace

StageSyntax syntaxOfStage(std::string_view stageName) {
  std::string_view name = stageName.substr(0, stageName.find_first_of(" ."));
  if (name == "source" || name == "ttir" || name == "ttgir" || name == "mlir" || name == "input")
    return StageSyntax::MLIR;
  if (name == "llir" || name == "ll")
    return StageSyntax::LLVM;
  if (name == "ptx")
    return StageSyntax::PTX;
  if (name == "amdgcn")
    return StageSyntax::AMDGCN;
  if (name == "sass")
    return StageSyntax::SASS;
  return StageSyntax::Plain;
}

std::vector<ComparableLine> comparableLines(std::string_view text, StageSyntax syntax) {
  std::vector<ComparableLine> lines;
  int number = 0;
  bool inDebugSection = false;
  for (std::string_view line : splitLines(text)) {
    ++number;
    std::string_view bare = trimmed(line);
    std::string kept;
    switch (syntax) {
    case StageSyntax::MLIR:
      if (isLocationAliasLine(line))
        continue;
      kept = stripLocationSuffixes(line);
      break;
    case StageSyntax::LLVM:
      if (isDebugMetadataLine(bare))
        continue;
      kept = stripDebugAttachments(line);
      break;
    case StageSyntax::PTX:
    case StageSyntax::AMDGCN:
      // The DWARF sections of -lineinfo / -g: PTX writes them as `.section .debug_x { bytes }`
      // (or `{ }` on one line); AMDGCN's run to the next section that is not one.
      if (inDebugSection) {
        bool leaves = syntax == StageSyntax::PTX
                          ? bare == "}"
                          : (startsWith(bare, ".section") || startsWith(bare, ".text") ||
                             startsWith(bare, ".amdgpu_metadata")) &&
                                bare.find(".debug") == std::string_view::npos;
        inDebugSection = !leaves;
        if (syntax == StageSyntax::PTX || inDebugSection)
          continue;
      }
      if (startsWith(bare, ".section") && bare.find(".debug") != std::string_view::npos) {
        inDebugSection = syntax == StageSyntax::AMDGCN || bare.find('}') == std::string_view::npos;
        continue;
      }
      if (startsWith(bare, ".loc") && (bare.size() == 4 || bare[4] == ' ' || bare[4] == '\t'))
        continue;
      if (startsWith(bare, ".file") && (bare.size() == 5 || bare[5] == ' ' || bare[5] == '\t'))
        continue;
      kept = std::string(line);
      break;
    case StageSyntax::SASS:
      if (startsWith(bare, "//##"))
        continue;
      kept = stripSassComments(line);
      if (trimmed(kept).empty() && !bare.empty())
        continue;
      break;
    case StageSyntax::Plain:
      kept = std::string(line);
      break;
    }
    lines.push_back({withoutTrailingBlanks(std::move(kept)), number});
  }
  return lines;
}

std::vector<std::pair<size_t, size_t>> nameSpans(std::string_view line, StageSyntax syntax) {
  std::vector<std::pair<size_t, size_t>> spans;
  auto wordStart = [&](size_t i) { return i == 0 || !isIdentifierCharacter(line[i - 1]); };
  for (size_t i = 0; i < line.size();) {
    char c = line[i];
    if (c == '"' && (syntax == StageSyntax::MLIR || syntax == StageSyntax::LLVM)) {
      size_t end = i + 1;
      while (end < line.size() && line[end] != '"')
        end += line[end] == '\\' ? 2 : 1;
      i = end + 1;
      continue;
    }
    size_t end = i + 1;
    bool name = false;
    switch (syntax) {
    case StageSyntax::MLIR:
    case StageSyntax::LLVM:
      if (c == '%' || (c == '^' && syntax == StageSyntax::MLIR)) {
        while (end < line.size() && isIdentifierCharacter(line[end]))
          ++end;
        name = end > i + 1;
      } else if ((c == '!' || c == '#') && syntax == StageSyntax::LLVM && wordStart(i)) {
        while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end])))
          ++end;
        name = end > i + 1 && (end == line.size() || !isIdentifierCharacter(line[end]));
      }
      break;
    case StageSyntax::PTX:
      if (c == '%') {
        // %r12, %rd3, %f7, %p1: a register class and a number; %tid.x and %r<45> are not names.
        while (end < line.size() && std::isalpha(static_cast<unsigned char>(line[end])))
          ++end;
        size_t digits = end;
        while (end < line.size() && std::isdigit(static_cast<unsigned char>(line[end])))
          ++end;
        name = end > digits && (end == line.size() || !isIdentifierCharacter(line[end]));
      } else if (line.compare(i, 4, "$L__") == 0 && wordStart(i)) {
        end = i + 4;
        while (end < line.size() && isIdentifierCharacter(line[end]) && line[end] != '.')
          ++end;
        name = true;
      }
      break;
    case StageSyntax::AMDGCN:
    case StageSyntax::SASS:
      if (line.compare(i, 2, ".L") == 0 && wordStart(i)) {
        end = i + 2;
        while (end < line.size() &&
               (std::isalnum(static_cast<unsigned char>(line[end])) || line[end] == '_'))
          ++end;
        name = end > i + 2;
      }
      break;
    case StageSyntax::Plain:
      break;
    }
    if (name) {
      spans.push_back({i, end});
      i = end;
    } else {
      ++i;
    }
  }
  return spans;
}

namespace {

// The line with each name replaced by its sigil (PTX keeps the register class: %r and %rd
// differ), so two lines that differ only in names are equal.
std::string blindLine(const std::string &line, StageSyntax syntax) {
  std::string out;
  size_t last = 0;
  for (auto [begin, end] : nameSpans(line, syntax)) {
    out.append(line, last, begin - last);
    size_t sigil = begin + 1;
    if (syntax == StageSyntax::PTX && line[begin] == '%')
      while (sigil < end && std::isalpha(static_cast<unsigned char>(line[sigil])))
        ++sigil;
    out.append(line, begin, sigil - begin);
    out += "\x01";
    last = end;
  }
  out.append(line, last, std::string::npos);
  return out;
}

// The one-to-one correspondence between the names of the old and the new text.
class NameCorrespondence {
public:
  // Binds the names of a matched pair when they agree with every binding made so far.
  bool bindPair(const std::string &before, const std::string &after, StageSyntax syntax) {
    auto spansBefore = nameSpans(before, syntax), spansAfter = nameSpans(after, syntax);
    if (spansBefore.size() != spansAfter.size())
      return false;
    std::map<std::string, std::string> newForward, newBackward;
    for (size_t k = 0; k < spansBefore.size(); ++k) {
      std::string oldName =
          before.substr(spansBefore[k].first, spansBefore[k].second - spansBefore[k].first);
      std::string newName =
          after.substr(spansAfter[k].first, spansAfter[k].second - spansAfter[k].first);
      if (!agrees(forward, newForward, oldName, newName) ||
          !agrees(backward, newBackward, newName, oldName))
        return false;
      newForward.emplace(oldName, newName);
      newBackward.emplace(newName, oldName);
    }
    forward.insert(newForward.begin(), newForward.end());
    backward.insert(newBackward.begin(), newBackward.end());
    return true;
  }

private:
  static bool agrees(const std::unordered_map<std::string, std::string> &bound,
                     const std::map<std::string, std::string> &pending, const std::string &from,
                     const std::string &to) {
    if (auto found = bound.find(from); found != bound.end())
      return found->second == to;
    if (auto found = pending.find(from); found != pending.end())
      return found->second == to;
    return true;
  }

  std::unordered_map<std::string, std::string> forward, backward;
};

} // namespace

StageComparison compareStages(std::string_view before, std::string_view after, StageSyntax syntax) {
  std::vector<ComparableLine> a = comparableLines(before, syntax),
                              b = comparableLines(after, syntax);
  std::string blindA, blindB;
  for (const ComparableLine &line : a)
    blindA += blindLine(line.text, syntax) + "\n";
  for (const ComparableLine &line : b)
    blindB += blindLine(line.text, syntax) + "\n";

  NameCorrespondence names;
  StageComparison comparison;
  // Changes are collected per run between unchanged lines so the removed lines come first.
  std::vector<DiffLine> removedRun, addedRun;
  auto flush = [&] {
    for (DiffLine &line : removedRun)
      comparison.lines.push_back(std::move(line));
    for (DiffLine &line : addedRun)
      comparison.lines.push_back(std::move(line));
    comparison.removed += static_cast<int>(removedRun.size());
    comparison.added += static_cast<int>(addedRun.size());
    removedRun.clear();
    addedRun.clear();
  };
  for (const DiffLine &step : diffLines(blindA, blindB)) {
    const ComparableLine *oldLine = step.oldLine ? &a[step.oldLine - 1] : nullptr;
    const ComparableLine *newLine = step.newLine ? &b[step.newLine - 1] : nullptr;
    if (step.kind == DiffLine::Kind::Same && names.bindPair(oldLine->text, newLine->text, syntax)) {
      flush();
      comparison.lines.push_back(
          {DiffLine::Kind::Same, newLine->text, oldLine->originalLine, newLine->originalLine});
      continue;
    }
    if (oldLine)
      removedRun.push_back({DiffLine::Kind::Removed, oldLine->text, oldLine->originalLine, 0});
    if (newLine)
      addedRun.push_back({DiffLine::Kind::Added, newLine->text, 0, newLine->originalLine});
  }
  flush();
  return comparison;
}

} // namespace trex::stagetext
