class constexpr:
    def __init__(self, value):
        self.value = value.value if isinstance(value, constexpr) else value

    def __repr__(self):
        return f"constexpr[{self.value!r}]"


class dtype:
    def __init__(self, name, bits):
        self.name = name
        self.primitive_bitwidth = bits

    def __eq__(self, other):
        return isinstance(other, dtype) and other.name == self.name

    def __hash__(self):
        return hash(self.name)

    def __repr__(self):
        return f"triton.language.{self.name}"


float16 = dtype("fp16", 16)
bfloat16 = dtype("bf16", 16)
float32 = dtype("fp32", 32)
float64 = dtype("fp64", 64)
int1 = dtype("int1", 1)
int8 = dtype("int8", 8)
int16 = dtype("int16", 16)
int32 = dtype("int32", 32)
int64 = dtype("int64", 64)
uint8 = dtype("uint8", 8)


def _builtin(name):
    def function(*args, **kwargs):
        raise RuntimeError(f"tl.{name} is only callable inside a kernel")
    function.__name__ = name
    function.__module__ = __name__
    return function


arange = _builtin("arange")
load = _builtin("load")
store = _builtin("store")
program_id = _builtin("program_id")
zeros = _builtin("zeros")
cdiv = _builtin("cdiv")
make_tensor_descriptor = _builtin("make_tensor_descriptor")


class ConstexprFunction:
    def __init__(self, fn):
        self.fn = fn

    def __call__(self, *args, **kwargs):
        return self.fn(*args, **kwargs)


def constexpr_function(fn):
    return ConstexprFunction(fn)
