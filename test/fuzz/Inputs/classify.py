# Prints cli_fuzz.py's class for sample outcomes of `trex compile` (cli-classify.test).
import importlib.util
import sys

spec = importlib.util.spec_from_file_location("cli_fuzz", sys.argv[1])
cli_fuzz = importlib.util.module_from_spec(spec)
spec.loader.exec_module(cli_fuzz)
samples = [
    (0, ""),
    (1, "k.py:39:5: error: Assertion condition could not be determined at compile-time"),
    (1, "error: --num-warps must be a power of two"),
    (1, "trex: Foo.cpp:3: int f(): Assertion `x' failed."),
    (1, "k.py:3:1: error: internal error: trex generated IR that does not verify"),
    (-11, ""),
    (None, ""),
]
for code, output in samples:
    print(f"{code}: {cli_fuzz.classify(code, output)}")
