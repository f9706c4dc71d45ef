// LayoutSelection: picking aliases by name and naming each selected layout.
#include "trex/Tools/LayoutSelection.h"

#include "trex/Layout/LayoutAdapter.h"

namespace trex::tools {

mlir::FailureOr<std::vector<SelectedLayout>>
selectAliases(const std::vector<layout::AttributeAlias> &aliases,
              const std::vector<std::string> &names, llvm::raw_ostream &errors) {
  std::vector<SelectedLayout> selected;
  if (names.empty()) {
    // A whole file's layouts: the other aliases a ttgir file has (`#loc` locations, `#smem`)
    // are skipped rather than stopping the listing at the first of them. Named ones are
    // printed or refused as given.
    for (const layout::AttributeAlias &alias : aliases)
      if (layout::isTensorLayout(alias.value))
        selected.push_back({alias.name, alias.value, alias.location});
    if (selected.empty() && !aliases.empty()) {
      errors << "No layout attribute among the input file's " << aliases.size() << " aliases\n";
      return mlir::failure();
    }
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
