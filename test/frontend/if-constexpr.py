# Coverage: if/elif/else on constexpr conditions: only the taken branch is generated.
# RUN: trex compile %s --kernel constexpr_branches --signature "*fp32:16, 1, True" --emit source | FileCheck %s
# RUN: trex compile %s --kernel constexpr_branches --signature "*fp32:16, 3, False" --emit source | FileCheck %s --check-prefix=OTHER
import triton
import triton.language as tl


# CHECK-LABEL: tt.func public @constexpr_branches(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: [[Y:%[^ ]+]] = arith.addf %{{.*}}, %{{.*}} : f32
# CHECK-NEXT: [[Y2:%[^ ]+]] = math.exp [[Y]] : f32
# CHECK-NEXT: tt.store %{{.*}}, [[Y2]] : !tt.ptr<f32>
# OTHER-LABEL: tt.func public @constexpr_branches(
# OTHER-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# OTHER: [[Y:%[^ ]+]] = arith.subf %{{.*}}, %{{.*}} : f32
# OTHER-NEXT: [[Y2:%[^ ]+]] = math.log [[Y]] : f32
# OTHER-NEXT: tt.store %{{.*}}, [[Y2]] : !tt.ptr<f32>
@triton.jit
def constexpr_branches(X, MODE: tl.constexpr, FLAG: tl.constexpr):
    x = tl.load(X)
    if MODE == 1:
        y = x + 1.0
    elif MODE == 2:
        y = x * 2.0
    else:
        y = x - 3.0
    if FLAG:
        y = tl.exp(y)
    if not FLAG and MODE > 2:
        y = tl.log(y)
    tl.store(X, y)
