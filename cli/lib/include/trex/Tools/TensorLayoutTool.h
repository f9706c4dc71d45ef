// TensorLayoutTool: triton-tensor-layout -- Triton's layout printer, same flags, same output.
#ifndef TREX_TOOLS_TENSORLAYOUTTOOL_H
#define TREX_TOOLS_TENSORLAYOUTTOOL_H

#include "llvm/Support/raw_ostream.h"

#include <string>
#include <vector>

namespace trex::tools {

// One flag per field, as Triton's tool spells them.
struct TensorLayoutRequest {
  // -t: the tensor type whose shape the layouts are drawn for, e.g. tensor<128x256xf16>.
  // Required; its own layout, if any, is ignored.
  std::string tensorType;
  // -l: one layout attribute.
  std::string layoutAttribute;
  // -i: an IR file whose attribute aliases (#name = ...) are printed.
  std::string inputFile;
  // -alias-names: only these aliases of the input file, in this order.
  std::vector<std::string> aliasNames;
  // -use-hw-view: what each warp/lane/register holds instead of who holds each element.
  bool useHardwareView = false;
  // -o: write here instead of stdout.
  std::string outputFile;
};

// Prints, for the input file's aliases and then for -l,
//   Print layout attribute: #name = <attribute>      (or: Print layout attribute: <attribute>)
//   <the layout's view for the tensor's shape>
// with an empty line after each alias when -alias-names selects them.  Nothing is written
// unless every layout prints; errors go to `errors`.  Returns the process exit code.
int runTensorLayoutTool(const TensorLayoutRequest &request, llvm::raw_ostream &out,
                        llvm::raw_ostream &errors);

} // namespace trex::tools

#endif // TREX_TOOLS_TENSORLAYOUTTOOL_H
