#!/usr/bin/env python3
# A stand-in for trex in cli_fuzz.py's tests. Compiles of the seeds (in a cli-fuzz-seed-
# folder) succeed at once; other runs sleep SLOW_TREX_SECONDS for the first SLOW_TREX_TIMES of
# them (counted in the file SLOW_TREX_STATE), then exit 0 like a compile that succeeded.
import fcntl
import os
import sys
import time

if any("cli-fuzz-seed-" in arg for arg in sys.argv):
    sys.exit(0)
with open(os.environ["SLOW_TREX_STATE"], "a+") as state:
    fcntl.flock(state, fcntl.LOCK_EX)
    state.seek(0)
    runs = len(state.read())
    state.write(".")
if runs < int(os.environ.get("SLOW_TREX_TIMES", "0")):
    time.sleep(float(os.environ.get("SLOW_TREX_SECONDS", "5")))
sys.exit(0)
