// LayoutSelection: which layouts a layout tool shows -- a file's aliases (all, or those named)
// and a layout given directly -- and the header line triton-tensor-layout prints for each.
#ifndef TREX_TOOLS_LAYOUTSELECTION_H
#define TREX_TOOLS_LAYOUTSELECTION_H

#include "trex/Layout/LayoutParsing.h"

#include "mlir/IR/Attributes.h"
#include "mlir/IR/Location.h"
#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace trex::tools {

struct SelectedLayout {
  // The alias name without '#', or empty for a layout given directly.
  std::string alias;
  mlir::Attribute attribute;
  // Where it came from, for diagnostics about it (UnknownLoc for command-line text).
  mlir::Location location;
};

// The aliases called `names`, in that order (a leading '#' is allowed), or every alias when
// `names` is empty.  Prints "Can't find the layout attribute: <name>" to `errors` and fails
// for a name the file does not define.
mlir::FailureOr<std::vector<SelectedLayout>>
selectAliases(const std::vector<layout::AttributeAlias> &aliases,
              const std::vector<std::string> &names, llvm::raw_ostream &errors);

// "Print layout attribute: #blocked = #ttg.blocked<{...}>" for an alias,
// "Print layout attribute: #ttg.blocked<{...}>" otherwise; no newline.
std::string layoutHeader(const SelectedLayout &layout);

} // namespace trex::tools

#endif // TREX_TOOLS_LAYOUTSELECTION_H
