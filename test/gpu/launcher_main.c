/* launcher_main.c: the C program of test/gpu/launcher_check.py. It links the AOT launchers
 * `trex compile --emit launcher` wrote for five kernels with device-side tensor descriptors
 * (global scratch > 0) and one with host-side descriptors (the launcher encodes them), runs each on
 * the GPU with the inputs in DATA (raw little-endian files the script wrote with torch) and writes
 * the outputs there for the script to check.
 *
 *   launcher_check DATA
 */
#include "block_sums.h"
#include "copy_tile_f16.h"
#include "host_matmul.h"
#include "matmul_tma.h"
#include "matmul_tma_wide.h"
#include "scale_rows.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

static const char *data_folder;

static void fail_driver(CUresult result, const char *call) {
  const char *name = NULL;
  cuGetErrorName(result, &name);
  fprintf(stderr, "launcher_check: %s failed: %s\n", call, name ? name : "?");
  exit(1);
}

#define DRIVER(call)                                                                               \
  do {                                                                                             \
    CUresult driver_result = (call);                                                               \
    if (driver_result != CUDA_SUCCESS)                                                             \
      fail_driver(driver_result, #call);                                                           \
  } while (0)

/* A launcher call that must succeed; its own message otherwise. */
#define LAUNCHER(prefix, call)                                                                     \
  do {                                                                                             \
    CUresult launcher_result = (call);                                                             \
    if (launcher_result != CUDA_SUCCESS) {                                                         \
      fprintf(stderr, "launcher_check: %s returned %d: %s\n", #call, (int)launcher_result,         \
              prefix##_last_error());                                                              \
      exit(1);                                                                                     \
    }                                                                                              \
  } while (0)

static void path_of(char *path, size_t size, const char *name) {
  snprintf(path, size, "%s/%s", data_folder, name);
}

/* DATA/name uploaded to a new device buffer; its size in *bytes. */
static CUdeviceptr upload(const char *name, size_t *bytes) {
  char path[4096];
  FILE *file;
  long length;
  void *host;
  CUdeviceptr device;
  path_of(path, sizeof path, name);
  file = fopen(path, "rb");
  if (file == NULL || fseek(file, 0, SEEK_END) != 0 || (length = ftell(file)) <= 0) {
    fprintf(stderr, "launcher_check: cannot read %s\n", path);
    exit(1);
  }
  rewind(file);
  host = malloc((size_t)length);
  if (host == NULL || fread(host, 1, (size_t)length, file) != (size_t)length) {
    fprintf(stderr, "launcher_check: cannot read %s\n", path);
    exit(1);
  }
  fclose(file);
  DRIVER(cuMemAlloc(&device, (size_t)length));
  DRIVER(cuMemcpyHtoD(device, host, (size_t)length));
  free(host);
  *bytes = (size_t)length;
  return device;
}

static CUdeviceptr zeros(size_t bytes) {
  CUdeviceptr device;
  DRIVER(cuMemAlloc(&device, bytes));
  DRIVER(cuMemsetD8(device, 0, bytes));
  return device;
}

static void download(const char *name, CUdeviceptr device, size_t bytes) {
  char path[4096];
  FILE *file;
  void *host = malloc(bytes);
  if (host == NULL)
    exit(1);
  DRIVER(cuMemcpyDtoH(host, device, bytes));
  path_of(path, sizeof path, name);
  file = fopen(path, "wb");
  if (file == NULL || fwrite(host, 1, bytes, file) != bytes || fclose(file) != 0) {
    fprintf(stderr, "launcher_check: cannot write %s\n", path);
    exit(1);
  }
  free(host);
}

/* A caller's allocator: one pre-allocated buffer filled with 0xff (the kernels must not rely
 * on zeroed scratch), handed out at its base and counted. */
typedef struct pool {
  CUdeviceptr base;
  size_t capacity;
  int allocations;
  int releases;
  size_t largest;
} pool;

static CUresult pool_allocate(void *user, size_t bytes, size_t alignment, CUstream stream,
                              CUdeviceptr *pointer) {
  pool *self = (pool *)user;
  (void)stream;
  if (bytes > self->capacity || self->base % alignment != 0)
    return CUDA_ERROR_OUT_OF_MEMORY;
  ++self->allocations;
  if (bytes > self->largest)
    self->largest = bytes;
  *pointer = self->base;
  return CUDA_SUCCESS;
}

static CUresult pool_release(void *user, CUdeviceptr pointer, size_t bytes, CUstream stream) {
  pool *self = (pool *)user;
  (void)pointer;
  (void)bytes;
  (void)stream;
  ++self->releases;
  return CUDA_SUCCESS;
}

int main(int argc, char **argv) {
  CUdevice device;
  CUcontext context;
  CUstream stream;
  size_t bytes, global_bytes, profile_bytes;
  CUresult refused;
  pool scratch_pool = {0, 1 << 20, 0, 0, 0};
  copy_tile_f16_allocator hook;
  if (argc != 2) {
    fprintf(stderr, "usage: launcher_check DATA\n");
    return 2;
  }
  data_folder = argv[1];
  DRIVER(cuInit(0));
  DRIVER(cuDeviceGet(&device, 0));
  DRIVER(cuDevicePrimaryCtxRetain(&context, device));
  DRIVER(cuCtxSetCurrent(context));
  DRIVER(cuStreamCreate(&stream, CU_STREAM_NON_BLOCKING));

  /* copy_tile: Y = X + 1 through two TMA descriptors in global scratch, 2x2 programs; then
   * again with the caller's allocator. */
  {
    CUdeviceptr x = upload("copy_tile.X.bin", &bytes);
    CUdeviceptr y = zeros(bytes), y2 = zeros(bytes);
    LAUNCHER(copy_tile_f16, copy_tile_f16_load());
    LAUNCHER(copy_tile_f16, copy_tile_f16_scratch_bytes(2, 2, 1, &global_bytes, &profile_bytes));
    printf("copy_tile: %u bytes of global scratch per program, %lu for the grid\n",
           copy_tile_f16_GLOBAL_SCRATCH_SIZE, (unsigned long)global_bytes);
    LAUNCHER(copy_tile_f16, copy_tile_f16_launch(stream, 2, 2, 1, x, y, 100, 80));
    refused = copy_tile_f16_launch(stream, 2, 2, 1, x + 2, y, 100, 80);
    printf("copy_tile: a misaligned X refused: %s (%s)\n",
           refused == CUDA_ERROR_INVALID_VALUE ? "yes" : "NO", copy_tile_f16_last_error());
    DRIVER(cuMemAlloc(&scratch_pool.base, scratch_pool.capacity));
    DRIVER(cuMemsetD8(scratch_pool.base, 0xff, scratch_pool.capacity));
    hook.allocate = pool_allocate;
    hook.release = pool_release;
    hook.user = &scratch_pool;
    copy_tile_f16_set_scratch_allocator(&hook);
    LAUNCHER(copy_tile_f16, copy_tile_f16_launch(stream, 2, 2, 1, x, y2, 100, 80));
    copy_tile_f16_set_scratch_allocator(NULL);
    DRIVER(cuStreamSynchronize(stream));
    printf("copy_tile: the caller's allocator gave %d buffer(s) (largest %lu bytes), got %d "
           "back\n",
           scratch_pool.allocations, (unsigned long)scratch_pool.largest, scratch_pool.releases);
    download("copy_tile.Y.bin", y, bytes);
    download("copy_tile.Y2.bin", y2, bytes);
    LAUNCHER(copy_tile_f16, copy_tile_f16_unload());
  }

  /* scale_rows: Y = X * 2.5, 50 rows of 64, 16 rows per program; an fp32 scalar argument. */
  {
    CUdeviceptr x = upload("scale_rows.X.bin", &bytes);
    CUdeviceptr y = zeros(bytes);
    LAUNCHER(scale_rows, scale_rows_load());
    LAUNCHER(scale_rows, scale_rows_launch(stream, 4, 1, 1, x, y, 50, 2.5f));
    DRIVER(cuStreamSynchronize(stream));
    download("scale_rows.Y.bin", y, bytes);
    LAUNCHER(scale_rows, scale_rows_unload());
  }

  /* block_sums: 4096 programs, each with its own descriptor in its own scratch slot. */
  {
    CUdeviceptr x = upload("block_sums.X.bin", &bytes);
    CUdeviceptr out = zeros(4096 * 4);
    LAUNCHER(block_sums, block_sums_load());
    LAUNCHER(block_sums, block_sums_scratch_bytes(4096, 1, 1, &global_bytes, &profile_bytes));
    printf("block_sums: %lu bytes of global scratch for 4096 programs\n",
           (unsigned long)global_bytes);
    LAUNCHER(block_sums, block_sums_launch(stream, 4096, 1, 1, x, out));
    DRIVER(cuStreamSynchronize(stream));
    download("block_sums.Out.bin", out, 4096 * 4);
    LAUNCHER(block_sums, block_sums_unload());
  }

  /* C = A B (256x192 by 192x512, fp16) with three descriptors in scratch: 128x128 tiles (32
   * KiB of shared memory), then 128x256 tiles (64 KiB: the opt-in above 48 KiB). */
  {
    size_t b_bytes, c_bytes = 256 * 512 * 2;
    CUdeviceptr a = upload("matmul.A.bin", &bytes);
    CUdeviceptr b = upload("matmul.B.bin", &b_bytes);
    CUdeviceptr c = zeros(c_bytes), c_wide = zeros(c_bytes);
    LAUNCHER(matmul_tma, matmul_tma_load());
    LAUNCHER(matmul_tma, matmul_tma_launch(stream, 2, 4, 1, a, b, c, 256, 512, 192));
    LAUNCHER(matmul_tma_wide, matmul_tma_wide_load());
    printf("matmul: %d and %d bytes of shared memory per program\n", matmul_tma_SHARED_BYTES,
           matmul_tma_wide_SHARED_BYTES);
    LAUNCHER(matmul_tma_wide, matmul_tma_wide_launch(stream, 2, 2, 1, a, b, c_wide, 256, 512, 192));
    DRIVER(cuStreamSynchronize(stream));
    download("matmul.C.bin", c, c_bytes);
    download("matmul_wide.C.bin", c_wide, c_bytes);
    LAUNCHER(matmul_tma, matmul_tma_unload());
    LAUNCHER(matmul_tma_wide, matmul_tma_wide_unload());
  }

  /* The same product with host descriptors: the caller describes A, B and C as Triton's
   * TensorDescriptor would (base, shape, strides); the launcher encodes the CUtensorMaps. */
  {
    size_t b_bytes, c_bytes = 256 * 512 * 2;
    CUdeviceptr a = upload("matmul.A.bin", &bytes);
    CUdeviceptr b = upload("matmul.B.bin", &b_bytes);
    CUdeviceptr c = zeros(c_bytes);
    host_matmul_tensor ta, tb, tc;
    memset(&ta, 0, sizeof ta);
    memset(&tb, 0, sizeof tb);
    memset(&tc, 0, sizeof tc);
    ta.base = a;
    ta.shape[0] = 256;
    ta.shape[1] = 192;
    ta.strides[0] = 192;
    ta.strides[1] = 1;
    tb.base = b;
    tb.shape[0] = 192;
    tb.shape[1] = 512;
    tb.strides[0] = 512;
    tb.strides[1] = 1;
    tc.base = c;
    tc.shape[0] = 256;
    tc.shape[1] = 512;
    tc.strides[0] = 512;
    tc.strides[1] = 1;
    LAUNCHER(host_matmul, host_matmul_load());
    LAUNCHER(host_matmul, host_matmul_launch(stream, 8, 1, 1, &ta, &tb, &tc, 256, 512, 192));
    ta.strides[0] = 100;
    refused = host_matmul_launch(stream, 8, 1, 1, &ta, &tb, &tc, 256, 512, 192);
    printf("host_matmul: a 100-element row stride refused: %s (%s)\n",
           refused == CUDA_ERROR_INVALID_VALUE ? "yes" : "NO", host_matmul_last_error());
    DRIVER(cuStreamSynchronize(stream));
    download("host_matmul.C.bin", c, c_bytes);
    LAUNCHER(host_matmul, host_matmul_unload());
  }

  DRIVER(cuStreamDestroy(stream));
  DRIVER(cuDevicePrimaryCtxRelease(device));
  printf("launcher_check: all launches done\n");
  return 0;
}
