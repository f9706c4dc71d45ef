"""Real Triton's compile and run of a thread-block-cluster kernel (num_ctas > 1), for comparing
trex's stages with Triton's on the GPU machine (which has Triton and torch, not trex's LLVM).

    python3 test/gpu/num_ctas_triton.py OUT [--num-ctas 2] [--config 0]

Launches test/trex-compile/Inputs/cluster_tiles.py's tile_product with autotune config N's
meta-parameters and num_warps, and num_ctas, on 256x256x256 fp16 operands, checks the product
against torch, and writes Triton's ttir, ttgir, llir, ptx and metadata JSON to OUT (with
result.json: the check, the metadata's num_ctas, cluster_dims and shared). On the build
machine, `trex compile ... --num-ctas N --emit ttgir` of the same kernel is compared with
OUT/tile_product.ttgir.
"""
import argparse
import importlib.util
import json
import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
KERNEL = os.path.join(HERE, "..", "trex-compile", "Inputs", "cluster_tiles.py")


def main():
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("out")
    parser.add_argument("--num-ctas", type=int, default=2)
    parser.add_argument("--config", type=int, default=0)
    parser.add_argument("--size", type=int, default=256)
    args = parser.parse_args()

    import torch
    import triton
    spec = importlib.util.spec_from_file_location("cluster_tiles", KERNEL)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    tuned = module.tile_product
    config = tuned.configs[args.config]
    meta = dict(config.kwargs)
    size = args.size
    torch.manual_seed(0)
    lhs = torch.randn(size, size, device="cuda", dtype=torch.float16)
    rhs = torch.randn(size, size, device="cuda", dtype=torch.float16)
    out = torch.empty(size, size, device="cuda", dtype=torch.float16)
    grid = (triton.cdiv(size, meta["TILE_M"]) * triton.cdiv(size, meta["TILE_N"]),)
    kernel = tuned.fn[grid](lhs, rhs, out, size, size, size, num_warps=config.num_warps,
                            num_ctas=args.num_ctas, **meta)
    torch.cuda.synchronize()
    expected = (lhs.float() @ rhs.float()).half()
    error = (out.float() - expected.float()).abs().max().item()

    os.makedirs(args.out, exist_ok=True)
    for stage, text in kernel.asm.items():
        if isinstance(text, str):
            with open(os.path.join(args.out, f"tile_product.{stage}"), "w") as f:
                f.write(text)
    metadata = kernel.metadata._asdict() if hasattr(kernel.metadata, "_asdict") else \
        dict(vars(kernel.metadata))
    with open(os.path.join(args.out, "tile_product.json"), "w") as f:
        json.dump(metadata, f, indent=1, default=str)
    result = {"triton": triton.__version__, "num_ctas": metadata.get("num_ctas"),
              "cluster_dims": metadata.get("cluster_dims"), "shared": metadata.get("shared"),
              "max_abs_error": error, "ok": error < 1e-1}
    with open(os.path.join(args.out, "result.json"), "w") as f:
        json.dump(result, f, indent=1, default=str)
    print(json.dumps(result, default=str))
    return 0 if result["ok"] else 1


if __name__ == "__main__":
    sys.exit(main())
