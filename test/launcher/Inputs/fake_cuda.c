/* fake_cuda.c: the stand-in CUDA driver of fake_cuda.h. Device memory is never touched:
 * addresses are numbers from 0x10000000 on, each allocation at least 1 MiB past the end of the
 * last one and on a 1 MiB boundary (so 256-byte aligned, as the real driver's), plus the
 * offset fake_cuda_set_address_offset sets. */
#include "fake_cuda.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define FAKE_MAX_ALLOCATIONS 64

static struct {
  CUdeviceptr address;
  size_t bytes;
} allocations[FAKE_MAX_ALLOCATIONS];
static int param_sizes[64];
static int param_count = -1;
static const char *failing_call;
static CUresult failing_result;
static int context_current = 1;
static int shared_optin = 232448;
static CUdeviceptr next_address = 0x10000000ull;
static fake_cuda_launch last_launch;
static int module_loaded;
static int max_dynamic_shared = -1;
static unsigned address_offset;

void fake_cuda_set_address_offset(unsigned offset) { address_offset = offset; }

void fake_cuda_set_param_sizes(const int *sizes, int count) {
  int index;
  for (index = 0; index < count && index < 64; ++index)
    param_sizes[index] = sizes[index];
  param_count = count;
}

void fake_cuda_fail(const char *call, CUresult result) {
  failing_call = call;
  failing_result = result;
}

void fake_cuda_set_context(int current) { context_current = current; }
void fake_cuda_set_shared_optin(int bytes) { shared_optin = bytes; }

size_t fake_cuda_live_bytes(void) {
  size_t total = 0;
  int index;
  for (index = 0; index < FAKE_MAX_ALLOCATIONS; ++index)
    if (allocations[index].address != 0)
      total += allocations[index].bytes;
  return total;
}

const fake_cuda_launch *fake_cuda_last_launch(void) { return &last_launch; }

static int fails(const char *call) {
  return failing_call != NULL && strcmp(failing_call, call) == 0;
}

CUresult cuGetErrorName(CUresult error, const char **name) {
  switch (error) {
  case CUDA_SUCCESS:
    *name = "CUDA_SUCCESS";
    break;
  case CUDA_ERROR_INVALID_VALUE:
    *name = "CUDA_ERROR_INVALID_VALUE";
    break;
  case CUDA_ERROR_OUT_OF_MEMORY:
    *name = "CUDA_ERROR_OUT_OF_MEMORY";
    break;
  case CUDA_ERROR_NO_BINARY_FOR_GPU:
    *name = "CUDA_ERROR_NO_BINARY_FOR_GPU";
    break;
  case CUDA_ERROR_LAUNCH_FAILED:
    *name = "CUDA_ERROR_LAUNCH_FAILED";
    break;
  case CUDA_ERROR_NOT_SUPPORTED:
    *name = "CUDA_ERROR_NOT_SUPPORTED";
    break;
  case CUDA_ERROR_NOT_FOUND:
    *name = "CUDA_ERROR_NOT_FOUND";
    break;
  default:
    *name = NULL;
    return CUDA_ERROR_INVALID_VALUE;
  }
  return CUDA_SUCCESS;
}

CUresult cuGetErrorString(CUresult error, const char **text) {
  *text = error == CUDA_SUCCESS ? "no error" : "fake driver error";
  return CUDA_SUCCESS;
}

CUresult cuCtxGetCurrent(CUcontext *context) {
  *context = context_current ? (CUcontext)&context_current : NULL;
  return CUDA_SUCCESS;
}

CUresult cuCtxGetDevice(CUdevice *device) {
  *device = 0;
  return CUDA_SUCCESS;
}

CUresult cuDeviceGetAttribute(int *value, CUdevice_attribute attribute, CUdevice device) {
  (void)device;
  if (attribute != CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)
    return CUDA_ERROR_INVALID_VALUE;
  *value = shared_optin;
  return CUDA_SUCCESS;
}

CUresult cuModuleLoadData(CUmodule *module, const void *image) {
  const unsigned char *bytes = (const unsigned char *)image;
  if (fails("cuModuleLoadData"))
    return failing_result;
  if (((size_t)image) % 8 != 0 || bytes[0] != 0x7f || bytes[1] != 'E' || bytes[2] != 'L' ||
      bytes[3] != 'F')
    return CUDA_ERROR_INVALID_VALUE;
  module_loaded = 1;
  *module = (CUmodule)&module_loaded;
  printf("fake: module loaded (an 8-byte aligned ELF image)\n");
  return CUDA_SUCCESS;
}

CUresult cuModuleGetFunction(CUfunction *function, CUmodule module, const char *name) {
  if (module != (CUmodule)&module_loaded || !module_loaded)
    return CUDA_ERROR_INVALID_VALUE;
  printf("fake: function %s\n", name);
  *function = (CUfunction)&max_dynamic_shared;
  return CUDA_SUCCESS;
}

CUresult cuModuleUnload(CUmodule module) {
  if (module != (CUmodule)&module_loaded || !module_loaded)
    return CUDA_ERROR_INVALID_VALUE;
  module_loaded = 0;
  printf("fake: module unloaded\n");
  return CUDA_SUCCESS;
}

CUresult cuFuncGetAttribute(int *value, CUfunction_attribute attribute, CUfunction function) {
  (void)function;
  if (attribute != CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES)
    return CUDA_ERROR_INVALID_VALUE;
  *value = 0;
  return CUDA_SUCCESS;
}

CUresult cuFuncSetAttribute(CUfunction function, CUfunction_attribute attribute, int value) {
  (void)function;
  if (attribute != CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES)
    return CUDA_ERROR_INVALID_VALUE;
  max_dynamic_shared = value;
  printf("fake: max dynamic shared memory %d bytes\n", value);
  return CUDA_SUCCESS;
}

/* One allocation, printed as made by `call`. */
static CUresult allocate(const char *call, CUdeviceptr *pointer, size_t bytes) {
  int index;
  if (fails(call))
    return failing_result;
  for (index = 0; index < FAKE_MAX_ALLOCATIONS; ++index)
    if (allocations[index].address == 0)
      break;
  if (index == FAKE_MAX_ALLOCATIONS)
    return CUDA_ERROR_OUT_OF_MEMORY;
  allocations[index].address = next_address + address_offset;
  next_address = (next_address + address_offset + bytes + 0x1fffffull) / 0x100000ull * 0x100000ull;
  allocations[index].bytes = bytes;
  *pointer = allocations[index].address;
  printf("fake: %s %lu bytes at +0x%x\n", call, (unsigned long)bytes,
         (unsigned)(allocations[index].address & 0xfffff));
  return CUDA_SUCCESS;
}

static CUresult release(const char *call, CUdeviceptr pointer) {
  int index;
  for (index = 0; index < FAKE_MAX_ALLOCATIONS; ++index)
    if (allocations[index].address == pointer && pointer != 0) {
      printf("fake: %s %lu bytes\n", call, (unsigned long)allocations[index].bytes);
      allocations[index].address = 0;
      return CUDA_SUCCESS;
    }
  printf("fake: %s of 0x%llx, which is no allocation\n", call, (unsigned long long)pointer);
  return CUDA_ERROR_INVALID_VALUE;
}

CUresult cuMemAllocAsync(CUdeviceptr *pointer, size_t bytes, CUstream stream) {
  (void)stream;
  return allocate("cuMemAllocAsync", pointer, bytes);
}

CUresult cuMemFreeAsync(CUdeviceptr pointer, CUstream stream) {
  (void)stream;
  return release("cuMemFreeAsync", pointer);
}

CUresult cuMemAlloc(CUdeviceptr *pointer, size_t bytes) {
  return allocate("cuMemAlloc", pointer, bytes);
}

CUresult cuMemFree(CUdeviceptr pointer) { return release("cuMemFree", pointer); }

CUresult cuStreamSynchronize(CUstream stream) {
  (void)stream;
  printf("fake: cuStreamSynchronize\n");
  return CUDA_SUCCESS;
}

/* The allocation `pointer` lies in (its size, the offset into it), or 0. */
static size_t allocation_of(CUdeviceptr pointer, unsigned long long *offset) {
  int index;
  for (index = 0; index < FAKE_MAX_ALLOCATIONS; ++index)
    if (allocations[index].address != 0 && pointer >= allocations[index].address &&
        pointer < allocations[index].address + allocations[index].bytes) {
      *offset = pointer - allocations[index].address;
      return allocations[index].bytes;
    }
  return 0;
}

static void record(unsigned grid_x, unsigned grid_y, unsigned grid_z, unsigned block_x,
                   unsigned shared, void **params, unsigned cluster_x, int cooperative) {
  int count = 0;
  int index;
  memset(&last_launch, 0, sizeof last_launch);
  while (params[count] != NULL && count < 64)
    ++count;
  last_launch.count = count;
  last_launch.grid[0] = grid_x;
  last_launch.grid[1] = grid_y;
  last_launch.grid[2] = grid_z;
  last_launch.block_x = block_x;
  last_launch.shared = shared;
  last_launch.cluster_x = cluster_x;
  last_launch.cooperative = cooperative;
  printf("fake: launch grid %ux%ux%u block %ux1x1 shared %u cluster %u%s params %d\n", grid_x,
         grid_y, grid_z, block_x, shared, cluster_x, cooperative ? " cooperative" : "", count);
  if (max_dynamic_shared >= 0 && shared > 48 * 1024 && (int)shared > max_dynamic_shared)
    printf("fake: ERROR shared memory beyond the kernel's opt-in\n");
  if (param_count >= 0 && param_count != count)
    printf("fake: ERROR the kernel takes %d parameters\n", param_count);
  for (index = 0; index < count && index < param_count; ++index) {
    int size = param_sizes[index];
    int shown = size > 8 ? 8 : size;
    int byte;
    memcpy(last_launch.bytes[index], params[index], (size_t)shown);
    printf("fake:   param %d (%d bytes): %s0x", index, size, size > 8 ? "first 8: " : "");
    for (byte = shown - 1; byte >= 0; --byte)
      printf("%02x", last_launch.bytes[index][byte]);
    if (size == 8) {
      CUdeviceptr pointer;
      unsigned long long offset = 0;
      size_t bytes;
      memcpy(&pointer, params[index], 8);
      bytes = allocation_of(pointer, &offset);
      if (bytes != 0) {
        printf(" -> %lu-byte allocation +%llu", (unsigned long)bytes, offset);
        if (index == count - 2) {
          last_launch.global_scratch_bytes = bytes;
          last_launch.global_scratch_offset = offset;
        }
        if (index == count - 1)
          last_launch.profile_scratch_bytes = bytes;
      }
    }
    printf("\n");
  }
}

CUresult cuLaunchKernel(CUfunction function, unsigned grid_x, unsigned grid_y, unsigned grid_z,
                        unsigned block_x, unsigned block_y, unsigned block_z, unsigned shared,
                        CUstream stream, void **params, void **extra) {
  (void)function;
  (void)stream;
  if (block_y != 1 || block_z != 1 || extra != NULL)
    return CUDA_ERROR_INVALID_VALUE;
  if (fails("cuLaunchKernel"))
    return failing_result;
  record(grid_x, grid_y, grid_z, block_x, shared, params, 1, 0);
  return CUDA_SUCCESS;
}

CUresult cuLaunchKernelEx(const CUlaunchConfig *config, CUfunction function, void **params,
                          void **extra) {
  unsigned cluster_x = 1;
  int cooperative = 0;
  unsigned index;
  (void)function;
  if (extra != NULL || config->blockDimY != 1 || config->blockDimZ != 1)
    return CUDA_ERROR_INVALID_VALUE;
  if (fails("cuLaunchKernelEx"))
    return failing_result;
  for (index = 0; index < config->numAttrs; ++index) {
    if (config->attrs[index].id == CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION)
      cluster_x = config->attrs[index].value.clusterDim.x;
    if (config->attrs[index].id == CU_LAUNCH_ATTRIBUTE_COOPERATIVE)
      cooperative = config->attrs[index].value.cooperative;
  }
  record(config->gridDimX, config->gridDimY, config->gridDimZ, config->blockDimX,
         config->sharedMemBytes, params, cluster_x, cooperative);
  return CUDA_SUCCESS;
}

/* Prints the encoding's arguments (innermost dimension first, as the driver takes them) and
 * writes the global address into the map's first 8 bytes and 0xd5 into the others, so that a
 * launch shows which map it passed. */
CUresult cuTensorMapEncodeTiled(CUtensorMap *map, CUtensorMapDataType type, cuuint32_t rank,
                                void *address, const cuuint64_t *dims, const cuuint64_t *strides,
                                const cuuint32_t *box, const cuuint32_t *element_strides,
                                CUtensorMapInterleave interleave, CUtensorMapSwizzle swizzle,
                                CUtensorMapL2promotion l2, CUtensorMapFloatOOBfill fill) {
  cuuint32_t index;
  unsigned long long base = (unsigned long long)(size_t)address;
  if (fails("cuTensorMapEncodeTiled"))
    return failing_result;
  printf("fake: encode type %d rank %u address 0x%llx map %s dims", (int)type, (unsigned)rank, base,
         ((size_t)map % 64) == 0 ? "64-aligned" : "MISALIGNED");
  for (index = 0; index < rank; ++index)
    printf(" %llu", (unsigned long long)dims[index]);
  printf(" strides");
  for (index = 0; index + 1 < rank; ++index)
    printf(" %llu", (unsigned long long)strides[index]);
  printf(" box");
  for (index = 0; index < rank; ++index)
    printf(" %u", (unsigned)box[index]);
  printf(" element strides");
  for (index = 0; index < rank; ++index)
    printf(" %u", (unsigned)element_strides[index]);
  printf(" interleave %d swizzle %d l2 %d fill %d\n", (int)interleave, (int)swizzle, (int)l2,
         (int)fill);
  memset(map, 0xd5, sizeof *map);
  memcpy(map, &base, 8);
  return CUDA_SUCCESS;
}
