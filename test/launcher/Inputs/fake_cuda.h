/* fake_cuda.h: a stand-in for the CUDA driver that AOT launchers (trex compile --emit launcher)
 * link against in tests without a GPU. It implements the cu* calls a launcher makes and prints
 * each one that matters to stdout: allocations, frees, and every launch with its grid, block,
 * shared memory, parameter count (the launcher ends its parameter array with NULL) and each
 * parameter's bytes, a scratch pointer also with the allocation it points into. */
#ifndef FAKE_CUDA_H
#define FAKE_CUDA_H

#include <cuda.h>
#include <stddef.h>

/* The byte sizes of the kernel's parameters, as the real driver reads them from the cubin. */
void fake_cuda_set_param_sizes(const int *sizes, int count);
/* A driver call that fails from now on with `result` (NULL: none), e.g. "cuLaunchKernel". */
void fake_cuda_fail(const char *call, CUresult result);
/* Whether a context is current (default: yes). */
void fake_cuda_set_context(int current);
/* The device's opt-in shared memory per block (default 232448, an H100/H200's). */
void fake_cuda_set_shared_optin(int bytes);
/* Added to every later allocation's address (default 0: 256-byte aligned ones). */
void fake_cuda_set_address_offset(unsigned offset);
/* Bytes still allocated. */
size_t fake_cuda_live_bytes(void);

/* The last launch, for tests that compare it with something else. */
typedef struct fake_cuda_launch {
  unsigned grid[3];
  unsigned block_x;
  unsigned shared;
  unsigned cluster_x;
  int cooperative;             /* a cooperative launch (CU_LAUNCH_ATTRIBUTE_COOPERATIVE) */
  int count;                   /* parameters before the NULL */
  unsigned char bytes[64][8];  /* each parameter's first `sizes[i]` bytes */
  size_t global_scratch_bytes; /* the allocation the second-last parameter points into */
  size_t profile_scratch_bytes;
  unsigned long long global_scratch_offset; /* the pointer's offset into it */
} fake_cuda_launch;
const fake_cuda_launch *fake_cuda_last_launch(void);

#endif
