// LayoutSelection: picking aliases by name and naming each selected layout.
#include "trex/Tools/LayoutSelection.h"

namespace trex::tools {

mlir::FailureOr<std::vector<SelectedLayout>>
selectAliases(const std::vector<layout::AttributeAlias> &aliases,
              const std::vector<std::string> &names, llvm::raw_ostream &errors) {
  std::vector<SelectedLayout> selected;
  if (names.empty()) {
    for (const layout::AttributeAlias &alias : aliases)
      selected.push_back({alias.name, alias.value, alias.location});
    return selected;
  }
  for (const std::string &name : names) {
    llvm::StringRef bare = llvm::StringRef(name).ltrim('#');
    auto found = llvm::find_if(
        aliases, [&](const layout::AttributeAlias &alias) { return alias.name == bare; });
    if (found == aliases.end()) {
      errors << "Can't find the layout attribute: " << name << "\n";
      return mlir::failure();
    }
    selected.push_back({found->name, found->value, found->location});
  }
  return selected;
}

std::string layoutHeader(const SelectedLayout &layout) {
  std::string header;
  llvm::raw_string_ostream out(header);
  out << "Print layout attribute: ";
  if (!layout.alias.empty())
    out << "#" << layout.alias << " = ";
  out << layout.attribute;
  return header;
}

} // namespace trex::tools
