// ResourceUsage: a line scan of the assembler's info log, attributing each figure to the
// function named by the latest "Compiling entry function" or "Function properties for" line.
#include "trex/Target/CUDA/ResourceUsage.h"

#include "llvm/ADT/SmallVector.h"

namespace trex::cuda {

namespace {

// The number just before `word` in `line` ("18 registers" -> 18), or -1.
int numberBefore(llvm::StringRef line, llvm::StringRef word) {
  size_t at = line.find(word);
  if (at == llvm::StringRef::npos)
    return -1;
  llvm::StringRef before = line.take_front(at).rtrim();
  size_t start = before.find_last_not_of("0123456789");
  llvm::StringRef digits = start == llvm::StringRef::npos ? before : before.drop_front(start + 1);
  int value = -1;
  if (digits.empty() || digits.getAsInteger(10, value))
    return -1;
  return value;
}

// The function a line introduces ("... entry function 'name' for ..." or "... properties for
// name"), else empty.
llvm::StringRef introducedFunction(llvm::StringRef line) {
  if (size_t at = line.find("Compiling entry function '"); at != llvm::StringRef::npos) {
    llvm::StringRef rest = line.drop_front(at + 26);
    return rest.take_until([](char c) { return c == '\''; });
  }
  if (size_t at = line.find("Function properties for "); at != llvm::StringRef::npos)
    return line.drop_front(at + 24).trim();
  return {};
}

} // namespace

std::optional<ResourceUsage> readResourceUsage(llvm::StringRef log, llvm::StringRef kernel) {
  llvm::SmallVector<llvm::StringRef> lines;
  log.split(lines, '\n');
  ResourceUsage usage;
  bool found = false;
  llvm::StringRef current;
  for (llvm::StringRef line : lines) {
    if (llvm::StringRef name = introducedFunction(line); !name.empty()) {
      current = name;
      continue;
    }
    if (current != kernel)
      continue;
    if (int registers = numberBefore(line, " registers");
        registers >= 0 && line.contains("Used ")) {
      usage.registers = registers;
      found = true;
    }
    if (int stores = numberBefore(line, " bytes spill stores"); stores >= 0)
      usage.spillStoreBytes = stores;
    if (int loads = numberBefore(line, " bytes spill loads"); loads >= 0)
      usage.spillLoadBytes = loads;
    if (int frame = numberBefore(line, " bytes stack frame"); frame >= 0)
      usage.stackFrameBytes = frame;
  }
  if (!found)
    return std::nullopt;
  return usage;
}

} // namespace trex::cuda
