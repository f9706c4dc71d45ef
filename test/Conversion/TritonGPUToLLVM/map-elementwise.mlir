// RUN: trex-opt %s --convert-scf-to-cf --allocate-shared-memory --convert-triton-gpu-to-llvm | FileCheck %s

// tt.map_elementwise: the scalar region is copied into the function once per element a
// thread holds (two here: 256 elements over 128 threads), entered by a branch with that
// element's operands; each return branches to the block that continues the function with the
// result, so the region's own branches stay inside each copy.
// CHECK-LABEL: llvm.func @three_way
// CHECK: %[[A0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK: %[[B0:.*]] = llvm.extractvalue %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK: llvm.br ^[[ENTRY0:.*]](%[[A0]], %[[B0]] : i32, i32)
// CHECK: ^[[ENTRY0]](%[[X0:.*]]: i32, %[[Y0:.*]]: i32):
// CHECK: llvm.icmp "slt" %[[X0]], %[[Y0]] : i32
// CHECK: llvm.cond_br %{{.*}}, ^[[DONE0:bb[0-9]+]](%{{.*}} : i32), ^[[GT0:bb[0-9]+]]
// CHECK: ^[[GT0]]:
// CHECK: llvm.icmp "sgt"
// CHECK: ^[[RET0:bb[0-9]+]](%[[V0:.*]]: i32):
// CHECK-NEXT: llvm.br ^[[AFTER0:bb[0-9]+]](%[[V0]] : i32)
// CHECK: ^[[AFTER0]](%[[R0:.*]]: i32):
// CHECK: llvm.br ^[[ENTRY1:bb[0-9]+]](%{{.*}}, %{{.*}} : i32, i32)
// CHECK: ^[[ENTRY1]](%[[X1:.*]]: i32, %[[Y1:.*]]: i32):
// CHECK: llvm.icmp "slt" %[[X1]], %[[Y1]] : i32
// CHECK: ^[[RET1:bb[0-9]+]](%[[V1:.*]]: i32):
// CHECK-NEXT: llvm.br ^[[AFTER1:bb[0-9]+]](%[[V1]] : i32)
// CHECK: ^[[AFTER1]](%[[R1:.*]]: i32):
// CHECK: llvm.insertvalue %[[R0]], %{{.*}}[0] : !llvm.struct<(i32, i32)>
// CHECK: llvm.insertvalue %[[R1]], %{{.*}}[1] : !llvm.struct<(i32, i32)>
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @three_way(%x: tensor<256xi32, #blocked>, %y: tensor<256xi32, #blocked>, %out: tensor<256x!tt.ptr<i32>, #blocked>) {
    %c-1_i32 = arith.constant -1 : i32
    %c0_i32 = arith.constant 0 : i32
    %c1_i32 = arith.constant 1 : i32
    %r = "tt.map_elementwise"(%x, %y) <{pack = 1 : i32}> ({
    ^bb0(%a: i32, %b: i32):
      %lt = arith.cmpi slt, %a, %b : i32
      cf.cond_br %lt, ^bb2(%c-1_i32 : i32), ^bb1
    ^bb1:
      %gt = arith.cmpi sgt, %a, %b : i32
      cf.cond_br %gt, ^bb2(%c1_i32 : i32), ^bb2(%c0_i32 : i32)
    ^bb2(%v: i32):
      tt.map_elementwise.return %v : i32
    }) : (tensor<256xi32, #blocked>, tensor<256xi32, #blocked>) -> tensor<256xi32, #blocked>
    tt.store %out, %r : tensor<256x!tt.ptr<i32>, #blocked>
    tt.return
  }
}
