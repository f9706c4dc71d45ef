// The blocked layout a tt.reshape's result keeps when every thread holds the
// same elements before and after it (Triton's legacy reshape inference), and
// the decomposition of a reshape into merged and split dimension groups.
#ifndef TREX_DIALECT_TRITONGPU_IR_BLOCKEDRESHAPE_H
#define TREX_DIALECT_TRITONGPU_IR_BLOCKEDRESHAPE_H

#include "trex/Dialect/TritonGPU/IR/Dialect.h"

#include <utility>

namespace trex::ttg {

// A reshape as a sequence of groups: the source dimensions of a group are
// merged and split again into the group's result dimensions. [4, 4, 4] ->
// [2, 2, 8, 2] is ([0] -> [0, 1]), ([1, 2] -> [2, 3]); a size-1 dimension
// joins the group being built.
using ReshapeGroup = std::pair<llvm::SmallVector<int64_t>, llvm::SmallVector<int64_t>>;
llvm::SmallVector<ReshapeGroup> getReshapeDecomposition(llvm::ArrayRef<int64_t> srcShape,
                                                        llvm::ArrayRef<int64_t> dstShape);

// The blocked layout for a tensor of `dstShape` whose threads hold exactly
// the elements they held in `srcEncoding` (a blocked layout of `srcShape`),
// so that the reshape only renames them. Fails where no blocked layout can
// (merged dimensions out of physical order, a dimension a thread or warp
// spans only partly before a more major one starts, several CTAs); callers
// fall back to a linear layout then. Symmetric: inferring back from the
// result gives the source layout.
mlir::FailureOr<BlockedEncodingAttr> inferBlockedReshapeEncoding(llvm::ArrayRef<int64_t> srcShape,
                                                                 mlir::Attribute srcEncoding,
                                                                 llvm::ArrayRef<int64_t> dstShape);

} // namespace trex::ttg

#endif // TREX_DIALECT_TRITONGPU_IR_BLOCKEDRESHAPE_H
