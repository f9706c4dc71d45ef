// ttg.fp4_to_fp on one byte per thread, to bf16 and to f16, for fp4-to-fp.test: lane 0 reads
// byte 0 and writes the two values it unpacks to elements 0 and 1.
#bytes = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
#pairs = #ttg.blocked<{sizePerThread = [2], threadsPerWarp = [64], warpsPerCTA = [1], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @unpack_bf16(%in: !tt.ptr<i8>, %out: !tt.ptr<bf16>) {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #bytes>
    %p = tt.splat %in : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #bytes>
    %a = tt.addptr %p, %i : tensor<64x!tt.ptr<i8>, #bytes>, tensor<64xi32, #bytes>
    %x = tt.load %a : tensor<64x!tt.ptr<i8>, #bytes>
    %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<64xi8, #bytes> -> tensor<128xbf16, #pairs>
    %j = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #pairs>
    %q = tt.splat %out : !tt.ptr<bf16> -> tensor<128x!tt.ptr<bf16>, #pairs>
    %b = tt.addptr %q, %j : tensor<128x!tt.ptr<bf16>, #pairs>, tensor<128xi32, #pairs>
    tt.store %b, %y : tensor<128x!tt.ptr<bf16>, #pairs>
    tt.return
  }
  tt.func public @unpack_f16(%in: !tt.ptr<i8>, %out: !tt.ptr<f16>) {
    %i = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32, #bytes>
    %p = tt.splat %in : !tt.ptr<i8> -> tensor<64x!tt.ptr<i8>, #bytes>
    %a = tt.addptr %p, %i : tensor<64x!tt.ptr<i8>, #bytes>, tensor<64xi32, #bytes>
    %x = tt.load %a : tensor<64x!tt.ptr<i8>, #bytes>
    %y = ttg.fp4_to_fp %x {axis = 0 : i32} : tensor<64xi8, #bytes> -> tensor<128xf16, #pairs>
    %j = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32, #pairs>
    %q = tt.splat %out : !tt.ptr<f16> -> tensor<128x!tt.ptr<f16>, #pairs>
    %b = tt.addptr %q, %j : tensor<128x!tt.ptr<f16>, #pairs>, tensor<128xi32, #pairs>
    tt.store %b, %y : tensor<128x!tt.ptr<f16>, #pairs>
    tt.return
  }
}
