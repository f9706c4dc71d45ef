// triton-tensor-layout: prints Triton layouts with trex, accepting Triton's tool's command lines.
//
//   triton-tensor-layout -l '#ttg.blocked<{...}>' -t 'tensor<128x256xf16>'
//   triton-tensor-layout -i kernel.ttgir -alias-names=blocked,mma -t 'tensor<128x256xf16>' -use-hw-view
#include "trex/Tools/TensorLayoutTool.h"

#include "llvm/Support/CommandLine.h"
#include "llvm/Support/raw_ostream.h"

namespace cl = llvm::cl;

int main(int argc, char **argv) {
  static cl::OptionCategory options("Available Print Options",
                                    "What to print and for which tensor.");
  static cl::opt<std::string> input("i", cl::desc("IR file whose layout aliases are printed"),
                                    cl::value_desc("filename"), cl::cat(options));
  static cl::opt<std::string> output("o", cl::desc("Write the output to this file"),
                                     cl::value_desc("filename"), cl::cat(options));
  static cl::opt<std::string> layout("l", cl::desc("A layout attribute to print"),
                                     cl::value_desc("layout-string"), cl::cat(options));
  static cl::list<std::string> aliasNames(
      "alias-names", cl::desc("Print only these aliases of the input file"),
      cl::value_desc("name1,name2,name3,..."), cl::CommaSeparated, cl::ZeroOrMore,
      cl::cat(options));
  static cl::opt<bool> hardwareView(
      "use-hw-view",
      cl::desc("Print, per warp, the element each lane holds in each register, instead of the "
               "threads holding each tensor element"),
      cl::cat(options));
  static cl::opt<std::string> tensorType(
      "t", cl::desc("The tensor whose shape the layouts are printed for, e.g. tensor<2x2xf32>"),
      cl::value_desc("tensor-type"), cl::cat(options));
  cl::HideUnrelatedOptions(options);
  cl::ParseCommandLineOptions(argc, argv, "tensor layout printer\n");

  trex::tools::TensorLayoutRequest request;
  request.inputFile = input;
  request.outputFile = output;
  request.layoutAttribute = layout;
  request.aliasNames.assign(aliasNames.begin(), aliasNames.end());
  request.useHardwareView = hardwareView;
  request.tensorType = tensorType;
  return trex::tools::runTensorLayoutTool(request, llvm::outs(), llvm::errs());
}
