// RUN: trex-opt %s --trex-ttir-pipeline=target=cuda:90 --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=SM90
// RUN: trex-opt %s --trex-ttir-pipeline=target=cuda:80 --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=SM80
// RUN: trex-opt %s --trex-ttir-pipeline=target=hip:gfx942 --dump-pass-pipeline 2>&1 | FileCheck %s --check-prefix=HIP
// RUN: trex-opt %s --trex-ttir-pipeline | FileCheck %s
// RUN: not trex-opt %s --trex-ttir-pipeline=target=tpu:1 2>&1 | FileCheck %s --check-prefix=BAD
// The ttir pipeline runs Triton 3.6's make_ttir passes in make_ttir's order.

// SM90: builtin.module(
// SM90-NEXT: inline{default-pipeline=canonicalize
// SM90-NEXT: triton-rewrite-tensor-pointer,
// SM90-NEXT: canonicalize{
// SM90-NEXT: triton-combine,
// SM90-NEXT: triton-reorder-broadcast,
// SM90-NEXT: cse,
// SM90-NEXT: symbol-dce,
// SM90-NEXT: triton-loop-unroll
// SM90-NEXT: )

// Without TMA, tensor descriptors become pointers.
// SM80: triton-rewrite-tensor-pointer,
// SM80-NEXT: triton-rewrite-tensor-descriptor-to-pointer,
// SM80-NEXT: canonicalize{
// SM80: cse,
// SM80-NEXT: symbol-dce,

// The AMD backend also hoists loop invariants before symbol-dce.
// HIP: triton-rewrite-tensor-pointer,
// HIP-NEXT: triton-rewrite-tensor-descriptor-to-pointer,
// HIP-NEXT: canonicalize{
// HIP: cse,
// HIP-NEXT: triton-licm,
// HIP-NEXT: symbol-dce,

// BAD: trex-ttir-pipeline: target 'tpu:1' is neither cuda:<capability> nor hip:gfx<arch>

// End to end: the helper is inlined and dropped, the zero-initialized dot
// absorbs the add, and the conversion moves in front of the splat.
// CHECK-LABEL: tt.func public @kernel
// CHECK-NEXT: %[[PID:.*]] = tt.get_program_id x : i32
// CHECK-NEXT: %[[F:.*]] = arith.sitofp %[[PID]] : i32 to f32
// CHECK-NEXT: %[[ACC:.*]] = tt.splat %[[F]] : f32 -> tensor<16x16xf32>
// CHECK-NEXT: %[[DOT:.*]] = tt.dot %arg0, %arg1, %[[ACC]] : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
// CHECK-NEXT: tt.return %[[DOT]]
// CHECK-NOT: @zeros
tt.func public @kernel(%a: tensor<16x16xf16>, %b: tensor<16x16xf16>) -> tensor<16x16xf32> {
  %pid = tt.get_program_id x : i32
  %zero = tt.call @zeros() : () -> tensor<16x16xf32>
  %d = tt.dot %a, %b, %zero : tensor<16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  %row = tt.splat %pid : i32 -> tensor<16x16xi32>
  %acc = arith.sitofp %row : tensor<16x16xi32> to tensor<16x16xf32>
  %r = arith.addf %d, %acc : tensor<16x16xf32>
  tt.return %r : tensor<16x16xf32>
}
tt.func private @zeros() -> tensor<16x16xf32> attributes {noinline = false} {
  %c = arith.constant 0.0 : f32
  %z = tt.splat %c : f32 -> tensor<16x16xf32>
  tt.return %z : tensor<16x16xf32>
^bb1:
  %p = ub.poison : tensor<16x16xf32>
  tt.return %p : tensor<16x16xf32>
}
