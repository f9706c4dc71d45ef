// Host check of ttg.fp4_to_fp's lowering (fp4-to-fp.test): every byte, both nibbles (the low
// one is the element at the even index), against the e2m1 values by definition.
#include <math.h>
#include <stdint.h>
#include <stdio.h>
#include <string.h>

void unpack_bf16(uint8_t *, uint16_t *, void *, void *);
void unpack_f16(uint8_t *, uint16_t *, void *, void *);

// e2m1: sign, 2 exponent bits (bias 1), 1 mantissa bit; exponent 0 is subnormal (0 or 0.5).
static float e2m1(unsigned code) {
  unsigned exponent = (code >> 1) & 3, mantissa = code & 1;
  float magnitude = exponent ? ldexpf(1.0f + 0.5f * mantissa, (int)exponent - 1) : 0.5f * mantissa;
  return (code & 8) ? -magnitude : magnitude;
}

static float fromBf16(uint16_t bits) {
  uint32_t wide = (uint32_t)bits << 16;
  float value;
  memcpy(&value, &wide, sizeof value);
  return value;
}

static float fromF16(uint16_t bits) {
  unsigned exponent = (bits >> 10) & 31, mantissa = bits & 1023;
  float magnitude = exponent ? ldexpf(1.0f + mantissa / 1024.0f, (int)exponent - 15)
                             : ldexpf(mantissa / 1024.0f, -14);
  return (bits & 0x8000) ? -magnitude : magnitude;
}

int main(void) {
  int bf16Mismatches = 0, f16Mismatches = 0;
  for (unsigned byte = 0; byte < 256; ++byte) {
    uint8_t in = (uint8_t)byte;
    uint16_t bf16[2] = {0xFFFF, 0xFFFF}, f16[2] = {0xFFFF, 0xFFFF};
    unpack_bf16(&in, bf16, 0, 0);
    unpack_f16(&in, f16, 0, 0);
    for (int half = 0; half < 2; ++half) {
      unsigned code = half ? byte >> 4 : byte & 15;
      float want = e2m1(code);
      // -0.0 must keep its sign.
      if (fromBf16(bf16[half]) != want || signbit(fromBf16(bf16[half])) != signbit(want)) {
        if (bf16Mismatches++ < 3)
          printf("  bf16 byte 0x%02x element %d: 0x%04x, want %g\n", byte, half, bf16[half], want);
      }
      if (fromF16(f16[half]) != want || signbit(fromF16(f16[half])) != signbit(want)) {
        if (f16Mismatches++ < 3)
          printf("  f16 byte 0x%02x element %d: 0x%04x, want %g\n", byte, half, f16[half], want);
      }
    }
  }
  printf("fp4_to_fp: 256 bytes, bf16 %d mismatches, f16 %d mismatches\n", bf16Mismatches,
         f16Mismatches);
  return 0;
}
