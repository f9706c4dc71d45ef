// LaunchBoundsCheck: the launch plan's buffers and scalars against the access ranges the
// kernel's ttir computes for them, rendered as located errors.
#include "trex/Tools/LaunchBoundsCheck.h"

#include "trex/Analysis/AccessRange.h"
#include "trex/Dialect/Triton/IR/Dialect.h"
#include "trex/InitAllDialects.h"
#include "trex/Runtime/Error.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>

namespace trex::tools {

namespace {

struct FileLocation {
  std::string file;
  unsigned line = 0;
  unsigned column = 0;
};

// The file position of an op: through names, and into the callee of an inlined call (the
// access is written there), else the call.
std::optional<FileLocation> fileLocation(mlir::Location location) {
  if (auto file = mlir::dyn_cast<mlir::FileLineColLoc>(location))
    return FileLocation{file.getFilename().str(), file.getLine(), file.getColumn()};
  if (auto name = mlir::dyn_cast<mlir::NameLoc>(location))
    return fileLocation(name.getChildLoc());
  if (auto callSite = mlir::dyn_cast<mlir::CallSiteLoc>(location)) {
    if (std::optional<FileLocation> callee = fileLocation(callSite.getCallee()))
      return callee;
    return fileLocation(callSite.getCaller());
  }
  if (auto fused = mlir::dyn_cast<mlir::FusedLoc>(location))
    for (mlir::Location part : fused.getLocations())
      if (std::optional<FileLocation> found = fileLocation(part))
        return found;
  return std::nullopt;
}

// Line `line` (1-based) of the kernel's source: the file the user named when its name matches
// the location's, else the location's file when it exists. Empty when neither is readable.
std::string sourceLine(const FileLocation &location, const std::string &sourcePath) {
  namespace fs = std::filesystem;
  std::string path;
  if (!sourcePath.empty() && fs::path(sourcePath).filename() == fs::path(location.file).filename())
    path = sourcePath;
  else if (std::error_code error; fs::is_regular_file(location.file, error))
    path = location.file;
  std::ifstream stream(path);
  std::string text;
  for (unsigned current = 1; stream && std::getline(stream, text); ++current)
    if (current == location.line)
      return text;
  return "";
}

std::string accessVerb(AccessKind kind) {
  switch (kind) {
  case AccessKind::Load:
    return "loads";
  case AccessKind::Store:
    return "stores to";
  case AccessKind::AtomicRMW:
    return "atomically updates";
  case AccessKind::AtomicCAS:
    return "compares-and-swaps";
  }
  return "accesses";
}

std::string describeProgram(const ProgramId &program) {
  return "(" + std::to_string(program.x) + ", " + std::to_string(program.y) + ", " +
         std::to_string(program.z) + ")";
}

// "with grid (4, 1, 1) and n_elements = 4096": the grid when program ids or counts fed the
// access, and each scalar argument that did.
std::string describeLaunchValues(LaunchDependencies dependencies, const runtime::LaunchPlan &plan) {
  std::vector<std::string> parts;
  if (dependencies & kGridDependency)
    parts.push_back("grid (" + std::to_string(plan.grid.x) + ", " + std::to_string(plan.grid.y) +
                    ", " + std::to_string(plan.grid.z) + ")");
  for (std::size_t index = 0; index < plan.arguments.size(); ++index) {
    const runtime::PlannedArgument &argument = plan.arguments[index];
    if (!argument.buffer && (dependencies & argumentDependency(static_cast<unsigned>(index))))
      parts.push_back(argument.name + " = " + argument.valueText);
  }
  constexpr std::size_t kShown = 6;
  std::size_t hidden = parts.size() > kShown ? parts.size() - kShown : 0;
  parts.resize(std::min(parts.size(), kShown));
  if (hidden)
    parts.push_back(std::to_string(hidden) + " more scalar arguments");
  if (parts.empty())
    return "";
  std::string text = "with " + parts.front();
  for (std::size_t index = 1; index < parts.size(); ++index)
    text += (index + 1 == parts.size() ? " and " : ", ") + parts[index];
  return text;
}

std::string readIfPresent(const std::string &path) {
  std::ifstream stream(path, std::ios::binary);
  if (!stream)
    return "";
  std::ostringstream text;
  text << stream.rdbuf();
  return text.str();
}

// The kernel's IR text next to its metadata: the ttir after its pipeline, else the
// front end's ttir, else the ttgir (its layout conversions are followed as copies).
std::string kernelIRText(const std::string &metadataPath) {
  std::string stem = metadataPath.substr(0, metadataPath.size() - std::string(".json").size());
  for (const char *extension : {".ttir", ".source", ".ttgir"})
    if (std::string text = readIfPresent(stem + extension); !text.empty())
      return text;
  return "";
}

// What the launch gives each kernel parameter, as the evaluator takes it.
std::vector<LaunchArgument> launchArguments(const runtime::LaunchPlan &plan) {
  std::vector<LaunchArgument> arguments;
  for (const runtime::PlannedArgument &argument : plan.arguments) {
    if (argument.buffer)
      arguments.push_back(LaunchArgument::buffer());
    else if (runtime::isFloatingPoint(argument.entry.type))
      arguments.push_back(LaunchArgument::unknown());
    else // the bits; the evaluator wraps them to the parameter's width
      arguments.push_back(LaunchArgument::integer(static_cast<std::int64_t>(argument.scalar.bits)));
  }
  return arguments;
}

// How far outside [0, count) an access reaches (0 when inside).
std::int64_t excess(const AccessRange &access, std::uint64_t count) {
  if (access.minOffset < 0)
    return -access.minOffset;
  if (access.maxOffset >= 0 && static_cast<std::uint64_t>(access.maxOffset) >= count)
    return static_cast<std::int64_t>(static_cast<std::uint64_t>(access.maxOffset) - count + 1);
  return 0;
}

BoundsViolation describeViolation(const AccessRange &access, const runtime::LaunchPlan &plan,
                                  const std::string &sourcePath) {
  const runtime::PlannedArgument &argument = plan.arguments[access.argument];
  BoundsViolation violation;
  violation.argument = argument.name;
  violation.count = argument.buffer->count;
  bool below = access.minOffset < 0;
  violation.index = below ? access.minOffset : access.maxOffset;
  std::string what = "program " + describeProgram(access.program) + " " + accessVerb(access.kind) +
                     " " + argument.name + "[" + std::to_string(violation.index) + "]";
  violation.message =
      below ? what + ", before the start of " + argument.name + " (" + argument.valueText + ")"
            : what + ", but " + argument.name + " holds " + std::to_string(violation.count) +
                  (violation.count == 1 ? " element (" : " elements (") + argument.valueText + ")";
  violation.launchValues = describeLaunchValues(access.dependencies, plan);

  std::ostringstream rendered;
  std::optional<FileLocation> location = fileLocation(access.op->getLoc());
  if (location)
    violation.location = location->file + ":" + std::to_string(location->line) + ":" +
                         std::to_string(location->column);
  rendered << (violation.location.empty() ? "" : violation.location + ": ")
           << "error: " << violation.message << "\n";
  if (location)
    if (std::string line = sourceLine(*location, sourcePath); !line.empty()) {
      rendered << line << "\n";
      // Triton's IR locations carry the Python AST's 0-based column.
      if (location->column <= line.size())
        rendered << std::string(location->column, ' ') << "^\n";
    }
  if (!violation.launchValues.empty())
    rendered << "note: " << violation.launchValues << "\n";
  violation.rendered = rendered.str();
  return violation;
}

} // namespace

std::string BoundsCheckResult::render() const {
  if (violations.empty())
    return "";
  std::string text;
  for (const BoundsViolation &violation : violations)
    text += violation.rendered;
  text += "note: checked before launch on the host; --no-bounds-check launches anyway\n";
  return text;
}

BoundsCheckResult checkLaunchBounds(const std::string &artifactsPath,
                                    const runtime::RunRequest &request,
                                    const std::string &sourcePath) {
  BoundsCheckResult result;
  runtime::LaunchPlan plan;
  try {
    plan = runtime::planLaunch(runtime::findKernelArtifacts(artifactsPath), request);
  } catch (const std::exception &) {
    return result; // the run reports what is wrong with the plan
  }
  std::string text = kernelIRText(plan.artifacts.metadataPath);
  if (text.empty())
    return result;

  mlir::DialectRegistry registry;
  registerAllDialects(registry);
  mlir::MLIRContext context(registry, mlir::MLIRContext::Threading::DISABLED);
  // IR that does not parse is the compiler's business; the check just does not run.
  mlir::ScopedDiagnosticHandler silence(&context,
                                        [](mlir::Diagnostic &) { return mlir::success(); });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &context);
  if (!module)
    return result;
  tt::FuncOp kernel;
  for (tt::FuncOp function : module->getOps<tt::FuncOp>())
    if (function.isPublic() && (!kernel || function.getName() == plan.artifacts.info.name))
      kernel = function;
  if (!kernel || kernel.getNumArguments() != plan.arguments.size())
    return result;
  for (std::size_t index = 0; index < plan.arguments.size(); ++index)
    if (plan.arguments[index].buffer.has_value() !=
        mlir::isa<tt::PointerType>(kernel.getArgument(index).getType()))
      return result;

  GridSize grid = {plan.grid.x, plan.grid.y, plan.grid.z};
  AccessRangeResult ranges =
      evaluateAccessRanges(kernel, launchArguments(plan), grid, representativePrograms(grid));
  result.checked = true;
  result.programsEvaluated = ranges.programs.size();
  result.budgetExhausted = ranges.budgetExhausted;

  // Per access op, the program where it reaches furthest outside its buffer.
  std::vector<mlir::Operation *> order;
  std::map<mlir::Operation *, const AccessRange *> worst;
  for (const AccessRange &access : ranges.accesses) {
    if (!access.known || access.argument >= plan.arguments.size() ||
        !plan.arguments[access.argument].buffer)
      continue;
    std::uint64_t count = plan.arguments[access.argument].buffer->count;
    if (!excess(access, count))
      continue;
    auto [entry, inserted] = worst.try_emplace(access.op, &access);
    if (inserted)
      order.push_back(access.op);
    else if (excess(access, count) > excess(*entry->second, count))
      entry->second = &access;
  }
  for (mlir::Operation *op : order)
    result.violations.push_back(describeViolation(*worst[op], plan, sourcePath));
  return result;
}

} // namespace trex::tools
