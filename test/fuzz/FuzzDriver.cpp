// FuzzDriver: trex's own fuzzing driver, the main() of each fuzz target where libFuzzer is not
// available (GCC builds; see TREX_LIBFUZZER in CMakeLists.txt). Its flags are libFuzzer's, so
// one command line works with either:
//
//   trex-fuzz-python [-runs=N] [-max_total_time=S] [-timeout=S] [-max_len=N] [-seed=N]
//                    [-rss_limit_mb=N] [-artifact_prefix=DIR/] CORPUS_DIR...
//   trex-fuzz-python FILE...        runs each file once (reproduces a saved input)
//   -inject=crash|hang              inputs holding TREX_FUZZ_INJECT abort or hang (the driver's
//                                   own tests)
//
// Fuzzing forks a worker that mutates the corpus (Mutator.h) and runs the target, input after
// input; the worker shows the input it runs in memory shared with this process. The parent
// watches: when the worker dies (a signal, a sanitizer report, an abort from a broken
// contract) the input is saved as crash-HASH, when one input runs past -timeout the worker is
// killed and the input saved as timeout-HASH, past -rss_limit_mb as oom-HASH; each with the
// worker's stderr as HASH.log. Then a new worker continues, until -runs or -max_total_time.
// The summary counts executions, the target's accepted and rejected inputs, and each class
// of failure; the exit status is 1 when there was any.
#include "FuzzTarget.h"
#include "Mutator.h"
#include "TestFiles.h"

#include <algorithm>
#include <atomic>
#include <chrono>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <fcntl.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <unistd.h>

namespace fs = std::filesystem;
using trex::fuzz::outcomeCounts;

namespace {

struct Options {
  uint64_t runs = 0;        // 0: no limit
  double maxTotalTime = 0;  // seconds; 0: no limit
  double timeout = 30;      // seconds per input
  size_t maxLen = 64 << 10; // bytes per input
  uint64_t seed = 0;        // 0: from the clock
  size_t rssLimitMb = 2048; // per worker
  double reportInterval = 30;
  std::string artifactPrefix = "./";
  // -inject=crash|hang: inputs containing kInjectMarker abort or sleep instead of running the
  // target (the driver's own tests).
  std::string inject;
  std::vector<std::string> paths;
};

constexpr const char *kInjectMarker = "TREX_FUZZ_INJECT";

bool parseOptions(int argc, char **argv, Options &options) {
  for (int i = 1; i < argc; ++i) {
    std::string argument = argv[i];
    if (argument.size() < 2 || argument[0] != '-') {
      options.paths.push_back(argument);
      continue;
    }
    size_t equals = argument.find('=');
    std::string name = argument.substr(1, equals == std::string::npos ? equals : equals - 1);
    std::string value = equals == std::string::npos ? "" : argument.substr(equals + 1);
    char *end = nullptr;
    double number = std::strtod(value.c_str(), &end);
    bool numeric = !value.empty() && end && *end == '\0';
    if (name == "artifact_prefix" || name == "inject") {
      (name == "inject" ? options.inject : options.artifactPrefix) = value;
      continue;
    }
    if (!numeric) {
      // libFuzzer's other flags (-print_final_stats=1, -dict=...) are accepted and ignored.
      std::fprintf(stderr, "trex-fuzz: ignoring flag %s\n", argument.c_str());
      continue;
    }
    if (name == "runs")
      options.runs = static_cast<uint64_t>(number);
    else if (name == "max_total_time")
      options.maxTotalTime = number;
    else if (name == "timeout")
      options.timeout = number;
    else if (name == "max_len")
      options.maxLen = static_cast<size_t>(number);
    else if (name == "seed")
      options.seed = static_cast<uint64_t>(number);
    else if (name == "rss_limit_mb")
      options.rssLimitMb = static_cast<size_t>(number);
    else if (name == "report_interval")
      options.reportInterval = number;
    else
      std::fprintf(stderr, "trex-fuzz: ignoring flag %s\n", argument.c_str());
  }
  return true;
}

using trex::test::readFile;

int64_t nowMs() {
  return std::chrono::duration_cast<std::chrono::milliseconds>(
             std::chrono::steady_clock::now().time_since_epoch())
      .count();
}

// FNV-1a: reproducers are named by their content, so a finding saved twice is one file.
std::string hashOf(const std::string &data) {
  uint64_t hash = 1469598103934665603ull;
  for (unsigned char c : data)
    hash = (hash ^ c) * 1099511628211ull;
  char name[17];
  std::snprintf(name, sizeof(name), "%016llx", static_cast<unsigned long long>(hash));
  return name;
}

// What the worker and the parent share: counters and the input being run.
struct SharedState {
  std::atomic<uint64_t> executions;
  std::atomic<uint64_t> accepted;
  std::atomic<uint64_t> rejected;
  std::atomic<uint64_t> seedsRun;
  std::atomic<int64_t> inputStartMs; // 0 between inputs
  std::atomic<uint32_t> inputSize;
  std::atomic<int> stop;
};

// The input being run follows the state in the same mapping.
char *inputBuffer(SharedState &shared) { return reinterpret_cast<char *>(&shared + 1); }
const char *inputBuffer(const SharedState &shared) {
  return reinterpret_cast<const char *>(&shared + 1);
}

SharedState *mapSharedState(size_t maxLen) {
  void *memory = mmap(nullptr, sizeof(SharedState) + maxLen, PROT_READ | PROT_WRITE,
                      MAP_SHARED | MAP_ANONYMOUS, -1, 0);
  if (memory == MAP_FAILED) {
    std::perror("trex-fuzz: mmap");
    std::exit(2);
  }
  return new (memory) SharedState{};
}

// Runs one input in the worker, showing it to the parent first.
void runShown(SharedState &shared, const std::string &input, const Options &options) {
  std::memcpy(inputBuffer(shared), input.data(), input.size());
  shared.inputSize.store(static_cast<uint32_t>(input.size()));
  shared.inputStartMs.store(nowMs());
  uint64_t accepted = outcomeCounts().accepted.load();
  if (!options.inject.empty() && input.find(kInjectMarker) != std::string::npos) {
    if (options.inject == "crash")
      std::abort();
    std::this_thread::sleep_for(std::chrono::hours(1));
  }
  LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()), input.size());
  shared.inputStartMs.store(0);
  shared.executions.fetch_add(1);
  (outcomeCounts().accepted.load() != accepted ? shared.accepted : shared.rejected).fetch_add(1);
}

[[noreturn]] void runWorker(SharedState &shared, std::vector<std::string> pool,
                            const Options &options, uint64_t seed, const std::string &logPath) {
  int log = open(logPath.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0644);
  if (log >= 0) {
    dup2(log, STDERR_FILENO);
    close(log);
  }
  // The seeds themselves first, once per campaign (a restarted worker skips those run).
  // A seed that crashes is counted as run before it runs, so that it crashes once.
  for (size_t i = shared.seedsRun.load();
       i < pool.size() && !shared.stop.load() &&
       !(options.runs && shared.executions.load() >= options.runs);
       ++i) {
    shared.seedsRun.store(i + 1);
    runShown(shared, pool[i].substr(0, options.maxLen), options);
  }
  size_t seeds = pool.size();
  trex::fuzz::Mutator mutator(pool, seed);
  std::mt19937_64 &random = mutator.random();
  auto done = [&] {
    return shared.stop.load() || (options.runs && shared.executions.load() >= options.runs);
  };
  while (!done()) {
    const std::string &base =
        pool[std::uniform_int_distribution<size_t>(0, pool.size() - 1)(random)];
    std::string input = mutator.mutate(base, options.maxLen);
    uint64_t accepted = shared.accepted.load();
    runShown(shared, input, options);
    // Accepted mutants join the pool now and then (without coverage to guide it, this is
    // what lets edits pile up on inputs that still get past the front checks), unless they
    // lost half their base: small inputs are accepted more often, and the pool drifted to
    // empty modules.
    if (shared.accepted.load() != accepted && random() % 8 == 0 &&
        2 * input.size() >= base.size()) {
      if (pool.size() < 4 * seeds + 64)
        pool.push_back(std::move(input));
      else
        pool[seeds + random() % (pool.size() - seeds)] = std::move(input);
    }
  }
  std::fflush(stderr);
  _exit(0);
}

size_t residentMegabytes(pid_t pid) {
  std::ifstream statm("/proc/" + std::to_string(pid) + "/statm");
  size_t pages = 0, resident = 0;
  statm >> pages >> resident;
  return resident * static_cast<size_t>(sysconf(_SC_PAGESIZE)) >> 20;
}

struct Findings {
  uint64_t crashes = 0, timeouts = 0, outOfMemory = 0, restarts = 0;
  std::vector<std::string> files;
};

// Saves the input the worker was running (and its log) as KIND-HASH.
void saveFinding(const SharedState &shared, const Options &options, const std::string &kind,
                 const std::string &logPath, const std::string &why, Findings &findings) {
  std::string input(inputBuffer(shared), shared.inputSize.load());
  std::string path = options.artifactPrefix + kind + "-" + hashOf(input);
  bool known = fs::exists(path);
  if (!known) {
    std::ofstream(path, std::ios::binary) << input;
    std::error_code ignored;
    fs::copy_file(logPath, path + ".log", fs::copy_options::overwrite_existing, ignored);
    findings.files.push_back(path);
  }
  std::fprintf(stderr, "trex-fuzz: %s (%s): %s%s\n", kind.c_str(), why.c_str(), path.c_str(),
               known ? " (seen before)" : "");
}

int fuzz(const Options &options, std::vector<std::string> corpus) {
  if (corpus.empty())
    corpus.push_back("");
  uint64_t seed = options.seed ? options.seed : static_cast<uint64_t>(nowMs());
  SharedState &shared = *mapSharedState(options.maxLen);
  std::string logPath = options.artifactPrefix + "worker-" + std::to_string(getpid()) + ".log";
  Findings findings;
  int64_t start = nowMs(), lastReport = start;
  auto finished = [&] {
    double elapsed = (nowMs() - start) / 1000.0;
    return (options.runs && shared.executions.load() >= options.runs) ||
           (options.maxTotalTime > 0 && elapsed >= options.maxTotalTime);
  };
  auto report = [&](const char *what) {
    double elapsed = std::max(1e-3, (nowMs() - start) / 1000.0);
    uint64_t executions = shared.executions.load();
    std::fprintf(stderr,
                 "trex-fuzz: %s #%llu in %.0f s (%.0f/s), accepted %llu, rejected %llu, "
                 "crashes %llu, timeouts %llu, oom %llu\n",
                 what, static_cast<unsigned long long>(executions), elapsed, executions / elapsed,
                 static_cast<unsigned long long>(shared.accepted.load()),
                 static_cast<unsigned long long>(shared.rejected.load()),
                 static_cast<unsigned long long>(findings.crashes),
                 static_cast<unsigned long long>(findings.timeouts),
                 static_cast<unsigned long long>(findings.outOfMemory));
  };
  std::fprintf(stderr, "trex-fuzz: %zu inputs in the corpus, seed %llu\n", corpus.size(),
               static_cast<unsigned long long>(seed));

  while (!finished()) {
    std::fflush(stderr);
    pid_t worker = fork();
    if (worker < 0) {
      std::perror("trex-fuzz: fork");
      return 2;
    }
    if (worker == 0)
      runWorker(shared, corpus, options, seed + findings.restarts * 7919, logPath);
    int status = 0;
    bool stopping = false;
    for (;;) {
      std::this_thread::sleep_for(std::chrono::milliseconds(20));
      if (waitpid(worker, &status, WNOHANG) == worker)
        break;
      int64_t now = nowMs();
      if (!stopping && finished()) {
        shared.stop.store(1);
        stopping = true;
      }
      int64_t inputStart = shared.inputStartMs.load();
      if (inputStart && now - inputStart > static_cast<int64_t>(options.timeout * 1000)) {
        kill(worker, SIGKILL);
        waitpid(worker, &status, 0);
        ++findings.timeouts;
        saveFinding(shared, options, "timeout", logPath,
                    "one input ran past " + std::to_string(options.timeout) + " s", findings);
        status = -1;
        break;
      }
      if (options.rssLimitMb && residentMegabytes(worker) > options.rssLimitMb) {
        kill(worker, SIGKILL);
        waitpid(worker, &status, 0);
        ++findings.outOfMemory;
        saveFinding(shared, options, "oom", logPath,
                    "the worker passed " + std::to_string(options.rssLimitMb) + " MB", findings);
        status = -1;
        break;
      }
      if (options.reportInterval > 0 && now - lastReport >= options.reportInterval * 1000) {
        report("progress");
        lastReport = now;
      }
    }
    if (status != -1 && (stopping || finished()) && WIFEXITED(status) && WEXITSTATUS(status) == 0)
      break; // the worker stopped because the campaign is over
    if (status != -1) {
      ++findings.crashes;
      std::string why = WIFSIGNALED(status) ? "signal " + std::to_string(WTERMSIG(status)) + " (" +
                                                  strsignal(WTERMSIG(status)) + ")"
                                            : "exit status " + std::to_string(WEXITSTATUS(status));
      saveFinding(shared, options, "crash", logPath, why, findings);
    }
    shared.inputStartMs.store(0);
    ++findings.restarts;
  }
  std::error_code ignored;
  fs::remove(logPath, ignored);
  report("done");
  std::fprintf(stderr, "trex-fuzz: %llu worker restarts; %zu new reproducers%s%s\n",
               static_cast<unsigned long long>(findings.restarts), findings.files.size(),
               findings.files.empty() ? "" : " in ",
               findings.files.empty() ? "" : options.artifactPrefix.c_str());
  for (const std::string &file : findings.files)
    std::fprintf(stderr, "  %s\n", file.c_str());
  return findings.crashes + findings.timeouts + findings.outOfMemory ? 1 : 0;
}

// Runs each file once, with the per-input timeout as an alarm.
int reproduce(const Options &options) {
  for (const std::string &path : options.paths) {
    std::string input = readFile(path);
    std::fprintf(stderr, "trex-fuzz: running %s (%zu bytes)\n", path.c_str(), input.size());
    uint64_t accepted = outcomeCounts().accepted.load();
    alarm(static_cast<unsigned>(std::max(1.0, options.timeout)));
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(input.data()), input.size());
    alarm(0);
    std::fprintf(stderr, "trex-fuzz: %s: %s\n", path.c_str(),
                 outcomeCounts().accepted.load() != accepted ? "accepted" : "rejected");
  }
  return 0;
}

} // namespace

int main(int argc, char **argv) {
  Options options;
  if (!parseOptions(argc, argv, options))
    return 2;
  bool directories = false;
  std::vector<std::string> corpus;
  for (const std::string &path : options.paths) {
    if (fs::is_directory(path)) {
      directories = true;
      std::vector<fs::path> files;
      for (const fs::directory_entry &entry : fs::recursive_directory_iterator(path))
        if (entry.is_regular_file())
          files.push_back(entry.path());
      std::sort(files.begin(), files.end());
      for (const fs::path &file : files)
        corpus.push_back(readFile(file));
    } else if (fs::is_regular_file(path)) {
      corpus.push_back(readFile(path));
    } else {
      std::fprintf(stderr, "trex-fuzz: no file or folder %s\n", path.c_str());
      return 2;
    }
  }
  if (!options.paths.empty() && !directories)
    return reproduce(options);
  if (!options.runs && options.maxTotalTime <= 0) {
    std::fprintf(stderr, "trex-fuzz: give -runs=N or -max_total_time=SECONDS\n");
    return 2;
  }
  return fuzz(options, std::move(corpus));
}
