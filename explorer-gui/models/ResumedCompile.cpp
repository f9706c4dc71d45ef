// ResumedCompile: merging by stage name, keeping passes by (pipeline, position).
#include "ResumedCompile.h"

#include <algorithm>

namespace trex::explorer {

std::vector<StageText> mergeResumedStages(const std::vector<StageText> &current,
                                          const std::vector<StageText> &produced) {
  std::vector<StageText> merged = current;
  for (const StageText &stage : produced) {
    auto same = std::find_if(merged.begin(), merged.end(),
                             [&](const StageText &row) { return row.name == stage.name; });
    if (same != merged.end())
      same->text = stage.text;
    else
      merged.push_back(stage);
  }
  return merged;
}

std::vector<PassRecord> mergeResumedPasses(const std::vector<PassRecord> &current,
                                           const std::vector<PassRecord> &produced,
                                           const ResumeRequest &point, int editedRow) {
  std::vector<PassRecord> merged;
  for (size_t row = 0; row < current.size(); ++row) {
    const PassRecord &pass = current[row];
    bool before = editedRow >= 0 ? static_cast<int>(row) <= editedRow
                                 : pass.pipeline < point.pipeline ||
                                       (pass.pipeline == point.pipeline && pass.step < point.firstStep);
    if (before)
      merged.push_back(pass);
  }
  merged.insert(merged.end(), produced.begin(), produced.end());
  return merged;
}

QString pipelineName(Pipeline pipeline) {
  switch (pipeline) {
  case Pipeline::TTIR:
    return QStringLiteral("ttir pipeline");
  case Pipeline::TTGIR:
    return QStringLiteral("ttgir pipeline");
  case Pipeline::LLVMLowering:
    return QStringLiteral("LLVM lowering (ttgir to the LLVM dialect)");
  case Pipeline::LLVMOptimizer:
    return QStringLiteral("LLVM optimizer");
  case Pipeline::Backend:
    return QStringLiteral("code generation");
  }
  return {};
}

QString resumeExplanation(const PassRecord &pass, const ResumeRequest &point, const QString &enclosing) {
  if (pass.kind == PassRecord::IRKind::LLVM)
    return QStringLiteral("LLVM's optimizer cannot be resumed in the middle: re-running takes this "
                          "module through the whole LLVM optimizer again, then code generation.");
  if (pass.nested)
    return QStringLiteral("This pass ran inside %1: re-running continues after %1 (the rest of its "
                          "work is skipped), with pass %2 of the %3, then every later stage.")
        .arg(enclosing.isEmpty() ? QStringLiteral("another pass") : enclosing)
        .arg(point.firstStep + 1)
        .arg(pipelineName(point.pipeline));
  return QStringLiteral("Re-running continues with pass %1 of the %2 (the passes after this one), "
                        "then every later stage.")
      .arg(point.firstStep + 1)
      .arg(pipelineName(point.pipeline));
}

} // namespace trex::explorer
