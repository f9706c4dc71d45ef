// LayoutParameters: the parameters of a layout attribute as the layout panel lists them
// (`sizePerThread = [1, 4]`, ...), each with a sentence saying what it controls, for its
// tooltip. The text is split generically (top-level `key = value` pairs), so a parameter the
// explanations do not know still shows, with a generic note.
#pragma once

#include <QString>
#include <vector>

namespace trex::explorer {

struct LayoutParameter {
  QString key;
  QString value;
  QString explanation;
};

struct LayoutParameters {
  // "blocked", "nvidia_mma", "swizzled_shared", ...; empty when the text is not an attribute.
  QString family;
  std::vector<LayoutParameter> parameters;
};

// Splits `#ttg.family<{key = value, ...}, trailing = value>` into its parameters.
LayoutParameters describeLayoutParameters(const QString &attribute);

// What `key` means in a `family` layout; empty for a key these explanations do not cover.
QString layoutParameterExplanation(const QString &family, const QString &key);

} // namespace trex::explorer
