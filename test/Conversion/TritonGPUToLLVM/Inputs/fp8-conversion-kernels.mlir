// One scalar kernel per fp8 format and direction, for fp8-conversion.test.
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 1 : i32, ttg.target = "hip:gfx942", "ttg.threads-per-warp" = 64 : i32} {
  tt.func public @narrow_rtne_e4m3fn(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E4M3FN>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FN
    tt.store %out, %y : !tt.ptr<f8E4M3FN>
    tt.return
  }
  tt.func public @narrow_rtz_e4m3fn(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E4M3FN>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FN
    tt.store %out, %y : !tt.ptr<f8E4M3FN>
    tt.return
  }
  tt.func public @narrow_f16_e4m3fn(%in: !tt.ptr<f16>, %out: !tt.ptr<f8E4M3FN>) {
    %x = tt.load %in : !tt.ptr<f16>
    %y = tt.fp_to_fp %x, rounding = rtne : f16 -> f8E4M3FN
    tt.store %out, %y : !tt.ptr<f8E4M3FN>
    tt.return
  }
  tt.func public @widen_e4m3fn(%in: !tt.ptr<f8E4M3FN>, %out: !tt.ptr<f32>) {
    %x = tt.load %in : !tt.ptr<f8E4M3FN>
    %y = tt.fp_to_fp %x : f8E4M3FN -> f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }
  tt.func public @narrow_rtne_e5m2(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E5M2>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2
    tt.store %out, %y : !tt.ptr<f8E5M2>
    tt.return
  }
  tt.func public @narrow_rtz_e5m2(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E5M2>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E5M2
    tt.store %out, %y : !tt.ptr<f8E5M2>
    tt.return
  }
  tt.func public @narrow_f16_e5m2(%in: !tt.ptr<f16>, %out: !tt.ptr<f8E5M2>) {
    %x = tt.load %in : !tt.ptr<f16>
    %y = tt.fp_to_fp %x, rounding = rtne : f16 -> f8E5M2
    tt.store %out, %y : !tt.ptr<f8E5M2>
    tt.return
  }
  tt.func public @widen_e5m2(%in: !tt.ptr<f8E5M2>, %out: !tt.ptr<f32>) {
    %x = tt.load %in : !tt.ptr<f8E5M2>
    %y = tt.fp_to_fp %x : f8E5M2 -> f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }
  tt.func public @narrow_rtne_e4m3fnuz(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E4M3FNUZ>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E4M3FNUZ
    tt.store %out, %y : !tt.ptr<f8E4M3FNUZ>
    tt.return
  }
  tt.func public @narrow_rtz_e4m3fnuz(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E4M3FNUZ>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E4M3FNUZ
    tt.store %out, %y : !tt.ptr<f8E4M3FNUZ>
    tt.return
  }
  tt.func public @narrow_f16_e4m3fnuz(%in: !tt.ptr<f16>, %out: !tt.ptr<f8E4M3FNUZ>) {
    %x = tt.load %in : !tt.ptr<f16>
    %y = tt.fp_to_fp %x, rounding = rtne : f16 -> f8E4M3FNUZ
    tt.store %out, %y : !tt.ptr<f8E4M3FNUZ>
    tt.return
  }
  tt.func public @widen_e4m3fnuz(%in: !tt.ptr<f8E4M3FNUZ>, %out: !tt.ptr<f32>) {
    %x = tt.load %in : !tt.ptr<f8E4M3FNUZ>
    %y = tt.fp_to_fp %x : f8E4M3FNUZ -> f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }
  tt.func public @narrow_rtne_e5m2fnuz(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E5M2FNUZ>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtne : f32 -> f8E5M2FNUZ
    tt.store %out, %y : !tt.ptr<f8E5M2FNUZ>
    tt.return
  }
  tt.func public @narrow_rtz_e5m2fnuz(%in: !tt.ptr<f32>, %out: !tt.ptr<f8E5M2FNUZ>) {
    %x = tt.load %in : !tt.ptr<f32>
    %y = tt.fp_to_fp %x, rounding = rtz : f32 -> f8E5M2FNUZ
    tt.store %out, %y : !tt.ptr<f8E5M2FNUZ>
    tt.return
  }
  tt.func public @narrow_f16_e5m2fnuz(%in: !tt.ptr<f16>, %out: !tt.ptr<f8E5M2FNUZ>) {
    %x = tt.load %in : !tt.ptr<f16>
    %y = tt.fp_to_fp %x, rounding = rtne : f16 -> f8E5M2FNUZ
    tt.store %out, %y : !tt.ptr<f8E5M2FNUZ>
    tt.return
  }
  tt.func public @widen_e5m2fnuz(%in: !tt.ptr<f8E5M2FNUZ>, %out: !tt.ptr<f32>) {
    %x = tt.load %in : !tt.ptr<f8E5M2FNUZ>
    %y = tt.fp_to_fp %x : f8E5M2FNUZ -> f32
    tt.store %out, %y : !tt.ptr<f32>
    tt.return
  }
}
