// `trex layout`: flags -> LayoutRequest -> runLayoutRequest.
#include "commands/layout.h"
#include "commands/launch_flags.h"

#include "trex/Tools/LayoutCommand.h"

#include "llvm/Support/raw_ostream.h"

#include <map>
#include <memory>

namespace trex::cli::layout {
namespace {

// The command's options are the library's request, filled in place by CLI11.
using Options = tools::LayoutRequest;

int run(const Options &options) {
  return tools::runLayoutRequest(options, llvm::outs(), llvm::errs());
}

constexpr const char *kExamples = R"(
Examples:
  trex layout -l '#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>' --shape 16x32
  trex layout -i kernel.ttgir --alias-names blocked,mma -t 'tensor<128x256xf16>' --hw-view
  trex layout -t 'tensor<64x64xf16, #ttg.blocked<{...}>>' --format svg -o blocked.svg
  trex layout -l '#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>' \
      --shape 64x64 --bank-conflicts --reg-layout '#ttg.blocked<{...}>' --elem-type f16 --vec 8

Text output is exactly triton-tensor-layout's.  JSON lists the bases and the owners of every
element (an array with an "alias" per entry for --input).  Tensors above 2^20 elements are
refused.

Bank conflicts: the selected layouts must be shared-memory layouts and --reg-layout the
distributed layout the registers are in (an attribute, or an alias of the --input file).  One
access moves --vec consecutive registers of --elem-type per lane (default element type: the
--tensor-type's, else f16); the report gives the shared-memory wavefronts per access against
the conflict-free ideal, and the banks that collide in the worst access.)";

} // namespace

void setup(CLI::App &app) {
  auto options = std::make_shared<Options>();
  CLI::App *command = app.add_subcommand(
      "layout", "Show how a Triton layout places a tensor in threads or shared memory");
  command->footer(kExamples);

  auto *attribute = command->add_option("-l,--attr", options->layoutAttribute,
                                        "The layout attribute, e.g. '#ttg.blocked<{...}>'");
  auto *input = command->add_option(
      "-i,--input", options->inputFile,
      "A .ttgir/.mlir file: show its layout aliases (#name = #ttg...)");
  attribute->excludes(input);
  command->add_option("--alias-names", options->aliasNames,
                      "Only these aliases of --input, comma separated, in this order")
      ->delimiter(',')
      ->needs(input);
  auto *tensorType = command->add_option(
      "-t,--tensor-type", options->tensorType,
      "The tensor: tensor<128x256xf16> or !ttg.memdesc<...>; its layout is used when neither "
      "--attr nor --input is given");
  auto *shape = command->add_option("--shape", options->shape, "The tensor shape, e.g. 128x256");
  tensorType->excludes(shape);

  const std::map<std::string, trex::layout::LayoutFormat> formats = {
      {"text", trex::layout::LayoutFormat::Text},
      {"json", trex::layout::LayoutFormat::Json},
      {"svg", trex::layout::LayoutFormat::Svg}};
  command->add_option("--format", options->format, "Output format (default: text)")
      ->transform(CLI::CheckedTransformer(formats, CLI::ignore_case).description(""))
      ->type_name("text|json|svg");
  command->add_flag("--hw-view", options->hardwareView,
                    "Per warp, lane and register, the element it holds (instead of who holds "
                    "each element)");
  command->add_option("-o,--output", options->outputFile, "Write to this file instead of stdout");

  auto *bankConflicts = command->add_flag(
      "--bank-conflicts", options->bankConflicts,
      "Report shared-memory bank conflicts of storing --reg-layout registers into the layout");
  command->add_option("--reg-layout", options->registerLayout,
                      "With --bank-conflicts: the registers' distributed layout (attribute or "
                      "alias of --input)")
      ->needs(bankConflicts);
  command->add_option("--elem-type", options->elementType,
                      "With --bank-conflicts: the element type, e.g. f16, bf16, f32, i8")
      ->needs(bankConflicts);
  command
      ->add_option("--vec", options->vectorWidth,
                   "With --bank-conflicts: elements per lane per access (default 1)")
      ->needs(bankConflicts)
      ->check(positiveInteger());

  command->callback([options] {
    if (int exitCode = run(*options))
      throw CLI::RuntimeError(exitCode);
  });
}

} // namespace trex::cli::layout
