# Coverage: tl.atomic_add/max/min/and/or/xor/xchg/cas on integers and floats, with masks,
# memory semantics and scopes.
# RUN: trex compile %s --kernel int_atomics --signature "*i32:16, i32" --emit source | FileCheck %s --check-prefix=INT
# RUN: trex compile %s --kernel float_add --signature "*fp32:16, *fp16:16, i32" --emit source | FileCheck %s --check-prefix=FADD
# RUN: trex compile %s --kernel compare_and_swap --signature "*i32:16, *i32:16" --emit source | FileCheck %s --check-prefix=CAS
# RUN: trex compile %s --kernel unsigned_minmax --signature "*u32:16" --emit source | FileCheck %s --check-prefix=UINT
import triton
import triton.language as tl


# INT-LABEL: tt.func public @int_atomics(
# INT-SAME: %P: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# INT-SAME: %N: i32{{( loc|,|\))}}
# INT: tt.atomic_rmw add, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: tt.atomic_rmw max, acquire, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: tt.atomic_rmw min, release, cta, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: tt.atomic_rmw and, relaxed, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: tt.atomic_rmw or, acq_rel, sys, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: tt.atomic_rmw xor, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: [[OLD:%[^ ]+]] = tt.atomic_rmw exch, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<64x!tt.ptr<i32>>, tensor<64xi32>, tensor<64xi1>) -> tensor<64xi32>
# INT: tt.store %{{.*}}, [[OLD]] : tensor<64x!tt.ptr<i32>>
@triton.jit
def int_atomics(P, N):
    offs = tl.arange(0, 64)
    mask = offs < N
    tl.atomic_add(P + offs, 1, mask=mask)
    tl.atomic_max(P + offs, offs, sem="acquire")
    tl.atomic_min(P + offs, offs, sem="release", scope="cta")
    tl.atomic_and(P + offs, 0xFF, mask=mask, sem="relaxed")
    tl.atomic_or(P + offs, 2, scope="sys")
    tl.atomic_xor(P + offs, offs, mask=mask)
    old = tl.atomic_xchg(P + offs, 5, mask=mask, sem="acq_rel", scope="gpu")
    tl.store(P + offs, old)


# FADD-LABEL: tt.func public @float_add(
# FADD-SAME: %F: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# FADD-SAME: %H: !tt.ptr<f16> {tt.divisibility = 16 : i32}
# FADD-SAME: %N: i32{{( loc|,|\))}}
# FADD: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<128x!tt.ptr<f32>>, tensor<128xf32>, tensor<128xi1>) -> tensor<128xf32>
# FADD: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<128x!tt.ptr<f16>>, tensor<128xf16>, tensor<128xi1>) -> tensor<128xf16>
# FADD: tt.atomic_rmw fadd, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<f32>, f32, i1) -> f32
@triton.jit
def float_add(F, H, N):
    offs = tl.arange(0, 128)
    tl.atomic_add(F + offs, 1.0, mask=offs < N)
    tl.atomic_add(H + offs, tl.full((128, ), 0.5, tl.float16))
    tl.atomic_add(F, 2.0)


# CAS-LABEL: tt.func public @compare_and_swap(
# CAS-SAME: %Lock: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CAS-SAME: %Counter: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# CAS-NEXT: scf.while : () -> () {
# CAS: [[V:%[^ ]+]] = tt.atomic_cas acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
# CAS: [[V2:%[^ ]+]] = arith.cmpi eq, [[V]], %{{.*}} : i32
# CAS-NEXT: scf.condition([[V2]])
# CAS-NEXT: } do {
# CAS-NEXT: scf.yield
# CAS: tt.atomic_cas relaxed, cta, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i32) -> i32
# CAS: tt.atomic_rmw exch, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (!tt.ptr<i32>, i32, i1) -> i32
@triton.jit
def compare_and_swap(Lock, Counter):
    while tl.atomic_cas(Lock, 0, 1) == 1:
        pass
    tl.atomic_cas(Counter, 3, 4, sem="relaxed", scope="cta")
    tl.atomic_xchg(Lock, 0)


# UINT-LABEL: tt.func public @unsigned_minmax(
# UINT-SAME: %P: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# UINT: tt.atomic_rmw umax, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
# UINT: tt.atomic_rmw umin, acq_rel, gpu, %{{.*}}, %{{.*}}, %{{.*}} : (tensor<32x!tt.ptr<i32>>, tensor<32xi32>, tensor<32xi1>) -> tensor<32xi32>
@triton.jit
def unsigned_minmax(P):
    offs = tl.arange(0, 32)
    v = tl.load(P + offs)
    tl.atomic_max(P + offs, v)
    tl.atomic_min(P + offs, v)
