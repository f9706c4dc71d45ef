// CompileError: what the code generator throws when a kernel is wrong.
//
// The semantic layer throws without a location ("invalid operands of type ..."); the AST
// visitor catches the error at the innermost node being visited and records that node's
// place, as Triton reports errors at its `cur_node`. Errors raised inside a called jit
// function collect the call sites on the way out, so the message can point at the user's
// code and list the chain of calls. Exceptions never leave the front end's API.
#ifndef TREX_FRONTEND_CODEGEN_COMPILEERROR_H
#define TREX_FRONTEND_CODEGEN_COMPILEERROR_H

#include "trex/Frontend/Python/Diagnostic.h"
#include "trex/Frontend/Python/SourceLocation.h"

#include <exception>
#include <string>
#include <vector>

namespace trex::frontend {

struct ModuleScope;

// A place in a Python file: the module (for its name and source) and the position.
struct SourcePoint {
  const ModuleScope *scope = nullptr;
  python::SourceLocation location;
};

class CompileError : public std::exception {
public:
  explicit CompileError(std::string message) : message_(std::move(message)) {}

  const char *what() const noexcept override { return message_.c_str(); }
  const std::string &message() const { return message_; }

  bool isLocated() const { return !frames_.empty(); }
  // Innermost first: where the error happened, then each call site on the way out.
  const std::vector<SourcePoint> &frames() const { return frames_; }
  void addFrame(SourcePoint point) { frames_.push_back(point); }

private:
  std::string message_;
  std::vector<SourcePoint> frames_;
};

[[noreturn]] inline void fail(std::string message) { throw CompileError(std::move(message)); }

// The error as diagnostics: reported at its first frame in `userScope` (the user's file), with
// notes for the frames inside the standard library and for the outer call sites.
void reportCompileError(const CompileError &error, const ModuleScope &userScope,
                        std::vector<python::Diagnostic> &diagnostics);

} // namespace trex::frontend

#endif // TREX_FRONTEND_CODEGEN_COMPILEERROR_H
