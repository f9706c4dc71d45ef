import triton


def norm_configs(blocks=(64, 128)):
    return [triton.Config({"BLOCK": b}, num_warps=max(1, b // 32)) for b in blocks]
