from .compiler import compile, ASTSource, CompiledKernel, make_backend  # noqa: F401
