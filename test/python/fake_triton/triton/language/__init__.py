from .core import (constexpr, dtype, float16, bfloat16, float32, float64, int1, int8, int16,
                   int32, int64, uint8, arange, load, store, program_id, zeros, cdiv,
                   make_tensor_descriptor, constexpr_function)  # noqa: F401
from . import math  # noqa: F401

half = float16
