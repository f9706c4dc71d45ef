// The comparison helper of the front-end fixture tests: puts two printed modules in a form
// where only meaning can differ.
//
// "Equal after renaming SSA values and dropping locations" is the standard the front end is
// held to: value names come from Python variable names and Triton's numbering, and the
// locations of trex's standard library are its own. Values are renamed in order of first
// appearance (%v0, %v1, ...), so a wrong operand still shows as a difference, unlike a
// rewrite that erases all names.
#ifndef TREX_TEST_UNIT_IRCOMPARISON_H
#define TREX_TEST_UNIT_IRCOMPARISON_H

#include <string>

namespace trex::test {

struct ComparisonOptions {
  bool dropLocations = true;
  bool renameValues = true;
  // When locations are kept: replace "triton/language/<module>.py":L:C with the file alone,
  // so only the user's positions are compared.
  bool maskStandardLibraryPositions = true;
};

std::string canonicalIR(const std::string &text, const ComparisonOptions &options = {});

// "" when equal after canonicalization, else the first differing line of each.
std::string irDifference(const std::string &expected, const std::string &actual,
                         const ComparisonOptions &options = {});

} // namespace trex::test

#endif // TREX_TEST_UNIT_IRCOMPARISON_H
