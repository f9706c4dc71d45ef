// Small IR texts for the explorer's tests. They live outside the test classes' files because
// moc reads lines that start with '#' inside raw strings as preprocessor directives.
#include "IrFixtures.h"

namespace fixtures {

const char *const kLocatedMlir = R"(#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#loc = loc("/src/k.py":8:0)
module {
  tt.func public @k(%x_ptr: !tt.ptr<f32> loc("x_ptr"(#loc))) {
    %pid = tt.get_program_id x : i32 loc(#loc5)
    %0 = arith.addi %pid, %pid : i32 loc(#loc3)
    %1 = arith.muli %0, %0 : i32 loc("/src/k.py":11:3)
    %2 = arith.subi %1, %1 : i32 loc(#loc6)
    %3 = arith.constant 0 : i32 loc(#loc1)
    tt.return loc(#loc4)
  } loc(#loc)
} loc(#loc)
#loc1 = loc(unknown)
#loc2 = loc("/src/k.py":9:24)
#loc3 = loc("/src/k.py":10:7)
#loc4 = loc("/src/k.py":12:4)
#loc5 = loc("pid"(#loc2))
#loc6 = loc(callsite(#loc7 at #loc3))
#loc7 = loc("/lib/triton/language/standard.py":40:1)
)";

const char *const kLocatedLlvm = R"(define void @k(ptr %0) !dbg !4 {
  %2 = add i32 0, 1, !dbg !7
  %3 = add i32 %2, 1, !dbg !8
  %4 = add i32 %3, 1
  ret void, !dbg !9
}
!0 = distinct !DICompileUnit(language: DW_LANG_C, file: !1)
!1 = !DIFile(filename: "k.py", directory: "/src")
!4 = distinct !DISubprogram(name: "k", scope: !1, file: !1, line: 8, scopeLine: 8, unit: !0)
!7 = !DILocation(line: 9, column: 24, scope: !4)
!8 = !DILocation(line: 40, column: 1, scope: !10, inlinedAt: !11)
!9 = !DILocation(line: 12, column: 4, scope: !4)
!10 = distinct !DISubprogram(name: "max", scope: !12, file: !12, line: 38, unit: !0)
!11 = !DILocation(line: 10, column: 7, scope: !4)
!12 = !DIFile(filename: "standard.py", directory: "/lib")
)";

const char *const kLocatedPtx = R"(.visible .entry k(
	.param .u64 k_param_0
)
{
	.loc	1 9 24
	mov.u32 	%r1, %ctaid.x;
	shl.b32 	%r2, %r1, 10;
	.loc	1 10 7
	add.s32 	%r3, %r2, 1;
	ret;
}
	.file	1 "/src/k.py"
)";

const char *const kLocatedAmdgcn = R"(	.file	1 "/src" "k.py"
k:
	.loc	1 9 24 prologue_end
	s_load_dwordx2 s[0:1], s[0:1], 0x0
	.loc	1 0 16 is_stmt 0
	s_waitcnt lgkmcnt(0)
	.loc	1 12 4 is_stmt 1
	s_endpgm
)";

const char *const kSmallTtgir = R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], instrShape = [16, 8]}>
#shared = #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func public @k(%a_ptr: !tt.ptr<f16>, %n: i32) {
    %cst = arith.constant dense<0.000000e+00> : tensor<128x128xf32, #mma>
    %a = tt.load %ptrs : tensor<128x64x!tt.ptr<f16>, #blocked>
    %buf = ttg.local_alloc %a : (tensor<128x64xf16, #blocked>) -> !ttg.memdesc<128x64xf16, #shared, #smem>
    %op = ttg.local_load %buf : !ttg.memdesc<128x64xf16, #shared, #smem> -> tensor<128x64xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cst, %x = %a) -> (tensor<128x128xf32, #mma>, tensor<128x64xf16, #blocked>) : i32 {
    }
    tt.return
  }
}
)";

} // namespace fixtures
