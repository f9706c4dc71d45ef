// Fuzz target of the Python front end: parses a Triton-Python file and generates the `tt`
// module of one kernel, as `trex compile kernel.py --emit source` does.
//
// The input is the file. An optional first line chooses the kernel and its specialization:
//   # trex-fuzz: KERNEL | SIGNATURE | TARGET
// KERNEL empty picks the file's only kernel; SIGNATURE empty takes the path trex uses without
// --signature (it proposes one from the launches and defaults in the file); TARGET is
// cuda:NN or hip:gfxNNN (default cuda:90). The line is a Python comment, so the line numbers of
// the diagnostics are the input's.
//
// Contract: a module that verifies, or errors each located at a line of the input (or of a
// module it imports) and none of them an internal error.
#include "FuzzTarget.h"

#include "trex/Frontend/CodeGen/CodeGen.h"
#include "trex/InitAllDialects.h"

#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include <algorithm>
#include <memory>
#include <string>

namespace {

// Inside a folder that cannot exist (/dev/null is a file), so imports find nothing on disk.
constexpr const char *kFileName = "/dev/null/fuzz.py";

// Uniqued types, attributes and locations stay in a context for its life: a fresh one every
// so many inputs keeps a long campaign's memory flat.
constexpr int kInputsPerContext = 256;

struct Request {
  trex::frontend::KernelRequest kernel;
  trex::frontend::FrontendOptions options = trex::frontend::FrontendOptions::forCUDA(90);
};

std::string trimmed(std::string_view text) {
  size_t begin = text.find_first_not_of(" \t\r");
  if (begin == std::string_view::npos)
    return {};
  size_t end = text.find_last_not_of(" \t\r");
  return std::string(text.substr(begin, end - begin + 1));
}

Request readRequest(std::string_view source) {
  Request request;
  constexpr std::string_view header = "# trex-fuzz:";
  if (source.substr(0, header.size()) != header)
    return request;
  std::string_view line = source.substr(header.size(), source.find('\n') - header.size());
  size_t first = line.find('|');
  request.kernel.kernelName = trimmed(line.substr(0, first));
  if (first == std::string_view::npos)
    return request;
  std::string_view rest = line.substr(first + 1);
  size_t second = rest.find('|');
  request.kernel.signature = trimmed(rest.substr(0, second));
  if (second == std::string_view::npos)
    return request;
  std::string target = trimmed(rest.substr(second + 1));
  if (target.rfind("hip:", 0) == 0 && target.size() > 4) {
    request.options = trex::frontend::FrontendOptions::forHIP(target.substr(4));
  } else if (target.rfind("cuda:", 0) == 0 && target.size() > 5 && target.size() < 9 &&
             std::all_of(target.begin() + 5, target.end(),
                         [](char c) { return c >= '0' && c <= '9'; })) {
    request.options = trex::frontend::FrontendOptions::forCUDA(std::stoi(target.substr(5)));
  }
  return request;
}

std::unique_ptr<mlir::MLIRContext> makeContext() {
  mlir::DialectRegistry registry;
  trex::registerAllDialects(registry);
  return std::make_unique<mlir::MLIRContext>(registry, mlir::MLIRContext::Threading::DISABLED);
}

} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  static std::unique_ptr<mlir::MLIRContext> context;
  static int inputsInContext = 0;
  if (!context || ++inputsInContext > kInputsPerContext) {
    context.reset();
    context = makeContext();
    inputsInContext = 1;
  }
  std::string_view source(reinterpret_cast<const char *>(data), size);
  Request request = readRequest(source);
  trex::frontend::FrontendResult result =
      trex::frontend::generateKernel(*context, source, kFileName, request.kernel, request.options);

  using trex::python::DiagnosticSeverity;
  // Lines as Python counts them: "\n", "\r\n" and a lone "\r" each end one.
  int lines = 1;
  for (size_t at = 0; at < source.size(); ++at)
    if (source[at] == '\n' ||
        (source[at] == '\r' && (at + 1 == source.size() || source[at + 1] != '\n')))
      ++lines;
  bool anyError = false;
  for (const trex::python::Diagnostic &diagnostic : result.diagnostics) {
    if (diagnostic.severity != DiagnosticSeverity::Error)
      continue;
    anyError = true;
    std::string text = diagnostic.format();
    if (diagnostic.message.find("internal error") != std::string::npos)
      trex::fuzz::reportBrokenContract("an internal error", text, source);
    if (diagnostic.location.line < 1)
      trex::fuzz::reportBrokenContract("an error without a line", text, source);
    if (diagnostic.fileName == kFileName && diagnostic.location.line > lines)
      trex::fuzz::reportBrokenContract("an error past the input's last line", text, source);
  }
  if (result.succeeded()) {
    if (anyError)
      trex::fuzz::reportBrokenContract("a module and an error",
                                       trex::python::formatDiagnostics(result.diagnostics), source);
    trex::fuzz::recordOutcome(trex::fuzz::Outcome::Accepted);
  } else {
    if (!anyError)
      trex::fuzz::reportBrokenContract("neither a module nor an error",
                                       trex::python::formatDiagnostics(result.diagnostics), source);
    trex::fuzz::recordOutcome(trex::fuzz::Outcome::Rejected);
  }
  return 0;
}
