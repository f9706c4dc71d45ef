// LayoutCommand: `trex layout` -- layout views as text, JSON or SVG, and bank-conflict reports.
#ifndef TREX_TOOLS_LAYOUTCOMMAND_H
#define TREX_TOOLS_LAYOUTCOMMAND_H

#include "trex/Layout/LayoutRendering.h"

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace trex::tools {

// Everything `trex layout` can be asked; the flag of each field is in brackets.
struct LayoutRequest {
  // Which layouts: one attribute [--attr], or the aliases of an IR file [--input] (those named
  // in [--alias-names], else every alias that is a tensor layout).  With neither, the layout
  // of [--tensor-type].
  std::string layoutAttribute;
  std::string inputFile;
  std::vector<std::string> aliasNames;
  // The tensor: a type [--tensor-type], e.g. tensor<128x256xf16> or !ttg.memdesc<...>, or just
  // a shape [--shape], e.g. 128x256.
  std::string tensorType;
  std::string shape;
  // How [--format, --hw-view] and where [-o] to print.  Text is triton-tensor-layout's output.
  layout::LayoutFormat format = layout::LayoutFormat::Text;
  bool hardwareView = false;
  std::string outputFile;
  // Instead of views, the shared-memory wavefronts of storing registers laid out as
  // [--reg-layout] (an attribute, or an alias of the input file) into each selected shared
  // layout [--bank-conflicts], [--vec] elements of [--elem-type] per lane per access.  The
  // element type defaults to the tensor type's, else f16.
  bool bankConflicts = false;
  std::string registerLayout;
  std::string elementType;
  unsigned vectorWidth = 1;
};

// Runs the request; the output goes to `out` (or the -o file) only when everything succeeded,
// messages to `errors`.  Returns the process exit code.
int runLayoutRequest(const LayoutRequest &request, llvm::raw_ostream &out,
                     llvm::raw_ostream &errors);

} // namespace trex::tools

#endif // TREX_TOOLS_LAYOUTCOMMAND_H
