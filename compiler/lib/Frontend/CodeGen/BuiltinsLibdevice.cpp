// Builtins of triton.language.extra.libdevice (and of its .cuda and .hip modules): calls of
// NVIDIA's libdevice and AMD's ocml functions, element-wise, as tt.extern_elementwise.
//
// `triton.language.extra.libdevice` follows the target, as Triton's backends map it to their
// own module; `...extra.cuda.libdevice` and `...extra.hip.libdevice` name one library. Each
// function picks the overload whose argument dtypes match exactly (no promotion), broadcasts
// its arguments to a common shape and calls the library symbol by name (empty library name
// and path, as Triton 3.6 emits them; the backend links the library).
#include "BuiltinSupport.h"

#include <map>
#include <sstream>

namespace trex::frontend {

namespace {

// One function per line, `name overload...`; a line starting with spaces continues the one
// before. An overload is `argument dtypes>symbol>result dtype`, dtypes by their short names.
const char cudaFunctions[] = R"(
clz int32>__nv_clz>int32 int64>__nv_clzll>int32
popc int32>__nv_popc>int32 int64>__nv_popcll>int32
byte_perm int32,int32,int32>__nv_byte_perm>int32
mulhi int32,int32>__nv_mulhi>int32 uint32,uint32>__nv_umulhi>uint32
   int64,int64>__nv_mul64hi>int64 uint64,uint64>__nv_umul64hi>uint64
mul24 int32,int32>__nv_mul24>int32 uint32,uint32>__nv_umul24>uint32
brev int32>__nv_brev>int32 int64>__nv_brevll>int64
sad int32,int32,uint32>__nv_sad>int32 uint32,uint32,uint32>__nv_usad>uint32
abs int32>__nv_abs>int32 int64>__nv_llabs>int64 fp32>__nv_fabsf>fp32 fp64>__nv_fabs>fp64
floor fp32>__nv_floorf>fp32 fp64>__nv_floor>fp64
rcp64h fp64>__nv_rcp64h>fp64
rsqrt fp32>__nv_rsqrtf>fp32 fp64>__nv_rsqrt>fp64
ceil fp64>__nv_ceil>fp64 fp32>__nv_ceilf>fp32
trunc fp64>__nv_trunc>fp64 fp32>__nv_truncf>fp32
exp2 fp32>__nv_exp2f>fp32 fp64>__nv_exp2>fp64
saturatef fp32>__nv_saturatef>fp32
fma_rn fp32,fp32,fp32>__nv_fmaf_rn>fp32 fp64,fp64,fp64>__nv_fma_rn>fp64
fma_rz fp32,fp32,fp32>__nv_fmaf_rz>fp32 fp64,fp64,fp64>__nv_fma_rz>fp64
fma_rd fp32,fp32,fp32>__nv_fmaf_rd>fp32 fp64,fp64,fp64>__nv_fma_rd>fp64
fma_ru fp32,fp32,fp32>__nv_fmaf_ru>fp32 fp64,fp64,fp64>__nv_fma_ru>fp64
fast_dividef fp32,fp32>__nv_fast_fdividef>fp32
div_rn fp32,fp32>__nv_fdiv_rn>fp32 fp64,fp64>__nv_ddiv_rn>fp64
div_rz fp32,fp32>__nv_fdiv_rz>fp32 fp64,fp64>__nv_ddiv_rz>fp64
div_rd fp32,fp32>__nv_fdiv_rd>fp32 fp64,fp64>__nv_ddiv_rd>fp64
div_ru fp32,fp32>__nv_fdiv_ru>fp32 fp64,fp64>__nv_ddiv_ru>fp64
rcp_rn fp32>__nv_frcp_rn>fp32 fp64>__nv_drcp_rn>fp64
rcp_rz fp32>__nv_frcp_rz>fp32 fp64>__nv_drcp_rz>fp64
rcp_rd fp32>__nv_frcp_rd>fp32 fp64>__nv_drcp_rd>fp64
rcp_ru fp32>__nv_frcp_ru>fp32 fp64>__nv_drcp_ru>fp64
sqrt_rn fp32>__nv_fsqrt_rn>fp32 fp64>__nv_dsqrt_rn>fp64
sqrt_rz fp32>__nv_fsqrt_rz>fp32 fp64>__nv_dsqrt_rz>fp64
sqrt_rd fp32>__nv_fsqrt_rd>fp32 fp64>__nv_dsqrt_rd>fp64
sqrt_ru fp32>__nv_fsqrt_ru>fp32 fp64>__nv_dsqrt_ru>fp64
sqrt fp32>__nv_sqrtf>fp32 fp64>__nv_sqrt>fp64
add_rn fp64,fp64>__nv_dadd_rn>fp64 fp32,fp32>__nv_fadd_rn>fp32
add_rz fp64,fp64>__nv_dadd_rz>fp64 fp32,fp32>__nv_fadd_rz>fp32
add_rd fp64,fp64>__nv_dadd_rd>fp64 fp32,fp32>__nv_fadd_rd>fp32
add_ru fp64,fp64>__nv_dadd_ru>fp64 fp32,fp32>__nv_fadd_ru>fp32
mul_rn fp64,fp64>__nv_dmul_rn>fp64 fp32,fp32>__nv_fmul_rn>fp32
mul_rz fp64,fp64>__nv_dmul_rz>fp64 fp32,fp32>__nv_fmul_rz>fp32
mul_rd fp64,fp64>__nv_dmul_rd>fp64 fp32,fp32>__nv_fmul_rd>fp32
mul_ru fp64,fp64>__nv_dmul_ru>fp64 fp32,fp32>__nv_fmul_ru>fp32
double2float_rn fp64>__nv_double2float_rn>fp32
double2float_rz fp64>__nv_double2float_rz>fp32
double2float_rd fp64>__nv_double2float_rd>fp32
double2float_ru fp64>__nv_double2float_ru>fp32
double2int_rn fp64>__nv_double2int_rn>int32
double2int_rz fp64>__nv_double2int_rz>int32
double2int_rd fp64>__nv_double2int_rd>int32
double2int_ru fp64>__nv_double2int_ru>int32
double2uint_rn fp64>__nv_double2uint_rn>int32
double2uint_rz fp64>__nv_double2uint_rz>int32
double2uint_rd fp64>__nv_double2uint_rd>int32
double2uint_ru fp64>__nv_double2uint_ru>int32
int2double_rn int32>__nv_int2double_rn>fp64
uint2double_rn uint32>__nv_uint2double_rn>fp64
float2int_rn fp32>__nv_float2int_rn>int32
float2int_rz fp32>__nv_float2int_rz>int32
float2int_rd fp32>__nv_float2int_rd>int32
float2int_ru fp32>__nv_float2int_ru>int32
float2uint_rn fp32>__nv_float2uint_rn>int32
float2uint_rz fp32>__nv_float2uint_rz>int32
float2uint_rd fp32>__nv_float2uint_rd>int32
float2uint_ru fp32>__nv_float2uint_ru>int32
int2float_rn int32>__nv_int2float_rn>fp32
int2float_rz int32>__nv_int2float_rz>fp32
int2float_rd int32>__nv_int2float_rd>fp32
int2float_ru int32>__nv_int2float_ru>fp32
uint2float_rn uint32>__nv_uint2float_rn>fp32
uint2float_rz uint32>__nv_uint2float_rz>fp32
uint2float_rd uint32>__nv_uint2float_rd>fp32
uint2float_ru uint32>__nv_uint2float_ru>fp32
hiloint2double int32,int32>__nv_hiloint2double>fp64
double2loint fp64>__nv_double2loint>int32
double2hiint fp64>__nv_double2hiint>int32
float2ll_rn fp32>__nv_float2ll_rn>int64
float2ll_rz fp32>__nv_float2ll_rz>int64
float2ll_rd fp32>__nv_float2ll_rd>int64
float2ll_ru fp32>__nv_float2ll_ru>int64
float2ull_rn fp32>__nv_float2ull_rn>int64
float2ull_rz fp32>__nv_float2ull_rz>int64
float2ull_rd fp32>__nv_float2ull_rd>int64
float2ull_ru fp32>__nv_float2ull_ru>int64
double2ll_rn fp64>__nv_double2ll_rn>int64
double2ll_rz fp64>__nv_double2ll_rz>int64
double2ll_rd fp64>__nv_double2ll_rd>int64
double2ll_ru fp64>__nv_double2ll_ru>int64
double2ull_rn fp64>__nv_double2ull_rn>int64
double2ull_rz fp64>__nv_double2ull_rz>int64
double2ull_rd fp64>__nv_double2ull_rd>int64
double2ull_ru fp64>__nv_double2ull_ru>int64
ll2float_rn int64>__nv_ll2float_rn>fp32
ll2float_rz int64>__nv_ll2float_rz>fp32
ll2float_rd int64>__nv_ll2float_rd>fp32
ll2float_ru int64>__nv_ll2float_ru>fp32
ull2float_rn uint64>__nv_ull2float_rn>fp32
ull2float_rz uint64>__nv_ull2float_rz>fp32
ull2float_rd uint64>__nv_ull2float_rd>fp32
ull2float_ru uint64>__nv_ull2float_ru>fp32
ll2double_rn int64>__nv_ll2double_rn>fp64
ll2double_rz int64>__nv_ll2double_rz>fp64
ll2double_rd int64>__nv_ll2double_rd>fp64
ll2double_ru int64>__nv_ll2double_ru>fp64
ull2double_rn uint64>__nv_ull2double_rn>fp64
ull2double_rz uint64>__nv_ull2double_rz>fp64
ull2double_rd uint64>__nv_ull2double_rd>fp64
ull2double_ru uint64>__nv_ull2double_ru>fp64
int_as_float int32>__nv_int_as_float>fp32
float_as_int fp32>__nv_float_as_int>int32
uint_as_float uint32>__nv_uint_as_float>fp32
float_as_uint fp32>__nv_float_as_uint>int32
longlong_as_double int64>__nv_longlong_as_double>fp64
double_as_longlong fp64>__nv_double_as_longlong>int64
fast_sinf fp32>__nv_fast_sinf>fp32
fast_cosf fp32>__nv_fast_cosf>fp32
fast_log2f fp32>__nv_fast_log2f>fp32
fast_logf fp32>__nv_fast_logf>fp32
fast_expf fp32>__nv_fast_expf>fp32
fast_tanf fp32>__nv_fast_tanf>fp32
fast_exp10f fp32>__nv_fast_exp10f>fp32
fast_log10f fp32>__nv_fast_log10f>fp32
fast_powf fp32,fp32>__nv_fast_powf>fp32
hadd int32,int32>__nv_hadd>int32 uint32,uint32>__nv_uhadd>uint32
rhadd int32,int32>__nv_rhadd>int32 uint32,uint32>__nv_urhadd>uint32
sub_rn fp32,fp32>__nv_fsub_rn>fp32 fp64,fp64>__nv_dsub_rn>fp64
sub_rz fp32,fp32>__nv_fsub_rz>fp32 fp64,fp64>__nv_dsub_rz>fp64
sub_rd fp32,fp32>__nv_fsub_rd>fp32 fp64,fp64>__nv_dsub_rd>fp64
sub_ru fp32,fp32>__nv_fsub_ru>fp32 fp64,fp64>__nv_dsub_ru>fp64
rsqrt_rn fp32>__nv_frsqrt_rn>fp32
ffs int32>__nv_ffs>int32 int64>__nv_ffsll>int32
rint fp32>__nv_rintf>fp32 fp64>__nv_rint>fp64
llrint fp32>__nv_llrintf>int64 fp64>__nv_llrint>int64
nearbyint fp32>__nv_nearbyintf>fp32 fp64>__nv_nearbyint>fp64
isnan fp32>__nv_isnanf>int32 fp64>__nv_isnand>int32
signbit fp32>__nv_signbitf>int32 fp64>__nv_signbitd>int32
copysign fp32,fp32>__nv_copysignf>fp32 fp64,fp64>__nv_copysign>fp64
finitef fp32>__nv_finitef>int32
isinf fp32>__nv_isinff>int32 fp64>__nv_isinfd>int32
nextafter fp32,fp32>__nv_nextafterf>fp32 fp64,fp64>__nv_nextafter>fp64
sin fp32>__nv_sinf>fp32 fp64>__nv_sin>fp64
cos fp32>__nv_cosf>fp32 fp64>__nv_cos>fp64
sinpi fp32>__nv_sinpif>fp32 fp64>__nv_sinpi>fp64
cospi fp32>__nv_cospif>fp32 fp64>__nv_cospi>fp64
tan fp32>__nv_tanf>fp32 fp64>__nv_tan>fp64
log2 fp32>__nv_log2f>fp32 fp64>__nv_log2>fp64
exp fp32>__nv_expf>fp32 fp64>__nv_exp>fp64
exp10 fp32>__nv_exp10f>fp32 fp64>__nv_exp10>fp64
cosh fp32>__nv_coshf>fp32 fp64>__nv_cosh>fp64
sinh fp32>__nv_sinhf>fp32 fp64>__nv_sinh>fp64
tanh fp32>__nv_tanhf>fp32 fp64>__nv_tanh>fp64
atan2 fp32,fp32>__nv_atan2f>fp32 fp64,fp64>__nv_atan2>fp64
atan fp32>__nv_atanf>fp32 fp64>__nv_atan>fp64
asin fp32>__nv_asinf>fp32 fp64>__nv_asin>fp64
acos fp32>__nv_acosf>fp32 fp64>__nv_acos>fp64
log fp32>__nv_logf>fp32 fp64>__nv_log>fp64
log10 fp32>__nv_log10f>fp32 fp64>__nv_log10>fp64
log1p fp32>__nv_log1pf>fp32 fp64>__nv_log1p>fp64
acosh fp32>__nv_acoshf>fp32 fp64>__nv_acosh>fp64
asinh fp32>__nv_asinhf>fp32 fp64>__nv_asinh>fp64
atanh fp32>__nv_atanhf>fp32 fp64>__nv_atanh>fp64
expm1 fp32>__nv_expm1f>fp32 fp64>__nv_expm1>fp64
hypot fp32,fp32>__nv_hypotf>fp32 fp64,fp64>__nv_hypot>fp64
rhypot fp32,fp32>__nv_rhypotf>fp32 fp64,fp64>__nv_rhypot>fp64
norm3d fp32,fp32,fp32>__nv_norm3df>fp32 fp64,fp64,fp64>__nv_norm3d>fp64
rnorm3d fp32,fp32,fp32>__nv_rnorm3df>fp32 fp64,fp64,fp64>__nv_rnorm3d>fp64
norm4d fp32,fp32,fp32,fp32>__nv_norm4df>fp32 fp64,fp64,fp64,fp64>__nv_norm4d>fp64
rnorm4d fp32,fp32,fp32,fp32>__nv_rnorm4df>fp32 fp64,fp64,fp64,fp64>__nv_rnorm4d>fp64
cbrt fp32>__nv_cbrtf>fp32 fp64>__nv_cbrt>fp64
rcbrt fp32>__nv_rcbrtf>fp32 fp64>__nv_rcbrt>fp64
j0 fp32>__nv_j0f>fp32 fp64>__nv_j0>fp64
j1 fp32>__nv_j1f>fp32 fp64>__nv_j1>fp64
y0 fp32>__nv_y0f>fp32 fp64>__nv_y0>fp64
y1 fp32>__nv_y1f>fp32 fp64>__nv_y1>fp64
yn int32,fp32>__nv_ynf>fp32 int32,fp64>__nv_yn>fp64
jn int32,fp32>__nv_jnf>fp32 int32,fp64>__nv_jn>fp64
cyl_bessel_i0 fp32>__nv_cyl_bessel_i0f>fp32 fp64>__nv_cyl_bessel_i0>fp64
cyl_bessel_i1 fp32>__nv_cyl_bessel_i1f>fp32 fp64>__nv_cyl_bessel_i1>fp64
erf fp32>__nv_erff>fp32 fp64>__nv_erf>fp64
erfinv fp32>__nv_erfinvf>fp32 fp64>__nv_erfinv>fp64
erfc fp32>__nv_erfcf>fp32 fp64>__nv_erfc>fp64
erfcx fp32>__nv_erfcxf>fp32 fp64>__nv_erfcx>fp64
erfcinv fp32>__nv_erfcinvf>fp32 fp64>__nv_erfcinv>fp64
normcdfinv fp32>__nv_normcdfinvf>fp32 fp64>__nv_normcdfinv>fp64
normcdf fp32>__nv_normcdff>fp32 fp64>__nv_normcdf>fp64
lgamma fp32>__nv_lgammaf>fp32 fp64>__nv_lgamma>fp64
ldexp fp32,int32>__nv_ldexpf>fp32 fp64,int32>__nv_ldexp>fp64
scalbn fp32,int32>__nv_scalbnf>fp32 fp64,int32>__nv_scalbn>fp64
fmod fp32,fp32>__nv_fmodf>fp32 fp64,fp64>__nv_fmod>fp64
remainder fp32,fp32>__nv_remainderf>fp32 fp64,fp64>__nv_remainder>fp64
fma fp32,fp32,fp32>__nv_fmaf>fp32 fp64,fp64,fp64>__nv_fma>fp64
pow fp32,int32>__nv_powif>fp32 fp64,int32>__nv_powi>fp64 fp32,fp32>__nv_powf>fp32
   fp64,fp64>__nv_pow>fp64
tgamma fp32>__nv_tgammaf>fp32 fp64>__nv_tgamma>fp64
round fp32>__nv_roundf>fp32 fp64>__nv_round>fp64
llround fp32>__nv_llroundf>int64 fp64>__nv_llround>int64
fdim fp32,fp32>__nv_fdimf>fp32 fp64,fp64>__nv_fdim>fp64
ilogb fp32>__nv_ilogbf>int32 fp64>__nv_ilogb>int32
logb fp32>__nv_logbf>fp32 fp64>__nv_logb>fp64
isfinited fp64>__nv_isfinited>int32
)";

const char hipFunctions[] = R"(
abs int32>__triton_hip_iabs>int32 int64>__triton_hip_iabs>int64 fp32>__triton_hip_fabs>fp32
   fp64>__triton_hip_fabs>fp64
floor fp32>__ocml_floor_f32>fp32 fp64>__ocml_floor_f64>fp64
rsqrt fp32>__ocml_rsqrt_f32>fp32 fp64>__ocml_rsqrt_f64>fp64
ceil fp32>__ocml_ceil_f32>fp32 fp64>__ocml_ceil_f64>fp64
trunc fp32>__ocml_trunc_f32>fp32 fp64>__ocml_trunc_f64>fp64
exp2 fp32>__ocml_exp2_f32>fp32 fp64>__ocml_exp2_f64>fp64
exp fp32>__ocml_exp_f32>fp32 fp64>__ocml_exp_f64>fp64
fast_expf fp32>__triton_hip_fast_expf>fp32
fast_tanhf fp32>__triton_hip_fast_tanhf>fp32
fast_dividef fp32,fp32>__triton_hip_fast_fdividef>fp32
sqrt fp32>__ocml_sqrt_f32>fp32 fp64>__ocml_sqrt_f64>fp64
llrint fp32>__triton_hip_llrint>int64 fp64>__triton_hip_llrint>int64
nearbyint fp32>__ocml_nearbyint_f32>fp32 fp64>__ocml_nearbyint_f64>fp64
isnan fp32>__ocml_isnan_f32>int32 fp64>__ocml_isnan_f64>int32
signbit fp32>__ocml_signbit_f32>int32 fp64>__ocml_signbit_f64>int32
copysign fp32,fp32>__ocml_copysign_f32>fp32 fp64,fp64>__ocml_copysign_f64>fp64
isinf fp32>__ocml_isinf_f32>int32 fp64>__ocml_isinf_f64>int32
nextafter fp32,fp32>__ocml_nextafter_f32>fp32 fp64,fp64>__ocml_nextafter_f64>fp64
sin fp32>__ocml_sin_f32>fp32 fp64>__ocml_sin_f64>fp64
cos fp32>__ocml_cos_f32>fp32 fp64>__ocml_cos_f64>fp64
tan fp32>__ocml_tan_f32>fp32 fp64>__ocml_tan_f64>fp64
log2 fp32>__ocml_log2_f32>fp32 fp64>__ocml_log2_f64>fp64
cosh fp32>__ocml_cosh_f32>fp32 fp64>__ocml_cosh_f64>fp64
sinh fp32>__ocml_sinh_f32>fp32 fp64>__ocml_sinh_f64>fp64
tanh fp32>__ocml_tanh_f32>fp32 fp64>__ocml_tanh_f64>fp64
atan2 fp32,fp32>__ocml_atan2_f32>fp32 fp64,fp64>__ocml_atan2_f64>fp64
atan fp32>__ocml_atan_f32>fp32 fp64>__ocml_atan_f64>fp64
asin fp32>__ocml_asin_f32>fp32 fp64>__ocml_asin_f64>fp64
acos fp32>__ocml_acos_f32>fp32 fp64>__ocml_acos_f64>fp64
log fp32>__ocml_log_f32>fp32 fp64>__ocml_log_f64>fp64
log10 fp32>__ocml_log10_f32>fp32 fp64>__ocml_log10_f64>fp64
log1p fp32>__ocml_log1p_f32>fp32 fp64>__ocml_log1p_f64>fp64
acosh fp32>__ocml_acosh_f32>fp32 fp64>__ocml_acosh_f64>fp64
asinh fp32>__ocml_asinh_f32>fp32 fp64>__ocml_asinh_f64>fp64
atanh fp32>__ocml_atanh_f32>fp32 fp64>__ocml_atanh_f64>fp64
expm1 fp32>__ocml_expm1_f32>fp32 fp64>__ocml_expm1_f64>fp64
hypot fp32,fp32>__ocml_hypot_f32>fp32 fp64,fp64>__ocml_hypot_f64>fp64
j0 fp32>__ocml_j0_f32>fp32 fp64>__ocml_j0_f64>fp64
j1 fp32>__ocml_j1_f32>fp32 fp64>__ocml_j1_f64>fp64
y0 fp32>__ocml_y0_f32>fp32 fp64>__ocml_y0_f64>fp64
y1 fp32>__ocml_y1_f32>fp32 fp64>__ocml_y1_f64>fp64
cyl_bessel_i0 fp32>__ocml_i0_f32>fp32 fp64>__ocml_i0_f64>fp64
cyl_bessel_i1 fp32>__ocml_i1_f32>fp32 fp64>__ocml_i1_f64>fp64
erf fp32>__ocml_erf_f32>fp32 fp64>__ocml_erf_f64>fp64
erfinv fp32>__ocml_erfinv_f32>fp32 fp64>__ocml_erfinv_f64>fp64
erfc fp32>__ocml_erfc_f32>fp32 fp64>__ocml_erfc_f64>fp64
erfcx fp32>__ocml_erfcx_f32>fp32 fp64>__ocml_erfcx_f64>fp64
lgamma fp32>__ocml_lgamma_f32>fp32 fp64>__ocml_lgamma_f64>fp64
ldexp fp32,int32>__ocml_ldexp_f32>fp32 fp64,int32>__ocml_ldexp_f64>fp64
fmod fp32,fp32>__ocml_fmod_f32>fp32 fp64,fp64>__ocml_fmod_f64>fp64
fma fp32,fp32,fp32>__ocml_fma_f32>fp32 fp64,fp64,fp64>__ocml_fma_f64>fp64
pow fp32,int32>__ocml_pown_f32>fp32 fp64,int32>__ocml_pown_f64>fp64
   fp32,fp32>__ocml_pow_f32>fp32 fp64,fp64>__ocml_pow_f64>fp64
ilogb fp32>__ocml_ilogb_f32>int32 fp64>__ocml_ilogb_f64>int32
round fp32>__ocml_round_f32>fp32 fp64>__ocml_round_f64>fp64
)";

struct Overload {
  std::vector<std::string> argumentTypes;
  std::string symbol;
  std::string resultType;
};

using FunctionTable = std::map<std::string, std::vector<Overload>, std::less<>>;

FunctionTable parseTable(const char *text) {
  FunctionTable table;
  std::istringstream lines(text);
  std::string line, current;
  while (std::getline(lines, line)) {
    if (line.empty())
      continue;
    std::istringstream words(line);
    std::string word;
    if (line.front() != ' ')
      words >> current;
    while (words >> word) {
      size_t first = word.find('>'), second = word.rfind('>');
      Overload overload;
      std::istringstream types(word.substr(0, first));
      std::string type;
      while (std::getline(types, type, ','))
        overload.argumentTypes.push_back(type);
      overload.symbol = word.substr(first + 1, second - first - 1);
      overload.resultType = word.substr(second + 1);
      table[current].push_back(std::move(overload));
    }
  }
  return table;
}

const FunctionTable &cudaTable() {
  static const FunctionTable table = parseTable(cudaFunctions);
  return table;
}

const FunctionTable &hipTable() {
  static const FunctionTable table = parseTable(hipFunctions);
  return table;
}

std::string typeList(const std::vector<std::string> &types) {
  std::string text = "(";
  for (size_t i = 0; i < types.size(); ++i)
    text += (i ? ", " : "") + types[i];
  return text + (types.size() == 1 ? ",)" : ")");
}

// core.extern_elementwise: exact dtype match, shapes broadcast without promotion.
Value externElementwise(CodeGenerator &g, const std::string &name,
                        const std::vector<Overload> &overloads,
                        const std::vector<Value> &arguments) {
  Semantic &semantic = g.semantic();
  std::vector<Tensor> tensors;
  std::vector<std::string> types;
  bool allScalar = true;
  for (const Value &argument : arguments) {
    tensors.push_back(semantic.toTensor(argument));
    types.push_back(tensors.back().dtype().name());
    allScalar &= !tensors.back().isBlock();
  }
  const Overload *chosen = nullptr;
  for (const Overload &overload : overloads)
    if (overload.argumentTypes == types)
      chosen = &overload;
  if (!chosen) {
    std::string expected;
    for (const Overload &overload : overloads)
      expected += (expected.empty() ? "" : ", ") + typeList(overload.argumentTypes);
    fail("libdevice." + name + ": input arg type does not match. Expect one of [" + expected +
         "], got " + typeList(types));
  }
  Tensor shape = tensors.front();
  for (const Tensor &tensor : tensors)
    shape = semantic
                .binaryOpTypeChecking(Value::tensor(tensor), Value::tensor(shape), false, false,
                                      /*arithmeticCheck=*/false)
                .second;
  for (Tensor &tensor : tensors)
    tensor = semantic
                 .binaryOpTypeChecking(Value::tensor(tensor), Value::tensor(shape), false, false,
                                       /*arithmeticCheck=*/false)
                 .first;
  std::optional<ScalarKind> resultKind = scalarKindFromName(chosen->resultType);
  DType resultType = *resultKind;
  if (!allScalar)
    resultType = shape.type.withElementType(resultType);
  std::vector<mlir::Value> handles;
  for (const Tensor &tensor : tensors)
    handles.push_back(tensor.handle);
  auto op = g.builder().create<tt::ExternElementwiseOp>(resultType.toMLIR(g.builder().context()),
                                                        handles, /*libname=*/"", /*libpath=*/"",
                                                        chosen->symbol, /*pure=*/true);
  return Value::tensor(op.getResult(), resultType);
}

enum class Flavour { Target, CUDA, HIP };

void registerFunctions(Library &lib, const std::string &module, Flavour which) {
  std::map<std::string, size_t> arities;
  for (const FunctionTable *table : {&cudaTable(), &hipTable()})
    for (const auto &[name, overloads] : *table)
      arities[name] = overloads.front().argumentTypes.size();
  for (const auto &[name, arity] : arities) {
    if ((which == Flavour::CUDA && !cudaTable().count(name)) ||
        (which == Flavour::HIP && !hipTable().count(name)))
      continue;
    BuiltinSignature parameters;
    for (size_t i = 0; i < arity; ++i)
      parameters.positional.push_back(required("arg" + std::to_string(i)));
    std::string function = name;
    lib.addBuiltin(module + "." + name, parameters,
                   [function, which, arity, module](CodeGenerator &g, BoundArguments &args) {
                     bool cuda =
                         which == Flavour::CUDA || (which == Flavour::Target && g.options().isCUDA);
                     const FunctionTable &table = cuda ? cudaTable() : hipTable();
                     auto overloads = table.find(function);
                     if (overloads == table.end())
                       fail("module '" + module + "' has no attribute '" + function + "' on " +
                            (cuda ? "CUDA" : "HIP") + " targets");
                     std::vector<Value> arguments;
                     for (size_t i = 0; i < arity; ++i)
                       arguments.push_back(args["arg" + std::to_string(i)]);
                     return externElementwise(g, function, overloads->second, arguments);
                   });
  }
}

} // namespace

void registerLibdeviceBuiltins(Library &lib) {
  const std::string extra = "triton.language.extra";
  for (const std::string &path :
       {extra, extra + ".libdevice", extra + ".cuda", extra + ".cuda.libdevice", extra + ".hip",
        extra + ".hip.libdevice"})
    lib.addNamespace(path);
  registerFunctions(lib, extra + ".libdevice", Flavour::Target);
  registerFunctions(lib, extra + ".cuda.libdevice", Flavour::CUDA);
  registerFunctions(lib, extra + ".hip.libdevice", Flavour::HIP);
}

} // namespace trex::frontend
