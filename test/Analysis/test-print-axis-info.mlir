// RUN: trex-opt %s -split-input-file --test-print-axis-info -verify-diagnostics -o /dev/null
// AxisInfo per op result: contiguity (runs of +1), divisibility (power of
// two dividing each run's start), constancy (runs of equal values) and the
// constant value, as Triton computes them.

tt.func @ranges_and_arithmetic() {
  // A range from 0: one run of 128; its 32-bit start 0 counts as divisible by 2^30.
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [128], constant_value = 16}}
  %c16 = arith.constant dense<16> : tensor<128xi32>
  // run + constant: still one run, now starting at a multiple of 16.
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>}}
  %a = arith.addi %r, %c16 : tensor<128xi32>
  // run - constant: the run survives a subtraction of a constant.
  // expected-remark @below {{contiguity = [128], divisibility = [16], constancy = [1], constant_value = <none>}}
  %s = arith.subi %r, %c16 : tensor<128xi32>
  // run * 16: no longer contiguous; the elements are multiples of 16.
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1], constant_value = <none>}}
  %m = arith.muli %r, %c16 : tensor<128xi32>
  // run / 16: constant over aligned blocks of 16.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %d = arith.divsi %r, %c16 : tensor<128xi32>
  // run % 16: runs of 16 starting at multiples of 16.
  // expected-remark @below {{contiguity = [16], divisibility = [16], constancy = [1], constant_value = <none>}}
  %q = arith.remsi %r, %c16 : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [1], constant_value = 12}}
  %c12 = arith.constant 12 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [4], constancy = [128], constant_value = 12}}
  %sp = tt.splat %c12 : i32 -> tensor<128xi32>
  // Comparing a run with a constant gives equal answers over aligned blocks.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [4], constant_value = <none>}}
  %lt = arith.cmpi slt, %r, %sp : tensor<128xi32>
  tt.return
}

// -----

// Function argument attributes seed the analysis; addptr scales offsets by
// the element size (f32: 4 bytes).
tt.func @pointers(%p: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
  // expected-remark @below {{contiguity = [1024], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 1024 : i32, start = 0 : i32} : tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %ps = tt.splat %p : !tt.ptr<f32> -> tensor<1024x!tt.ptr<f32>>
  // expected-remark @below {{contiguity = [1024], divisibility = [16], constancy = [1], constant_value = <none>}}
  %a = tt.addptr %ps, %r : tensor<1024x!tt.ptr<f32>>, tensor<1024xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [16], constancy = [1024], constant_value = <none>}}
  %ns = tt.splat %n : i32 -> tensor<1024xi32>
  // The mask of `offsets < n` with n a multiple of 16 changes at most every 16 elements.
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [16], constant_value = <none>}}
  %mask = arith.cmpi slt, %r, %ns : tensor<1024xi32>
  // Loaded values are unknown; only equal addresses under an equal mask
  // would load equal values (not the case here).
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %v = tt.load %a, %mask : tensor<1024x!tt.ptr<f32>>
  tt.return
}

// -----

// 2-D: expand_dims adds a dimension of runs of 1; broadcast stretches it
// into a constant dimension.
tt.func @expand_and_broadcast() {
  // expected-remark @below {{contiguity = [64], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<64xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 1], constant_value = <none>}}
  %col = tt.expand_dims %r {axis = 1 : i32} : tensor<64xi32> -> tensor<64x1xi32>
  // expected-remark @below {{contiguity = [64, 1], divisibility = [1073741824, 1], constancy = [1, 32], constant_value = <none>}}
  %b = tt.broadcast %col : tensor<64x1xi32> -> tensor<64x32xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %row = tt.expand_dims %r {axis = 0 : i32} : tensor<64xi32> -> tensor<1x64xi32>
  // expected-remark @below {{contiguity = [1, 64], divisibility = [1, 1073741824], constancy = [1, 1], constant_value = <none>}}
  %t = tt.trans %col {order = array<i32: 1, 0>} : tensor<64x1xi32> -> tensor<1x64xi32>
  tt.return
}

// -----

// A loop's induction variable starts at a multiple of 1024 and steps by
// 1024; an op hint (tt.divisibility) overrides what was derived.
tt.func @loop_and_hints(%n: i32) {
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [1], constant_value = 0}}
  %c0 = arith.constant 0 : i32
  // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [1], constant_value = 1024}}
  %c1024 = arith.constant 1024 : i32
  scf.for %i = %c0 to %n step %c1024 : i32 {
    // expected-remark @below {{contiguity = [1], divisibility = [1024], constancy = [256], constant_value = <none>}}
    %s = tt.splat %i : i32 -> tensor<256xi32>
  }
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %x = arith.addi %n, %n : i32
  // expected-remark @below {{contiguity = [1], divisibility = [8], constancy = [1], constant_value = <none>}}
  %h = arith.addi %n, %n {tt.divisibility = dense<8> : tensor<1xi32>} : i32
  tt.return
}

// -----

// select over a tensor condition: runs are cut where the condition may change.
tt.func @select(%c: tensor<128xi1>) {
  // expected-remark @below {{contiguity = [128], divisibility = [1073741824], constancy = [1], constant_value = <none>}}
  %r = tt.make_range {end = 128 : i32, start = 0 : i32} : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [4611686018427387904], constancy = [128], constant_value = 0}}
  %z = arith.constant dense<0> : tensor<128xi32>
  // expected-remark @below {{contiguity = [1], divisibility = [1], constancy = [1], constant_value = <none>}}
  %s = arith.select %c, %r, %z : tensor<128xi1>, tensor<128xi32>
  tt.return
}
