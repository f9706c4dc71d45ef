// MatrixOrder: the dim orders (most minor first) Triton uses for matrices and dot operands.
#pragma once

#include <vector>

namespace trex::layoutviz {

// For a batch of matrices [*, m, n] of the given rank: row-major is [rank-1, rank-2, ..., 0];
// column-major swaps the first two entries.  Rank 1 gives [0].
std::vector<unsigned> getMatrixOrder(unsigned rank, bool rowMajor);

// Operand A is [*, m, k], operand B is [*, k, n].  With kContig the order starts with the K
// dim, otherwise with M (for A) or N (for B).
std::vector<unsigned> getOrderForDotOperand(unsigned opIdx, unsigned rank, bool kContig);

} // namespace trex::layoutviz
