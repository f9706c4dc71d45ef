// One scalar kernel per f64 function, for math-f64-accuracy.test.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @k_exp(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %x = tt.load %in : !tt.ptr<f64>
    %y = math.exp %x : f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }
  tt.func public @k_exp2(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %x = tt.load %in : !tt.ptr<f64>
    %y = math.exp2 %x : f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }
  tt.func public @k_log(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %x = tt.load %in : !tt.ptr<f64>
    %y = math.log %x : f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }
  tt.func public @k_log2(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %x = tt.load %in : !tt.ptr<f64>
    %y = math.log2 %x : f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }
  tt.func public @k_sin(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %x = tt.load %in : !tt.ptr<f64>
    %y = math.sin %x : f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }
  tt.func public @k_cos(%in: !tt.ptr<f64>, %out: !tt.ptr<f64>) {
    %x = tt.load %in : !tt.ptr<f64>
    %y = math.cos %x : f64
    tt.store %out, %y : !tt.ptr<f64>
    tt.return
  }
}
