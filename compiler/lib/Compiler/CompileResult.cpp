// The functions of CompileResult.h's value types. Like the header, no MLIR or LLVM: this file is
// its own library (TrexCompileResult), which the explorer's Qt models link without the compiler.
#include "trex/Compiler/CompileResult.h"

namespace trex {

std::string AutotuneConfig::describe() const {
  std::string text;
  for (const auto &[name, value] : metaParameters)
    text += (text.empty() ? "" : ", ") + name + "=" + value;
  text += (text.empty() ? "" : "; ") + std::string("num_warps=") + std::to_string(numWarps) +
          ", num_stages=" + std::to_string(numStages);
  if (numCTAs != 1)
    text += ", num_ctas=" + std::to_string(numCTAs);
  if (maxRegisters)
    text += ", maxnreg=" + std::to_string(*maxRegisters);
  return text;
}

std::string CompilationResult::renderDiagnostics(bool remarks) const {
  std::string text;
  for (const CompileDiagnostic &diagnostic : diagnostics)
    if (remarks || !diagnostic.passRemark)
      text += diagnostic.rendered;
  return text;
}

} // namespace trex
