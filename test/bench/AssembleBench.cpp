// trex-assemble-bench: the binary step alone. For each PTX file, the time from the PTX text to
// the cubin through nvJitLink in this process (what trex does by default) and through the
// ptxas executable (what Triton does), each the median and the fastest of N runs after a
// warm-up, with the cubin's size. It shows how much of a compile is ptxas's whatever the
// compiler before it did: run it on Triton's PTX and on trex's.
//   trex-assemble-bench [--runs N] [--sm CC] FILE.ptx...
#include "trex/Compiler/Compilation.h"
#include "trex/Target/CUDA/PTXBackend.h"

#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <functional>
#include <optional>
#include <string>
#include <vector>

namespace {

struct Timing {
  double median = 0, fastest = 0;
  size_t bytes = 0;
  std::string error;
};

Timing measure(int runs, const std::function<llvm::Expected<std::string>()> &assemble) {
  Timing timing;
  std::vector<double> samples;
  for (int run = 0; run <= runs; ++run) {
    auto start = std::chrono::steady_clock::now();
    llvm::Expected<std::string> cubin = assemble();
    double ms =
        std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start).count();
    if (!cubin) {
      timing.error = llvm::toString(cubin.takeError());
      return timing;
    }
    timing.bytes = cubin->size();
    if (run > 0)
      samples.push_back(ms);
  }
  std::sort(samples.begin(), samples.end());
  timing.median = samples[samples.size() / 2];
  timing.fastest = samples.front();
  return timing;
}

// False when the step failed.
bool report(llvm::StringRef path, const char *how, const Timing &timing) {
  std::string file = llvm::sys::path::filename(path).str();
  if (!timing.error.empty()) {
    std::printf("%-32s %-18s fails: %s\n", file.c_str(), how, timing.error.c_str());
    return false;
  }
  std::printf("%-32s %-18s %8.2f ms (fastest %.2f)  %zu-byte cubin\n", file.c_str(), how,
              timing.median, timing.fastest, timing.bytes);
  return true;
}

} // namespace

int main(int argc, char **argv) {
  int runs = 9;
  int computeCapability = 90;
  std::vector<const char *> files;
  for (int i = 1; i < argc; ++i) {
    if (!std::strcmp(argv[i], "--runs") && i + 1 < argc)
      runs = std::max(1, std::atoi(argv[++i]));
    else if (!std::strcmp(argv[i], "--sm") && i + 1 < argc)
      computeCapability = std::atoi(argv[++i]);
    else if (argv[i][0] == '-') {
      std::fprintf(stderr, "usage: trex-assemble-bench [--runs N] [--sm CC] FILE.ptx...\n");
      return 2;
    } else
      files.push_back(argv[i]);
  }
  if (files.empty()) {
    std::fprintf(stderr, "usage: trex-assemble-bench [--runs N] [--sm CC] FILE.ptx...\n");
    return 2;
  }
  trex::keepFreedMemoryForReuse();
  std::optional<std::string> jitLink = trex::cuda::findJitLink();
  std::optional<std::string> ptxas = trex::cuda::findPtxas();
  std::printf("nvJitLink: %s\nptxas: %s\n", jitLink ? jitLink->c_str() : "(not found)",
              ptxas ? ptxas->c_str() : "(not found)");
  if (!jitLink && !ptxas) {
    std::fprintf(stderr, "error: neither nvJitLink nor the ptxas executable was found (set "
                         "CUDA_HOME, TREX_NVJITLINK_PATH or TRITON_PTXAS_PATH)\n");
    return 1;
  }
  int status = 0;
  for (const char *file : files) {
    llvm::ErrorOr<std::unique_ptr<llvm::MemoryBuffer>> buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      std::fprintf(stderr, "%s: %s\n", file, buffer.getError().message().c_str());
      status = 1;
      continue;
    }
    std::string ptx = (*buffer)->getBuffer().str();
    std::string log;
    if (jitLink && !report(file, "nvJitLink", measure(runs, [&] {
                             return trex::cuda::assembleInProcess(ptx, computeCapability, *jitLink,
                                                                  log);
                           })))
      status = 1;
    if (ptxas && !report(file, "ptxas executable", measure(runs, [&] {
                           return trex::cuda::assemble(ptx, computeCapability, *ptxas, log);
                         })))
      status = 1;
  }
  return status;
}
