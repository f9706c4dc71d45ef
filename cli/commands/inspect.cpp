// `trex inspect`: flags -> runtime::inspectCommand.
#include "commands/inspect.h"

#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/Inspect.h"

#include <iostream>
#include <memory>

namespace trex::cli::inspect {

namespace {

struct Options {
  std::string path;
  std::string signature;
  std::string grid;
  bool json = false;
};

int run(const Options &options) {
  runtime::InspectRequest request;
  request.signature = options.signature;
  request.json = options.json;
  try {
    if (!options.grid.empty())
      request.grid = runtime::parseGrid(options.grid);
  } catch (const runtime::Error &error) {
    std::cerr << "error: " << error.what() << "\n";
    return 1;
  }
  return runtime::inspectCommand(options.path, request, std::cout, std::cerr);
}

} // namespace

void setup(CLI::App &app) {
  auto options = std::make_shared<Options>();
  CLI::App *command = app.add_subcommand(
      "inspect", "Show a compiled kernel's parameters (hidden ones too), scratch, shared memory "
                 "and registers");
  command->add_option("kernel", options->path, "<kernel>.json, or a directory holding one")
      ->required();
  command->add_option("--signature", options->signature,
                      "The kernel's signature (when the metadata does not record it)");
  command->add_option("--grid", options->grid, "Show the scratch bytes for this grid: X[,Y[,Z]]");
  command->add_flag("--json", options->json, "Machine-readable output");
  command->callback([options] {
    if (int exitCode = run(*options))
      throw CLI::RuntimeError(exitCode);
  });
}

} // namespace trex::cli::inspect
