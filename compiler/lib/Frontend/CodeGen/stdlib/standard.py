# trex's Triton standard library: the @triton.jit functions of triton.language
# (tl.cdiv, tl.max, tl.sum, tl.softmax, ...), compiled by trex like any user helper.
#
# Function names and parameter lists are those of Triton 3.6: a call is specialized into a
# private tt.func whose mangled name lists the parameters' positions and constant values,
# and real Triton's IR names these functions the same way. The bodies produce the same
# operations, in the same order, as Triton's versions.
import triton
from triton.language import core
from triton.language import math


@triton.jit
def cdiv(x, div):
    # Ceiling division; `div - 1` folds when div is a constant.
    return (x + (div - 1)) // div


@triton.jit
def sigmoid(x):
    return 1 / (1 + math.exp(-x))


@triton.jit
def softmax(x, dim=None, keep_dims=False, ieee_rounding=False):
    axis: core.constexpr = core._axis_or_zero(dim)
    shifted = x - max(x, axis, keep_dims=keep_dims)
    numerator = math.exp(shifted)
    denominator = sum(numerator, axis, keep_dims=keep_dims)
    return math.fdiv(numerator, denominator, ieee_rounding)


@triton.jit
def ravel(x, can_reorder=False):
    return core.reshape(x, [x.numel], can_reorder=can_reorder)


@triton.jit
def swizzle2d(i, j, size_i, size_j, size_g):
    # Row-major (i, j) of a size_i x size_j grid -> the same cell when groups of size_g rows
    # are walked column by column.
    linear = i * size_j + j
    group_cells = size_g * size_j
    group = linear // group_cells
    first_row = group * size_g
    size_g = core.minimum(size_i - first_row, size_g)
    linear = linear % group_cells
    new_i = first_row + linear % size_g
    new_j = linear // size_g
    return new_i, new_j


@triton.jit
def zeros(shape, dtype):
    return core.full(shape, 0, dtype)


@triton.jit
def zeros_like(input):
    return zeros(input.shape, input.dtype)


# Reductions with an index: the combine functions carry (value, index) pairs.


@triton.jit
def _argmax_combine(value1, index1, value2, index2, tie_break_left):
    if tie_break_left:
        tie = value1 == value2 and index1 < index2
    else:
        tie = False
    keep_first = value1 > value2 or tie
    return core.where(keep_first, value1, value2), core.where(keep_first, index1, index2)


@triton.jit
def _argmax_combine_tie_break_left(value1, index1, value2, index2):
    return _argmax_combine(value1, index1, value2, index2, True)


@triton.jit
def _argmax_combine_tie_break_fast(value1, index1, value2, index2):
    return _argmax_combine(value1, index1, value2, index2, False)


@triton.jit
def _elementwise_max(a, b):
    return core.maximum(a, b)


@triton.jit
def max(input, axis=None, return_indices=False, return_indices_tie_break_left=True, keep_dims=False):
    input = core._promote_bfloat16_to_float32(input)
    if return_indices:
        if return_indices_tie_break_left:
            return core._reduce_with_indices(input, axis, _argmax_combine_tie_break_left, keep_dims=keep_dims)
        else:
            return core._reduce_with_indices(input, axis, _argmax_combine_tie_break_fast, keep_dims=keep_dims)
    else:
        if input.dtype.primitive_bitwidth < 32:
            # Narrow types are reduced in 32 bits.
            if input.dtype.is_floating():
                input = input.to(core.float32)
            else:
                assert input.dtype.is_int(), "Expecting input to be integer type"
                input = input.to(core.int32)
        return core.reduce(input, axis, _elementwise_max, keep_dims=keep_dims)


@triton.jit
def argmax(input, axis, tie_break_left=True, keep_dims=False):
    _, index = max(input, axis, return_indices=True, return_indices_tie_break_left=tie_break_left,
                   keep_dims=keep_dims)
    return index


@triton.jit
def _argmin_combine(value1, index1, value2, index2, tie_break_left):
    if tie_break_left:
        tie = value1 == value2 and index1 < index2
    else:
        tie = False
    keep_first = value1 < value2 or tie
    return core.where(keep_first, value1, value2), core.where(keep_first, index1, index2)


@triton.jit
def _argmin_combine_tie_break_left(value1, index1, value2, index2):
    return _argmin_combine(value1, index1, value2, index2, True)


@triton.jit
def _argmin_combine_tie_break_fast(value1, index1, value2, index2):
    return _argmin_combine(value1, index1, value2, index2, False)


@triton.jit
def _elementwise_min(a, b):
    return core.minimum(a, b)


@triton.jit
def min(input, axis=None, return_indices=False, return_indices_tie_break_left=True, keep_dims=False):
    input = core._promote_bfloat16_to_float32(input)
    if return_indices:
        if return_indices_tie_break_left:
            return core._reduce_with_indices(input, axis, _argmin_combine_tie_break_left, keep_dims=keep_dims)
        else:
            return core._reduce_with_indices(input, axis, _argmin_combine_tie_break_fast, keep_dims=keep_dims)
    else:
        if input.dtype.primitive_bitwidth < 32:
            if input.dtype.is_floating():
                input = input.to(core.float32)
            else:
                assert input.dtype.is_int(), "Expecting input to be integer type"
                input = input.to(core.int32)
        return core.reduce(input, axis, _elementwise_min, keep_dims=keep_dims)


@triton.jit
def argmin(input, axis, tie_break_left=True, keep_dims=False):
    _, index = min(input, axis, return_indices=True, return_indices_tie_break_left=tie_break_left,
                   keep_dims=keep_dims)
    return index


@triton.jit
def _sum_combine(a, b):
    return a + b


@triton.jit
def sum(input, axis=None, keep_dims=False, dtype: core.constexpr = None):
    # Integers narrower than 32 bits are summed in 32 bits unless a dtype is given.
    accumulate_as: core.constexpr = core._pick_sum_dtype(input.dtype, dtype)
    if accumulate_as is not None:
        input = input.to(accumulate_as)
    return core.reduce(input, axis, _sum_combine, keep_dims=keep_dims)


@triton.jit
def _xor_combine(a, b):
    return a ^ b


@triton.jit
def xor_sum(input, axis=None, keep_dims=False):
    core.static_assert(input.type.scalar.is_int(), "xor_sum only supported for integers")
    return core.reduce(input, axis, _xor_combine, keep_dims=keep_dims)


@triton.jit
def _or_combine(x, y):
    return x | y


@triton.jit
def reduce_or(input, axis, keep_dims=False):
    core.static_assert(input.type.scalar.is_int(), "reduce_or only supported for integers")
    return core.reduce(input, axis, _or_combine, keep_dims=keep_dims)


@triton.jit
def cumsum(input, axis=0, reverse=False, dtype: core.constexpr = None):
    input = core._promote_bfloat16_to_float32(input)
    accumulate_as: core.constexpr = core._pick_sum_dtype(input.dtype, dtype)
    if accumulate_as is not None:
        input = input.to(accumulate_as)
    return core.associative_scan(input, axis, _sum_combine, reverse)


@triton.jit
def _prod_combine(a, b):
    return a * b


@triton.jit
def cumprod(input, axis=0, reverse=False):
    input = core._promote_bfloat16_to_float32(input)
    return core.associative_scan(input, axis, _prod_combine, reverse)


# Sorting: a bitonic network on the tensor seen as a hypercube of 2-element dimensions.


@triton.jit
def _indicator(n_dims: core.constexpr, j: core.constexpr):
    # [0, 1] along the j-th innermost of n_dims dimensions, size 1 elsewhere.
    ar = core.arange(0, 2)
    ar = core.reshape(ar, [1] * (n_dims - j - 1) + [2] + [1] * j)
    return ar


@triton.jit
def _compare_and_swap(x, flip, i: core.constexpr):
    n_dims: core.constexpr = core._log2(x.numel)
    # The partner of each element along dimension i, found with xors (which fold away).
    idtype = core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    ix = x.to(idtype, bitcast=True)
    iy = ix ^ xor_sum(ix, n_dims - 1 - i, True)
    y = iy.to(x.dtype, bitcast=True)
    is_right = _indicator(n_dims, i)
    ret = core.where((x > y) != (flip ^ is_right), y, x)
    return ret


@triton.jit
def _bitonic_merge_hypercube(x, stage: core.constexpr, order: core.constexpr):
    # order 0: ascending, 1: descending, 2: alternating between neighbouring sequences.
    if order == 2:
        flip = _indicator(core._log2(x.numel), stage)
    else:
        flip = order
    for i in core.static_range(stage):
        x = _compare_and_swap(x, flip, stage - 1 - i)
    return x


@triton.jit
def _bitonic_merge(x, stage: core.constexpr, order: core.constexpr, n_dims: core.constexpr):
    # One element is a hypercube of one dimension (a rank-0 reshape would make it a scalar).
    h = core.reshape(x, [2] * core._log2(x.numel) if x.numel > 1 else [1])
    h = _bitonic_merge_hypercube(h, stage, order)
    x = core.reshape(h, x.shape)
    return x


@triton.jit
def sort_impl(x, k: core.constexpr = None, dim: core.constexpr = None, descending: core.constexpr = core.CONSTEXPR_0):
    _dim: core.constexpr = core._last_dim_if_none(dim, x.shape)
    core.static_assert(_dim == len(x.shape) - 1, "only minor dimension is currently supported")
    log_n: core.constexpr = core._log2(x.shape[_dim])
    log_k: core.constexpr = core._log2_or_default(k, log_n)
    n_dims: core.constexpr = core._log2(x.numel)
    h = core.reshape(x, [2] * n_dims if n_dims else [1])
    for i in core.static_range(1, log_k + 1):
        h = _bitonic_merge_hypercube(h, i, core._stage_order(i, log_n, descending))
    for i in core.static_range(log_k + 1, log_n + 1):
        if descending:
            h = max(h, axis=(core._log2(h.numel) - 1 - log_k))
        else:
            h = min(h, axis=(core._log2(h.numel) - 1 - log_k))
        h = _bitonic_merge_hypercube(h, log_k, core._stage_order(i, log_n, descending))
    x = core.reshape(h, x.shape[:-1] + [2**log_k])
    return x


@triton.jit
def sort(x, dim: core.constexpr = None, descending: core.constexpr = core.CONSTEXPR_0):
    return sort_impl(x, dim=dim, descending=descending)


@triton.jit
def topk(x, k: core.constexpr, dim: core.constexpr = None):
    return sort_impl(x, k=k, dim=dim, descending=True)


@triton.jit
def bitonic_merge(x, dim: core.constexpr = None, descending: core.constexpr = core.CONSTEXPR_0):
    _dim: core.constexpr = core._last_dim_if_none(dim, x.shape)
    core.static_assert(_dim == len(x.shape) - 1, "only minor dimension is currently supported")
    n_dims: core.constexpr = core._log2(x.shape[-1])
    return _bitonic_merge(x, n_dims, descending, n_dims)


@triton.jit
def flip(x, dim=None):
    core.static_assert(-len(x.shape) <= dim and dim < len(x.shape))
    _dim: core.constexpr = core._flip_dim(dim, x.shape)
    core.static_assert(core._is_power_of_two(x.shape[_dim]))
    steps: core.constexpr = core._log2(x.shape[_dim])
    # Reverse the dimension by swapping halves at every scale, with xor-sums along a
    # (2, 2, ..., 2) view of it.
    idtype = core.get_int_dtype(bitwidth=x.dtype.primitive_bitwidth, signed=True)
    y = core.reshape(x.to(idtype, bitcast=True), x.shape[:_dim] + [2] * steps + x.shape[_dim + 1:])
    for i in core.static_range(steps):
        y = y ^ xor_sum(y, _dim + i, True)
    x = core.reshape(y, x.shape).to(x.dtype, bitcast=True)
    return x


@triton.jit
def interleave(a, b):
    joined = core.join(a, b)
    if len(joined.shape) == 1:
        # Two scalars: their join is already the interleaving.
        return joined
    else:
        return core.reshape(joined, joined.shape[:-2] + [2 * joined.shape[-2]])
