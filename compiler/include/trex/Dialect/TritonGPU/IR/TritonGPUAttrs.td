// Layout attributes of the `ttg` dialect (`#ttg.blocked`, `#ttg.nvidia_mma`, ...)
// and the shared-memory space, with Triton 3.6's parameter names and defaults.
#ifndef TREX_DIALECT_TRITONGPU_ATTRS_TD
#define TREX_DIALECT_TRITONGPU_ATTRS_TD

include "mlir/IR/AttrTypeBase.td"
include "trex/Dialect/TritonGPU/IR/TritonGPUDialect.td"
include "trex/Dialect/TritonGPU/IR/TritonGPUAttrInterfaces.td"

def TTG_CGALayoutParam : AttrParameter<"::trex::ttg::CGALayout",
                                       "arrangement of CTAs in a cluster">;
def TTG_LinearBasesParam : AttrParameter<"::trex::ttg::LinearBases",
                                         "named bases of a linear layout">;

class TTG_Attr<string name, string attrMnemonic, list<Trait> traits = []>
    : AttrDef<TTG_Dialect, name, traits> {
  let mnemonic = attrMnemonic;
  let hasCustomAssemblyFormat = 1;
}

// Layouts without a CGALayout parameter derive it: they pass ["getCGALayout"]
// as `derived` to declare their own implementation.
class TTG_DistributedAttr<string name, string attrMnemonic, list<Trait> traits = [],
                          list<string> derived = []>
    : TTG_Attr<name, attrMnemonic, !listconcat(traits, [
        DeclareAttrInterfaceMethods<LayoutEncodingTrait, derived>,
        DeclareAttrInterfaceMethods<DistributedEncodingTrait>])>;

class TTG_SharedAttr<string name, string attrMnemonic, list<string> derived = []>
    : TTG_Attr<name, attrMnemonic, [DeclareAttrInterfaceMethods<LayoutEncodingTrait, derived>,
                                    DeclareAttrInterfaceMethods<SharedEncodingTrait>]>;

//===----------------------------------------------------------------------===//
// Distributed layouts
//===----------------------------------------------------------------------===//

def TTG_BlockedEncodingAttr : TTG_DistributedAttr<"BlockedEncoding", "blocked"> {
  let summary = "tiles of sizePerThread elements spread over lanes, then warps";
  let description = [{
    Each thread holds a `sizePerThread` block; `threadsPerWarp` threads and
    `warpsPerCTA` warps tile the tensor, dimensions taken in `order` (fastest
    first). A tensor larger than the tile wraps around (more registers per
    thread); a smaller one is replicated.

    Example:
    `#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>`
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$sizePerThread,
                        ArrayRefParameter<"unsigned">:$threadsPerWarp,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGALayoutParam:$CGALayout);
  let genVerifyDecl = 1;
}

def TTG_SliceEncodingAttr : TTG_DistributedAttr<"SliceEncoding", "slice", [], ["getCGALayout"]> {
  let summary = "the parent layout with one dimension removed";
  let description = [{
    The layout of a tensor reduced (or about to be expanded) along `dim`:
    element i is held by whoever holds element (..., i, 0, ...) of the parent.

    Example: `#ttg.slice<{dim = 1, parent = #blocked}>`
  }];
  let parameters = (ins "unsigned":$dim, "::trex::ttg::DistributedEncodingTrait":$parent);
  let genVerifyDecl = 1;
}

def TTG_NvidiaMmaEncodingAttr : TTG_DistributedAttr<"NvidiaMmaEncoding", "nvidia_mma",
                                                    [DeclareAttrInterfaceMethods<MmaEncodingTrait>]> {
  let summary = "accumulator layout of NVIDIA tensor cores (mma.sync, wgmma)";
  let description = [{
    `versionMajor` 2 is Ampere's `mma.sync` (instrShape [16, 8]), 3 is
    Hopper's warp-group `wgmma` (instrShape [16, N, 16]); `warpsPerCTA`
    arranges the warps over the output tile.

    Example:
    `#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 128, 16]}>`
  }];
  let parameters = (ins "unsigned":$versionMajor, "unsigned":$versionMinor,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        TTG_CGALayoutParam:$CGALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let genVerifyDecl = 1;
  let extraClassDeclaration = [{
    bool isAmpere() const { return getVersionMajor() == 2; }
    bool isHopper() const { return getVersionMajor() == 3; }
  }];
}

def TTG_AMDMfmaEncodingAttr : TTG_DistributedAttr<"AMDMfmaEncoding", "amd_mfma",
                                                  [DeclareAttrInterfaceMethods<MmaEncodingTrait>]> {
  let summary = "accumulator layout of AMD CDNA matrix cores (MFMA)";
  let description = [{
    `version` is the MFMA generation (3 = CDNA3 / gfx942, 4 = gfx950);
    `instrShape` is [M, N, K] of one instruction; `isTransposed` swaps the
    roles of rows and columns in the result so that stores vectorize.
    `tilesPerWarp` (default all 1) and `elementBitWidth` (default 32) are
    printed only when they differ from their defaults.

    Example:
    `#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 4], instrShape = [32, 32, 8], isTransposed = true}>`
  }];
  let parameters = (ins "unsigned":$version,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$instrShape,
                        "bool":$isTransposed,
                        TTG_CGALayoutParam:$CGALayout,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        "unsigned":$elementBitWidth);
  let genVerifyDecl = 1;
}

def TTG_AMDWmmaEncodingAttr : TTG_DistributedAttr<"AMDWmmaEncoding", "amd_wmma",
                                                  [DeclareAttrInterfaceMethods<MmaEncodingTrait>]> {
  let summary = "accumulator layout of AMD RDNA matrix instructions (WMMA)";
  let description = [{
    `version` 1 is RDNA3, 2 RDNA4, 3 gfx1250; `instrShape` defaults to
    [16, 16, 16] and is printed only when it differs.

    Example: `#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2]}>`
  }];
  let parameters = (ins "unsigned":$version, "bool":$isTransposed,
                        ArrayRefParameter<"unsigned">:$warpsPerCTA,
                        ArrayRefParameter<"unsigned">:$tilesPerWarp,
                        TTG_CGALayoutParam:$CGALayout,
                        ArrayRefParameter<"unsigned">:$instrShape);
  let genVerifyDecl = 1;
}

def TTG_DotOperandEncodingAttr : TTG_DistributedAttr<"DotOperandEncoding", "dot_op", [], ["getCGALayout"]> {
  let summary = "layout of an operand of a dot whose result has layout `parent`";
  let description = [{
    `opIdx` 0 is the left (MxK) operand, 1 the right (KxN). `kWidth` is the
    number of consecutive K elements a thread holds; it is required for MMA
    parents (Ampere, Hopper, MFMA) and absent (0) for a blocked parent.

    Example: `#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>`
  }];
  let parameters = (ins "unsigned":$opIdx, "::mlir::Attribute":$parent, "unsigned":$kWidth);
  let genVerifyDecl = 1;
}

def TTG_LinearEncodingAttr : TTG_DistributedAttr<"LinearEncoding", "linear", [], ["getCGALayout"]> {
  let summary = "a distributed layout given by its linear-layout bases";
  let description = [{
    The general form every distributed layout can be written in: the bases
    of `register`, `lane`, `warp` and `block` say which tensor coordinate
    each bit of the hardware index moves to (coordinates combine by XOR).

    Example:
    `#ttg.linear<{register = [[0, 1], [0, 2]], lane = [[1, 0], [2, 0], [4, 0], [8, 0], [16, 0]], warp = [[32, 0], [64, 0]], block = []}>`
  }];
  let parameters = (ins TTG_LinearBasesParam:$bases);
  let genVerifyDecl = 1;
}

//===----------------------------------------------------------------------===//
// Shared-memory layouts
//===----------------------------------------------------------------------===//

def TTG_SwizzledSharedEncodingAttr : TTG_SharedAttr<"SwizzledSharedEncoding", "swizzled_shared"> {
  let summary = "row-major shared tile with XOR swizzling of vectors";
  let description = [{
    Along `order` the tile is stored row by row; in row r, vectors of `vec`
    elements are XORed with `(r / perPhase) % maxPhase` so that reading a
    column touches different banks. With vec = perPhase = maxPhase = 1 there
    is no swizzle.

    Example: `#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>`
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase, "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGALayoutParam:$CGALayout);
  let genVerifyDecl = 1;
}

def TTG_AMDRotatingSharedEncodingAttr
    : TTG_SharedAttr<"AMDRotatingSharedEncoding", "amd_rotating_shared"> {
  let summary = "swizzled shared tile whose swizzle rotates between row blocks (AMD)";
  let description = [{
    Same parameters as `#ttg.swizzled_shared`; the phase also rotates with
    each block of rows to spread LDS accesses of gfx9 wavefronts.

    Example: `#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>`
  }];
  let parameters = (ins "unsigned":$vec, "unsigned":$perPhase, "unsigned":$maxPhase,
                        ArrayRefParameter<"unsigned">:$order,
                        TTG_CGALayoutParam:$CGALayout);
  let genVerifyDecl = 1;
}

def TTG_NVMMASharedEncodingAttr : TTG_SharedAttr<"NVMMASharedEncoding", "nvmma_shared"> {
  let summary = "the shared layout wgmma and TMA read: 32/64/128-byte swizzles";
  let description = [{
    Rows of `swizzlingByteWidth` bytes are swizzled in 16-byte units, as the
    Hopper shared-memory matrix descriptors and TMA expect; `transposed`
    makes the first dimension the contiguous one. `rank` is printed when it
    is not 2.

    Example: `#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>`
  }];
  let parameters = (ins "unsigned":$swizzlingByteWidth, "bool":$transposed,
                        "unsigned":$elementBitWidth, "bool":$fp4Padded,
                        TTG_CGALayoutParam:$CGALayout);
  let genVerifyDecl = 1;
}

def TTG_SharedLinearEncodingAttr : TTG_SharedAttr<"SharedLinearEncoding", "shared_linear", ["getCGALayout"]> {
  let summary = "a shared layout given by its linear-layout bases";
  let description = [{
    The bases of `offset` (and `block`) map each bit of the element offset
    to tensor coordinates. The layout must be a bijection once zero bases are
    removed; `alignment` is the byte alignment of the allocation.

    Example: `#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>`
  }];
  let parameters = (ins TTG_LinearBasesParam:$bases, "unsigned":$layoutAlignment);
  let genVerifyDecl = 1;
}

def TTG_PaddedSharedEncodingAttr : TTG_SharedAttr<"PaddedSharedEncoding", "padded_shared", ["getCGALayout"]> {
  let summary = "shared layout with padding inserted every few elements";
  let description = [{
    After every `interval` elements, `padding` elements are skipped (several
    pairs may be given); the linear component orders the elements.

    Example: `#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 32]}>`
  }];
  let parameters = (ins ArrayRefParameter<"unsigned">:$intervals,
                        ArrayRefParameter<"unsigned">:$paddings,
                        TTG_LinearBasesParam:$bases);
  let genVerifyDecl = 1;
}

def TTG_SharedMemorySpaceAttr : AttrDef<TTG_Dialect, "SharedMemorySpace"> {
  let mnemonic = "shared_memory";
  let summary = "the memory space of a CTA's shared memory";
  let description = [{
    The memory space of `!ttg.memdesc` values living in shared memory.

    Example: `!ttg.memdesc<64x64xf16, #shared, #ttg.shared_memory, mutable>`
  }];
}

#endif // TREX_DIALECT_TRITONGPU_ATTRS_TD
