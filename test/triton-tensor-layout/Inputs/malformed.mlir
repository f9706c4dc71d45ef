// The second alias misses warpsPerCTA and order.
#ok = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
#bad = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4]}>
