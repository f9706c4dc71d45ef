// Small IR texts shared by the explorer's tests (see IrFixtures.cpp).
#pragma once

namespace fixtures {
// ttgir with #loc aliases at the bottom, a named location, a call site and an unknown location.
extern const char *const kLocatedMlir;
// LLVM IR with !DILocation nodes, one inlined from another file.
extern const char *const kLocatedLlvm;
// PTX with .loc directives and the .file table after the code.
extern const char *const kLocatedPtx;
// AMDGCN with a directory + name .file and a line-0 .loc.
extern const char *const kLocatedAmdgcn;
// A matmul-like ttgir: blocked, mma, swizzled shared layouts; local_alloc/local_load.
extern const char *const kSmallTtgir;
} // namespace fixtures
