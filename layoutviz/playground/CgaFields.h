// CgaFields: the playground's CTAsPerCGA / CTASplitNum / CTAOrder knobs, turned into the block
// bases of a layout's CGA and found back from them.
#pragma once

#include "layoutviz/CgaLayout.h"

#include <optional>
#include <string>
#include <vector>

namespace trex::playground {

// How the CTAs of a cluster share the tensor, in the spelling of older Triton IR (and of the
// CUDA cluster launch): ctasPerCga[d] CTAs along dim d, of which ctaSplitNum[d] hold different
// parts of it (the others copies); ctaOrder lists the dims from most to least minor.
struct CgaFields {
  std::vector<unsigned> ctasPerCga{1, 1};
  std::vector<unsigned> ctaSplitNum{1, 1};
  std::vector<unsigned> ctaOrder{1, 0};

  unsigned numCtas() const;
  bool isSingleCta() const { return numCtas() == 1; }
};

// Clusters of more CTAs than this are refused (Hopper launches at most 16 per cluster).
inline constexpr unsigned kMaxCtasPerCga = 16;

// Why the fields are not a CGA of rank `rank` (a message naming the field), or "".
std::string cgaFieldsProblem(const CgaFields &fields, size_t rank);
// The CGA the fields describe.  Throws LayoutError with cgaFieldsProblem's message.
layoutviz::CgaLayout cgaLayoutOf(const CgaFields &fields, size_t rank);
// Fields that describe `cga` for a tensor of rank `rank` (the single CTA for no bases), or
// nothing when no CTAsPerCGA / CTASplitNum / CTAOrder of at most kMaxCtasPerCga CTAs gives its
// block bases.
std::optional<CgaFields> cgaFieldsOf(const layoutviz::CgaLayout &cga, size_t rank);
// The fields for rank `rank`: minor dims kept, major ones added as 1 (or dropped).
void resizeCgaFields(CgaFields &fields, size_t rank);

} // namespace trex::playground
