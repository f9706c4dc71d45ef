// CompileWorker: the request loop. The pipes to the explorer are moved off file descriptors 0
// and 1 first, so that nothing the compiler or a tool it starts (ptxas, nvdisasm) reads or prints
// can take bytes of a frame: fd 0 becomes /dev/null and fd 1 a copy of stderr.
#include "CompileWorker.h"

#include "CompileBridge.h"
#include "CompileMessages.h"

#include <cerrno>
#include <csignal>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <string>
#include <sys/prctl.h>
#include <unistd.h>

namespace trex::explorer {

namespace {

constexpr int kAnswerPipeSize = 1 << 20;

// The test hook (DEVELOPERS.md, environment variables): the worker dies of SIGSEGV on every
// request, as a compiler crash would end it, without writing a core dump.
void crashIfAsked() {
  const char *crash = std::getenv("TREX_EXPLORER_TEST_CRASH");
  if (!crash || std::strcmp(crash, "1") != 0)
    return;
  std::fprintf(stderr, "trex-explorer compile worker: TREX_EXPLORER_TEST_CRASH=1, raising "
                       "SIGSEGV\n");
  std::fflush(stderr);
  prctl(PR_SET_DUMPABLE, 0);
  std::signal(SIGSEGV, SIG_DFL);
  std::raise(SIGSEGV);
}

// False at end of input (nothing read) or on an error or a partial read.
bool readFully(int fd, char *data, size_t size, bool *endOfInput) {
  size_t done = 0;
  while (done < size) {
    ssize_t count = ::read(fd, data + done, size - done);
    if (count < 0 && errno == EINTR)
      continue;
    if (count <= 0) {
      *endOfInput = count == 0 && done == 0;
      return false;
    }
    done += static_cast<size_t>(count);
  }
  return true;
}

bool writeFully(int fd, const char *data, size_t size) {
  size_t done = 0;
  while (done < size) {
    ssize_t count = ::write(fd, data + done, size - done);
    if (count < 0 && errno == EINTR)
      continue;
    if (count <= 0)
      return false;
    done += static_cast<size_t>(count);
  }
  return true;
}

} // namespace

bool isCompileWorkerInvocation(int argc, char **argv) {
  for (int i = 1; i < argc; ++i)
    if (std::strcmp(argv[i], kCompileWorkerSwitch) == 0)
      return true;
  return false;
}

int runCompileWorker() {
  int requests = fcntl(STDIN_FILENO, F_DUPFD_CLOEXEC, 3);
  int answers = fcntl(STDOUT_FILENO, F_DUPFD_CLOEXEC, 3);
  int nothing = ::open("/dev/null", O_RDONLY | O_CLOEXEC);
  if (requests < 0 || answers < 0 || nothing < 0 || dup2(nothing, STDIN_FILENO) < 0 ||
      dup2(STDERR_FILENO, STDOUT_FILENO) < 0) {
    std::fprintf(stderr, "trex-explorer compile worker: cannot set up its pipes: %s\n",
                 std::strerror(errno));
    return 2;
  }
  ::close(nothing);
  // A snapshot with the IR after every pass runs to 100 MB and more: a larger pipe means fewer
  // wake-ups of the window to read it (Linux; where it cannot grow, 64 KB works too).
  fcntl(answers, F_SETPIPE_SZ, kAnswerPipeSize);
  std::string received;
  while (true) {
    char header[kFrameHeaderSize];
    bool endOfInput = false;
    if (!readFully(requests, header, sizeof header, &endOfInput)) {
      if (endOfInput)
        return 0; // the explorer closed the pipe: done
      std::fprintf(stderr, "trex-explorer compile worker: the request stream ended in a frame\n");
      return 2;
    }
    received.assign(header, sizeof header);
    FrameScan scan = scanFrame(received);
    if (scan.state == FrameScan::State::Invalid) {
      std::fprintf(stderr, "trex-explorer compile worker: stdin does not carry requests\n");
      return 2;
    }
    // The header is whole, so the scan knows the payload's size.
    size_t payloadSize = scan.payloadSize;
    received.resize(sizeof header + payloadSize);
    if (!readFully(requests, received.data() + sizeof header, payloadSize, &endOfInput)) {
      std::fprintf(stderr, "trex-explorer compile worker: the request stream ended in a frame\n");
      return 2;
    }
    std::string problem;
    std::optional<CompileRequest> request =
        decodeRequest(std::string_view(received).substr(sizeof header), &problem);
    if (!request) {
      std::fprintf(stderr, "trex-explorer compile worker: a request cannot be read (%s)\n",
                   problem.c_str());
      return 2;
    }
    crashIfAsked();
    CompileSnapshot snapshot = compileKernel(*request);
    if (!writeSnapshotFrame(snapshot, [answers](const char *data, size_t size) {
          return writeFully(answers, data, size);
        }))
      return 0; // the explorer is gone
  }
}

} // namespace trex::explorer
