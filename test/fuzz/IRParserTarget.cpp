// Fuzz target of the IR reader: parses and verifies a ttir or ttgir module the way
// `trex compile kernel.ttir|kernel.ttgir` reads one (nesting guard, parser, verifier, the
// module's target and options checked), and prints it as the input stage, with no pass run.
//
// The input is IR text; one that mentions the ttg dialect is read as .ttgir, any other as .ttir.
// Contract: the stage, or errors; never an internal compiler error (a crash the compile's
// recovery caught, a verifier failure after a pass, a stage that did not print).
#include "FuzzTarget.h"

#include "trex/Compiler/Compilation.h"

#include <string>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  std::string_view text(reinterpret_cast<const char *>(data), size);
  bool ttgir = text.find("ttg.") != std::string_view::npos;
  trex::CompileOptions options;
  options.lastStage = ttgir ? trex::Stage::TTGIR : trex::Stage::TTIR;
  trex::CompilationResult result = trex::compileText(llvm::StringRef(text.data(), text.size()),
                                                     ttgir ? "fuzz.ttgir" : "fuzz.ttir", options);
  for (const trex::CompileDiagnostic &diagnostic : result.diagnostics)
    if (diagnostic.severity == trex::CompileDiagnostic::Severity::Error &&
        (diagnostic.message.find("internal error") != std::string::npos ||
         diagnostic.message.find("internal compiler error") != std::string::npos))
      trex::fuzz::reportBrokenContract("an internal error", result.renderDiagnostics(), text);
  if (!result.succeeded && result.diagnostics.empty())
    trex::fuzz::reportBrokenContract("neither a stage nor an error", "", text);
  trex::fuzz::recordOutcome(result.succeeded ? trex::fuzz::Outcome::Accepted
                                             : trex::fuzz::Outcome::Rejected);
  return 0;
}
