// CodeGenFuzzTest: no kernel makes the code generator crash, hang or throw: the fixture kernels
// with tokens and lines deleted, duplicated, swapped or replaced either compile to a module
// that verifies or come back with an error located in the file.
#include "FixtureKernels.h"
#include "TestFiles.h"

#include "trex/Frontend/CodeGen/CodeGen.h"
#include "trex/Frontend/Python/Lexer.h"
#include "trex/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <atomic>
#include <chrono>
#include <condition_variable>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <random>
#include <thread>

#include <unistd.h>

using namespace trex;
using namespace trex::python::testing;

namespace {

// The AOT signature of each fixture kernel (specs.json), in fixtureKernels() order.
const char *signatureOf(const std::string &fileStem) {
  if (fileStem == "vector_add")
    return "*fp32:16, *fp32:16, *fp32:16, i32:16, 1024";
  if (fileStem == "softmax")
    return "*fp32:16, *fp32:16, i32:16, i32:16, i32:16, 1024";
  if (fileStem == "layernorm")
    return "*fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, *fp32:16, i32:16, i32:16, fp32, "
           "1024";
  return "*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, i32:16, "
         "1, 128, 128, 64, 8";
}

// The text pieces mutations work on: the kernel's tokens (byte ranges) and lines.
struct Piece {
  size_t begin = 0, size = 0;
};

std::vector<Piece> tokenPieces(const std::string &source) {
  std::vector<Piece> pieces;
  python::TokenizeResult tokens = python::tokenizePython(source, "fuzz.py");
  for (const python::Token &token : tokens.tokens)
    if (!token.text.empty())
      pieces.push_back({static_cast<size_t>(token.text.data() - source.data()), token.text.size()});
  return pieces;
}

std::vector<Piece> linePieces(const std::string &source) {
  std::vector<Piece> pieces;
  size_t begin = 0;
  while (begin < source.size()) {
    size_t end = source.find('\n', begin);
    end = end == std::string::npos ? source.size() : end + 1;
    pieces.push_back({begin, end - begin});
    begin = end;
  }
  return pieces;
}

// One edit: delete, duplicate, swap with another piece, overwrite with another piece or (a
// token) with a value of another kind.
std::string mutateOnce(const std::string &source, std::mt19937 &random) {
  bool lines = std::uniform_int_distribution<int>(0, 3)(random) == 0;
  std::vector<Piece> pieces = lines ? linePieces(source) : tokenPieces(source);
  if (pieces.size() < 2)
    return source;
  auto pick = [&] { return pieces[std::uniform_int_distribution<size_t>(0, pieces.size() - 1)(random)]; };
  Piece a = pick(), b = pick();
  auto text = [&](Piece p) { return source.substr(p.begin, p.size); };
  std::string result = source;
  switch (std::uniform_int_distribution<int>(0, 4)(random)) {
  case 0: // delete
    result.erase(a.begin, a.size);
    break;
  case 1: // duplicate
    result.insert(a.begin, text(a) + (lines ? "" : " "));
    break;
  case 2: { // swap
    if (a.begin > b.begin)
      std::swap(a, b);
    if (a.begin + a.size > b.begin)
      break;
    result.replace(b.begin, b.size, text(a));
    result.replace(a.begin, a.size, text(b));
    break;
  }
  case 3: // replace with another piece
    result.replace(a.begin, a.size, text(b));
    break;
  case 4: { // replace a token with a value of another kind
    static const char *const values[] = {"None", "0", "-1", "3", "1.5", "True", "'s'", "(1, 2)",
                                         "tl.float16", "tl.int64", "tl.arange(0, 4)", "[:, None]",
                                         "(2 ** 40)", "tl.sum", "1e30", "tl.program_id(0)"};
    if (!lines)
      result.replace(a.begin, a.size,
                     values[std::uniform_int_distribution<size_t>(0, std::size(values) - 1)(random)]);
    break;
  }
  }
  return result;
}

int countLines(const std::string &source) {
  return 1 + static_cast<int>(std::count(source.begin(), source.end(), '\n'));
}

// The kernel being compiled, for the crash handler (a copy that stays put while it runs).
char crashSource[1 << 16];
size_t crashSourceSize = 0;

void printCrashSource(int signal) {
  static const char header[] = "\ncode generation crashed on:\n";
  (void)!write(2, header, sizeof(header) - 1);
  (void)!write(2, crashSource, crashSourceSize);
  std::signal(signal, SIG_DFL);
  std::raise(signal);
}

// Aborts the process when one compilation takes longer than a few seconds (a hang), and
// prints the kernel that crashed or hung.
class Watchdog {
public:
  Watchdog() : thread_([this] { watch(); }) {
    for (int signal : {SIGSEGV, SIGBUS, SIGFPE, SIGILL, SIGABRT})
      std::signal(signal, printCrashSource);
  }
  ~Watchdog() {
    {
      std::lock_guard<std::mutex> lock(mutex_);
      stop_ = true;
    }
    wake_.notify_all();
    thread_.join();
  }
  void start(const std::string &source) {
    std::lock_guard<std::mutex> lock(mutex_);
    source_ = source;
    crashSourceSize = std::min(source.size(), sizeof(crashSource));
    std::memcpy(crashSource, source.data(), crashSourceSize);
    ++generation_;
  }

private:
  void watch() {
    std::unique_lock<std::mutex> lock(mutex_);
    while (!stop_) {
      long seen = generation_;
      if (wake_.wait_for(lock, std::chrono::seconds(5), [&] { return stop_ || generation_ != seen; }))
        continue;
      std::fprintf(stderr, "code generation hangs on:\n%s\n", source_.c_str());
      std::signal(SIGABRT, SIG_DFL);
      std::abort();
    }
  }

  std::mutex mutex_;
  std::condition_variable wake_;
  std::string source_;
  long generation_ = 0;
  bool stop_ = false;
  std::thread thread_;
};

class CodeGenFuzzTest : public testing::Test {
protected:
  CodeGenFuzzTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
    for (const char *dialect : {"tt", "arith", "math", "scf", "cf", "ub"})
      context.getOrLoadDialect(dialect);
  }

  // Compiles `source` and checks the contract. Returns whether it compiled.
  bool compilesOrFailsCleanly(const std::string &source, const std::string &kernelName,
                              const std::string &signature) {
    frontend::KernelRequest request;
    request.kernelName = kernelName;
    request.signature = signature;
    watchdog.start(source);
    frontend::FrontendResult result = frontend::generateKernel(
        context, source, "fuzz.py", request, frontend::FrontendOptions::forCUDA(90));
    if (result.succeeded()) {
      EXPECT_TRUE(mlir::succeeded(mlir::verify(*result.module))) << source;
      EXPECT_FALSE(python::hasErrors(result.diagnostics))
          << python::formatDiagnostics(result.diagnostics);
      return true;
    }
    EXPECT_TRUE(python::hasErrors(result.diagnostics)) << "no module and no error for:\n" << source;
    for (const python::Diagnostic &diagnostic : result.diagnostics) {
      if (diagnostic.severity != python::DiagnosticSeverity::Error)
        continue;
      EXPECT_GE(diagnostic.location.line, 1) << diagnostic.format() << "for:\n" << source;
      EXPECT_EQ(diagnostic.message.rfind("internal error", 0), std::string::npos)
          << diagnostic.format() << "for:\n" << source;
      if (diagnostic.fileName == "fuzz.py") {
        EXPECT_LE(diagnostic.location.line, countLines(source)) << diagnostic.format();
      }
    }
    return false;
  }

  mlir::MLIRContext context;
  Watchdog watchdog;
};

// TREX_FUZZ_SEED and TREX_FUZZ_ROUNDS (per kernel) explore further than the default run.
unsigned environmentOr(const char *name, unsigned fallback) {
  const char *value = std::getenv(name);
  return value ? static_cast<unsigned>(std::strtoul(value, nullptr, 10)) : fallback;
}

TEST_F(CodeGenFuzzTest, MutatedFixtureKernelsCompileOrFailWithALocatedError) {
  std::mt19937 random(environmentOr("TREX_FUZZ_SEED", 20251122));
  const int rounds = static_cast<int>(environmentOr("TREX_FUZZ_ROUNDS", 1500));
  int compiled = 0, failed = 0;
  auto start = std::chrono::steady_clock::now();
  for (const FixtureKernel &kernel : fixtureKernels()) {
    std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(kernel));
    ASSERT_TRUE(source) << "missing fixture " << kernelSourcePath(kernel);
    ASSERT_TRUE(compilesOrFailsCleanly(*source, kernel.functionName, signatureOf(kernel.fileStem)));
    for (int round = 0; round < rounds; ++round) {
      std::string mutated = *source;
      int edits = std::uniform_int_distribution<int>(1, 2)(random);
      for (int edit = 0; edit < edits; ++edit)
        mutated = mutateOnce(mutated, random);
      bool ok = compilesOrFailsCleanly(mutated, kernel.functionName, signatureOf(kernel.fileStem));
      (ok ? compiled : failed) += 1;
      if (HasFailure())
        return;
    }
  }
  double seconds =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - start).count();
  std::printf("%d mutants compiled, %d rejected, in %.2f s\n", compiled, failed, seconds);
  // Both outcomes must be common, or the mutations are not exercising the code generator.
  EXPECT_GT(compiled, rounds / 8);
  EXPECT_GT(failed, rounds);
}

TEST_F(CodeGenFuzzTest, MutatedSignaturesCompileOrFailWithALocatedError) {
  std::mt19937 random(7);
  static const char *const entries[] = {"*fp32", "*fp16:16", "i32", "i32:16", "i64:1", "fp32",
                                        "1",     "0",        "64",  "True",   "None",  "*kfp32",
                                        "'s'",   "*i1",      "3.5", "i8:1",   "*bf16", "-4"};
  for (const FixtureKernel &kernel : fixtureKernels()) {
    std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(kernel));
    ASSERT_TRUE(source);
    std::string signature = signatureOf(kernel.fileStem);
    for (int round = 0; round < 150; ++round) {
      // Replace, drop or add one entry.
      std::vector<std::string> parts;
      size_t begin = 0;
      for (size_t comma; (comma = signature.find(", ", begin)) != std::string::npos; begin = comma + 2)
        parts.push_back(signature.substr(begin, comma - begin));
      parts.push_back(signature.substr(begin));
      size_t at = std::uniform_int_distribution<size_t>(0, parts.size() - 1)(random);
      std::string entry = entries[std::uniform_int_distribution<size_t>(0, std::size(entries) - 1)(random)];
      switch (std::uniform_int_distribution<int>(0, 2)(random)) {
      case 0:
        parts[at] = entry;
        break;
      case 1:
        parts.erase(parts.begin() + static_cast<long>(at));
        break;
      case 2:
        parts.insert(parts.begin() + static_cast<long>(at), entry);
        break;
      }
      std::string mutated;
      for (size_t i = 0; i < parts.size(); ++i)
        mutated += (i ? ", " : "") + parts[i];
      SCOPED_TRACE(mutated);
      compilesOrFailsCleanly(*source, kernel.functionName, mutated);
      if (HasFailure())
        return;
    }
  }
}

} // namespace
