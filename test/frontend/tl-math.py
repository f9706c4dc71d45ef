# Coverage: the tl.math namespace (functions also reachable as tl.*), libdevice through
# tl.extra.libdevice, and tl.inline_asm_elementwise.
# RUN: trex compile %s --kernel math_namespace --signature "*fp32:16" --emit source | FileCheck %s
# RUN: trex compile %s --kernel libdevice_calls --signature "*fp32:16, *fp64:16" --emit source | FileCheck %s --check-prefix=LIBDEVICE
# RUN: trex compile %s --kernel libdevice_calls --signature "*fp32:16, *fp64:16" --target hip:gfx942 --emit source | FileCheck %s --check-prefix=OCML
# The inline asm is PTX, so that kernel is compiled for NVIDIA only.
# RUN: trex compile %s --kernel inline_asm --signature "*i32:16" --target cuda:90 --emit source | FileCheck %s --check-prefix=ASM
# RUN: trex compile %s --kernel inline_asm --signature "*i32:16" --target cuda:80 --emit ptx | FileCheck %s --check-prefix=ASM-PTX
# ASM-PTX: shf.l.wrap.b32
# UNSUPPORTED-TARGET: libdevice_calls hip:gfx942 without rocm-device-libs: the ocml functions libdevice maps to on AMD come from the ROCm device libraries
import triton
import triton.language as tl
from triton.language.extra import libdevice


# CHECK-LABEL: tt.func public @math_namespace(
# CHECK-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# CHECK: math.exp %{{.*}} : tensor<32xf32>
# CHECK-NEXT: math.exp2 %{{.*}} : tensor<32xf32>
# CHECK: math.log2 %{{.*}} : tensor<32xf32>
# CHECK: math.sin %{{.*}} : tensor<32xf32>
# CHECK: math.cos %{{.*}} : tensor<32xf32>
# CHECK: math.sqrt %{{.*}} : tensor<32xf32>
# CHECK-NEXT: tt.precise_sqrt %{{.*}} : tensor<32xf32>
# CHECK: math.rsqrt %{{.*}} : tensor<32xf32>
# CHECK: math.absf %{{.*}} : tensor<32xf32>
# CHECK: math.floor %{{.*}} : tensor<32xf32>
# CHECK-NEXT: math.ceil %{{.*}} : tensor<32xf32>
# CHECK: math.fma %{{.*}}, %{{.*}}, %{{.*}} : tensor<32xf32>
# CHECK: math.erf %{{.*}} : tensor<32xf32>
@triton.jit
def math_namespace(X):
    offs = tl.arange(0, 32)
    x = tl.load(X + offs)
    y = tl.math.exp(x) + tl.math.exp2(x) + tl.math.log2(x) + tl.math.sin(x) + tl.math.cos(x)
    y += tl.math.sqrt(x) + tl.math.sqrt_rn(x) + tl.math.rsqrt(x) + tl.math.abs(x)
    y += tl.math.floor(x) + tl.math.ceil(x) + tl.math.fma(x, x, x) + tl.math.erf(x)
    tl.store(X + offs, y)


# LIBDEVICE-LABEL: tt.func public @libdevice_calls(
# LIBDEVICE-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# LIBDEVICE-SAME: %D: !tt.ptr<f64> {tt.divisibility = 16 : i32}
# LIBDEVICE: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_tanhf"} : (tensor<32xf32>) -> tensor<32xf32>
# LIBDEVICE-NEXT: tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_powf"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
# LIBDEVICE: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_expf"} : (tensor<32xf32>) -> tensor<32xf32>
# LIBDEVICE: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__nv_log1p"} : (tensor<32xf64>) -> tensor<32xf64>
# OCML-LABEL: tt.func public @libdevice_calls(
# OCML-SAME: %X: !tt.ptr<f32> {tt.divisibility = 16 : i32}
# OCML-SAME: %D: !tt.ptr<f64> {tt.divisibility = 16 : i32}
# OCML: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__ocml_tanh_f32"} : (tensor<32xf32>) -> tensor<32xf32>
# OCML-NEXT: tt.extern_elementwise %{{.*}}, %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__ocml_pow_f32"} : (tensor<32xf32>, tensor<32xf32>) -> tensor<32xf32>
# OCML: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__ocml_exp_f32"} : (tensor<32xf32>) -> tensor<32xf32>
# OCML: tt.extern_elementwise %{{.*}} {libname = "", libpath = "", pure = true, symbol = "__ocml_log1p_f64"} : (tensor<32xf64>) -> tensor<32xf64>
@triton.jit
def libdevice_calls(X, D):
    offs = tl.arange(0, 32)
    x = tl.load(X + offs)
    d = tl.load(D + offs)
    tl.store(X + offs, libdevice.tanh(x) + libdevice.pow(x, x) + libdevice.exp(x))
    tl.store(D + offs, libdevice.log1p(d))


# ASM-LABEL: tt.func public @inline_asm(
# ASM-SAME: %X: !tt.ptr<i32> {tt.divisibility = 16 : i32}
# ASM: tt.elementwise_inline_asm "shf.l.wrap.b32 $0, $1, $2, $3;" {constraints = "=r,r,r,r", packed_element = 1 : i32, pure = true} %{{.*}}, %{{.*}}, %{{.*}} : tensor<64xi32>, tensor<64xi32>, tensor<64xi32> -> tensor<64xi32>
@triton.jit
def inline_asm(X):
    offs = tl.arange(0, 64)
    x = tl.load(X + offs)
    y = tl.inline_asm_elementwise("shf.l.wrap.b32 $0, $1, $2, $3;", "=r,r,r,r", [x, x, x], dtype=tl.int32,
                                  is_pure=True, pack=1)
    tl.store(X + offs, y)
