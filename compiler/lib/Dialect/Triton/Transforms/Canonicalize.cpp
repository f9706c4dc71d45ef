// canonicalize with one frozen pattern set per compile (Canonicalize.h says why).
#include "trex/Dialect/Triton/Transforms/Canonicalize.h"

#include "mlir/IR/Dialect.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Rewrite/FrozenRewritePatternSet.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "mlir/Transforms/Passes.h"

namespace trex {

struct CanonicalizePatternsScope::Shared {
  mlir::MLIRContext *context = nullptr;
  size_t loadedDialects = 0;
  std::shared_ptr<const mlir::FrozenRewritePatternSet> patterns;
};

namespace {

thread_local CanonicalizePatternsScope::Shared *currentScope = nullptr;

using mlir::CanonicalizerOptions;
#define GEN_PASS_DEF_CANONICALIZER
#include "mlir/Transforms/Passes.h.inc"

// Every loaded dialect's canonicalization patterns and every registered op's.
std::shared_ptr<const mlir::FrozenRewritePatternSet>
collectPatterns(mlir::MLIRContext *context, llvm::ArrayRef<std::string> disabled,
                llvm::ArrayRef<std::string> enabled) {
  mlir::RewritePatternSet patterns(context);
  for (mlir::Dialect *dialect : context->getLoadedDialects())
    dialect->getCanonicalizationPatterns(patterns);
  for (mlir::RegisteredOperationName op : context->getRegisteredOperations())
    op.getCanonicalizationPatterns(patterns, context);
  return std::make_shared<const mlir::FrozenRewritePatternSet>(std::move(patterns), disabled,
                                                               enabled);
}

struct SharedPatternCanonicalizer : impl::CanonicalizerBase<SharedPatternCanonicalizer> {
  mlir::LogicalResult initialize(mlir::MLIRContext *context) override {
    CanonicalizePatternsScope::Shared *shared = currentScope;
    if (!shared || !disabledPatterns.empty() || !enabledPatterns.empty()) {
      patterns = collectPatterns(context, disabledPatterns, enabledPatterns);
      return mlir::success();
    }
    // Dialects only ever get loaded, never unloaded: their number tells whether the set the
    // scope holds is still complete.
    size_t loaded = context->getLoadedDialects().size();
    if (!shared->patterns || shared->context != context || shared->loadedDialects != loaded) {
      shared->patterns = collectPatterns(context, {}, {});
      shared->context = context;
      shared->loadedDialects = loaded;
    }
    patterns = shared->patterns;
    return mlir::success();
  }

  void runOnOperation() override {
    mlir::GreedyRewriteConfig config;
    config.setUseTopDownTraversal(topDownProcessingEnabled)
        .setRegionSimplificationLevel(regionSimplifyLevel)
        .setMaxIterations(maxIterations)
        .setMaxNumRewrites(maxNumRewrites);
    // Best effort, as MLIR's: not converging fails the pass only when testing for it.
    if (mlir::failed(mlir::applyPatternsGreedily(getOperation(), *patterns, config)) &&
        testConvergence)
      signalPassFailure();
  }

  std::shared_ptr<const mlir::FrozenRewritePatternSet> patterns;
};

} // namespace

std::unique_ptr<mlir::Pass> createCanonicalizerPass() {
  return std::make_unique<SharedPatternCanonicalizer>();
}

CanonicalizePatternsScope::CanonicalizePatternsScope()
    : shared(std::make_unique<Shared>()), outer(currentScope) {
  currentScope = shared.get();
}

CanonicalizePatternsScope::~CanonicalizePatternsScope() { currentScope = outer; }

void CanonicalizePatternsScope::abandonAll() { currentScope = nullptr; }

} // namespace trex
