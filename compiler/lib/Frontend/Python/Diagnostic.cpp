// Diagnostic: located front-end messages and their "file:line:col: error:" rendering.
#include "trex/Frontend/Python/Diagnostic.h"

#include <algorithm>

namespace trex::python {

namespace {

// The text of 1-based line `lineNumber`, accepting \n, \r\n and \r line breaks as Python does.
std::string extractLine(std::string_view source, int lineNumber) {
  int line = 1;
  size_t position = 0;
  while (line < lineNumber && position < source.size()) {
    char c = source[position++];
    if (c == '\r' && position < source.size() && source[position] == '\n')
      ++position;
    if (c == '\n' || c == '\r')
      ++line;
  }
  if (line != lineNumber)
    return {};
  size_t end = source.find_first_of("\r\n", position);
  return std::string(source.substr(
      position, end == std::string_view::npos ? source.size() - position : end - position));
}

std::string_view severityName(DiagnosticSeverity severity) {
  switch (severity) {
  case DiagnosticSeverity::Error:
    return "error";
  case DiagnosticSeverity::Warning:
    return "warning";
  case DiagnosticSeverity::Note:
    return "note";
  case DiagnosticSeverity::Remark:
    return "remark";
  }
  return "error";
}

} // namespace

std::string Diagnostic::format() const {
  // Line 0: about the file as a whole, with no position in it.
  if (location.line <= 0)
    return fileName + ": " + std::string(severityName(severity)) + ": " + message + "\n";
  std::string text = fileName + ":" + std::to_string(location.line) + ":" +
                     std::to_string(displayColumn()) + ": " + std::string(severityName(severity)) +
                     ": " + message + "\n";
  if (sourceLine.empty())
    return text;
  text += sourceLine + "\n";
  // The caret goes under byte `column`.  Tabs are copied so it lines up whatever the tab
  // width, and a multi-byte UTF-8 character takes one column on screen, not one per byte.
  int column = std::max(0, location.column);
  for (int i = 0; i < column; ++i) {
    unsigned char c = i < static_cast<int>(sourceLine.size()) ? sourceLine[i] : ' ';
    if (c == '\t')
      text += '\t';
    else if ((c & 0xC0) != 0x80)
      text += ' ';
  }
  text += "^\n";
  return text;
}

Diagnostic makeDiagnostic(DiagnosticSeverity severity, std::string_view source,
                          std::string fileName, SourceLocation location, std::string message) {
  Diagnostic diagnostic;
  diagnostic.severity = severity;
  diagnostic.fileName = std::move(fileName);
  diagnostic.location = location;
  diagnostic.message = std::move(message);
  diagnostic.sourceLine = extractLine(source, location.line);
  return diagnostic;
}

bool hasErrors(const std::vector<Diagnostic> &diagnostics) {
  return std::any_of(diagnostics.begin(), diagnostics.end(), [](const Diagnostic &diagnostic) {
    return diagnostic.severity == DiagnosticSeverity::Error;
  });
}

std::string formatDiagnostics(const std::vector<Diagnostic> &diagnostics) {
  std::string text;
  for (const Diagnostic &diagnostic : diagnostics)
    text += diagnostic.format();
  return text;
}

} // namespace trex::python
