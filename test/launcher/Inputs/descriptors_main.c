/* descriptors_main.c: drives the AOT launcher of a kernel with two host tensor descriptors
 * (host-descriptors.py's copy_tiles) against the fake driver: the encoding of each
 * CUtensorMap, the parameters that follow it, and the tensors the launch refuses. */
#include "copy_tiles.h"
#include "fake_cuda.h"

#include <stdio.h>
#include <string.h>

static copy_tiles_tensor tensor(CUdeviceptr base, int64_t rows, int64_t columns,
                                int64_t row_stride) {
  copy_tiles_tensor t;
  memset(&t, 0, sizeof t);
  t.base = base;
  t.shape[0] = rows;
  t.shape[1] = columns;
  t.strides[0] = row_stride;
  t.strides[1] = 1;
  return t;
}

static void launch(const char *what, const copy_tiles_tensor *src, const copy_tiles_tensor *dst) {
  CUresult result = copy_tiles_launch(0, 4, 8, 1, src, dst);
  printf("%s: %d %s\n", what, (int)result, copy_tiles_last_error());
}

int main(void) {
  static const int sizes[12] = {128, 4, 4, 8, 8, 128, 4, 4, 8, 8, 8, 8};
  copy_tiles_tensor src = tensor(0x20000, 256, 512, 512);
  copy_tiles_tensor dst = tensor(0x80000, 256, 512, 520);
  copy_tiles_tensor bad;
  fake_cuda_set_param_sizes(sizes, 12);
  printf("copy_tiles: %d params\n", copy_tiles_NUM_PARAMS);
  copy_tiles_load();
  launch("launch", &src, &dst);
  dst.padding_nan = true;
  launch("nan padding", &src, &dst);
  launch("null", &src, NULL);
  bad = tensor(0x20008, 256, 512, 512);
  launch("misaligned base", &bad, &dst);
  bad = tensor(0x20000, 256, 512, 512);
  bad.strides[1] = 2;
  launch("last stride", &bad, &dst);
  bad = tensor(0x20000, 256, 512, 100);
  launch("row stride", &bad, &dst);
  bad = tensor(0x20000, 0, 512, 512);
  launch("empty dimension", &bad, &dst);
  fake_cuda_fail("cuTensorMapEncodeTiled", CUDA_ERROR_INVALID_VALUE);
  launch("driver refuses", &src, &dst);
  fake_cuda_fail(NULL, CUDA_SUCCESS);
  printf("live bytes: %lu\n", (unsigned long)fake_cuda_live_bytes());
  copy_tiles_unload();
  return 0;
}
