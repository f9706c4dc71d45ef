// TestFiles: reading the files tests compare against (Triton's fixtures, checked-in listings,
// the project's samples), one copy for every test binary (test/CMakeLists.txt puts this folder
// on their include path).
#pragma once

#include <filesystem>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>

namespace trex::test {

// The whole file, byte for byte; empty when it cannot be read (the test's expectations on the
// contents then fail, naming what they compared).
inline std::string readFile(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// The whole file, or none when it cannot be opened (for a test that skips without its inputs).
inline std::optional<std::string> readFileIfPresent(const std::filesystem::path &path) {
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return std::nullopt;
  std::ostringstream text;
  text << in.rdbuf();
  return text.str();
}

// Text without its trailing newlines (printers and fixture files disagree on the last one).
inline std::string trimTrailingNewlines(std::string text) {
  while (!text.empty() && text.back() == '\n')
    text.pop_back();
  return text;
}

} // namespace trex::test
