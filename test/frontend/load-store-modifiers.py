# Coverage: cache modifiers, eviction policies and volatile loads and stores.
# RUN: trex compile %s --kernel modifiers --signature "*fp32:16, *fp32:16" --emit source | FileCheck %s
# On NVIDIA, PTX has a cache operator or an L1 eviction priority on one instruction, not both,
# and neither on ld.volatile: the volatile access, then the cache operator, win.
# RUN: trex compile %s --kernel modifiers --signature "*fp32:16, *fp32:16" --emit ptx | FileCheck %s --check-prefix=PTX
# PTX: ld.global.ca.b32
# PTX: ld.global.cg.b32
# PTX: ld.volatile.global.b32
# PTX: ld.global.L1::evict_first.b32
# PTX: st.global.wb.b32
# PTX: st.global.cs.b32
# PTX: st.global.wt.b32
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @modifiers(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK-SAME: %Y: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: tt.load %{{.*}} cacheModifier = ca : tensor<128x!tt.ptr<f32>>
# CHECK: tt.load %{{.*}} cacheModifier = cg evictionPolicy = evict_last : tensor<128x!tt.ptr<f32>>
# CHECK: [[C:%[^ ]+]] = tt.load %{{.*}} cacheModifier = cv {isVolatile = true} : tensor<128x!tt.ptr<f32>>
# CHECK: [[D:%[^ ]+]] = tt.load %{{.*}} evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
# CHECK: tt.store %{{.*}}, %{{.*}} cacheModifier = wb : tensor<128x!tt.ptr<f32>>
# CHECK: tt.store %{{.*}}, [[C]] cacheModifier = cs evictionPolicy = evict_first : tensor<128x!tt.ptr<f32>>
# CHECK: tt.store %{{.*}}, [[D]] cacheModifier = wt : tensor<128x!tt.ptr<f32>>
@triton.jit
def modifiers(X, Y):
    offs = tl.arange(0, 128)
    a = tl.load(X + offs, cache_modifier=".ca")
    b = tl.load(X + offs, cache_modifier=".cg", eviction_policy="evict_last")
    c = tl.load(X + offs, cache_modifier=".cv", volatile=True)
    d = tl.load(X + offs, eviction_policy="evict_first")
    tl.store(Y + offs, a + b, cache_modifier=".wb")
    tl.store(Y + offs, c, cache_modifier=".cs", eviction_policy="evict_first")
    tl.store(Y + offs, d, cache_modifier=".wt")
