import inspect
import re
import textwrap


class FakeTensor:
    """What a torch tensor gives Triton's specialization: a data pointer and a dtype name."""

    def __init__(self, dtype="fp32", data_ptr=4096):
        self.dtype = dtype
        self._ptr = data_ptr

    def data_ptr(self):
        return self._ptr


class JITFunction:
    def __init__(self, fn, noinline=None):
        self.fn = fn
        self.__name__ = fn.__name__
        self.noinline = noinline
        self.arg_names = list(inspect.signature(fn).parameters)
        self.launch_metadata = None
        src = textwrap.dedent(inspect.getsource(fn))
        self.src = src[re.search(r"^def\s+\w+\s*\(", src, re.MULTILINE).start():]
        self.cache = {}

    def _leaf(self, value, path, constexprs, attrs, runtime):
        """A tuple argument's element, as Triton 3.6 specializes it (paths (i, j, ...))."""
        if isinstance(value, tuple):
            leaves = [self._leaf(v, path + (j,), constexprs, attrs, runtime)
                      for j, v in enumerate(value)]
            # Triton 3.6 keeps a NamedTuple's class in the signature (type(arg)(*types)).
            return type(value)(*leaves) if hasattr(value, "_fields") else tuple(leaves)
        if isinstance(value, JITFunction):
            constexprs[path] = value
            return "constexpr"
        if value is None or (isinstance(value, int) and not isinstance(value, bool)
                             and value == 1):
            constexprs[path] = value
            return "constexpr"
        runtime.append(value)
        if isinstance(value, FakeTensor):
            if value.data_ptr() % 16 == 0:
                attrs[path] = [["tt.divisibility", 16]]
            return "*" + value.dtype
        if isinstance(value, int) and value % 16 == 0:
            attrs[path] = [["tt.divisibility", 16]]
        return "i32" if isinstance(value, int) else "fp32"

    def _specialize(self, args):
        params = list(inspect.signature(self.fn).parameters.values())
        signature, constexprs, attrs, runtime = {}, {}, {}, []
        for i, (param, value) in enumerate(zip(params, args)):
            if isinstance(value, tuple):
                signature[param.name] = self._leaf(value, (i,), constexprs, attrs, runtime)
                continue
            annotation = param.annotation
            is_constexpr = getattr(annotation, "__name__", str(annotation)).endswith("constexpr")
            if is_constexpr or value is None or (isinstance(value, int) and not isinstance(
                    value, bool) and value == 1):
                signature[param.name] = "constexpr"
                constexprs[(i,)] = value
                continue
            from ..tools.tensor_descriptor import TensorDescriptor
            if isinstance(value, TensorDescriptor):
                # Triton 3.6's specialization of a host descriptor: its dtype and block shape.
                signature[param.name] = (f"tensordesc<{value.base.dtype}"
                                         f"{list(value.block_shape)}>")
            elif isinstance(value, FakeTensor):
                signature[param.name] = "*" + value.dtype
                if value.data_ptr() % 16 == 0:
                    attrs[(i,)] = [["tt.divisibility", 16]]
            elif isinstance(value, bool):
                signature[param.name] = "i1"
            elif isinstance(value, int):
                signature[param.name] = "i32"
                if value % 16 == 0:
                    attrs[(i,)] = [["tt.divisibility", 16]]
            elif isinstance(value, float):
                signature[param.name] = "fp32"
            runtime.append(value)
        return signature, constexprs, attrs, runtime

    def run(self, *args, grid, num_warps=4, num_stages=3, **kwargs):
        # As Triton 3.6's binder: `compile` is looked up in triton.compiler when a kernel is
        # first launched.
        from ..compiler import compile
        from .driver import driver
        args = list(args) + [kwargs[name] for name in self.arg_names[len(args):] if name in kwargs]
        signature, constexprs, attrs, runtime = self._specialize(args)
        key = repr((signature, sorted(constexprs.items(), key=str), attrs, num_warps, num_stages))
        kernel = self.cache.get(key)
        if kernel is None:
            from ..compiler.compiler import ASTSource
            src = ASTSource(self, signature, constexprs, attrs)
            kernel = compile(src, target=driver.active.get_current_target(),
                             options={"num_warps": num_warps, "num_stages": num_stages,
                                      **{k: v for k, v in kwargs.items()
                                         if k not in self.arg_names}})
            self.cache[key] = kernel
        if callable(grid):
            grid = grid({})
        grid = tuple(grid) + (1,) * (3 - len(grid))
        kernel.run(grid[0], grid[1], grid[2], 0, kernel.function, None, None, None, None,
                   *runtime)
        return kernel

    def __getitem__(self, grid):
        return lambda *args, **kwargs: self.run(*args, grid=grid, **kwargs)


def jit(fn=None, *, noinline=None, **_):
    if fn is None:
        return lambda f: JITFunction(f, noinline=noinline)
    return JITFunction(fn, noinline=noinline)
