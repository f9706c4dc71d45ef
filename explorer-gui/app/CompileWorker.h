// CompileWorker: the explorer's compiles run in a child process, the explorer's own executable
// started with `--compile-worker`, so that a crash of the compiler (a segfault, an abort, an LLVM
// fatal error, a stack overflow) ends that process and not the window. The worker creates no
// GUI: it reads CompileRequest frames (CompileMessages.h) on stdin, compiles each and answers
// with a CompileSnapshot frame on stdout, until stdin closes. CompileController drives it.
#pragma once

namespace trex::explorer {

// The switch, and whether argv holds it (then main() runs the worker and nothing else).
inline constexpr char kCompileWorkerSwitch[] = "--compile-worker";
bool isCompileWorkerInvocation(int argc, char **argv);

// Serves requests until stdin closes (0) or carries something that is not a request (2).
int runCompileWorker();

} // namespace trex::explorer
