// RUN: trex-opt %s -split-input-file --convert-triton-gpu-to-llvm --canonicalize --cse | FileCheck %s

// Element-wise results the axis information proves constant over aligned blocks are
// computed once per block: `offsets < n` with n a multiple of 16 gives one compare for the
// thread's four consecutive elements, and the select under that mask shares its predicate.

#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @aligned_bound
  // CHECK: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp "slt"
  // CHECK: llvm.return
  tt.func public @aligned_bound(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32 {tt.divisibility = 16 : i32}) {
    %c512 = arith.constant 512 : i32
    %zero = arith.constant dense<0.0> : tensor<512xf32, #blocked>
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c512 : i32
    %range = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %starts = tt.splat %start : i32 -> tensor<512xi32, #blocked>
    %offsets = arith.addi %starts, %range : tensor<512xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %mask = arith.cmpi slt, %offsets, %bound : tensor<512xi32, #blocked>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %pointers = tt.addptr %base, %offsets : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %values = tt.load %pointers, %mask : tensor<512x!tt.ptr<f32>, #blocked>
    %kept = arith.select %mask, %values, %zero : tensor<512xi1, #blocked>, tensor<512xf32, #blocked>
    tt.store %pointers, %kept, %mask : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Without the divisibility of n each element needs its own compare.
#blocked = #ttg.blocked<{sizePerThread = [4], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @unaligned_bound
  // CHECK-COUNT-4: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp "slt"
  // CHECK: llvm.return
  tt.func public @unaligned_bound(%x: !tt.ptr<f32> {tt.divisibility = 16 : i32}, %n: i32) {
    %c512 = arith.constant 512 : i32
    %pid = tt.get_program_id x : i32
    %start = arith.muli %pid, %c512 : i32
    %range = tt.make_range {end = 512 : i32, start = 0 : i32} : tensor<512xi32, #blocked>
    %starts = tt.splat %start : i32 -> tensor<512xi32, #blocked>
    %offsets = arith.addi %starts, %range : tensor<512xi32, #blocked>
    %bound = tt.splat %n : i32 -> tensor<512xi32, #blocked>
    %mask = arith.cmpi slt, %offsets, %bound : tensor<512xi32, #blocked>
    %base = tt.splat %x : !tt.ptr<f32> -> tensor<512x!tt.ptr<f32>, #blocked>
    %pointers = tt.addptr %base, %offsets : tensor<512x!tt.ptr<f32>, #blocked>, tensor<512xi32, #blocked>
    %values = tt.load %pointers, %mask : tensor<512x!tt.ptr<f32>, #blocked>
    tt.store %pointers, %values, %mask : tensor<512x!tt.ptr<f32>, #blocked>
    tt.return
  }
}

// -----

// Two dimensions: columns compared against a column bound that is a multiple of 16 are
// constant over the thread's whole 2x4 tile (the rows repeat the columns), so one compare.
#blocked = #ttg.blocked<{sizePerThread = [2, 4], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
module attributes {"ttg.num-ctas" = 1 : i32, "ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  // CHECK-LABEL: llvm.func @column_bound
  // CHECK: llvm.icmp "slt"
  // CHECK-NOT: llvm.icmp "slt"
  // CHECK: llvm.return
  tt.func public @column_bound(%out: !tt.ptr<i8> {tt.divisibility = 16 : i32}, %columns: i32 {tt.divisibility = 16 : i32}) {
    %rowRange = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>>
    %rowIds = tt.expand_dims %rowRange {axis = 1 : i32} : tensor<32xi32, #ttg.slice<{dim = 1, parent = #blocked}>> -> tensor<32x1xi32, #blocked>
    %rowGrid = tt.broadcast %rowIds : tensor<32x1xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %colRange = tt.make_range {end = 32 : i32, start = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>>
    %colIds = tt.expand_dims %colRange {axis = 0 : i32} : tensor<32xi32, #ttg.slice<{dim = 0, parent = #blocked}>> -> tensor<1x32xi32, #blocked>
    %colGrid = tt.broadcast %colIds : tensor<1x32xi32, #blocked> -> tensor<32x32xi32, #blocked>
    %bound = tt.splat %columns : i32 -> tensor<32x32xi32, #blocked>
    %mask = arith.cmpi slt, %colGrid, %bound : tensor<32x32xi32, #blocked>
    %c32 = arith.constant dense<32> : tensor<32x32xi32, #blocked>
    %rowStart = arith.muli %rowGrid, %c32 : tensor<32x32xi32, #blocked>
    %offsets = arith.addi %rowStart, %colGrid : tensor<32x32xi32, #blocked>
    %base = tt.splat %out : !tt.ptr<i8> -> tensor<32x32x!tt.ptr<i8>, #blocked>
    %pointers = tt.addptr %base, %offsets : tensor<32x32x!tt.ptr<i8>, #blocked>, tensor<32x32xi32, #blocked>
    %flags = arith.extui %mask : tensor<32x32xi1, #blocked> to tensor<32x32xi8, #blocked>
    tt.store %pointers, %flags : tensor<32x32x!tt.ptr<i8>, #blocked>
    tt.return
  }
}
