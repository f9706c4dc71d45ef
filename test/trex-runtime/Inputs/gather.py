# An indirect access: the gathered addresses come from memory, which the pre-launch bounds
# check cannot know, so it must skip that load rather than guess.
import triton
import triton.language as tl


@triton.jit
def gather_kernel(out_ptr, src_ptr, index_ptr, n_elements, BLOCK_SIZE: tl.constexpr):
    offsets = tl.program_id(0) * BLOCK_SIZE + tl.arange(0, BLOCK_SIZE)
    mask = offsets < n_elements
    index = tl.load(index_ptr + offsets, mask=mask)
    values = tl.load(src_ptr + index, mask=mask)
    tl.store(out_ptr + offsets, values, mask=mask)
