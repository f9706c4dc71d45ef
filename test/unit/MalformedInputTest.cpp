// Damaged IR must never crash the parser or verifiers: every rejection comes
// with a diagnostic that points into the text (file:line:col).
#include "IRPrinting.h"
#include "TestFiles.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/Parser/Parser.h"
#include "gtest/gtest.h"
#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>

namespace fs = std::filesystem;

namespace {

std::vector<std::string> fixtureTexts() {
  std::vector<std::string> texts;
  std::error_code error;
  if (!fs::is_directory(TREX_FIXTURES_DIR, error))
    return texts;
  for (const auto &entry : fs::recursive_directory_iterator(TREX_FIXTURES_DIR)) {
    std::string extension = entry.path().extension().string();
    if (extension != ".ttir" && extension != ".ttgir")
      continue;
    texts.push_back(trex::test::readFile(entry.path()));
  }
  return texts;
}

// Deletes a span, overwrites a word with a plausible but wrong token, or
// inserts one: the kinds of damage hand-edited IR suffers.
std::string mutate(std::string text, std::mt19937 &random) {
  static const char *const tokens[] = {"0",
                                       "-1",
                                       "3",
                                       "1024",
                                       "#blocked",
                                       "#mma",
                                       "#shared",
                                       "f16",
                                       "i1",
                                       "tensor<",
                                       ">",
                                       ",",
                                       "[",
                                       "]",
                                       "{",
                                       "}",
                                       "=",
                                       "%x",
                                       "!tt.ptr<f32>",
                                       "order",
                                       "opIdx",
                                       "kWidth",
                                       "true",
                                       "#ttg.slice<{dim = 5, parent = #blocked}>",
                                       "#ttg.dot_op<{opIdx = 0, parent = #blocked}>"};
  std::uniform_int_distribution<size_t> position(0, text.size() - 1);
  std::uniform_int_distribution<size_t> token(0, std::size(tokens) - 1);
  std::uniform_int_distribution<int> kind(0, 2), length(1, 20);
  size_t at = position(random);
  switch (kind(random)) {
  case 0:
    text.erase(at, length(random));
    break;
  case 1: {
    size_t end = at;
    while (end < text.size() &&
           (std::isalnum(static_cast<unsigned char>(text[end])) || text[end] == '_'))
      ++end;
    text.replace(at, end - at, tokens[token(random)]);
    break;
  }
  default:
    text.insert(at, tokens[token(random)]);
  }
  return text;
}

TEST(MalformedInput, DamagedFixturesAreRejectedWithLocatedErrors) {
  std::vector<std::string> texts = fixtureTexts();
  ASSERT_FALSE(texts.empty());
  auto context = trex::test::makeContext();
  std::mt19937 random(20261122);
  int rejected = 0;
  for (int trial = 0; trial < 400; ++trial) {
    std::string text = texts[trial % texts.size()];
    for (int damage = 0; damage < 1 + trial % 3; ++damage)
      text = mutate(text, random);

    bool located = false;
    int errors = 0;
    mlir::ScopedDiagnosticHandler handler(context.get(), [&](mlir::Diagnostic &diagnostic) {
      if (diagnostic.getSeverity() == mlir::DiagnosticSeverity::Error) {
        ++errors;
        located |= bool(mlir::dyn_cast<mlir::FileLineColLoc>(diagnostic.getLocation())) ||
                   bool(mlir::dyn_cast<mlir::NameLoc>(diagnostic.getLocation())) ||
                   bool(mlir::dyn_cast<mlir::CallSiteLoc>(diagnostic.getLocation())) ||
                   bool(mlir::dyn_cast<mlir::FusedLoc>(diagnostic.getLocation()));
      }
      return mlir::success();
    });
    auto module = mlir::parseSourceString<mlir::ModuleOp>(text, context.get());
    if (module)
      continue;
    ++rejected;
    EXPECT_GT(errors, 0) << "rejected without an error, trial " << trial;
    EXPECT_TRUE(located) << "error without a location, trial " << trial;
  }
  // Most damage must be caught; a few mutations happen to leave valid IR.
  EXPECT_GT(rejected, 300);
}

} // namespace
