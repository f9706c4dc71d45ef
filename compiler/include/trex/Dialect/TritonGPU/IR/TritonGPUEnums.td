// Enumerations of the `ttg` dialect.
#ifndef TREX_DIALECT_TRITONGPU_ENUMS_TD
#define TREX_DIALECT_TRITONGPU_ENUMS_TD

include "mlir/IR/EnumAttr.td"

def TTG_AddrSpaceNone : I32BitEnumAttrCaseNone<"None", "none">;
def TTG_AddrSpaceLocal : I32BitEnumAttrCaseBit<"Local", 0, "local">;
def TTG_AddrSpaceGlobalRead : I32BitEnumAttrCaseBit<"GlobalRead", 1, "global_read">;
def TTG_AddrSpaceGlobalWrite : I32BitEnumAttrCaseBit<"GlobalWrite", 2, "global_write">;
def TTG_AddrSpaceTensorRead : I32BitEnumAttrCaseBit<"TensorRead", 3, "tensor_read">;
def TTG_AddrSpaceTensorWrite : I32BitEnumAttrCaseBit<"TensorWrite", 4, "tensor_write">;
def TTG_AddrSpaceAll : I32BitEnumAttrCaseGroup<"All", [
    TTG_AddrSpaceLocal, TTG_AddrSpaceGlobalRead, TTG_AddrSpaceGlobalWrite,
    TTG_AddrSpaceTensorRead, TTG_AddrSpaceTensorWrite], "all">;

def TTG_AddrSpace : I32BitEnumAttr<"AddrSpace", "memory a ttg.barrier orders", [
    TTG_AddrSpaceNone, TTG_AddrSpaceLocal, TTG_AddrSpaceGlobalRead, TTG_AddrSpaceGlobalWrite,
    TTG_AddrSpaceTensorRead, TTG_AddrSpaceTensorWrite, TTG_AddrSpaceAll]> {
  let cppNamespace = "::trex::ttg";
  let separator = "|";
  let printBitEnumPrimaryGroups = 1;
}

#endif // TREX_DIALECT_TRITONGPU_ENUMS_TD
