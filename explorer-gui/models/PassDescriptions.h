// PassDescriptions: what each pass of the timeline is for. MLIR passes (trex's and MLIR's own
// transforms) take the summary and description of their Passes.td, through mlir-tblgen's pass
// documentation generated at build time; LLVM's optimizer passes and the back end's steps have
// no .td, so the common ones get a short sentence written here.
#pragma once

#include "CompileSnapshot.h"

#include <QString>
#include <vector>

namespace trex::explorer {

struct PassDescription {
  // The command-line argument ("tritongpu-coalesce").
  QString argument;
  // One line (Passes.td's `summary`).
  QString summary;
  // Paragraphs in markdown (Passes.td's `description`), without the options list.
  QString description;
};

// Every pass section (### `-argument`) of mlir-tblgen -gen-pass-doc markdown.
std::vector<PassDescription> parsePassDocumentation(const QString &markdown);

// The descriptions generated from the Passes.td files at build time (PassDocs.cpp): trex's
// passes and MLIR's transforms.
const std::vector<PassDescription> &generatedPassDescriptions();

// The sentences for passes without a .td: a few upstream MLIR conversions, LLVM's optimizer
// passes (by LLVM argument) and the back end's steps (by name).
const std::vector<PassDescription> &builtinMLIRPassDescriptions();
const std::vector<PassDescription> &builtinLLVMPassDescriptions();
const std::vector<PassDescription> &builtinBackendStepDescriptions();

// The description of a pass of kind `kind` (the argument decides for MLIR and LLVM passes, the
// name for back-end steps); null when there is none.
const PassDescription *findPassDescription(PassRecord::IRKind kind, const QString &argument,
                                           const QString &name);

// Plain text for a tooltip: "argument (C++ class Name): summary", then the description's first
// paragraph, markdown code marks removed. Just that title when there is no description.
QString passToolTip(PassRecord::IRKind kind, const QString &argument, const QString &name);

// Markdown for the timeline's description area: the summary in bold, then the description.
QString passDescriptionMarkdown(PassRecord::IRKind kind, const QString &argument,
                                const QString &name);

} // namespace trex::explorer
