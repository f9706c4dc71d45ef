# importlib.metadata.version() of the project's own packages and optional ones, as projects
# use it at import time to decide which kernels exist ("cpu" in version("...") to skip a CPU
# build, try/except PackageNotFoundError for an optional package). trex sees no
# site-packages: it reads a distribution's metadata in a folder of the path (.dist-info,
# .egg-info), else the version a package's checkout states (pyproject.toml, __version__),
# else takes 0.0.0 with a note; a distribution it finds nowhere is not installed.
# NO-TRITON-LAYOUTS: the kernel needs --python-path to the test's installed packages, which the recording does not pass (an element-wise kernel: its layouts are covered elsewhere)
# RUN: trex compile %s --kernel scaled --signature "*fp32:16, 64" --python-path %S/Inputs/installed --python-path %S/Inputs/installed/checkout --emit ttir 2>&1 | FileCheck %s
# RUN: not trex compile %s --kernel scaled --signature "*fp32:16, 64" --emit ttir 2>&1 | FileCheck %s --check-prefix=NOPATH
from importlib.metadata import PackageNotFoundError, version
import importlib.util

import triton
import triton.language as tl

# CHECK: module-versions.py:[[# @LINE + 1]]:15: note: trex cannot tell which version of 'delta' is installed (its source is on the path, without metadata or a __version__ trex can read); it takes 0.0.0
UNVERSIONED = version("delta")
assert UNVERSIONED == "0.0.0", UNVERSIONED
assert version("Alpha.Pkg") == "1.4.2", version("Alpha.Pkg")  # the .dist-info's header
assert version("epsilon") == "0.3.0.dev1", version("epsilon")  # an .egg-info
assert version("beta") == "0.9.1", version("beta")  # pyproject.toml's [project] version
assert version("gamma") == "2.0.0rc1", version("gamma")  # __version__ in the package
assert importlib.util.find_spec("beta") is not None  # found through --python-path too

try:
    version("not-installed-anywhere")
    OPTIONAL = True
except PackageNotFoundError:
    OPTIONAL = False
try:
    version("also-missing")
    OTHER = True
except ImportError:  # PackageNotFoundError is a ModuleNotFoundError, an ImportError
    OTHER = False

if "cpu" not in version("alpha-pkg") and not OPTIONAL and not OTHER:

    # CHECK: tt.func public @scaled
    # CHECK: arith.constant dense<2.000000e+00>
    @triton.jit
    def scaled(x_ptr, BLOCK: tl.constexpr):
        offs = tl.arange(0, BLOCK)
        tl.store(x_ptr + offs, tl.load(x_ptr + offs) * SCALE)

    from alpha_pkg import SCALE

# Without the path none of them is installed: the kernel's condition raises
# PackageNotFoundError, which nothing catches there.
# NOPATH: module-versions.py:[[# @LINE - 13]]:17: error: PackageNotFoundError: No package metadata was found for alpha-pkg
