/* scalars_main.c: drives the AOT launchers of scalars.py's two kernels against the fake
 * driver: the bytes each scalar type is passed as, and the shared-memory opt-in. */
#include "big_dot.h"
#include "fake_cuda.h"
#include "scalars.h"

#include <stdio.h>

int main(void) {
  static const int scalar_sizes[10] = {8, 1, 1, 8, 2, 2, 4, 8, 8, 8};
  static const int dot_sizes[5] = {8, 8, 8, 8, 8};
  CUresult result;
  fake_cuda_set_param_sizes(scalar_sizes, 10);
  printf("scalars: %d params, shared %d\n", scalars_NUM_PARAMS, scalars_SHARED_BYTES);
  result = scalars_load();
  printf("load: %d %s\n", (int)result, scalars_last_error());
  result = scalars_launch(0, 1, 1, 1, 0x1000, true, -3, (int64_t)1 << 40, 1.5f, -2.25f, 3.0f, 0.1);
  printf("launch: %d %s\n", (int)result, scalars_last_error());
  /* fp16: beyond the largest half, the smallest subnormal; bf16: a tie rounded to even. */
  result = scalars_launch(0, 1, 1, 1, 0x1000, false, 127, -1, 65520.0f, 1.00390625f, -0.0f, -1.0);
  printf("launch: %d %s\n", (int)result, scalars_last_error());
  result = scalars_launch(0, 1, 1, 1, 0x1000, false, 0, 0, 5.9604645e-8f, 1.01171875f, 0.0f, 0.0);
  printf("launch: %d %s\n", (int)result, scalars_last_error());
  scalars_unload();

  fake_cuda_set_param_sizes(dot_sizes, 5);
  printf("big_dot: %d params, shared %d\n", big_dot_NUM_PARAMS, big_dot_SHARED_BYTES);
  fake_cuda_set_shared_optin(100000);
  result = big_dot_load();
  printf("load on a small device: %d %s\n", (int)result, big_dot_last_error());
  fake_cuda_set_shared_optin(232448);
  result = big_dot_load();
  printf("load: %d %s\n", (int)result, big_dot_last_error());
  result = big_dot_launch(0, 2, 1, 1, 0x1000, 0x2000, 0x3000);
  printf("launch: %d %s\n", (int)result, big_dot_last_error());
  big_dot_unload();
  return 0;
}
