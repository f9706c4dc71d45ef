// The simplify-call-site-locations pass: inlined-call locations MLIR's debug-scope pass can read.
//
// ensure-debug-info-scope-on-llvm-func gives each op with a `callsite(callee at caller)`
// location a lexical block in the callee's file, and reads that file without checking that
// the callee has one; the standard library, compiled from memory, has none.
#include "trex/Conversion/TritonGPUToLLVM/CallSiteLocations.h"

#include "trex/Conversion/TritonGPUToLLVM/Passes.h"

namespace trex {
#define GEN_PASS_DEF_SIMPLIFYCALLSITELOCATIONS
#include "trex/Conversion/TritonGPUToLLVM/Passes.h.inc"
} // namespace trex

using namespace mlir;

namespace trex {

namespace {

// Whether MLIR's debug-scope pass finds a file in `location` (it looks through names and
// opaque locations, nothing else).
bool hasFile(Location location) {
  if (isa<FileLineColLoc>(location))
    return true;
  if (auto name = dyn_cast<NameLoc>(location))
    return hasFile(name.getChildLoc());
  if (auto opaque = dyn_cast<OpaqueLoc>(location))
    return hasFile(opaque.getFallbackLocation());
  return false;
}

// The call site under names and opaque wrappers, if there is one.
CallSiteLoc innerCallSite(Location location) {
  if (auto callSite = dyn_cast<CallSiteLoc>(location))
    return callSite;
  if (auto name = dyn_cast<NameLoc>(location))
    return innerCallSite(name.getChildLoc());
  if (auto opaque = dyn_cast<OpaqueLoc>(location))
    return innerCallSite(opaque.getFallbackLocation());
  return {};
}

struct SimplifyCallSiteLocationsPass
    : public impl::SimplifyCallSiteLocationsBase<SimplifyCallSiteLocationsPass> {
  void runOnOperation() override { simplifyCallSiteLocations(getOperation()); }
};

} // namespace

Location simplifyCallSiteLocation(Location location) {
  auto callSite = dyn_cast<CallSiteLoc>(location);
  if (!callSite || hasFile(callSite.getCallee()))
    return location;
  Location caller = callSite.getCaller();
  if (CallSiteLoc nested = innerCallSite(callSite.getCallee()))
    return simplifyCallSiteLocation(
        CallSiteLoc::get(nested.getCallee(), CallSiteLoc::get(nested.getCaller(), caller)));
  return simplifyCallSiteLocation(caller);
}

void simplifyCallSiteLocations(ModuleOp module) {
  module.walk([](Operation *op) { op->setLoc(simplifyCallSiteLocation(op->getLoc())); });
}

} // namespace trex
