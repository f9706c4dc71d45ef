import json
import os

from ..compiler.compiler import GPUTarget


class _Utils:
    def load_binary(self, name, kernel, shared, device):
        # module, function, n_regs, n_spills, n_max_threads
        return object(), name, 32, 0, 1024

    def get_device_properties(self, device):
        return {"max_shared_mem": 232448}


class _Launcher:
    """Records each launch: the binary's first bytes, the metadata Triton's launcher reads."""

    def __init__(self, src, metadata):
        self.src = src
        self.metadata = metadata

    def __call__(self, gx, gy, gz, stream, function, packed_metadata, launch_metadata,
                 enter_hook, exit_hook, *args):
        log = os.environ.get("FAKE_TRITON_LAUNCH_LOG")
        if not log:
            return
        md = self.metadata
        # As Triton 3.6's NVIDIA launcher: a host descriptor becomes its CUtensorMap (encoded
        # from the metadata's tensordesc_meta entry), then its shape and strides.
        from ..tools.tensor_descriptor import TensorDescriptor
        metas = iter(getattr(md, "tensordesc_meta", None) or [])
        expanded, descriptors = [], []
        for arg in args:
            if isinstance(arg, TensorDescriptor):
                meta = next(metas)
                descriptors.append({"swizzle": meta["swizzle"], "elem_type": meta["elem_type"],
                                    "block_size": meta["block_size"], "shape": arg.shape})
                expanded += ["CUtensorMap", *arg.shape, *arg.strides]
            else:
                expanded.append(arg)
        args = expanded
        record = {"kernel": md.name, "grid": [gx, gy, gz], "num_warps": md.num_warps,
                  "shared": md.shared, "global_scratch_size": md.global_scratch_size,
                  "global_scratch_align": md.global_scratch_align,
                  "profile_scratch_size": md.profile_scratch_size,
                  "binary_magic": function_binary_magic.get(md.name, ""),
                  "nargs": len(args)}
        if descriptors:
            record["descriptors"] = descriptors
        # Triton's launcher launches cooperatively where the metadata says so.
        if getattr(md, "launch_cooperative_grid", False):
            record["cooperative"] = True
        with open(log, "a") as f:
            f.write(json.dumps(record) + "\n")


function_binary_magic = {}


class _Driver:
    utils = _Utils()
    launcher_cls = _Launcher

    def get_current_target(self):
        backend, _, arch = os.environ.get("FAKE_TRITON_TARGET", "cuda:90").partition(":")
        return GPUTarget(backend, int(arch) if arch.isdigit() else arch,
                         32 if backend == "cuda" else 64)

    def get_current_device(self):
        return 0

    def get_current_stream(self, device):
        return 0


class _Holder:
    active = _Driver()


driver = _Holder()
