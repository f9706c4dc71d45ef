# lit configuration of trex's IR and tool tests.
import os

import lit.formats

config.name = "trex"
config.test_format = lit.formats.ShTest(execute_external=False)
# .py: the front-end coverage kernels of test/frontend (each runs trex compile on itself).
config.suffixes = [".mlir", ".test", ".py"]
config.excludes = ["CMakeLists.txt", "unit", "layoutviz", "Inputs", "gpu", "bench", "compat", "lit.cfg.py",
                   "lit.site.cfg.py"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.trex_obj_root, "test")

# trex's tools first, then FileCheck/not/count from LLVM.
config.environment["PATH"] = os.pathsep.join(
    [config.trex_bin_dir, config.llvm_tools_dir, config.environment.get("PATH", "")])
config.substitutions.append(("%shared", config.trex_shared_dir))
# The Python running lit, for tests that write their inputs or run the project's scripts.
import sys
config.substitutions.append(("%python", sys.executable))
# For a RUN line that replaces PATH.
config.substitutions.append(("%trex_bin", config.trex_bin_dir))

# Optional tools: tests that need them say `REQUIRES: ptxas` / `REQUIRES: ld.lld` /
# `REQUIRES: libdevice`, found the way trex finds them.
def _cuda_roots():
    roots = [os.environ.get("CUDA_HOME"), os.environ.get("CUDA_PATH"), "/usr/local/cuda"]
    return [root for root in roots if root]


def _first_existing(paths):
    return next((path for path in paths if path and os.path.exists(path)), None)


import shutil

if _first_existing([os.environ.get("TRITON_PTXAS_PATH"), shutil.which("ptxas")] +
                   [os.path.join(root, "bin", "ptxas") for root in _cuda_roots()]):
    config.available_features.add("ptxas")
if _first_existing([os.environ.get("TRITON_LIBDEVICE_PATH")] +
                   [os.path.join(root, "nvvm", "libdevice", "libdevice.10.bc")
                    for root in _cuda_roots()]):
    config.available_features.add("libdevice")
# nvJitLink: ptxas inside the process (trex compile --assembler nvjitlink).
if _first_existing([os.environ.get("TREX_NVJITLINK_PATH")] +
                   [os.path.join(root, folder, name) for root in _cuda_roots()
                    for folder in ("lib64", "lib")
                    for name in ("libnvJitLink.so", "libnvJitLink.so.13", "libnvJitLink.so.12")]):
    config.available_features.add("nvjitlink")
# The CUDA toolkit's disassemblers (trex compile --emit sass), where trex looks for them.
if _first_existing([os.path.join(root, "bin", tool) for tool in ("nvdisasm", "cuobjdump")
                    for root in _cuda_roots()] +
                   [shutil.which("nvdisasm"), shutil.which("cuobjdump")]):
    config.available_features.add("sass-tool")
if _first_existing([os.environ.get("TRITON_HIP_LLD_PATH"), shutil.which("ld.lld-22"),
                    shutil.which("ld.lld"), "/usr/lib/llvm-22/bin/ld.lld"]):
    config.available_features.add("ld.lld")
# The ROCm device libraries (ockl, ocml bitcode) that tl.device_print and libdevice calls on AMD
# link, where trex looks for them.
if os.environ.get("TREX_ROCM_DEVICE_LIBS"):
    _rocm_folders = [os.environ["TREX_ROCM_DEVICE_LIBS"]]
else:
    _rocm_folders = ["/usr/lib/x86_64-linux-gnu/amdgcn/bitcode",
                     "/usr/lib/aarch64-linux-gnu/amdgcn/bitcode", "/opt/rocm/amdgcn/bitcode"]
if any(os.path.exists(os.path.join(folder, "ockl.bc")) and
       os.path.exists(os.path.join(folder, "ocml.bc")) for folder in _rocm_folders):
    config.available_features.add("rocm-device-libs")
# trex-layout-playground is built only where its GUI libraries are installed.
if os.path.exists(os.path.join(config.trex_bin_dir, "trex-layout-playground")):
    config.available_features.add("playground")
# trex-explorer likewise (Qt 6); its tests render offscreen.
if os.path.exists(os.path.join(config.trex_bin_dir, "trex-explorer")):
    config.available_features.add("explorer")
# The fuzz targets' driver is trex's own (not libFuzzer): tests of its output and findings.
if getattr(config, "trex_fuzz_engine", "") == "trex":
    config.available_features.add("trex-fuzz-driver")
# A host C compiler, for tests that run generated code on the host.
_host_cc = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")
if _host_cc:
    config.available_features.add("host-cc")
    config.substitutions.append(("%host_cc", _host_cc))
# The CUDA driver API's header, for the AOT launchers compiled on the host against a fake
# driver (test/launcher).
_cuda_include = _first_existing([os.path.join(root, "include") for root in _cuda_roots()
                                 if os.path.exists(os.path.join(root, "include", "cuda.h"))])
if _cuda_include:
    config.available_features.add("cuda-h")
    config.substitutions.append(("%cuda_include", _cuda_include))
# MLIR's JIT runner with its C runner utilities (mlir-22-tools), for tests that run a
# transformed scalar program on the host and compare its results with the original's.
_runner_utils = _first_existing([os.path.join(config.llvm_tools_dir, "..", "lib", "libmlir_c_runner_utils.so")])
if _runner_utils and os.path.exists(os.path.join(config.llvm_tools_dir, "mlir-runner")):
    config.available_features.add("mlir-runner")
    config.substitutions.append(("%mlir_runner_utils", os.path.normpath(_runner_utils)))
