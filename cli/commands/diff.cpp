// `trex diff`: flags -> readCompilationFiles twice -> compareCompilations -> the report.
#include "commands/diff.h"

#include "trex/StageText/CompilationDiff.h"

#include <iostream>
#include <memory>

namespace trex::cli::diff {
namespace {

struct Options {
  std::string before;
  std::string after;
  int context = 3;
};

int run(const Options &options) {
  std::string problem;
  std::optional<stagetext::CompilationFiles> before =
      stagetext::readCompilationFiles(options.before, &problem);
  if (!before) {
    std::cerr << "error: " << problem << "\n";
    return 2;
  }
  std::optional<stagetext::CompilationFiles> after =
      stagetext::readCompilationFiles(options.after, &problem);
  if (!after) {
    std::cerr << "error: " << problem << "\n";
    return 2;
  }
  stagetext::CompilationDifference difference = stagetext::compareCompilations(*before, *after);
  std::cout << stagetext::renderDifference(difference, *before, *after, options.context);
  return difference.identical() ? 0 : 1;
}

} // namespace

void setup(CLI::App &app) {
  auto options = std::make_shared<Options>();
  CLI::App *command = app.add_subcommand(
      "diff", "Compare two compilations (trex compile -o folders or Triton cache entries): each "
              "stage both have, ignoring value renumbering and locations, then the metadata and "
              "the ttgir layouts. Exit status 0: identical, 1: different, 2: unreadable input");
  command->add_option("before", options->before, "The first compilation's folder")->required();
  command->add_option("after", options->after, "The second compilation's folder")->required();
  command->add_option("-U,--context", options->context, "Unchanged lines shown around each change")
      ->capture_default_str()
      ->check(CLI::NonNegativeNumber);
  command->callback([options] {
    if (int exitCode = run(*options))
      throw CLI::RuntimeError(exitCode);
  });
}

} // namespace trex::cli::diff
