import dataclasses
import hashlib
import json
import os
import tempfile
from collections import namedtuple


@dataclasses.dataclass(frozen=True)
class GPUTarget:
    backend: str
    arch: object
    warp_size: int


@dataclasses.dataclass(frozen=True)
class Options:
    num_warps: int = 4
    num_ctas: int = 1
    num_stages: int = 3
    debug: bool = False
    enable_fp_fusion: bool = True
    maxnreg: object = None
    launch_pdl: bool = False
    launch_cooperative_grid: bool = False
    sanitize_overflow: bool = True
    arch: str = "sm90"


class _Backend:
    binary_ext = "cubin"

    def __init__(self, target):
        self.target = target

    def parse_options(self, options):
        fields = {f.name for f in dataclasses.fields(Options)}
        return Options(**{k: v for k, v in options.items() if k in fields})

    def pack_metadata(self, metadata):
        return (metadata.num_warps, metadata.num_ctas, metadata.shared)


def make_backend(target):
    return _Backend(target)


class ASTSource:
    def __init__(self, fn, signature, constexprs=None, attrs=None):
        self.fn = fn
        self.name = fn.__name__
        self.signature = signature
        self.constants = {}
        for k, v in (constexprs or {}).items():
            k = (fn.arg_names.index(k),) if isinstance(k, str) else k
            self.constants[k] = v
        self.attrs = attrs or {}

    def parse_options(self):
        return {}


class CompiledKernel:
    def __init__(self, src, metadata_group, hash):
        from ..runtime.driver import driver, function_binary_magic
        path = next(p for c, p in metadata_group.items() if c.endswith(".json"))
        with open(path) as f:
            metadata = json.load(f)
        target = metadata["target"]
        metadata["target"] = GPUTarget(target["backend"], target["arch"], target["warp_size"])
        self.metadata = namedtuple("KernelMetadata", sorted(metadata))(**metadata)
        self.src = src
        self.hash = hash
        self.name = self.metadata.name
        self.asm = {}
        for c, p in metadata_group.items():
            if c.endswith(".json"):
                continue
            ext = os.path.splitext(p)[1][1:]
            with open(p, "rb") as f:
                data = f.read()
            self.asm[ext] = data if ext in ("cubin", "hsaco") else data.decode()
        self.kernel = self.asm.get("cubin", self.asm.get("hsaco", b""))
        function_binary_magic[self.name] = self.kernel[:4].hex() if isinstance(
            self.kernel, bytes) else ""
        self.module = None
        self.function = None
        self._driver = driver

    def _init_handles(self):
        if self.module is not None:
            return
        self.run = self._driver.active.launcher_cls(self.src, self.metadata)
        self.module, self.function, self.n_regs, self.n_spills, _ = \
            self._driver.active.utils.load_binary(self.name, self.kernel, self.metadata.shared, 0)

    def __getattribute__(self, name):
        if name == "run":
            self._init_handles()
        return super().__getattribute__(name)


def compile(src, target=None, options=None):
    """The stand-in's compile: placeholder stages, Triton's metadata keys."""
    from .errors import CompilationError
    from ..runtime.driver import driver
    if target is None:
        target = driver.active.get_current_target()
    if src.name.startswith("rejected_by_triton"):
        raise CompilationError(src, None, f"fake Triton rejects {src.name}")
    options = _Backend(target).parse_options(dict(options or {}))
    key = hashlib.sha256(repr((src.name, sorted(src.signature.items()), sorted(
        src.constants.items(), key=str), options)).encode()).hexdigest()
    folder = tempfile.mkdtemp(prefix="fake-triton-")
    metadata = {"hash": key, "target": dataclasses.asdict(target), **dataclasses.asdict(options),
                "name": src.name, "shared": 0, "global_scratch_size": 0,
                "global_scratch_align": 1, "profile_scratch_size": 0,
                "profile_scratch_align": 1, "triton_version": "3.6.0"}
    group = {}
    for ext, text in (("ttir", f"// fake Triton ttir of {src.name}\n"),
                      ("ttgir", f"// fake Triton ttgir of {src.name}\n"),
                      ("cubin", "FAKE")):
        path = os.path.join(folder, f"{src.name}.{ext}")
        with open(path, "w") as f:
            f.write(text)
        group[f"{src.name}.{ext}"] = path
    path = os.path.join(folder, f"{src.name}.json")
    with open(path, "w") as f:
        json.dump(metadata, f)
    group[f"{src.name}.json"] = path
    return CompiledKernel(src, group, key)
