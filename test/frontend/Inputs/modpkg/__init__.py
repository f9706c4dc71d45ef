# A package the module-evaluation tests import from (relative and absolute imports).
from .common.consts import PACKAGE_VERSION  # noqa: F401
