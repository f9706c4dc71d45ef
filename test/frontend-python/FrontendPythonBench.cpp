// FrontendPythonBench: times tokenizing and parsing each fixture kernel file (the whole file:
// imports, kernel and SPECS table), as the compiler does before every compilation.
#include "FixtureKernels.h"
#include "TestFiles.h"

#include "trex/Frontend/Python/Lexer.h"
#include "trex/Frontend/Python/Parser.h"
#include "trex/Frontend/Python/TritonFunctions.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <vector>

using namespace trex::python;
using namespace trex::python::testing;

namespace {

// The median of `rounds` timings of `work`, in microseconds.
template <typename Work> double medianMicroseconds(int rounds, Work work) {
  std::vector<double> samples;
  for (int round = 0; round < rounds; ++round) {
    auto start = std::chrono::steady_clock::now();
    work();
    samples.push_back(
        std::chrono::duration<double, std::micro>(std::chrono::steady_clock::now() - start)
            .count());
  }
  std::nth_element(samples.begin(), samples.begin() + rounds / 2, samples.end());
  return samples[rounds / 2];
}

} // namespace

int main() {
  constexpr int Rounds = 2000;
  for (const FixtureKernel &kernel : fixtureKernels()) {
    std::optional<std::string> source = trex::test::readFileIfPresent(kernelSourcePath(kernel));
    if (!source) {
      std::fprintf(stderr, "missing fixture %s\n", kernelSourcePath(kernel).c_str());
      return 1;
    }
    std::string fileName = kernel.fileStem + ".py";
    size_t tokens = 0;
    double tokenize = medianMicroseconds(
        Rounds, [&] { tokens = tokenizePython(*source, fileName).tokens.size(); });
    double parse = medianMicroseconds(Rounds, [&] {
      ParseResult result = parsePythonModule(*source, fileName);
      if (!result.succeeded())
        std::abort();
    });
    double parseAndFind = medianMicroseconds(Rounds, [&] {
      ParseResult result = parsePythonModule(*source, fileName);
      findTritonFunctions(*result.module, *source);
    });
    std::printf("%-14s %5zu bytes %4zu tokens: tokenize %6.1f us, parse %6.1f us, "
                "parse + find kernels %6.1f us (median of %d)\n",
                fileName.c_str(), source->size(), tokens, tokenize, parse, parseAndFind, Rounds);
  }
  return 0;
}
