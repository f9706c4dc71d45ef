// ResumedCompile: folding the outcome of a compile from edited IR ("re-run from here") into
// what the explorer shows: the stages and passes before the resume point stay, the ones the
// resumed compile produced replace the rest.
#pragma once

#include "CompileSnapshot.h"

#include <QString>

namespace trex::explorer {

// `current` with every stage `produced` has replaced (by name); the others, the edited one
// included, keep their text. The order stays the pipeline order of `current`.
std::vector<StageText> mergeResumedStages(const std::vector<StageText> &current,
                                          const std::vector<StageText> &produced);

// The passes of `current` that ran before `point` (earlier pipelines, and the earlier passes of
// the point's own pipeline), then `produced`. After an edited pass snapshot, `editedRow`: the
// passes up to that one are kept (the history the edit was made in), then `produced`.
std::vector<PassRecord> mergeResumedPasses(const std::vector<PassRecord> &current,
                                           const std::vector<PassRecord> &produced,
                                           const ResumeRequest &point, int editedRow = -1);

// "ttgir pipeline", "LLVM optimizer", ...: how the explorer names a pipeline.
QString pipelineName(Pipeline pipeline);

// One sentence saying what "re-run from here" does for the IR after `pass` (`point` is where
// it re-enters), including when that only approximates the pass's place: `enclosing` names the
// pass a nested one ran inside.
QString resumeExplanation(const PassRecord &pass, const ResumeRequest &point,
                          const QString &enclosing = QString());

} // namespace trex::explorer
