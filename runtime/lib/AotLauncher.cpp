// AotLauncher: writes the C of a kernel's ahead-of-time launcher from its metadata, signature
// and cubin. The C text is kept in templates below with @KEY@ placeholders (@N@ is the
// launcher's name, which prefixes every C name so that several launchers link together).
#include "trex/Runtime/AotLauncher.h"

#include "trex/Runtime/CubinInfo.h"
#include "trex/Runtime/Error.h"
#include "trex/Runtime/TensorMap.h"

#include <algorithm>
#include <cctype>
#include <cstdint>
#include <map>
#include <set>
#include <sstream>

namespace trex::runtime {

namespace {

// Above this a kernel must opt in to more dynamic shared memory (as Kernel.cpp does).
constexpr std::int64_t kDefaultSharedLimit = 48 * 1024;

// Names a parameter of the launch function must not take: C and C++ keywords (the header is
// usable from C++), <stdbool.h>'s macros and the launch function's own parameters.
const std::set<std::string> &reservedNames() {
  static const std::set<std::string> names = {
      "auto",      "break",      "case",     "char",      "const",    "continue", "default",
      "do",        "double",     "else",     "enum",      "extern",   "float",    "for",
      "goto",      "if",         "inline",   "int",       "long",     "register", "restrict",
      "return",    "short",      "signed",   "sizeof",    "static",   "struct",   "switch",
      "typedef",   "union",      "unsigned", "void",      "volatile", "while",    "_Bool",
      "_Complex",  "_Imaginary", "bool",     "true",      "false",    "asm",      "catch",
      "class",     "delete",     "friend",   "namespace", "new",      "operator", "private",
      "protected", "public",     "template", "this",      "throw",    "try",      "typename",
      "using",     "virtual",    "NULL",     "stream",    "grid_x",   "grid_y",   "grid_z"};
  return names;
}

bool isCIdentifier(const std::string &name) {
  if (name.empty() || std::isdigit(static_cast<unsigned char>(name[0])))
    return false;
  return std::all_of(name.begin(), name.end(), [](char c) {
    return std::isalnum(static_cast<unsigned char>(c)) || c == '_';
  });
}

std::string substitute(std::string text, const std::map<std::string, std::string> &values) {
  std::string result;
  std::size_t position = 0;
  while (true) {
    std::size_t start = text.find('@', position);
    if (start == std::string::npos)
      break;
    std::size_t end = text.find('@', start + 1);
    if (end == std::string::npos)
      throw Error("internal error: unterminated placeholder in the launcher template");
    auto value = values.find(text.substr(start + 1, end - start - 1));
    if (value == values.end())
      throw Error("internal error: unknown placeholder '" + text.substr(start, end - start + 1) +
                  "' in the launcher template");
    result += text.substr(position, start - position);
    result += value->second;
    position = end + 1;
  }
  result += text.substr(position);
  return result;
}

// How one passed entry travels: the C type of the launch function's parameter, the type of
// the value the kernel reads (when it differs, `conversion` turns one into the other).
struct ParameterPlan {
  std::string name;
  std::string cType;
  std::string packedType;
  std::string conversion; // an expression of `name`, empty when the parameter is passed as is
  std::string describe;   // "*fp32:16"
  std::string check;      // C statements checking the specialization's hint, or empty
};

// Text that goes into a printf format inside a C string literal.
std::string formatSafe(const std::string &text) {
  std::string safe;
  for (char c : text) {
    if (c == '%')
      safe += "%%";
    else if (c == '"' || c == '\\')
      safe += std::string("\\") + c;
    else if (static_cast<unsigned char>(c) >= 0x20 && c != '@')
      safe += c;
  }
  return safe;
}

ParameterPlan planParameter(const SignatureEntry &entry, const std::string &name,
                            const std::string &launcherName) {
  ParameterPlan plan;
  plan.name = name;
  plan.describe = formatSafe(entry.text.empty() ? entry.describe() : entry.text);
  if (entry.kind == SignatureEntry::Kind::Pointer) {
    plan.cType = "CUdeviceptr";
  } else {
    switch (entry.type) {
    case ScalarType::I1:
      // One byte in the parameter block; held in 32 bits so that a kernel reading it widened
      // reads zeros above it.
      plan.cType = "bool";
      plan.packedType = "uint32_t";
      plan.conversion = name + " ? 1u : 0u";
      break;
    case ScalarType::I8:
      plan.cType = "int8_t";
      break;
    case ScalarType::I16:
      plan.cType = "int16_t";
      break;
    case ScalarType::I32:
      plan.cType = "int32_t";
      break;
    case ScalarType::I64:
      plan.cType = "int64_t";
      break;
    case ScalarType::U8:
      plan.cType = "uint8_t";
      break;
    case ScalarType::U16:
      plan.cType = "uint16_t";
      break;
    case ScalarType::U32:
      plan.cType = "uint32_t";
      break;
    case ScalarType::U64:
      plan.cType = "uint64_t";
      break;
    case ScalarType::FP16:
      plan.cType = "float";
      plan.packedType = "uint16_t";
      plan.conversion = launcherName + "_float_to_half(" + name + ")";
      break;
    case ScalarType::BF16:
      plan.cType = "float";
      plan.packedType = "uint16_t";
      plan.conversion = launcherName + "_float_to_bfloat16(" + name + ")";
      break;
    case ScalarType::FP32:
      plan.cType = "float";
      break;
    case ScalarType::FP64:
      plan.cType = "double";
      break;
    case ScalarType::FP8E4NV:
    case ScalarType::FP8E5:
    case ScalarType::FP8E4B8:
    case ScalarType::FP8E5B16:
      // C has no fp8: the caller passes the encoded byte.
      plan.cType = "uint8_t";
      break;
    }
  }
  if (plan.packedType.empty())
    plan.packedType = plan.cType;
  // ":16": the compiled code assumes a 16-byte aligned pointer or an integer divisible by 16;
  // another value would silently give wrong results, so the launch refuses it.
  bool integer = entry.kind == SignatureEntry::Kind::Scalar && !isFloatingPoint(entry.type) &&
                 entry.type != ScalarType::I1;
  if (!entry.hint.empty() && entry.hint != "1" &&
      (entry.kind == SignatureEntry::Kind::Pointer || integer)) {
    const std::string &divisor = entry.hint;
    std::ostringstream check;
    if (entry.kind == SignatureEntry::Kind::Pointer)
      check << "  if (" << name << " % " << divisor << "u != 0)\n"
            << "    return @N@_fail(CUDA_ERROR_INVALID_VALUE, \"@N@_launch: " << name
            << " (0x%llx) is not " << divisor << "-byte aligned, as the specialization "
            << plan.describe << " assumes\", (unsigned long long)" << name << ");\n";
    else if (isUnsigned(entry.type))
      check << "  if (" << name << " % " << divisor << "u != 0)\n"
            << "    return @N@_fail(CUDA_ERROR_INVALID_VALUE, \"@N@_launch: " << name
            << " (%llu) is not a multiple of " << divisor << ", as the specialization "
            << plan.describe << " assumes\", (unsigned long long)" << name << ");\n";
    else
      check << "  if (" << name << " % " << divisor << " != 0)\n"
            << "    return @N@_fail(CUDA_ERROR_INVALID_VALUE, \"@N@_launch: " << name
            << " (%lld) is not a multiple of " << divisor << ", as the specialization "
            << plan.describe << " assumes\", (long long)" << name << ");\n";
    plan.check = check.str();
  }
  return plan;
}

// The cubin's parameter list must be the signature's passed entries and the two scratch
// pointers (PackedArguments' order); anything else would make the kernel read garbage.
void checkAgainstCubin(const std::string &cubin, const KernelInfo &info,
                       const std::vector<SignatureEntry> &passed) {
  CubinKernelInfo facts = readCubinKernelInfo(cubin, info.name);
  if (facts.parameterSizes.empty())
    return;
  // The parameters the signature's entries become: a host descriptor is its CUtensorMap, then
  // its shape (i32 each) and strides (i64 each); an i1 is not checked (one byte or widened).
  struct Expected {
    std::size_t bytes;
    bool checked;
    std::size_t entry;
  };
  std::vector<Expected> expected;
  for (std::size_t index = 0; index < passed.size(); ++index) {
    const SignatureEntry &entry = passed[index];
    if (entry.kind == SignatureEntry::Kind::TensorDescriptor) {
      expected.push_back({kTensorMapBytes, true, index});
      for (std::size_t d = 0; d < entry.blockShape.size(); ++d)
        expected.push_back({4, true, index});
      for (std::size_t d = 0; d < entry.blockShape.size(); ++d)
        expected.push_back({8, true, index});
      continue;
    }
    std::size_t bytes =
        entry.kind == SignatureEntry::Kind::Pointer ? 8 : scalarTypeSize(entry.type);
    expected.push_back({bytes, entry.type != ScalarType::I1, index});
  }
  if (facts.parameterSizes.size() != expected.size() + 2)
    throw Error("the cubin's kernel '" + info.name + "' takes " +
                std::to_string(facts.parameterSizes.size()) +
                " parameters but the signature passes " + std::to_string(expected.size()) +
                " arguments (+ 2 hidden scratch pointers)");
  for (std::size_t index = 0; index < expected.size(); ++index)
    if (expected[index].checked &&
        static_cast<std::size_t>(facts.parameterSizes[index]) != expected[index].bytes)
      throw Error("signature entry '" + passed[expected[index].entry].text + "' (parameter " +
                  std::to_string(index) + ") is " + std::to_string(expected[index].bytes) +
                  " bytes but the cubin's parameter is " +
                  std::to_string(facts.parameterSizes[index]) + " bytes");
}

std::string cStringLiteral(const std::string &text) {
  std::string literal = "\"";
  for (char c : text) {
    if (c == '"' || c == '\\')
      literal += '\\';
    if (static_cast<unsigned char>(c) < 0x20)
      continue;
    literal += c;
  }
  return literal + "\"";
}

// A comment's text cannot end the comment.
std::string commentSafe(std::string text) {
  for (std::size_t at = text.find("*/"); at != std::string::npos; at = text.find("*/", at))
    text.replace(at, 2, "* /");
  return text;
}

std::string byteArray(const std::string &bytes) {
  std::ostringstream out;
  static const char digits[] = "0123456789abcdef";
  for (std::size_t index = 0; index < bytes.size(); ++index) {
    unsigned char byte = static_cast<unsigned char>(bytes[index]);
    out << (index % 16 == 0 ? "\n    " : " ") << "0x" << digits[byte >> 4] << digits[byte & 15]
        << (index + 1 < bytes.size() ? "," : "");
  }
  return out.str();
}

const char *const kHeaderTemplate =
    R"C(/* @N@.h: ahead-of-time launcher of the Triton kernel `@KERNEL@`, written by
 * `trex compile --emit launcher` (@TARGET@, signature: @SIGNATURE@).
 *
 * Use: make a CUDA context current, call @N@_load() once, then @N@_launch() as often as
 * needed, and @N@_unload() at the end. Every call returns a CUresult; on failure
 * @N@_last_error() says what failed. The kernel takes two hidden pointers after the
 * arguments below (global and profile scratch); @N@_launch() allocates them for each launch
 * (bytes per program x grid_x x grid_y x grid_z x NUM_CTAS) through the allocator set with
 * @N@_set_scratch_allocator(), by default cuMemAllocAsync / cuMemFreeAsync on the launch's
 * stream. The manual: trex's docs/aot-launcher.md. */
#ifndef @GUARD@
#define @GUARD@

#include <cuda.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

/* The compiled kernel's metadata. */
#define @N@_KERNEL_NAME @KERNEL_LITERAL@
#define @N@_ARCH @ARCH_LITERAL@
#define @N@_NUM_WARPS @NUM_WARPS@
#define @N@_THREADS_PER_PROGRAM @THREADS@
#define @N@_NUM_CTAS @NUM_CTAS@
/* Dynamic shared memory per program, bytes. */
#define @N@_SHARED_BYTES @SHARED@
/* Hidden scratch, bytes per program, and the alignment of its buffer. */
#define @N@_GLOBAL_SCRATCH_SIZE @GLOBAL_SIZE@
#define @N@_GLOBAL_SCRATCH_ALIGN @GLOBAL_ALIGN@
#define @N@_PROFILE_SCRATCH_SIZE @PROFILE_SIZE@
#define @N@_PROFILE_SCRATCH_ALIGN @PROFILE_ALIGN@
/* The kernel's parameters: those of the @USER_COUNT@ argument(s) of @N@_launch (a host
 * tensor descriptor is 1 + 2 x rank of them), then the global and profile scratch pointers. */
#define @N@_NUM_PARAMS @PARAM_COUNT@
@TENSOR_TYPE@
/* Where the scratch buffers come from. `allocate` stores in *pointer a device address of at
 * least `bytes` bytes aligned to `alignment` (a power of two) and returns CUDA_SUCCESS;
 * `release` (may be NULL) gets it back with the same `bytes` once the launch is enqueued on
 * `stream` (the kernel may still be running: free it in stream order, or keep it from other
 * work until the stream has passed it). `user` is passed to both. */
typedef struct @N@_allocator {
  CUresult (*allocate)(void *user, size_t bytes, size_t alignment, CUstream stream,
                       CUdeviceptr *pointer);
  CUresult (*release)(void *user, CUdeviceptr pointer, size_t bytes, CUstream stream);
  void *user;
} @N@_allocator;

/* Replace the allocator of the global (and the profile) scratch; NULL, or an allocator whose
 * `allocate` is NULL, restores the default. Not safe while another thread launches. */
void @N@_set_scratch_allocator(const @N@_allocator *allocator);
void @N@_set_profile_scratch_allocator(const @N@_allocator *allocator);

/* Loads the embedded cubin into the current context and prepares the kernel (opting in to
 * more than 48 KiB of shared memory where it needs it). Loading twice does nothing. */
CUresult @N@_load(void);

/* Launches grid_x x grid_y x grid_z programs on `stream` (0: the default stream). An empty
 * grid launches nothing. Arguments the signature marks divisible by 16 (":16") are checked
 * and refused with CUDA_ERROR_INVALID_VALUE when they are not. */
CUresult @N@_launch(CUstream stream, unsigned grid_x, unsigned grid_y, unsigned grid_z@PARAMETERS@);

/* The bytes of global and profile scratch a launch of this grid allocates (either pointer
 * may be NULL); CUDA_ERROR_INVALID_VALUE when they overflow. */
CUresult @N@_scratch_bytes(unsigned grid_x, unsigned grid_y, unsigned grid_z,
    size_t *global_bytes, size_t *profile_bytes);

/* Unloads the module; @N@_load may load it again. */
CUresult @N@_unload(void);

/* What the last call of this thread that failed says went wrong; "" after a call that
 * succeeded. */
const char *@N@_last_error(void);

#ifdef __cplusplus
}
#endif

#endif /* @GUARD@ */
)C";

const char *const kSourceTemplate =
    R"C(/* @N@.c: ahead-of-time launcher of the Triton kernel `@KERNEL@` (see @N@.h), written by
 * `trex compile --emit launcher`. C99; needs only the CUDA driver API (link with -lcuda). */
#include "@N@.h"

#include <limits.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#if CUDA_VERSION < 11020
#error "this launcher needs the CUDA 11.2 driver API or newer (cuMemAllocAsync)"
#endif

#if defined(__STDC_VERSION__) && __STDC_VERSION__ >= 201112L
#define @N@_THREAD_LOCAL _Thread_local
#else
#define @N@_THREAD_LOCAL
#endif

/* The cubin (@CUBIN_SIZE@ bytes), 8-byte aligned for the driver's ELF reader. */
static const union {
  unsigned char bytes[@CUBIN_SIZE@];
  unsigned long long alignment;
} @N@_cubin = {{@CUBIN_BYTES@
}};

static CUmodule @N@_module;
static CUfunction @N@_function;
static @N@_allocator @N@_scratch_hook;
static @N@_allocator @N@_profile_hook;
static @N@_THREAD_LOCAL char @N@_message[512];

static CUresult @N@_fail(CUresult result, const char *format, ...) {
  va_list arguments;
  va_start(arguments, format);
  vsnprintf(@N@_message, sizeof @N@_message, format, arguments);
  va_end(arguments);
  return result;
}

/* A driver call that failed, in the driver's words. */
static CUresult @N@_driver_fail(CUresult result, const char *where, const char *call) {
  const char *name = NULL;
  const char *text = NULL;
  if (cuGetErrorName(result, &name) != CUDA_SUCCESS || name == NULL)
    name = "unknown CUresult";
  if (cuGetErrorString(result, &text) != CUDA_SUCCESS || text == NULL)
    text = "no description";
  return @N@_fail(result, "%s: %s failed: %s (%d: %s)", where, call, name, (int)result, text);
}

const char *@N@_last_error(void) { return @N@_message; }

static void @N@_set_hook(@N@_allocator *hook, const @N@_allocator *allocator) {
  if (allocator != NULL && allocator->allocate != NULL) {
    *hook = *allocator;
  } else {
    hook->allocate = NULL;
    hook->release = NULL;
    hook->user = NULL;
  }
}

void @N@_set_scratch_allocator(const @N@_allocator *allocator) {
  @N@_set_hook(&@N@_scratch_hook, allocator);
}

void @N@_set_profile_scratch_allocator(const @N@_allocator *allocator) {
  @N@_set_hook(&@N@_profile_hook, allocator);
}

/* bytes = per_program x grid_x x grid_y x grid_z x NUM_CTAS, refused beyond half the address
 * space (as trex's runtime does). */
static int @N@_scratch_size(unsigned long long per_program, unsigned grid_x, unsigned grid_y,
    unsigned grid_z, size_t *bytes) {
  unsigned long long limit = ULLONG_MAX / 2;
  unsigned long long factors[4];
  unsigned long long total = per_program;
  int index;
  factors[0] = grid_x;
  factors[1] = grid_y;
  factors[2] = grid_z;
  factors[3] = @N@_NUM_CTAS;
  if ((unsigned long long)SIZE_MAX < limit)
    limit = (unsigned long long)SIZE_MAX;
  for (index = 0; index < 4; ++index) {
    if (factors[index] != 0 && total > limit / factors[index])
      return 0;
    total *= factors[index];
  }
  *bytes = (size_t)total;
  return 1;
}

CUresult @N@_scratch_bytes(unsigned grid_x, unsigned grid_y, unsigned grid_z,
    size_t *global_bytes, size_t *profile_bytes) {
  size_t global = 0;
  size_t profile = 0;
  @N@_message[0] = '\0';
  if (!@N@_scratch_size(@N@_GLOBAL_SCRATCH_SIZE, grid_x, grid_y, grid_z, &global) ||
      !@N@_scratch_size(@N@_PROFILE_SCRATCH_SIZE, grid_x, grid_y, grid_z, &profile))
    return @N@_fail(CUDA_ERROR_INVALID_VALUE,
        "@N@_scratch_bytes: the scratch of grid (%u, %u, %u) overflows", grid_x, grid_y, grid_z);
  if (global_bytes != NULL)
    *global_bytes = global;
  if (profile_bytes != NULL)
    *profile_bytes = profile;
  return CUDA_SUCCESS;
}

/* One scratch buffer of a launch: `address` as allocated, `aligned` as passed. */
typedef struct @N@_scratch {
  const @N@_allocator *hook;
  CUdeviceptr address;
  CUdeviceptr aligned;
  size_t requested;
  int synchronous; /* from cuMemAlloc: freed once the stream has finished the launch */
} @N@_scratch;

/* Set once cuMemAllocAsync has said CUDA_ERROR_NOT_SUPPORTED (a device or driver without
 * memory pools): the default allocator then uses cuMemAlloc, and frees after synchronizing. */
static int @N@_without_pools;

static CUresult @N@_driver_allocate(@N@_scratch *scratch, CUstream stream) {
  CUresult result;
  scratch->synchronous = @N@_without_pools;
  if (!@N@_without_pools) {
    result = cuMemAllocAsync(&scratch->address, scratch->requested, stream);
    if (result != CUDA_ERROR_NOT_SUPPORTED)
      return result;
    @N@_without_pools = 1;
    scratch->synchronous = 1;
  }
  return cuMemAlloc(&scratch->address, scratch->requested);
}

static CUresult @N@_driver_free(@N@_scratch *scratch, CUstream stream) {
  CUresult synchronized;
  CUresult freed;
  if (!scratch->synchronous)
    return cuMemFreeAsync(scratch->address, stream);
  synchronized = cuStreamSynchronize(stream);
  freed = cuMemFree(scratch->address);
  return synchronized != CUDA_SUCCESS ? synchronized : freed;
}

static CUresult @N@_allocate(@N@_scratch *scratch, const @N@_allocator *hook, size_t bytes,
    size_t alignment, CUstream stream, const char *what) {
  CUresult result;
  scratch->hook = hook;
  scratch->address = 0;
  scratch->aligned = 0;
  scratch->requested = 0;
  scratch->synchronous = 0;
  if (bytes == 0)
    return CUDA_SUCCESS; /* a kernel without scratch gets a null pointer, as from Triton */
  if (hook->allocate != NULL) {
    scratch->requested = bytes;
    result = hook->allocate(hook->user, bytes, alignment, stream, &scratch->address);
    if (result != CUDA_SUCCESS) {
      scratch->address = 0;
      return @N@_fail(result, "@N@_launch: the %s scratch allocator failed for %lu bytes (%d)",
          what, (unsigned long)bytes, (int)result);
    }
    scratch->aligned = scratch->address;
    if (scratch->address == 0 || scratch->address % alignment != 0)
      return @N@_fail(CUDA_ERROR_INVALID_VALUE,
          "@N@_launch: the %s scratch allocator returned 0x%llx for %lu bytes, which is not "
          "aligned to %lu", what, (unsigned long long)scratch->address, (unsigned long)bytes,
          (unsigned long)alignment);
    return CUDA_SUCCESS;
  }
  /* The driver's allocations are 256-byte aligned: ask for exactly `bytes` unless the
   * alignment is stricter or the address turns out not to be aligned, then for enough to
   * align it. */
  scratch->requested = bytes + (alignment > 256 ? alignment - 1 : 0);
  while (1) {
    result = @N@_driver_allocate(scratch, stream);
    if (result != CUDA_SUCCESS) {
      char call[96];
      scratch->address = 0;
      snprintf(call, sizeof call, "%s of %lu bytes of %s scratch",
          scratch->synchronous ? "cuMemAlloc" : "cuMemAllocAsync",
          (unsigned long)scratch->requested, what);
      return @N@_driver_fail(result, "@N@_launch", call);
    }
    scratch->aligned = (scratch->address + alignment - 1) / alignment * alignment;
    if (scratch->aligned + bytes <= scratch->address + scratch->requested)
      return CUDA_SUCCESS;
    result = @N@_driver_free(scratch, stream);
    scratch->address = 0;
    if (result != CUDA_SUCCESS)
      return @N@_driver_fail(result, "@N@_launch", "freeing a misaligned scratch buffer");
    scratch->requested = bytes + alignment - 1;
  }
}

static CUresult @N@_release(@N@_scratch *scratch, CUstream stream) {
  CUresult result = CUDA_SUCCESS;
  if (scratch->address == 0)
    return CUDA_SUCCESS;
  if (scratch->hook->allocate != NULL) {
    if (scratch->hook->release != NULL)
      result = scratch->hook->release(scratch->hook->user, scratch->address,
          scratch->requested, stream);
  } else {
    result = @N@_driver_free(scratch, stream);
  }
  scratch->address = 0;
  return result;
}
@CONVERSIONS@
CUresult @N@_load(void) {
  CUcontext context = NULL;
  CUresult result;
  @N@_message[0] = '\0';
  if (@N@_function != NULL)
    return CUDA_SUCCESS;
  result = cuCtxGetCurrent(&context);
  if (result != CUDA_SUCCESS)
    return @N@_driver_fail(result, "@N@_load", "cuCtxGetCurrent");
  if (context == NULL)
    return @N@_fail(CUDA_ERROR_INVALID_CONTEXT,
        "@N@_load: no CUDA context is current on this thread (make one current, "
        "e.g. cuDevicePrimaryCtxRetain and cuCtxSetCurrent, first)");
  result = cuModuleLoadData(&@N@_module, @N@_cubin.bytes);
  if (result != CUDA_SUCCESS) {
    @N@_module = NULL;
    return @N@_driver_fail(result, "@N@_load", "cuModuleLoadData (a cubin for " @N@_ARCH ")");
  }
  result = cuModuleGetFunction(&@N@_function, @N@_module, @N@_KERNEL_NAME);
  if (result != CUDA_SUCCESS) {
    @N@_driver_fail(result, "@N@_load", "cuModuleGetFunction(" @N@_KERNEL_NAME ")");
    @N@_function = NULL;
    cuModuleUnload(@N@_module);
    @N@_module = NULL;
    return result;
  }
@SHARED_OPT_IN@  return CUDA_SUCCESS;
}

CUresult @N@_unload(void) {
  CUresult result;
  @N@_message[0] = '\0';
  if (@N@_module == NULL)
    return CUDA_SUCCESS;
  result = cuModuleUnload(@N@_module);
  @N@_module = NULL;
  @N@_function = NULL;
  if (result != CUDA_SUCCESS)
    return @N@_driver_fail(result, "@N@_unload", "cuModuleUnload");
  return CUDA_SUCCESS;
}

CUresult @N@_launch(CUstream stream, unsigned grid_x, unsigned grid_y, unsigned grid_z@PARAMETERS@) {
  size_t trex_global_bytes = 0;
  size_t trex_profile_bytes = 0;
  @N@_scratch trex_global;
  @N@_scratch trex_profile;
  CUresult trex_result;
  CUresult trex_released;
@PACKED_LOCALS@  void *trex_params[@N@_NUM_PARAMS + 1];
  @N@_message[0] = '\0';
  if (@N@_function == NULL)
    return @N@_fail(CUDA_ERROR_NOT_INITIALIZED, "@N@_launch: the kernel is not loaded (call @N@_load first)");
  if (grid_x == 0 || grid_y == 0 || grid_z == 0)
    return CUDA_SUCCESS;
@CHECKS@  trex_result = @N@_scratch_bytes(grid_x, grid_y, grid_z, &trex_global_bytes, &trex_profile_bytes);
  if (trex_result != CUDA_SUCCESS)
    return @N@_fail(trex_result, "@N@_launch: the scratch of grid (%u, %u, %u) overflows", grid_x, grid_y, grid_z);
@GRID_CHECK@  trex_result = @N@_allocate(&trex_global, &@N@_scratch_hook, trex_global_bytes,
      @N@_GLOBAL_SCRATCH_ALIGN, stream, "global");
  if (trex_result != CUDA_SUCCESS) {
    @N@_release(&trex_global, stream);
    return trex_result;
  }
  trex_result = @N@_allocate(&trex_profile, &@N@_profile_hook, trex_profile_bytes,
      @N@_PROFILE_SCRATCH_ALIGN, stream, "profile");
  if (trex_result != CUDA_SUCCESS) {
    @N@_release(&trex_profile, stream);
    @N@_release(&trex_global, stream);
    return trex_result;
  }
  /* The parameters in the kernel's order: the arguments, then the two scratch pointers. The
   * driver reads NUM_PARAMS of them; the NULL after them lets a tool count them. */
@PARAM_POINTERS@  trex_params[@PARAM_COUNT_MINUS_2@] = &trex_global.aligned;
  trex_params[@PARAM_COUNT_MINUS_1@] = &trex_profile.aligned;
  trex_params[@N@_NUM_PARAMS] = NULL;
@LAUNCH@  trex_released = @N@_release(&trex_profile, stream);
  if (trex_released == CUDA_SUCCESS)
    trex_released = @N@_release(&trex_global, stream);
  else
    @N@_release(&trex_global, stream);
  if (trex_result != CUDA_SUCCESS)
    return trex_result;
  if (trex_released != CUDA_SUCCESS)
    return @N@_driver_fail(trex_released, "@N@_launch", "releasing the scratch");
  return CUDA_SUCCESS;
}
)C";

const char *const kSharedOptInTemplate =
    R"C(  /* More than 48 KiB of dynamic shared memory needs the kernel's opt-in, up to what the
   * device allows beside the kernel's static shared memory (as Triton's launcher). */
  {
    CUdevice device;
    int available = 0;
    int static_shared = 0;
    const char *call = NULL;
    result = cuCtxGetDevice(&device);
    if (result != CUDA_SUCCESS)
      call = "cuCtxGetDevice";
    if (call == NULL) {
      result = cuDeviceGetAttribute(&available,
          CU_DEVICE_ATTRIBUTE_MAX_SHARED_MEMORY_PER_BLOCK_OPTIN, device);
      if (result != CUDA_SUCCESS)
        call = "cuDeviceGetAttribute(MAX_SHARED_MEMORY_PER_BLOCK_OPTIN)";
    }
    if (call == NULL) {
      result = cuFuncGetAttribute(&static_shared, CU_FUNC_ATTRIBUTE_SHARED_SIZE_BYTES,
          @N@_function);
      if (result != CUDA_SUCCESS)
        call = "cuFuncGetAttribute(SHARED_SIZE_BYTES)";
    }
    if (call == NULL && (long long)@N@_SHARED_BYTES + static_shared > available) {
      @N@_fail(CUDA_ERROR_INVALID_VALUE,
          "@N@_load: the kernel needs %ld bytes of shared memory; the device allows %d",
          (long)@N@_SHARED_BYTES + static_shared, available);
      result = CUDA_ERROR_INVALID_VALUE;
    } else if (call == NULL) {
      result = cuFuncSetAttribute(@N@_function, CU_FUNC_ATTRIBUTE_MAX_DYNAMIC_SHARED_SIZE_BYTES,
          available - static_shared);
      if (result != CUDA_SUCCESS)
        call = "cuFuncSetAttribute(MAX_DYNAMIC_SHARED_SIZE_BYTES)";
    }
    if (call != NULL)
      @N@_driver_fail(result, "@N@_load", call);
    if (result != CUDA_SUCCESS) {
      @N@_function = NULL;
      cuModuleUnload(@N@_module);
      @N@_module = NULL;
      return result;
    }
  }
)C";

const char *const kLaunchTemplate =
    R"C(  trex_result = cuLaunchKernel(@N@_function, grid_x, grid_y, grid_z,
      @N@_THREADS_PER_PROGRAM, 1, 1, @N@_SHARED_BYTES, stream, trex_params, NULL);
  if (trex_result != CUDA_SUCCESS)
    @N@_driver_fail(trex_result, "@N@_launch", "cuLaunchKernel");
)C";

// A launch with attributes (cuLaunchKernelEx), as Triton's launcher and trex's runtime make
// it: a cluster of NUM_CTAS programs per program id (the grid counts clusters) and/or a
// cooperative launch (launch_cooperative_grid: every program resident at once).
const char *const kLaunchExTemplate = R"C(  {
    CUlaunchConfig config;
    CUlaunchAttribute attributes[@ATTRIBUTE_COUNT@];
    memset(&config, 0, sizeof config);
    memset(attributes, 0, sizeof attributes);
@ATTRIBUTES@    config.gridDimX = grid_x * @N@_NUM_CTAS;
    config.gridDimY = grid_y;
    config.gridDimZ = grid_z;
    config.blockDimX = @N@_THREADS_PER_PROGRAM;
    config.blockDimY = 1;
    config.blockDimZ = 1;
    config.sharedMemBytes = @N@_SHARED_BYTES;
    config.hStream = stream;
    config.attrs = attributes;
    config.numAttrs = @ATTRIBUTE_COUNT@;
    trex_result = cuLaunchKernelEx(&config, @N@_function, trex_params, NULL);
    if (trex_result != CUDA_SUCCESS)
      @N@_driver_fail(trex_result, "@N@_launch", "cuLaunchKernelEx");
  }
)C";

const char *const kCooperativeAttribute =
    R"C(    attributes[@I@].id = CU_LAUNCH_ATTRIBUTE_COOPERATIVE;
    attributes[@I@].value.cooperative = 1;
)C";

const char *const kClusterAttributes =
    R"C(    attributes[@I@].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_DIMENSION;
    attributes[@I@].value.clusterDim.x = @N@_NUM_CTAS;
    attributes[@I@].value.clusterDim.y = 1;
    attributes[@I@].value.clusterDim.z = 1;
    attributes[@J@].id = CU_LAUNCH_ATTRIBUTE_CLUSTER_SCHEDULING_POLICY_PREFERENCE;
    attributes[@J@].value.clusterSchedulingPolicyPreference = CU_CLUSTER_SCHEDULING_POLICY_SPREAD;
)C";

const char *const kClusterGridCheck = R"C(  if (grid_x > UINT_MAX / @N@_NUM_CTAS)
    return @N@_fail(CUDA_ERROR_INVALID_VALUE, "@N@_launch: grid_x %u times %d programs per cluster overflows", grid_x, @N@_NUM_CTAS);
)C";

const char *const kHalfConversion = R"C(
/* IEEE half, rounded to nearest even (what trex's runtime packs for an fp16 argument). */
static uint16_t @N@_float_to_half(float value) {
  uint32_t bits;
  uint32_t sign;
  uint32_t mantissa;
  uint32_t half;
  uint32_t remainder;
  uint32_t halfway;
  int exponent;
  int shift;
  memcpy(&bits, &value, sizeof bits);
  sign = (bits >> 16) & 0x8000u;
  mantissa = bits & 0x7fffffu;
  exponent = (int)((bits >> 23) & 0xffu);
  if (exponent == 0xff)
    return (uint16_t)(sign | 0x7c00u | (mantissa != 0 ? 0x200u : 0u));
  exponent = exponent - 127 + 15;
  if (exponent >= 31)
    return (uint16_t)(sign | 0x7c00u);
  if (exponent <= 0) {
    if (exponent < -10)
      return (uint16_t)sign;
    mantissa |= 0x800000u;
    shift = 14 - exponent;
    half = mantissa >> shift;
    remainder = mantissa & ((1u << shift) - 1u);
    halfway = 1u << (shift - 1);
  } else {
    half = ((uint32_t)exponent << 10) | (mantissa >> 13);
    remainder = mantissa & 0x1fffu;
    halfway = 0x1000u;
  }
  if (remainder > halfway || (remainder == halfway && (half & 1u) != 0))
    ++half;
  return (uint16_t)(sign | half);
}
)C";

const char *const kBFloat16Conversion = R"C(
/* bfloat16, rounded to nearest even (what trex's runtime packs for a bf16 argument). */
static uint16_t @N@_float_to_bfloat16(float value) {
  uint32_t bits;
  memcpy(&bits, &value, sizeof bits);
  if ((bits & 0x7fffffffu) > 0x7f800000u)
    return (uint16_t)((bits >> 16) | 0x40u);
  bits += 0x7fffu + ((bits >> 16) & 1u);
  return (uint16_t)(bits >> 16);
}
)C";

// TMA descriptors have at most five dimensions.
constexpr std::size_t kMaxDescriptorRank = 5;

const char *const kTensorTypeTemplate = R"C(
/* What a host tensor descriptor parameter (tensordesc<...>) describes, as Triton's
 * TensorDescriptor holds it: the tensor's base address (16-byte aligned), its shape and its
 * strides in elements, outermost dimension first (the first `rank` entries count, rank being
 * the descriptor's block rank; the last stride must be 1, the others multiples of 16 bytes),
 * and whether out-of-bounds elements read as NaN (padding="nan") instead of zero. @N@_launch
 * encodes the CUtensorMap (cuTensorMapEncodeTiled) with the block shape, element type and
 * swizzle the kernel was compiled for, and passes it with the shape and strides. */
typedef struct @N@_tensor {
  CUdeviceptr base;
  int64_t shape[5];
  int64_t strides[5];
  bool padding_nan;
} @N@_tensor;
)C";

const char *const kDescriptorEncoding = R"C(
#if CUDA_VERSION < 12000
#error "host tensor descriptors need the CUDA 12.0 driver API or newer (cuTensorMapEncodeTiled)"
#endif

/* Encodes `tensor` as the kernel's descriptor parameter `name` expects it (the checks are
 * what cuTensorMapEncodeTiled and the kernel need: a wrong value would read garbage), and
 * fills the shape (i32) and strides (i64) the kernel takes after the CUtensorMap. */
static CUresult @N@_encode_descriptor(CUtensorMap *map, int32_t *shape, int64_t *strides,
    const @N@_tensor *tensor, const char *name, cuuint32_t rank, CUtensorMapDataType type,
    long long element_size, const cuuint32_t *box, CUtensorMapSwizzle swizzle, int fp4_padded) {
  cuuint64_t dims[5];
  cuuint64_t byte_strides[4];
  cuuint32_t element_strides[5];
  cuuint32_t i;
  CUresult result;
  if (tensor == NULL)
    return @N@_fail(CUDA_ERROR_INVALID_VALUE, "@N@_launch: %s is NULL", name);
  if (tensor->base % 16 != 0)
    return @N@_fail(CUDA_ERROR_INVALID_VALUE,
        "@N@_launch: %s's base (0x%llx) is not 16-byte aligned, as TMA requires", name,
        (unsigned long long)tensor->base);
  if (tensor->strides[rank - 1] != 1)
    return @N@_fail(CUDA_ERROR_INVALID_VALUE,
        "@N@_launch: %s's last stride is %lld, not 1 (TMA reads the innermost dimension "
        "contiguously)", name, (long long)tensor->strides[rank - 1]);
  for (i = 0; i < rank; ++i) {
    long long extent = (long long)tensor->shape[rank - 1 - i];
    if (extent <= 0 || extent > INT32_MAX)
      return @N@_fail(CUDA_ERROR_INVALID_VALUE,
          "@N@_launch: %s's dimension %u is %lld; the kernel takes 1 to 2^31-1", name,
          (unsigned)(rank - 1 - i), extent);
    /* A packed fp4 tensor is described as twice as many 4-bit elements. */
    dims[i] = (cuuint64_t)extent * (fp4_padded && i == 0 ? 2u : 1u);
    element_strides[i] = 1;
    shape[rank - 1 - i] = (int32_t)extent;
    strides[rank - 1 - i] = (int64_t)tensor->strides[rank - 1 - i];
  }
  for (i = 0; i + 1 < rank; ++i) {
    long long stride = (long long)tensor->strides[rank - 2 - i];
    if (stride <= 0 || stride > LLONG_MAX / element_size ||
        (stride * element_size) % 16 != 0 || stride * element_size >= (1ll << 40))
      return @N@_fail(CUDA_ERROR_INVALID_VALUE,
          "@N@_launch: %s's stride %u is %lld elements; TMA needs a positive multiple of 16 "
          "bytes below 2^40", name, (unsigned)(rank - 2 - i), stride);
    byte_strides[i] = (cuuint64_t)(stride * element_size);
  }
  result = cuTensorMapEncodeTiled(map, type, rank, (void *)(uintptr_t)tensor->base, dims,
      byte_strides, box, element_strides, CU_TENSOR_MAP_INTERLEAVE_NONE, swizzle,
      CU_TENSOR_MAP_L2_PROMOTION_L2_128B,
      tensor->padding_nan ? CU_TENSOR_MAP_FLOAT_OOB_FILL_NAN_REQUEST_ZERO_FMA
                          : CU_TENSOR_MAP_FLOAT_OOB_FILL_NONE);
  if (result != CUDA_SUCCESS) {
    char call[96];
    snprintf(call, sizeof call, "cuTensorMapEncodeTiled for %s", name);
    return @N@_driver_fail(result, "@N@_launch", call);
  }
  return CUDA_SUCCESS;
}
)C";

// How a host descriptor parameter travels: locals holding its encoded CUtensorMap (64-byte
// aligned inside a larger buffer: C99 cannot align a local), shape and strides, and the call
// that fills them.
struct DescriptorPlan {
  std::string locals, encode, map, shape, strides, describe;
};

DescriptorPlan planDescriptor(const SignatureEntry &entry, const std::string &name,
                              std::size_t index, const TensorDescriptorLayout &layout) {
  std::size_t rank = entry.blockShape.size(); // the metadata's rank too (checked before)
  DescriptorPlan plan;
  std::string id = std::to_string(index);
  plan.describe = formatSafe(entry.text);
  plan.map = "trex_map" + id;
  plan.shape = "trex_shape" + id;
  plan.strides = "trex_strides" + id;
  std::ostringstream locals;
  locals << "  unsigned char trex_map_bytes" << id << "[sizeof(CUtensorMap) + 64];\n"
         << "  CUtensorMap *" << plan.map << " = (CUtensorMap *)(((uintptr_t)trex_map_bytes" << id
         << " + 63) & ~(uintptr_t)63);\n"
         << "  int32_t " << plan.shape << "[" << rank << "];\n"
         << "  int64_t " << plan.strides << "[" << rank << "];\n"
         << "  static const cuuint32_t trex_box" << id << "[" << rank << "] = {";
  for (std::size_t d = 0; d < rank; ++d)
    locals << (d ? ", " : "") << layout.blockSize[rank - 1 - d] << "u";
  locals << "}; /* innermost first */\n";
  plan.locals = locals.str();
  std::ostringstream encode;
  encode << "  trex_result = @N@_encode_descriptor(" << plan.map << ", " << plan.shape << ", "
         << plan.strides << ", " << name << ", \"" << name << "\", " << rank
         << "u, (CUtensorMapDataType)" << hostTensorMapDataType(layout.elementType) << ", "
         << layout.elementSize << ", trex_box" << id << ", (CUtensorMapSwizzle)" << layout.swizzle
         << ", " << (layout.fp4Padded ? 1 : 0) << ");\n"
         << "  if (trex_result != CUDA_SUCCESS)\n"
         << "    return trex_result;\n";
  plan.encode = encode.str();
  return plan;
}

} // namespace

std::vector<std::string> launcherParameterNames(const std::vector<std::string> &names,
                                                std::size_t count,
                                                const std::string &launcherName) {
  std::vector<std::string> result;
  std::set<std::string> taken;
  for (std::size_t index = 0; index < count; ++index) {
    std::string name = index < names.size() ? names[index] : "";
    if (!isCIdentifier(name))
      name = "arg" + std::to_string(index);
    // The launcher's locals start with "trex_" and never end with '_'; its functions and
    // macros start with its name, the driver's with "cu" or "CU".
    bool driverName =
        name.size() > 2 &&
        ((name[0] == 'c' && name[1] == 'u' && std::isupper(static_cast<unsigned char>(name[2]))) ||
         name.rfind("CU", 0) == 0);
    if (reservedNames().count(name) || name.rfind("trex_", 0) == 0 || driverName ||
        (!launcherName.empty() && name.rfind(launcherName + "_", 0) == 0))
      name += "_";
    while (taken.count(name))
      name += "_";
    taken.insert(name);
    result.push_back(name);
  }
  return result;
}

AotLauncherSources generateAotLauncher(const AotLauncherRequest &request) {
  const KernelInfo &info = request.info;
  if (info.backend != Backend::CUDA)
    throw Error("the AOT launcher loads cubins with the CUDA driver API; '" + info.name +
                "' is compiled for AMD (" + info.arch +
                "): launch its hsaco with trex run or HIP's hipModuleLaunchKernel");
  if (!looksLikeElf(request.cubin))
    throw Error("the AOT launcher embeds the kernel's cubin, and none was produced (is ptxas "
                "installed?)");
  std::string name = request.launcherName.empty() ? info.name : request.launcherName;
  if (!isCIdentifier(name) || reservedNames().count(name))
    throw Error("the launcher's name '" + name +
                "' is no C identifier (letters, digits and '_', not starting with a digit); "
                "choose one with --launcher-name");
  if (info.numWarps <= 0 || info.warpSize <= 0 || info.numCTAs <= 0)
    throw Error("the metadata of '" + info.name + "' has no positive num_warps and num_ctas");
  if (info.shared < 0 || info.shared > INT32_MAX)
    throw Error("the metadata's shared memory (" + std::to_string(info.shared) +
                " bytes) is out of range");
  for (std::int64_t alignment : {info.globalScratchAlign, info.profileScratchAlign})
    if (alignment <= 0 || (alignment & (alignment - 1)) != 0)
      throw Error("the metadata's scratch alignment " + std::to_string(alignment) +
                  " is not a power of two");
  if (info.globalScratchSize < 0 || info.profileScratchSize < 0)
    throw Error("the metadata's scratch sizes are negative");

  std::vector<SignatureEntry> passed = request.signature.passedEntries();
  std::size_t descriptorCount = 0;
  for (const SignatureEntry &entry : passed)
    if (entry.kind == SignatureEntry::Kind::TensorDescriptor) {
      if (entry.blockShape.empty() || entry.blockShape.size() > kMaxDescriptorRank)
        throw Error("signature entry '" + entry.text + "' has a block of " +
                    std::to_string(entry.blockShape.size()) +
                    " dimensions; TMA descriptors have 1 to 5");
      ++descriptorCount;
    }
  if (descriptorCount != 0 && info.tensorDescriptors.size() != descriptorCount)
    throw Error("the signature has " + std::to_string(descriptorCount) +
                " host tensor descriptor(s) but the metadata describes " +
                std::to_string(info.tensorDescriptors.size()) +
                " (its \"tensordesc_meta\"); compile the kernel again");
  for (std::size_t index = 0, descriptor = 0; index < passed.size(); ++index)
    if (passed[index].kind == SignatureEntry::Kind::TensorDescriptor) {
      const TensorDescriptorLayout &layout = info.tensorDescriptors[descriptor++];
      if (layout.blockSize.size() != passed[index].blockShape.size())
        throw Error("signature entry '" + passed[index].text + "' has a block of rank " +
                    std::to_string(passed[index].blockShape.size()) +
                    " but the metadata's descriptor has rank " +
                    std::to_string(layout.blockSize.size()));
      if (layout.elementSize <= 0 || layout.swizzle < 0 || layout.swizzle > 3)
        throw Error("the metadata's descriptor for '" + passed[index].text +
                    "' has no element size or swizzle mode");
    }
  checkAgainstCubin(request.cubin, info, passed);
  std::vector<std::string> names =
      launcherParameterNames(request.parameterNames, passed.size(), name);

  std::string parameters, packedLocals, checks, pointers, conversions, signatureText;
  bool needsHalf = false, needsBFloat16 = false;
  for (const SignatureEntry &entry : request.signature.entries)
    signatureText += (signatureText.empty() ? "" : ", ") + entry.text;
  std::size_t parameterIndex = 0, descriptorIndex = 0;
  auto pointTo = [&](const std::string &address, const std::string &describe) {
    pointers += "  trex_params[" + std::to_string(parameterIndex++) + "] = " + address + "; /* " +
                commentSafe(describe) + " */\n";
  };
  for (std::size_t index = 0; index < passed.size(); ++index) {
    if (passed[index].kind == SignatureEntry::Kind::TensorDescriptor) {
      DescriptorPlan plan = planDescriptor(passed[index], names[index], index,
                                           info.tensorDescriptors[descriptorIndex++]);
      parameters += ",\n    const " + name + "_tensor *" + names[index];
      packedLocals += plan.locals;
      checks += plan.encode;
      pointTo(plan.map, plan.describe + ": its CUtensorMap");
      for (std::size_t d = 0; d < passed[index].blockShape.size(); ++d)
        pointTo("&" + plan.shape + "[" + std::to_string(d) + "]",
                "its shape[" + std::to_string(d) + "], i32");
      for (std::size_t d = 0; d < passed[index].blockShape.size(); ++d)
        pointTo("&" + plan.strides + "[" + std::to_string(d) + "]",
                "its strides[" + std::to_string(d) + "], i64");
      continue;
    }
    ParameterPlan plan = planParameter(passed[index], names[index], name);
    parameters += ",\n    " + plan.cType + " " + plan.name;
    std::string address = "&" + plan.name;
    if (!plan.conversion.empty()) {
      std::string local = "trex_arg" + std::to_string(index);
      packedLocals += "  " + plan.packedType + " " + local + ";\n";
      pointers += "  " + local + " = " + plan.conversion + ";\n";
      address = "&" + local;
    }
    pointTo(address, plan.describe);
    checks += plan.check;
    needsHalf |= passed[index].kind == SignatureEntry::Kind::Scalar &&
                 passed[index].type == ScalarType::FP16;
    needsBFloat16 |= passed[index].kind == SignatureEntry::Kind::Scalar &&
                     passed[index].type == ScalarType::BF16;
  }
  if (needsHalf)
    conversions += kHalfConversion;
  if (needsBFloat16)
    conversions += kBFloat16Conversion;
  if (descriptorCount != 0)
    conversions += kDescriptorEncoding;
  std::size_t parameterCount = parameterIndex;

  // The pieces below that are C templates themselves name the launcher's functions; they are
  // expanded before they go in, and the final substitution does not look into what it
  // inserts (a kernel name or a comment holding '@' stays as it is).
  const std::map<std::string, std::string> prefix = {{"N", name}};
  auto expand = [&](const std::string &piece) { return substitute(piece, prefix); };
  // The launch: cuLaunchKernel, or cuLaunchKernelEx with the attributes it needs.
  std::string attributes;
  int attributeCount = 0;
  auto index = [](int i) { return std::to_string(i); };
  if (info.launchCooperativeGrid) {
    attributes += substitute(kCooperativeAttribute, {{"I", index(attributeCount)}});
    attributeCount += 1;
  }
  if (info.numCTAs > 1) {
    attributes +=
        substitute(kClusterAttributes,
                   {{"N", name}, {"I", index(attributeCount)}, {"J", index(attributeCount + 1)}});
    attributeCount += 2;
  }
  std::string launchCode =
      attributeCount == 0
          ? expand(kLaunchTemplate)
          : substitute(kLaunchExTemplate, {{"N", name},
                                           {"ATTRIBUTES", attributes},
                                           {"ATTRIBUTE_COUNT", index(attributeCount)}});
  std::map<std::string, std::string> values = {
      {"N", name},
      {"KERNEL", commentSafe(info.name)},
      {"KERNEL_LITERAL", cStringLiteral(info.name)},
      {"ARCH_LITERAL", cStringLiteral(info.arch)},
      {"TARGET", commentSafe(info.arch.empty() ? "CUDA" : info.arch)},
      {"SIGNATURE", commentSafe(signatureText.empty() ? "(no parameters)" : signatureText)},
      {"GUARD", "TREX_LAUNCHER_" + name + "_H"},
      {"NUM_WARPS", std::to_string(info.numWarps)},
      {"THREADS", std::to_string(info.threadsPerProgram())},
      {"NUM_CTAS", std::to_string(info.numCTAs)},
      {"SHARED", std::to_string(info.shared)},
      {"GLOBAL_SIZE", std::to_string(info.globalScratchSize) + "u"},
      {"GLOBAL_ALIGN", std::to_string(info.globalScratchAlign) + "u"},
      {"PROFILE_SIZE", std::to_string(info.profileScratchSize) + "u"},
      {"PROFILE_ALIGN", std::to_string(info.profileScratchAlign) + "u"},
      {"USER_COUNT", std::to_string(passed.size())},
      {"PARAM_COUNT", std::to_string(parameterCount + 2)},
      {"PARAM_COUNT_MINUS_2", std::to_string(parameterCount)},
      {"PARAM_COUNT_MINUS_1", std::to_string(parameterCount + 1)},
      {"TENSOR_TYPE", descriptorCount != 0 ? expand(kTensorTypeTemplate) : ""},
      {"PARAMETERS", parameters},
      {"CUBIN_SIZE", std::to_string(request.cubin.size())},
      {"CUBIN_BYTES", byteArray(request.cubin)},
      {"CONVERSIONS", expand(conversions)},
      {"PACKED_LOCALS", packedLocals},
      {"CHECKS", expand(checks)},
      {"PARAM_POINTERS", pointers},
      {"SHARED_OPT_IN", info.shared > kDefaultSharedLimit ? expand(kSharedOptInTemplate) : ""},
      {"GRID_CHECK", info.numCTAs > 1 ? expand(kClusterGridCheck) : ""},
      {"LAUNCH", launchCode},
  };
  AotLauncherSources sources;
  sources.name = name;
  sources.header = substitute(kHeaderTemplate, values);
  sources.source = substitute(kSourceTemplate, values);
  return sources;
}

} // namespace trex::runtime
