/* copy_tile_main.c: drives the AOT launcher of tma-descriptors.py's copy_tile (global scratch
 * 256 bytes per program, aligned to 128) against the fake driver and prints what it returns. */
#include "copy_tile.h"
#include "fake_cuda.h"

#include <stdio.h>

static void report(const char *what, CUresult result) {
  printf("%s: %d %s\n", what, (int)result, copy_tile_last_error());
}

/* A pool handing out one buffer at an odd offset when asked to misbehave. */
typedef struct pool {
  int allocations;
  int releases;
  size_t last_bytes;
  size_t last_alignment;
  int misalign;
} pool;

static CUresult pool_allocate(void *user, size_t bytes, size_t alignment, CUstream stream,
                              CUdeviceptr *pointer) {
  pool *self = (pool *)user;
  (void)stream;
  ++self->allocations;
  self->last_bytes = bytes;
  self->last_alignment = alignment;
  *pointer = 0x7000000ull + (self->misalign ? 8u : 0u);
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

int main(void) {
  static const int sizes[6] = {8, 8, 4, 4, 8, 8};
  const CUdeviceptr x = 0x1000, y = 0x2000;
  size_t global = 0, profile = 0;
  pool counting = {0, 0, 0, 0, 0};
  copy_tile_allocator hook;
  fake_cuda_set_param_sizes(sizes, 6);

  printf("params %d, scratch %u bytes aligned to %u per program\n", copy_tile_NUM_PARAMS,
         copy_tile_GLOBAL_SCRATCH_SIZE, copy_tile_GLOBAL_SCRATCH_ALIGN);
  report("launch before load", copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  fake_cuda_set_context(0);
  report("load without a context", copy_tile_load());
  fake_cuda_set_context(1);
  report("load", copy_tile_load());

  report("launch 2x2x1", copy_tile_launch(0, 2, 2, 1, x, y, 100, 80));
  report("launch 3x5x2", copy_tile_launch(0, 3, 5, 2, x, y, 100, 80));
  copy_tile_scratch_bytes(3, 5, 2, &global, &profile);
  printf("scratch bytes 3x5x2: %lu %lu\n", (unsigned long)global, (unsigned long)profile);
  report("empty grid", copy_tile_launch(0, 0, 4, 1, x, y, 100, 80));
  report("misaligned X", copy_tile_launch(0, 1, 1, 1, x + 8, y, 100, 80));
  report("N not a multiple of 16", copy_tile_launch(0, 1, 1, 1, x, y, 100, 81));
  report("overflowing grid", copy_tile_launch(0, 2147483647u, 65535u, 65535u, x, y, 100, 80));

  hook.allocate = pool_allocate;
  hook.release = pool_release;
  hook.user = &counting;
  copy_tile_set_scratch_allocator(&hook);
  report("launch 4x1x1 with a pool", copy_tile_launch(0, 4, 1, 1, x, y, 100, 80));
  printf("pool: %d allocations, %d releases, last %lu bytes aligned to %lu\n", counting.allocations,
         counting.releases, (unsigned long)counting.last_bytes,
         (unsigned long)counting.last_alignment);
  counting.misalign = 1;
  report("misaligning pool", copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  printf("pool: %d allocations, %d releases\n", counting.allocations, counting.releases);
  copy_tile_set_scratch_allocator(NULL);

  fake_cuda_set_address_offset(16);
  report("launch 1x1x1 on a driver returning 16-byte aligned memory",
         copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  fake_cuda_set_address_offset(0);
  fake_cuda_fail("cuLaunchKernel", CUDA_ERROR_LAUNCH_FAILED);
  report("failing launch", copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  fake_cuda_fail("cuMemAllocAsync", CUDA_ERROR_OUT_OF_MEMORY);
  report("out of memory", copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  /* A driver without memory pools: cuMemAlloc, freed after synchronizing, from then on. */
  fake_cuda_fail("cuMemAllocAsync", CUDA_ERROR_NOT_SUPPORTED);
  report("launch without memory pools", copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  report("again", copy_tile_launch(0, 2, 1, 1, x, y, 100, 80));
  fake_cuda_fail(NULL, CUDA_SUCCESS);
  printf("device bytes still allocated: %lu\n", (unsigned long)fake_cuda_live_bytes());
  report("unload", copy_tile_unload());
  report("launch after unload", copy_tile_launch(0, 1, 1, 1, x, y, 100, 80));
  return 0;
}
