"""A stand-in for triton.tools.tensor_descriptor: what Triton 3.6's JIT and launcher read."""


class TensorDescriptor:
    def __init__(self, base, shape, strides, block_shape, padding="zero"):
        self.base = base
        self.shape = list(shape)
        self.strides = list(strides)
        self.block_shape = list(block_shape)
        self.padding = padding

    @staticmethod
    def from_tensor(tensor, block_shape, shape):
        strides = [1] * len(shape)
        for i in range(len(shape) - 2, -1, -1):
            strides[i] = strides[i + 1] * shape[i + 1]
        return TensorDescriptor(tensor, shape, strides, block_shape)
