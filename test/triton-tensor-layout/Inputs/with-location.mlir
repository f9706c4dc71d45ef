// A .ttgir with a debug-location alias and the shared-memory alias, as Triton writes them.
#blocked = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], warpsPerCTA = [1], order = [0]}>
#loc = loc("kernel.py":6:0)
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 1 : i32} {
}
