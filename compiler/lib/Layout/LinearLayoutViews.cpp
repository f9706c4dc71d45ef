// LinearLayoutViews: reshape and transpose a ttg layout as a linear layout, back to #ttg.linear.
#include "trex/Layout/LinearLayoutViews.h"

#include "layoutviz/LayoutError.h"
#include "layoutviz/LayoutShaping.h"

#include <algorithm>
#include <exception>
#include <stdexcept>
#include <string>
#include <vector>

using namespace mlir;

namespace trex::layout {
namespace lv = layoutviz;

namespace {

// Runs a layoutviz computation that may throw LayoutError, as a diagnostic instead.
template <typename Fn>
FailureOr<lv::LinearLayout> guarded(EmitErrorFn emitError, const char *what, Fn &&fn) {
  try {
    return fn();
  } catch (const std::exception &error) {
    return emitError() << what << ": " << error.what();
  }
}

} // namespace

FailureOr<ttg::LinearEncodingAttr> toLinearEncodingAttr(MLIRContext *context,
                                                        const lv::LinearLayout &layout,
                                                        EmitErrorFn emitError) {
  ttg::LinearBases bases;
  bases.rank = static_cast<unsigned>(layout.getNumOutDims());
  for (const std::string &inDim : {lv::kRegister, lv::kLane, lv::kWarp, lv::kBlock}) {
    ttg::BasisList list;
    if (layout.hasInDim(inDim))
      list = layout.getInDimBases(inDim);
    bases.dims.emplace_back(inDim, std::move(list));
  }
  for (const std::string &inDim : layout.getInDimNames())
    if (inDim != lv::kRegister && inDim != lv::kLane && inDim != lv::kWarp && inDim != lv::kBlock)
      return emitError() << "a distributed layout has no hardware dimension '" << inDim << "'";
  return ttg::LinearEncodingAttr::getChecked(emitError, context, std::move(bases));
}

FailureOr<ttg::LinearEncodingAttr> reshapeAsLinearEncoding(Attribute srcEncoding,
                                                           ArrayRef<int64_t> srcShape,
                                                           ArrayRef<int64_t> dstShape,
                                                           EmitErrorFn emitError) {
  FailureOr<lv::LinearLayout> src = toLinearLayout(srcEncoding, srcShape, emitError);
  if (failed(src))
    return failure();
  FailureOr<lv::LinearLayout> dst = guarded(emitError, "cannot reshape the layout", [&] {
    // reshapeOuts regroups the bits of the out-dims with the first out-dim least
    // significant, while a tensor is flattened row-major (last dimension least
    // significant): reverse the dimensions around the regrouping.
    std::vector<std::string> srcDims = src->getOutDimNames();
    std::reverse(srcDims.begin(), srcDims.end());
    std::vector<std::string> dstNames = lv::standardOutDimNames(static_cast<int>(dstShape.size()));
    lv::LinearLayout::DimSizes dstDims;
    for (auto [name, size] : llvm::zip(dstNames, dstShape))
      dstDims.emplace_back(name, static_cast<int32_t>(size));
    std::reverse(dstDims.begin(), dstDims.end());
    return src->transposeOuts(srcDims).reshapeOuts(dstDims).transposeOuts(dstNames);
  });
  if (failed(dst))
    return failure();
  return toLinearEncodingAttr(srcEncoding.getContext(), *dst, emitError);
}

FailureOr<ttg::LinearEncodingAttr> transposeAsLinearEncoding(Attribute srcEncoding,
                                                             ArrayRef<int64_t> srcShape,
                                                             ArrayRef<int32_t> order,
                                                             EmitErrorFn emitError) {
  if (order.size() != srcShape.size())
    return emitError() << "a transpose of a rank-" << srcShape.size() << " tensor needs "
                       << srcShape.size() << " dimensions in its order, got " << order.size();
  std::vector<bool> seen(order.size(), false);
  for (int32_t dim : order) {
    if (dim < 0 || static_cast<size_t>(dim) >= order.size() || seen[dim])
      return emitError() << "a transpose order must be a permutation of the dimensions";
    seen[dim] = true;
  }
  FailureOr<lv::LinearLayout> src = toLinearLayout(srcEncoding, srcShape, emitError);
  if (failed(src))
    return failure();
  FailureOr<lv::LinearLayout> dst = guarded(emitError, "cannot transpose the layout", [&] {
    lv::LinearLayout::BasesList bases;
    for (const std::string &inDim : src->getInDimNames()) {
      std::vector<lv::LinearLayout::Basis> permuted;
      for (const lv::LinearLayout::Basis &basis : src->getInDimBases(inDim)) {
        lv::LinearLayout::Basis moved;
        for (int32_t dim : order)
          moved.push_back(basis[dim]);
        permuted.push_back(std::move(moved));
      }
      bases.emplace_back(inDim, std::move(permuted));
    }
    return lv::LinearLayout(std::move(bases),
                            lv::standardOutDimNames(static_cast<int>(order.size())));
  });
  if (failed(dst))
    return failure();
  return toLinearEncodingAttr(srcEncoding.getContext(), *dst, emitError);
}

FailureOr<ttg::LinearEncodingAttr>
splitAsLinearEncoding(Attribute srcEncoding, ArrayRef<int64_t> srcShape, EmitErrorFn emitError) {
  if (srcShape.size() < 2 || srcShape.back() != 2)
    return emitError() << "tt.split takes a tensor whose last dimension is 2";
  FailureOr<lv::LinearLayout> src = toLinearLayout(srcEncoding, srcShape, emitError);
  if (failed(src))
    return failure();
  size_t last = srcShape.size() - 1;
  FailureOr<lv::LinearLayout> dst = guarded(emitError, "cannot split the layout", [&] {
    lv::LinearLayout::BasesList bases;
    bool found = false;
    for (const std::string &inDim : src->getInDimNames()) {
      std::vector<lv::LinearLayout::Basis> kept;
      for (const lv::LinearLayout::Basis &basis : src->getInDimBases(inDim)) {
        if (basis[last] == 0) {
          kept.emplace_back(basis.begin(), basis.end() - 1);
          continue;
        }
        bool pairOnly =
            inDim == lv::kRegister && !found && basis[last] == 1 &&
            std::all_of(basis.begin(), basis.end() - 1, [](int32_t v) { return v == 0; });
        if (!pairOnly)
          throw std::runtime_error("the split dimension is not one register of each thread");
        found = true;
      }
      bases.emplace_back(inDim, std::move(kept));
    }
    if (!found)
      throw std::runtime_error("the split dimension is not held in registers");
    return lv::LinearLayout(std::move(bases), lv::standardOutDimNames(static_cast<int>(last)));
  });
  if (failed(dst))
    return failure();
  return toLinearEncodingAttr(srcEncoding.getContext(), *dst, emitError);
}

FailureOr<ttg::LinearEncodingAttr>
joinAsLinearEncoding(Attribute srcEncoding, ArrayRef<int64_t> srcShape, EmitErrorFn emitError) {
  FailureOr<lv::LinearLayout> src = toLinearLayout(srcEncoding, srcShape, emitError);
  if (failed(src))
    return failure();
  size_t rank = srcShape.size();
  FailureOr<lv::LinearLayout> dst = guarded(emitError, "cannot join the layout", [&] {
    lv::LinearLayout::BasesList bases;
    for (const std::string &inDim : src->getInDimNames()) {
      std::vector<lv::LinearLayout::Basis> extended;
      if (inDim == lv::kRegister) {
        lv::LinearLayout::Basis pair(rank + 1, 0);
        pair[rank] = 1;
        extended.push_back(std::move(pair));
      }
      for (const lv::LinearLayout::Basis &basis : src->getInDimBases(inDim)) {
        extended.emplace_back(basis.begin(), basis.end());
        extended.back().push_back(0);
      }
      bases.emplace_back(inDim, std::move(extended));
    }
    return lv::LinearLayout(std::move(bases), lv::standardOutDimNames(static_cast<int>(rank + 1)));
  });
  if (failed(dst))
    return failure();
  return toLinearEncodingAttr(srcEncoding.getContext(), *dst, emitError);
}

FailureOr<ttg::LinearEncodingAttr> fp4UnpackedAsLinearEncoding(Attribute srcEncoding,
                                                               ArrayRef<int64_t> srcShape, int axis,
                                                               EmitErrorFn emitError) {
  if (axis < 0 || static_cast<size_t>(axis) >= srcShape.size())
    return emitError() << "fp4 unpacking axis " << axis << " is not a dimension";
  FailureOr<lv::LinearLayout> src = toLinearLayout(srcEncoding, srcShape, emitError);
  if (failed(src))
    return failure();
  FailureOr<lv::LinearLayout> dst = guarded(emitError, "cannot unpack the layout", [&] {
    std::vector<std::string> dims = src->getOutDimNames();
    return lv::LinearLayout::identity1D(2, lv::kRegister, dims[axis]) * *src;
  });
  if (failed(dst))
    return failure();
  return toLinearEncodingAttr(srcEncoding.getContext(), *dst, emitError);
}

FailureOr<ttg::LinearEncodingAttr> fp4PackedAsLinearEncoding(Attribute dstEncoding,
                                                             ArrayRef<int64_t> dstShape, int axis,
                                                             EmitErrorFn emitError) {
  if (axis < 0 || static_cast<size_t>(axis) >= dstShape.size())
    return emitError() << "fp4 unpacking axis " << axis << " is not a dimension";
  FailureOr<lv::LinearLayout> dst = toLinearLayout(dstEncoding, dstShape, emitError);
  if (failed(dst))
    return failure();
  bool pairInRegisters = false;
  lv::LinearLayout::BasesList bases;
  for (const std::string &inDim : dst->getInDimNames()) {
    std::vector<lv::LinearLayout::Basis> kept;
    for (lv::LinearLayout::Basis basis : dst->getInDimBases(inDim)) {
      if (inDim == lv::kRegister && basis[axis] == 1) {
        pairInRegisters = true;
        continue;
      }
      basis[axis] /= 2;
      kept.push_back(std::move(basis));
    }
    bases.emplace_back(inDim, std::move(kept));
  }
  if (!pairInRegisters)
    return emitError() << "the unpacked layout does not keep the two values of a byte in one "
                          "thread's registers along dimension "
                       << axis;
  FailureOr<lv::LinearLayout> src = guarded(emitError, "cannot pack the layout", [&] {
    return lv::LinearLayout(std::move(bases), dst->getOutDimNames());
  });
  if (failed(src))
    return failure();
  return toLinearEncodingAttr(dstEncoding.getContext(), *src, emitError);
}

FailureOr<ttg::LinearEncodingAttr> inThreadTransposedEncoding(ttg::BlockedEncodingAttr blocked,
                                                              ArrayRef<int64_t> shape,
                                                              EmitErrorFn emitError) {
  if (shape.size() != 2 || blocked.getRank() != 2)
    return emitError() << "an in-thread transpose needs a rank-2 tensor in a rank-2 blocked layout";
  FailureOr<lv::LinearLayout> src = toLinearLayout(blocked, shape, emitError);
  if (failed(src))
    return failure();
  FailureOr<lv::LinearLayout> dst = guarded(emitError, "cannot transpose the registers", [&] {
    // The thread's tile, numbered with the two dimensions of the order swapped.
    ArrayRef<unsigned> order = blocked.getOrder();
    ArrayRef<unsigned> sizePerThread = blocked.getSizePerThread();
    std::vector<lv::LinearLayout::Basis> tile;
    for (unsigned dim : {order[1], order[0]}) {
      int outIndex = src->getOutDimIndex(lv::standardOutDimNames(2)[dim]);
      for (unsigned size = 1; size < sizePerThread[dim]; size *= 2) {
        lv::LinearLayout::Basis basis(2, 0);
        basis[outIndex] = static_cast<int32_t>(size);
        tile.push_back(std::move(basis));
      }
    }
    lv::LinearLayout::BasesList bases = src->getBases();
    for (auto &[inDim, list] : bases) {
      if (inDim != lv::kRegister)
        continue;
      if (list.size() < tile.size())
        throw lv::LayoutError("the tensor is smaller than one thread's tile");
      std::copy(tile.begin(), tile.end(), list.begin());
    }
    return lv::LinearLayout(std::move(bases), src->getOutDimNames());
  });
  if (failed(dst))
    return failure();
  return toLinearEncodingAttr(blocked.getContext(), *dst, emitError);
}

} // namespace trex::layout
