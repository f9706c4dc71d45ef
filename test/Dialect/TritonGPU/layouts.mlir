// RUN: trex-opt %s -split-input-file | trex-opt -split-input-file | FileCheck %s
// Every layout kind prints back with Triton 3.6's field names, order and
// defaults, and the printed form parses again.

// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
// CHECK: #blocked2 = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>
module attributes {test.a = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>,
                   test.b = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>,
                   test.c = #ttg.blocked<{sizePerThread = [1, 1, 4], threadsPerWarp = [2, 4, 4], warpsPerCTA = [2, 2, 1], order = [2, 1, 0]}>} {}

// -----

// A cluster of CTAs prints as CGALayout block bases; the legacy
// CTAsPerCGA/CTASplitNum/CTAOrder fields are read and converted.
// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}0, 1], [0, 0]]}>
// CHECK: #blocked1 = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = {{\[\[}}1, 0]]}>
module attributes {test.a = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CTAsPerCGA = [1, 4], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>,
                   test.b = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0], CGALayout = [[1, 0]]}>} {}

// -----

// Slices and dot operands are not aliased; their parents are.
// CHECK: #blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
// CHECK: test.a = #ttg.slice<{dim = 1, parent = #blocked}>
// CHECK-SAME: test.b = #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>
// CHECK-SAME: test.c = #ttg.dot_op<{opIdx = 1, parent = #blocked}>
module attributes {test.a = #ttg.slice<{dim = 1, parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>,
                   test.b = #ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>,
                   test.c = #ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>}>} {}

// -----

// CHECK: #mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>
// CHECK: #mma1 = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>
module attributes {test.a = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>,
                   test.b = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [1, 2, 2], instrShape = [1, 16, 8]}>} {}

// -----

// tilesPerWarp and elementBitWidth print only when they differ from 1s and 32.
// CHECK: #mma = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>
// CHECK: #mma1 = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>
module attributes {test.a = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true, tilesPerWarp = [1, 1], elementBitWidth = 32}>,
                   test.b = #ttg.amd_mfma<{version = 4, warpsPerCTA = [4, 1], instrShape = [16, 16, 32], isTransposed = false, tilesPerWarp = [2, 2], elementBitWidth = 64}>} {}

// -----

// instrShape prints only when it is not the default 16x16x16.
// CHECK: #mma = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>
// CHECK: #mma1 = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [4, 1], instrShape = [16, 16, 32]}>
module attributes {test.a = #ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2], instrShape = [16, 16, 16]}>,
                   test.b = #ttg.amd_wmma<{version = 3, isTranspose = true, warpsPerCTA = [4, 1], instrShape = [16, 16, 32]}>} {}

// -----

// CHECK: #linear = #ttg.linear<{register = {{\[\[}}1, 0], [2, 0], [0, 1]], lane = {{\[\[}}0, 8], [0, 16], [0, 32], [0, 64], [4, 0]], warp = {{\[\[}}8, 0]], block = []}>
module attributes {test.a = #ttg.linear<{register = [[1, 0], [2, 0], [0, 1]], lane = [[0, 8], [0, 16], [0, 32], [0, 64], [4, 0]], warp = [[8, 0]], block = []}>} {}

// -----

// All shared layouts alias as #shared; the memory space as #smem.
// CHECK: #shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
// CHECK: #shared1 = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>
// CHECK: #shared2 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
// CHECK: #shared3 = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>
// CHECK: #smem = #ttg.shared_memory
module attributes {test.a = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>,
                   test.b = #ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>,
                   test.c = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>,
                   test.d = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, elementBitWidth = 8, fp4Padded = true, rank = 3}>,
                   test.e = #ttg.shared_memory} {}

// -----

// Empty block bases are omitted; alignment follows the bases.
// CHECK: #shared = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>
// CHECK: #shared1 = #ttg.shared_linear<{offset = {{\[\[}}0, 1], [1, 0]], block = {{\[\[}}0, 0]]}, alignment = 128>
module attributes {test.a = #ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]], block = []}, alignment = 16>,
                   test.b = #ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[0, 0]]}, alignment = 128>} {}

// -----

// A padded layout over a plain order prints in the short form.
// CHECK: #shared = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 32]}>
// CHECK: #shared1 = #ttg.padded_shared<[16:+2] {offset = {{\[\[}}1, 0], [0, 1], [2, 0], [0, 2]], block = []}>
module attributes {test.a = #ttg.padded_shared<[32:+4, 64:+8] {order = [1, 0], shape = [64, 32]}>,
                   test.b = #ttg.padded_shared<[16:+2] {offset = [[1, 0], [0, 1], [2, 0], [0, 2]], block = []}>} {}
