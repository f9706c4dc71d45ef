# A stand-in for the parts of Triton 3.6 that trex_triton touches, for tests on a machine
# without Triton or a GPU. It follows Triton's interfaces (JITFunction.run -> compile(ASTSource,
# target, options) -> CompiledKernel over a metadata group -> launcher.run(gx, gy, gz, ...)),
# not its implementation: its "compile" writes placeholder stages and its launcher records
# what it was asked to launch (FAKE_TRITON_LAUNCH_LOG).
__version__ = "3.6.0"

from . import language  # noqa: F401
from .runtime.jit import jit, JITFunction  # noqa: F401
from .compiler import compile  # noqa: F401
from .language.core import constexpr_function  # noqa: F401
