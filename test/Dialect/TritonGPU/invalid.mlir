// RUN: trex-opt %s -split-input-file -verify-diagnostics
// Every verifier and syntax message of the ttg layouts, types, module
// attributes and ops, each on a minimal offending input.

//===----------------------------------------------------------------------===//
// Layout syntax
//===----------------------------------------------------------------------===//

// expected-error @+1 {{#ttg.blocked: missing field 'order'}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4]}>} {}

// -----

// expected-error @+1 {{#ttg.nvidia_mma: field 'versionMajor' must be an integer, got "two"}}
module attributes {test.l = #ttg.nvidia_mma<{versionMajor = "two", versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>} {}

// -----

// expected-error @+1 {{#ttg.swizzled_shared: field 'vec' must be a non-negative integer, got -1}}
module attributes {test.l = #ttg.swizzled_shared<{vec = -1, perPhase = 1, maxPhase = 1, order = [0]}>} {}

// -----

// expected-error @+1 {{#ttg.amd_mfma: field 'isTransposed' must be true or false, got 1 : i64}}
module attributes {test.l = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = 1}>} {}

// -----

// expected-error @+1 {{#ttg.blocked: field 'order' must be a list of integers, got 0 : i64}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = 0}>} {}

// -----

// expected-error @+1 {{#ttg.linear: field 'lane' must be a list of bases like [[0, 1], [1, 0]]}}
module attributes {test.l = #ttg.linear<{register = [], lane = 5, warp = [], block = []}>} {}

// -----

// expected-error @+1 {{as a basis}}
module attributes {test.l = #ttg.linear<{register = [1], lane = [], warp = [], block = []}>} {}

// -----

// expected-error @+1 {{basis entries of 'register' must be integers, got "x"}}
module attributes {test.l = #ttg.linear<{register = [["x"]], lane = [], warp = [], block = []}>} {}

// -----

// expected-error @+1 {{every basis of 'CGALayout' needs 2 entries, got 1}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1]]}>} {}

// -----

// expected-error @+1 {{give either CGALayout or CTAsPerCGA/CTASplitNum/CTAOrder, not both}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[1]], CTAsPerCGA = [2]}>} {}

// -----

// expected-error @+1 {{CTAsPerCGA, CTASplitNum and CTAOrder need 2 entries each}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [2]}>} {}

// -----

// expected-error @+1 {{CTAsPerCGA and CTASplitNum must be powers of two with CTASplitNum dividing CTAsPerCGA}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CTAsPerCGA = [2], CTASplitNum = [4]}>} {}

// -----

// expected-error @+1 {{#ttg.slice: unexpected field 'kWidth'}}
module attributes {test.l = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = 2}>} {}

// -----

// expected-error @+1 {{all bases need the same number of entries (2), but 'lane' has one with 1}}
module attributes {test.l = #ttg.linear<{register = [[0, 1]], lane = [[1]], warp = [], block = []}>} {}

// -----

// expected-error @+1 {{a linear layout needs at least one basis (its rank comes from them)}}
module attributes {test.l = #ttg.linear<{register = [], lane = [], warp = [], block = []}>} {}

// -----

//===----------------------------------------------------------------------===//
// Distributed layout verifiers
//===----------------------------------------------------------------------===//

// expected-error @+1 {{sizePerThread, threadsPerWarp, warpsPerCTA and order must have the same rank, got 2, 1, 1 and 1}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>} {}

// -----

// expected-error @+1 {{a blocked layout needs at least one dimension}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [], threadsPerWarp = [], warpsPerCTA = [], order = []}>} {}

// -----

// expected-error @+1 {{every entry of threadsPerWarp must be a power of two, got 3}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [3], warpsPerCTA = [4], order = [0]}>} {}

// -----

// expected-error @+1 {{order must be a permutation of 0..1, got [1, 1]}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 1]}>} {}

// -----

// expected-error @+1 {{CGALayout basis entries must be 0 or powers of two}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[3]]}>} {}

// -----

// expected-error @+1 {{each CGALayout basis may move along one dimension only}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 1]]}>} {}

// -----

// expected-error @+1 {{#ttg.slice: parent must be a distributed layout, got #ttg.swizzled_shared}}
module attributes {test.l = #ttg.slice<{dim = 0, parent = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>}>} {}

// -----

// expected-error @+1 {{the parent layout must have rank 2 or more, got 1}}
module attributes {test.l = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>}>} {}

// -----

// expected-error @+1 {{dim 2 is out of range for a parent of rank 2}}
module attributes {test.l = #ttg.slice<{dim = 2, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>}>} {}

// -----

// expected-error @+1 {{versionMajor must be 1 (Volta), 2 (Ampere) or 3 (Hopper), got 4}}
module attributes {test.l = #ttg.nvidia_mma<{versionMajor = 4, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>} {}

// -----

// expected-error @+1 {{warpsPerCTA must have 2 entries (or 3 with a batch dimension), got 1}}
module attributes {test.l = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4], instrShape = [16, 8]}>} {}

// -----

// expected-error @+1 {{instrShape of an MMA v3 layout needs 3 entries, got 2}}
module attributes {test.l = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>} {}

// -----

// expected-error @+1 {{version must be between 0 and 4, got 5}}
module attributes {test.l = #ttg.amd_mfma<{version = 5, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>} {}

// -----

// expected-error @+1 {{instrShape must be [M, N, K], got 2 entries}}
module attributes {test.l = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32], isTransposed = true}>} {}

// -----

// expected-error @+1 {{no MFMA instruction is 8x8 (M x N must be 32x32, 16x16, 64x4 or 4x64)}}
module attributes {test.l = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [8, 8, 8], isTransposed = true}>} {}

// -----

// expected-error @+1 {{tilesPerWarp needs 2 entries, got 3}}
module attributes {test.l = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [1, 1, 1]}>} {}

// -----

// expected-error @+1 {{elementBitWidth must be 32 or 64, got 16}}
module attributes {test.l = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true, elementBitWidth = 16}>} {}

// -----

// expected-error @+1 {{warpsPerCTA must have 2 entries (or 3 with a batch dimension), got 4}}
module attributes {test.l = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2, 1, 1], instrShape = [32, 32, 8], isTransposed = true}>} {}

// -----

// expected-error @+1 {{WMMA version must be 1, 2 or 3, got 0}}
module attributes {test.l = #ttg.amd_wmma<{version = 0, isTranspose = false, warpsPerCTA = [2, 2]}>} {}

// -----

// expected-error @+1 {{WMMA v1 has no instruction of shape [16, 16, 32]}}
module attributes {test.l = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>} {}

// -----

// expected-error @+1 {{tilesPerWarp needs 2 entries, got 1}}
module attributes {test.l = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2], tilesPerWarp = [2]}>} {}

// -----

// expected-error @+1 {{opIdx must be 0 (left operand) or 1 (right operand), got 2}}
module attributes {test.l = #ttg.dot_op<{opIdx = 2, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>} {}

// -----

// expected-error @+1 {{kWidth is required when the parent is an MMA v2 layout}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>}>} {}

// -----

// expected-error @+1 {{kWidth is only allowed for MMA v2 and v3 parents}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>} {}

// -----

// expected-error @+1 {{with a Hopper (MMA v3) parent only operand 0 lives in registers; operand 1 must come from shared memory}}
module attributes {test.l = #ttg.dot_op<{opIdx = 1, parent = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>, kWidth = 2}>} {}

// -----

// expected-error @+1 {{kWidth is required when the parent is an MFMA layout}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], isTransposed = true}>}>} {}

// -----

// expected-error @+1 {{kWidth must be 8 or 16 for a WMMA v1 parent, got 4}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>, kWidth = 4}>} {}

// -----

// expected-error @+1 {{kWidth must be 4, 8 or 16 for a WMMA v2 parent, got 2}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>, kWidth = 2}>} {}

// -----

// expected-error @+1 {{kWidth is required when the parent is a WMMA v3 layout}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 32]}>}>} {}

// -----

// expected-error @+1 {{kWidth is not allowed when the parent is a blocked layout}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>, kWidth = 2}>} {}

// -----

// expected-error @+1 {{the parent must be an MMA, MFMA, WMMA or blocked layout, got #ttg.slice}}
module attributes {test.l = #ttg.dot_op<{opIdx = 0, parent = #ttg.slice<{dim = 0, parent = #ttg.blocked<{sizePerThread = [1, 1, 1], threadsPerWarp = [32, 1, 1], warpsPerCTA = [4, 1, 1], order = [2, 1, 0]}>}>}>} {}

// -----

// expected-error @+1 {{basis entries must not be negative}}
module attributes {test.l = #ttg.linear<{register = [[0, -1]], lane = [], warp = [], block = []}>} {}

// -----

// expected-error @+1 {{each basis of a distributed layout may move along one dimension only; a basis of 'lane' moves along 2}}
module attributes {test.l = #ttg.linear<{register = [], lane = [[1, 1]], warp = [], block = []}>} {}

// -----

//===----------------------------------------------------------------------===//
// Limits
//===----------------------------------------------------------------------===//

// expected-error @+1 {{'register' has 31 bases; at most 30 are supported}}
module attributes {test.l = #ttg.linear<{register = [[1], [2], [4], [8], [16], [32], [64], [128], [256], [512], [1024], [2048], [4096], [8192], [16384], [32768], [65536], [131072], [262144], [524288], [1048576], [2097152], [4194304], [8388608], [16777216], [33554432], [67108864], [134217728], [268435456], [536870912], [1073741824]], lane = [], warp = [], block = []}>} {}

// -----

// expected-error @+1 {{CGALayout has 31 bases; at most 30 are supported}}
module attributes {test.l = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0], [0]]}>} {}

// -----

// expected-error @+1 {{the bases cover a tile of 2^62 elements; at most 2^31 can be addressed}}
module attributes {test.l = #ttg.shared_linear<{offset = [[1073741824, 0], [0, 1073741824]]}, alignment = 16>} {}

// -----

// Found by fuzzing: an empty basis once left the rank to the next one, and the verifier read
// past its end (a crash).
// expected-error @+1 {{a basis needs one entry per dimension, but 'offset' has an empty one}}
module attributes {test.l = #ttg.shared_linear<{offset = [[]], block = [[0, 0]]}, alignment = 128>} {}

// -----

// expected-error @+1 {{a basis needs one entry per dimension, but 'lane' has an empty one}}
module attributes {test.l = #ttg.linear<{register = [[1]], lane = [[]], warp = [], block = []}>} {}

// -----

//===----------------------------------------------------------------------===//
// Shared layout verifiers
//===----------------------------------------------------------------------===//

// expected-error @+1 {{vec, perPhase and maxPhase must be at least 1}}
module attributes {test.l = #ttg.swizzled_shared<{vec = 8, perPhase = 0, maxPhase = 1, order = [1, 0]}>} {}

// -----

// expected-error @+1 {{order must name at least one dimension}}
module attributes {test.l = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = []}>} {}

// -----

// expected-error @+1 {{swizzlingByteWidth must be 0, 32, 64 or 128, got 16}}
module attributes {test.l = #ttg.nvmma_shared<{swizzlingByteWidth = 16, transposed = false, elementBitWidth = 16}>} {}

// -----

// expected-error @+1 {{elementBitWidth must be 4, 8, 16, 32 or 64, got 12}}
module attributes {test.l = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 12}>} {}

// -----

// expected-error @+1 {{rank must be at least 1}}
module attributes {test.l = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16, rank = 0}>} {}

// -----

// expected-error @+1 {{alignment goes after the bases: <{offset = ...}, alignment = N>}}
module attributes {test.l = #ttg.shared_linear<{offset = [[1]], alignment = 16}, alignment = 16>} {}

// -----

// expected-error @+1 {{alignment must be a positive power of two, got 24}}
module attributes {test.l = #ttg.shared_linear<{offset = [[0, 1], [1, 0]]}, alignment = 24>} {}

// -----

// Offsets 0..3 reach (0,0), (0,1), (0,2), (0,3) but the tile reaches row 2 too.
// expected-error @+1 {{the bases must reach every element of the tile they cover}}
module attributes {test.l = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [2, 0]]}, alignment = 16>} {}

// -----

// expected-error @+1 {{the non-zero bases must be linearly independent (each element stored once)}}
module attributes {test.l = #ttg.shared_linear<{offset = [[0, 1], [1, 0], [1, 1]]}, alignment = 16>} {}

// -----

// expected-error @+1 {{needs one or more interval:+padding pairs}}
module attributes {test.l = #ttg.padded_shared<[] {order = [1, 0], shape = [16, 16]}>} {}

// -----

// expected-error @+1 {{every entry of the intervals must be a power of two, got 24}}
module attributes {test.l = #ttg.padded_shared<[24:+4] {order = [1, 0], shape = [16, 16]}>} {}

// -----

// expected-error @+1 {{interval 32 is given twice}}
module attributes {test.l = #ttg.padded_shared<[32:+4, 32:+8] {order = [1, 0], shape = [16, 16]}>} {}

// -----

// expected-error @+1 {{each basis may move along one dimension only}}
module attributes {test.l = #ttg.padded_shared<[32:+4] {offset = [[1, 1], [0, 1]], block = []}>} {}

// -----

// expected-error @+1 {{zero bases (broadcasting) are not allowed here}}
module attributes {test.l = #ttg.padded_shared<[32:+4] {offset = [[1, 0], [0, 0]], block = []}>} {}

// -----

// expected-error @+1 {{order and shape must have the same, non-zero rank}}
module attributes {test.l = #ttg.padded_shared<[32:+4] {order = [1, 0], shape = [16]}>} {}

// -----

//===----------------------------------------------------------------------===//
// Memory descriptors
//===----------------------------------------------------------------------===//

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{memdesc dimensions must be positive}}
module attributes {test.t = !ttg.memdesc<0x16xf16, #shared, #smem>} {}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{a memdesc needs a shared-memory layout, got #ttg.blocked}}
module attributes {test.t = !ttg.memdesc<16x16xf16, #blocked, #smem>} {}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [2, 1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{the layout has rank 3 but the memdesc only 2 dimensions}}
module attributes {test.t = !ttg.memdesc<16x16xf16, #shared, #smem>} {}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{the allocation shape cannot have fewer dimensions than the view}}
module attributes {test.t = !ttg.memdesc<2x16x16xf16, #shared, #smem, 16x16>} {}

// -----

// Found by fuzzing: a second allocation shape once failed the parse without a message.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{expected 'mutable' or '>' after the allocation shape}}
module attributes {test.t = !ttg.memdesc<16x32xf16, #shared, #smem, 16, 16>} {}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
// expected-error @+1 {{the view is larger than its allocation}}
module attributes {test.t = !ttg.memdesc<16x32xf16, #shared, #smem, 16x16>} {}

// -----

//===----------------------------------------------------------------------===//
// Module attributes
//===----------------------------------------------------------------------===//

module {
  // expected-error @+1 {{carries 'ttg.num-ctas', which belongs on the module}}
  tt.func @f() attributes {"ttg.num-ctas" = 1 : i32} {
    tt.return
  }
}

// -----

// expected-error @+1 {{'ttg.num-warps' must be an integer, got "four"}}
module attributes {"ttg.num-warps" = "four"} {}

// -----

// expected-error @+1 {{'ttg.shared' must be at least 0, got -1}}
module attributes {ttg.shared = -1 : i32} {}

// -----

// expected-error @+1 {{'ttg.threads-per-warp' must be a power of two, got 48}}
module attributes {"ttg.threads-per-warp" = 48 : i32} {}

// -----

// expected-error @+1 {{'ttg.target' must be a string like "cuda:90" or "hip:gfx942", got "sm_90"}}
module attributes {ttg.target = "sm_90"} {}

// -----

module {
  // expected-error @+1 {{carries 'ttg.target', which belongs on the module}}
  tt.func @f() attributes {ttg.target = "cuda:90"} {
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Layouts on tensors
//===----------------------------------------------------------------------===//

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @shared_layout_on_tensor(%x: f32) {
    // expected-error @+1 {{only distributed (register) layouts may be attached to tensors}}
    %t = tt.splat %x : f32 -> tensor<128xf32, #shared>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @rank_mismatch(%x: f32) {
    // expected-error @+1 {{the layout has rank 2 but the tensor has rank 1}}
    %t = tt.splat %x : f32 -> tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @odd_dimension(%x: tensor<96xf32, #blocked>) {
    // expected-error @+1 {{every dimension of a tensor with a layout must be a power of two, got 96}}
    %t = ttg.convert_layout %x : tensor<96xf32, #blocked> -> tensor<96xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32, "ttg.threads-per-warp" = 64 : i32} {
  tt.func @lanes(%x: f32) {
    // expected-error @+1 {{the layout spreads over 32 threads per warp but the module has 64 ("ttg.threads-per-warp")}}
    %t = tt.splat %x : f32 -> tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 8 : i32} {
  tt.func @warps(%x: f32) {
    // expected-error @+1 {{the layout spreads over 4 warps but the kernel has 8 ("ttg.num-warps")}}
    %t = tt.splat %x : f32 -> tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module {
  tt.func @no_warp_count(%x: f32) {
    // expected-error @+1 {{the number of warps is unknown: no enclosing module or tt.func has "ttg.num-warps"}}
    %t = tt.splat %x : f32 -> tensor<128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0], CGALayout = [[64]]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @ctas(%x: f32) {
    // expected-error @+1 {{the layout spreads over 2 CTAs but the module has 1 ("ttg.num-ctas")}}
    %t = tt.splat %x : f32 -> tensor<256xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @mixed_encodings(%a: tensor<128xi32, #blocked>, %b: tensor<128xi32, #blocked1>, %p: tensor<128x!tt.ptr<f32>, #blocked>) {
    // expected-error @+1 {{requires the same encoding for all operands and results}}
    %q = tt.addptr %p, %b : tensor<128x!tt.ptr<f32>, #blocked>, tensor<128xi32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @expand_dims_needs_slice(%x: tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>>) {
    // expected-error @+1 {{the operand's slice removes dimension 0 but expand_dims inserts dimension 1}}
    %e = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<128x1xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @expand_dims_operand_layout(%x: tensor<128xi32, #blocked1>) {
    // expected-error @+1 {{the operand of expand_dims must have a #ttg.slice layout, got #ttg.blocked}}
    %e = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32, #blocked1> -> tensor<128x1xi32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [16, 2], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @expand_dims_result_layout(%x: tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>>) {
    // expected-error @+1 {{result layout must be #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1]}}
    %e = tt.expand_dims %x {axis = 1 : i32} : tensor<128xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<128x1xi32, #blocked1>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @trans_layout(%x: tensor<128x4xf32, #blocked>) {
    // expected-error @+1 {{result layout must be #ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [1, 32], warpsPerCTA = [1, 4], order = [0, 1]}>}}
    %t = tt.trans %x {order = array<i32: 1, 0>} : tensor<128x4xf32, #blocked> -> tensor<4x128xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reduce_layout(%x: tensor<128x4xf32, #blocked>) {
    // expected-error @+1 {{result must be 'tensor<128xf32, #ttg.slice<{dim = 1, parent = #ttg.blocked<}}
    %r = "tt.reduce"(%x) <{axis = 1 : i32}> ({
    ^bb0(%a: f32, %b: f32):
      tt.reduce.return %a : f32
    }) : (tensor<128x4xf32, #blocked>) -> tensor<128xf32, #ttg.slice<{dim = 0, parent = #blocked}>>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_operand_layout(%a: tensor<32x32xf16, #blocked>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{operand 0 of a dot needs a #ttg.dot_op layout, got #ttg.blocked}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #blocked> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_operand_index(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{operand 0 has a #ttg.dot_op layout with opIdx = 1}}
    %d = tt.dot %a, %a, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 8]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @dot_operand_parent(%a: tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>>, %b: tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>>, %c: tensor<32x32xf32, #mma>) {
    // expected-error @+1 {{the #ttg.dot_op parent of operand 0 must be the result layout}}
    %d = tt.dot %a, %b, %c : tensor<32x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma1, kWidth = 2}>> * tensor<32x32xf16, #ttg.dot_op<{opIdx = 1, parent = #mma, kWidth = 2}>> -> tensor<32x32xf32, #mma>
    tt.return
  }
}

// -----

#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @hopper_dot_in_registers(%a: tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %b: tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>, %c: tensor<64x64xf32, #mma>) {
    // expected-error @+1 {{with a Hopper MMA result, operand 1 must be in shared memory (or, for operand 0, a #ttg.dot_op layout)}}
    %d = tt.dot %a, %b, %c : tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> * tensor<32x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> -> tensor<64x64xf32, #mma>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_layouts(%x: tensor<128x4xf32, #blocked>) {
    // expected-error @+1 {{source and result must both have a layout or both have none}}
    %r = tt.reshape %x : tensor<128x4xf32, #blocked> -> tensor<512xf32>
    tt.return
  }
}

// -----

//===----------------------------------------------------------------------===//
// Ops
//===----------------------------------------------------------------------===//

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @alloc_memory_space() {
    // expected-error @+1 {{allocates shared memory, so its result needs #ttg.shared_memory}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, "global", mutable>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @alloc_immutable() {
    // expected-error @+1 {{an allocation without an initial value must be mutable}}
    %a = ttg.local_alloc : () -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @alloc_shape(%x: tensor<32x16xf16, #blocked>) {
    // expected-error @+1 {{tensor shape [32, 16] differs from the buffer's [16, 16]}}
    %a = ttg.local_alloc %x : (tensor<32x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @alloc_alignment(%x: tensor<16x16xf16, #blocked>) {
    // expected-error @+1 {{alignment must be a power of two, got 24}}
    %a = ttg.local_alloc %x {alignment = 24 : i32} : (tensor<16x16xf16, #blocked>) -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @load_type(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{tensor element type 'f32' differs from the buffer's 'f16'}}
    %x = ttg.local_load %m : !ttg.memdesc<16x16xf16, #shared, #smem> -> tensor<16x16xf32, #blocked>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @store_immutable(%x: tensor<16x16xf16, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{cannot store into an immutable buffer}}
    ttg.local_store %x, %m : tensor<16x16xf16, #blocked> -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @index_rank(%m: !ttg.memdesc<16xf16, #shared, #smem>, %i: i32) {
    // expected-error @+1 {{indexes the leading dimension, so the source needs rank 2 or more}}
    %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<16xf16, #shared, #smem> -> !ttg.memdesc<16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @index_shape(%m: !ttg.memdesc<2x16x16xf16, #shared, #smem>, %i: i32) {
    // expected-error @+1 {{result shape must be [16, 16], got [16, 32]}}
    %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#shared1 = #ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @index_layout(%m: !ttg.memdesc<2x16x16xf16, #shared, #smem>, %i: i32) {
    // expected-error @+1 {{the buffer keeps its layout #ttg.swizzled_shared}}
    %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared, #smem> -> !ttg.memdesc<16x16xf16, #shared1, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @index_mutability(%m: !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable>, %i: i32) {
    // expected-error @+1 {{the view must keep the source's mutability}}
    %s = ttg.memdesc_index %m[%i] : !ttg.memdesc<2x16x16xf16, #shared, #smem, mutable> -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

// A subslice may be a read-only view of a mutable buffer (the K parts of a split warp-group
// dot), not a writable view of a read-only one.
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @subslice_mutability(%m: !ttg.memdesc<32x16xf16, #shared, #smem>) {
    // expected-error @+1 {{the view must keep the source's mutability}}
    %s = ttg.memdesc_subslice %m[16, 0] : !ttg.memdesc<32x16xf16, #shared, #smem> -> !ttg.memdesc<16x16xf16, #shared, #smem, mutable, 32x16>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @view_element_type(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{the view must keep the element type 'f16'}}
    %s = ttg.memdesc_subslice %m[0, 0] : !ttg.memdesc<16x16xf16, #shared, #smem> -> !ttg.memdesc<16x8xi16, #shared, #smem, 16x16>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @view_memory_space(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{the view must stay in memory space #ttg.shared_memory}}
    %s = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x16xf16, #shared, #smem> -> !ttg.memdesc<16x16xf16, #shared, "global">
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @subslice_rank(%m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{source, result and offsets must all have rank 2}}
    %s = ttg.memdesc_subslice %m[0] : !ttg.memdesc<16x16xf16, #shared, #smem> -> !ttg.memdesc<16x8xf16, #shared, #smem, 16x16>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @subslice_bounds(%m: !ttg.memdesc<16x64xf16, #shared, #smem>) {
    // expected-error @+1 {{the slice at offset 48 of size 32 leaves dimension 1 (size 64)}}
    %s = ttg.memdesc_subslice %m[0, 48] : !ttg.memdesc<16x64xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem, 16x64>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @trans_order(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{order must be a permutation of 0..1}}
    %t = ttg.memdesc_trans %m {order = array<i32: 0, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @trans_order_size(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{order needs one entry per dimension (2)}}
    %t = ttg.memdesc_trans %m {order = array<i32: 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @trans_shape(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{result shape must be [32, 16], got [16, 32]}}
    %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x32xf16, #shared, #smem>
    tt.return
  }
}

// -----

#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @reshape_size(%m: !ttg.memdesc<16x32xf16, #shared, #smem>) {
    // expected-error @+1 {{source and result must have the same number of elements, got 512 and 256}}
    %r = ttg.memdesc_reshape %m : !ttg.memdesc<16x32xf16, #shared, #smem> -> !ttg.memdesc<16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy_immutable(%p: tensor<16x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem>) {
    // expected-error @+1 {{cannot copy into an immutable buffer}}
    %t = ttg.async_copy_global_to_local %p, %m : tensor<16x16x!tt.ptr<f16>, #blocked> -> <16x16xf16, #shared, #smem>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy_contiguity(%p: tensor<16x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{contiguity must be at least 1, got 0}}
    %t = ttg.async_copy_global_to_local %p, %m {contiguity = 0 : i32} : tensor<16x16x!tt.ptr<f16>, #blocked> -> <16x16xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

#blocked = #ttg.blocked<{sizePerThread = [1, 1], threadsPerWarp = [32, 1], warpsPerCTA = [4, 1], order = [1, 0]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @copy_shape(%p: tensor<32x16x!tt.ptr<f16>, #blocked>, %m: !ttg.memdesc<16x16xf16, #shared, #smem, mutable>) {
    // expected-error @+1 {{tensor shape [32, 16] differs from the buffer's [16, 16]}}
    %t = ttg.async_copy_global_to_local %p, %m : tensor<32x16x!tt.ptr<f16>, #blocked> -> <16x16xf16, #shared, #smem, mutable>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wait_count() {
    // expected-error @+1 {{num (groups left pending) must not be negative, got -1}}
    %w = ttg.async_wait {num = -1 : i32}
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @scratch_size() {
    // expected-error @+1 {{nbytes must not be negative, got -8}}
    %p = ttg.global_scratch_alloc {alignment = 8 : i32, nbytes = -8 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @scratch_alignment() {
    // expected-error @+1 {{alignment must be a positive power of two, got 12}}
    %p = ttg.global_scratch_alloc {alignment = 12 : i32, nbytes = 64 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @scratch_backend() {
    // expected-error @+1 {{backend must name a scratch buffer ("default" or "proton")}}
    %p = ttg.global_scratch_alloc {alignment = 8 : i32, backend = "", nbytes = 64 : i32} : !tt.ptr<i8>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @barrier_space() {
    // expected-error @+1 {{unknown address space 'shared'; expected none, local, global_read, global_write, tensor_read, tensor_write or all}}
    ttg.barrier shared
    tt.return
  }
}

// -----

tt.func @fp4_to_fp_shape(%a: tensor<64x32xi8>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result dimension 1 must be 64 (the source's, doubled along the axis), got 32}}
  %b = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8> -> tensor<64x32xbf16>
  tt.return
}

// -----

tt.func @fp4_to_fp_axis(%a: tensor<64x32xi8>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op axis 2 is not a dimension of a rank-2 tensor}}
  %b = ttg.fp4_to_fp %a {axis = 2 : i32} : tensor<64x32xi8> -> tensor<64x64xbf16>
  tt.return
}

// -----

tt.func @fp4_to_fp_type(%a: tensor<64x32xi8>) {
  // expected-error @+1 {{'ttg.fp4_to_fp' op result #0 must be ranked tensor of bfloat16 type or 16-bit float values}}
  %b = ttg.fp4_to_fp %a {axis = 1 : i32} : tensor<64x32xi8> -> tensor<64x64xf32>
  tt.return
}

// -----

// A transposed view of an nvmma_shared buffer reads the same bytes in the other major order:
// its layout is the buffer's with `transposed` flipped, nothing else.
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @trans_nvmma_keeps_major_order(%m: !ttg.memdesc<64x64xf16, #shared, #smem>) {
    // expected-error @+1 {{the transposed view of #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}> is #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>, not #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = true, elementBitWidth = 16}>}}
    %t = ttg.memdesc_trans %m {order = array<i32: 1, 0>} : !ttg.memdesc<64x64xf16, #shared, #smem> -> !ttg.memdesc<64x64xf16, #shared, #smem>
    tt.return
  }
}
