// Runs trex's fp8 conversions (fp8-conversion.test) against a reference built from the formats'
// definitions: every encoding is decoded by its exponent and mantissa fields, and a narrowing
// picks, among all finite encodings, the nearest (ties to the even mantissa) or the largest not
// above in magnitude (toward zero), then saturates to the largest finite one, with NaN to NaN
// (PTX's cvt.rn.satfinite). Inputs: every fp8 value, the midpoints between neighbours and their
// f32 neighbours (the ties and just off them), subnormals, overflow, infinities, NaN, zeros and
// random values. Prints the number of mismatches per kernel.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

typedef void (*Narrow)(float *, uint8_t *, void *, void *);
typedef void (*NarrowHalf)(uint16_t *, uint8_t *, void *, void *);
typedef void (*Widen)(uint8_t *, float *, void *, void *);

#define KERNELS(name)                                                                            \
  void narrow_rtne_##name(float *, uint8_t *, void *, void *);                                 \
  void narrow_rtz_##name(float *, uint8_t *, void *, void *);                                  \
  void narrow_f16_##name(uint16_t *, uint8_t *, void *, void *);                               \
  void widen_##name(uint8_t *, float *, void *, void *);
KERNELS(e4m3fn)
KERNELS(e5m2)
KERNELS(e4m3fnuz)
KERNELS(e5m2fnuz)

struct Format {
  const char *name;
  int mantissaBits, bias;
  int ieee;      // all-ones exponent: infinity (mantissa 0) or NaN
  int fn;        // only S.1111.111 is NaN, no infinity
  int fnuz;      // 0x80 is the only NaN, no negative zero, no infinity
  Narrow rtne, rtz;
  NarrowHalf half;
  Widen widen;
};

static double decode(const struct Format *f, int code) {
  int sign = code & 0x80, magnitude = code & 0x7f;
  int exponent = magnitude >> f->mantissaBits, mantissa = magnitude & ((1 << f->mantissaBits) - 1);
  int allOnes = 0x7f >> f->mantissaBits;
  if (f->fnuz && code == 0x80)
    return NAN;
  if (f->fn && magnitude == 0x7f)
    return NAN;
  if (f->ieee && exponent == allOnes)
    return mantissa ? NAN : (sign ? -INFINITY : INFINITY);
  double value = exponent ? ldexp(1.0 + ldexp(mantissa, -f->mantissaBits), exponent - f->bias)
                          : ldexp(mantissa, 1 - f->bias - f->mantissaBits);
  return sign ? -value : value;
}

static int isNaNCode(const struct Format *f, int code) { return isnan(decode(f, code)); }

static int reference(const struct Format *f, float x, int nearestEven) {
  if (isnan(x))
    return f->fnuz ? 0x80 : 0x7f | (signbit(x) ? 0x80 : 0);
  double magnitude = fabs((double)x);
  int largest = -1;
  for (int code = 0; code < 0x80; ++code)
    if (!isnan(decode(f, code)) && !isinf(decode(f, code)))
      largest = code;
  if (magnitude >= decode(f, largest)) // saturation, infinities included
    return largest | (signbit(x) ? 0x80 : 0);
  int best = -1;
  double bestValue = 0;
  for (int code = 0; code < 0x80; ++code) {
    double value = decode(f, code);
    if (isnan(value) || isinf(value))
      continue;
    if (best < 0) {
      best = code, bestValue = value;
      continue;
    }
    if (nearestEven) {
      double distance = fabs(value - magnitude), bestDistance = fabs(bestValue - magnitude);
      if (distance < bestDistance || (distance == bestDistance && (code & 1) == 0 && (best & 1)))
        best = code, bestValue = value;
    } else if (value <= magnitude && value > bestValue) {
      best = code, bestValue = value;
    }
  }
  // best is the nearest finite value, which is the largest one for anything beyond it
  // (saturation), infinities included.
  if (best == 0 && f->fnuz)
    return 0;
  return best | (signbit(x) ? 0x80 : 0);
}

static uint16_t toHalf(float x) { // exact for the values used: f16 values only
  uint32_t bits;
  memcpy(&bits, &x, 4);
  uint32_t sign = (bits >> 16) & 0x8000;
  if (isnan(x))
    return 0x7e00 | sign;
  if (isinf(x))
    return 0x7c00 | sign;
  float magnitude = fabsf(x);
  if (magnitude == 0)
    return sign;
  int exponent;
  frexpf(magnitude, &exponent);
  if (exponent - 1 < -14) // subnormal f16: units of 2^-24
    return sign | (uint16_t)ldexpf(magnitude, 24);
  uint32_t mantissa = (uint32_t)ldexpf(magnitude, 10 - (exponent - 1)) - 1024;
  return sign | (uint16_t)((exponent - 1 + 15) << 10) | (uint16_t)mantissa;
}

static int isHalf(float x) {
  if (isnan(x) || isinf(x) || x == 0)
    return 1;
  int exponent;
  float m = frexpf(fabsf(x), &exponent);
  if (exponent - 1 > 15)
    return 0;
  int bits = exponent - 1 < -14 ? 24 + (exponent - 1) : 11;
  float scaled = ldexpf(m, bits);
  return scaled == floorf(scaled);
}

static unsigned seed = 2024;
static float randomValue(void) {
  seed = seed * 1103515245u + 12345u;
  float unit = (seed >> 8) / 16777216.0f;
  seed = seed * 1103515245u + 12345u;
  int exponent = (int)((seed >> 8) % 48) - 28;
  return ((seed >> 4) & 1 ? -1 : 1) * ldexpf(1 + unit, exponent);
}

static void run(const struct Format *f) {
  float inputs[6000];
  int count = 0;
  for (int code = 0; code < 256; ++code) {
    double value = decode(f, code);
    inputs[count++] = (float)value;
    double next = decode(f, (code & 0x80) | ((code & 0x7f) + 1));
    if ((code & 0x7f) < 0x7f && !isnan(value) && !isnan(next) && !isinf(next)) {
      float middle = (float)((value + next) / 2);
      inputs[count++] = middle;
      inputs[count++] = nextafterf(middle, INFINITY);
      inputs[count++] = nextafterf(middle, -INFINITY);
    }
  }
  const float specials[] = {0.0f, -0.0f, INFINITY, -INFINITY, NAN, 1e30f, -1e30f, 1e-30f,
                            -1e-30f, 65504.0f, 1e-45f};
  for (unsigned i = 0; i < sizeof(specials) / sizeof(specials[0]); ++i)
    inputs[count++] = specials[i];
  while (count < 6000)
    inputs[count++] = randomValue();

  int rtne = 0, rtz = 0, half = 0, halfTested = 0, widen = 0;
  for (int i = 0; i < count; ++i) {
    uint8_t got;
    f->rtne(&inputs[i], &got, 0, 0);
    int want = reference(f, inputs[i], 1);
    if (got != want && !(isNaNCode(f, got) && isNaNCode(f, want))) {
      if (rtne++ < 3)
        printf("  %s rtne(%.9g) = 0x%02x, want 0x%02x\n", f->name, inputs[i], got, want);
    }
    f->rtz(&inputs[i], &got, 0, 0);
    want = reference(f, inputs[i], 0);
    if (got != want && !(isNaNCode(f, got) && isNaNCode(f, want))) {
      if (rtz++ < 3)
        printf("  %s rtz(%.9g) = 0x%02x, want 0x%02x\n", f->name, inputs[i], got, want);
    }
    if (isHalf(inputs[i])) {
      uint16_t h = toHalf(inputs[i]);
      ++halfTested;
      f->half(&h, &got, 0, 0);
      want = reference(f, inputs[i], 1);
      if (got != want && !(isNaNCode(f, got) && isNaNCode(f, want)))
        if (half++ < 3)
          printf("  %s f16 rtne(%.9g) = 0x%02x, want 0x%02x\n", f->name, inputs[i], got, want);
    }
  }
  for (int code = 0; code < 256; ++code) {
    uint8_t in = (uint8_t)code;
    float got;
    f->widen(&in, &got, 0, 0);
    double want = decode(f, code);
    if (!(isnan(want) ? isnan(got) : (double)got == want && !signbit(got) == !signbit(want)))
      if (widen++ < 3)
        printf("  %s widen(0x%02x) = %.9g, want %.9g\n", f->name, code, got, want);
  }
  printf("%s: %d inputs, narrow rtne %d, rtz %d, f16 %d (of %d), widen %d mismatches\n", f->name,
         count, rtne, rtz, half, halfTested, widen);
}

int main(void) {
  const struct Format formats[] = {
      {"e4m3fn", 3, 7, 0, 1, 0, narrow_rtne_e4m3fn, narrow_rtz_e4m3fn, narrow_f16_e4m3fn, widen_e4m3fn},
      {"e5m2", 2, 15, 1, 0, 0, narrow_rtne_e5m2, narrow_rtz_e5m2, narrow_f16_e5m2, widen_e5m2},
      {"e4m3fnuz", 3, 8, 0, 0, 1, narrow_rtne_e4m3fnuz, narrow_rtz_e4m3fnuz, narrow_f16_e4m3fnuz,
       widen_e4m3fnuz},
      {"e5m2fnuz", 2, 16, 0, 0, 1, narrow_rtne_e5m2fnuz, narrow_rtz_e5m2fnuz, narrow_f16_e5m2fnuz,
       widen_e5m2fnuz},
  };
  for (int i = 0; i < 4; ++i)
    run(&formats[i]);
  return 0;
}
