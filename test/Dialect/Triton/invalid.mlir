// RUN: trex-opt %s -split-input-file -verify-diagnostics
// Every verifier message of the tt ops, each on a minimal offending function.

tt.func @too_many_elements(%x: f32) {
  // expected-error @+1 {{has 2097152 elements; at most 1048576 are allowed}}
  %t = tt.splat %x : f32 -> tensor<2048x1024xf32>
  tt.return
}

// -----

tt.func @not_power_of_two(%x: f32) {
  // expected-error @+1 {{has 96 elements; the number of elements must be a power of two}}
  %t = tt.splat %x : f32 -> tensor<96xf32>
  tt.return
}

// -----

tt.func @block_pointer_in_addptr(%p: !tt.ptr<tensor<16xf32>>, %o: i32) {
  // expected-error @+1 {{does not accept block pointers}}
  %q = tt.addptr %p, %o : !tt.ptr<tensor<16xf32>>, i32
  tt.return
}

// -----

tt.func @bitcast_width(%x: tensor<64xf32>) {
  // expected-error @+1 {{source and result must have the same bit width, got 32 and 16 bits}}
  %y = tt.bitcast %x : tensor<64xf32> -> tensor<64xf16>
  tt.return
}

// -----

tt.func @fp_to_fp_narrowing(%x: tensor<64xf32>) {
  // expected-error @+1 {{narrowing from 32 to 8 bits needs a rounding mode}}
  %y = tt.fp_to_fp %x : tensor<64xf32> -> tensor<64xf8E4M3FN>
  tt.return
}

// -----

tt.func @fp_to_fp_widening(%x: tensor<64xf8E5M2>) {
  // expected-error @+1 {{a rounding mode is only allowed when narrowing}}
  %y = tt.fp_to_fp %x, rounding = rtne : tensor<64xf8E5M2> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @advance_offsets(%p: !tt.ptr<tensor<16x16xf32>>, %o: i32) {
  // expected-error @+1 {{needs one offset per dimension of the block (2), got 1}}
  %q = tt.advance %p, [%o] : <tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @boundary_check_without_block_pointer(%p: tensor<16x!tt.ptr<f32>>) {
  // expected-error @+1 {{boundaryCheck is only allowed with a block pointer}}
  %x = tt.load %p {boundaryCheck = array<i32: 0>} : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @boundary_check_range(%p: !tt.ptr<tensor<16x16xf32>>) {
  // expected-error @+1 {{boundaryCheck dimension 2 is out of range for a block of rank 2}}
  %x = tt.load %p {boundaryCheck = array<i32: 2>} : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @boundary_check_twice(%p: !tt.ptr<tensor<16x16xf32>>, %x: tensor<16x16xf32>) {
  // expected-error @+1 {{boundaryCheck lists dimension 0 twice}}
  tt.store %p, %x {boundaryCheck = array<i32: 0, 0>} : !tt.ptr<tensor<16x16xf32>>
  tt.return
}

// -----

tt.func @block_pointer_load_mask(%p: !tt.ptr<tensor<16xf32>>, %m: tensor<16xi1>) {
  // expected-error @+1 {{a block pointer load takes no mask or other; use boundaryCheck}}
  %x = tt.load %p, %m : !tt.ptr<tensor<16xf32>>
  tt.return
}

// -----

tt.func @padding_without_block_pointer(%p: tensor<16x!tt.ptr<f32>>) {
  // expected-error @+1 {{padding is only allowed with a block pointer}}
  %x = tt.load %p {padding = 1 : i32} : tensor<16x!tt.ptr<f32>>
  tt.return
}

// -----

tt.func @other_without_mask(%p: tensor<16x!tt.ptr<f32>>, %o: tensor<16xf32>) {
  // expected-error @+1 {{other needs a mask}}
  %x = "tt.load"(%p, %o) <{operandSegmentSizes = array<i32: 1, 0, 1>}> : (tensor<16x!tt.ptr<f32>>, tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @block_pointer_store_mask(%p: !tt.ptr<tensor<16xf32>>, %x: tensor<16xf32>, %m: tensor<16xi1>) {
  // expected-error @+1 {{a block pointer store takes no mask; use boundaryCheck}}
  tt.store %p, %x, %m : !tt.ptr<tensor<16xf32>>
  tt.return
}

// -----

tt.func @load_mask_shape(%p: tensor<16x!tt.ptr<f32>>, %m: tensor<32xi1>) {
  // expected-error @+1 {{mask is i1 of the shape of ptr}}
  %x = "tt.load"(%p, %m) <{operandSegmentSizes = array<i32: 1, 1, 0>}> : (tensor<16x!tt.ptr<f32>>, tensor<32xi1>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @cas_types(%p: !tt.ptr<f32>, %c: i32) {
  // expected-error @+1 {{cmp and val must both have the pointee type 'f32'}}
  %x = tt.atomic_cas acq_rel, gpu, %p, %c, %c : (!tt.ptr<f32>, i32, i32) -> f32
  tt.return
}

// -----

tt.func @cas_result(%p: !tt.ptr<f32>, %c: f32) {
  // expected-error @+1 {{result must have the pointee type 'f32'}}
  %x = tt.atomic_cas acq_rel, gpu, %p, %c, %c : (!tt.ptr<f32>, f32, f32) -> i32
  tt.return
}

// -----

tt.func @splat_tensor(%t: tensor<1xf32>) {
  // expected-error @+1 {{splats a scalar or a pointer, got the tensor 'tensor<1xf32>'}}
  %x = tt.splat %t : tensor<1xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @unsplat_size(%t: tensor<2xf32>) {
  // expected-error @+1 {{operand must have exactly one element, got 2}}
  %x = tt.unsplat %t : tensor<2xf32> -> f32
  tt.return
}

// -----

tt.func @unsplat_type(%t: tensor<1xf32>) {
  // expected-error @+1 {{result must be the element type 'f32'}}
  %x = tt.unsplat %t : tensor<1xf32> -> i32
  tt.return
}

// -----

tt.func @expand_dims_axis(%t: tensor<16xi32>) {
  // expected-error @+1 {{axis 3 is out of range for a tensor of rank 1}}
  %x = tt.expand_dims %t {axis = 3 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  tt.return
}

// -----

tt.func @expand_dims_shape(%t: tensor<16xi32>) {
  // expected-error @+1 {{result shape must be [1, 16], got [16, 1]}}
  %x = tt.expand_dims %t {axis = 0 : i32} : tensor<16xi32> -> tensor<16x1xi32>
  tt.return
}

// -----

tt.func @reshape_size(%t: tensor<16x16xf32>) {
  // expected-error @+1 {{source and result must have the same number of elements, got 256 and 128}}
  %x = tt.reshape %t : tensor<16x16xf32> -> tensor<128xf32>
  tt.return
}

// -----

tt.func @broadcast_rank(%t: tensor<16xf32>) {
  // expected-error @+1 {{source and result must have the same rank, got 1 and 2}}
  %x = tt.broadcast %t : tensor<16xf32> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @broadcast_non_unit(%t: tensor<2x16xf32>) {
  // expected-error @+1 {{dimension 0 has size 2; only dimensions of size 1 can be broadcast (to 4)}}
  %x = tt.broadcast %t : tensor<2x16xf32> -> tensor<4x16xf32>
  tt.return
}

// -----

tt.func @cat_rank(%a: tensor<16xf32>) {
  // expected-error @+1 {{operands and result must have the same rank}}
  %x = tt.cat %a, %a : tensor<16xf32> -> tensor<2x16xf32>
  tt.return
}

// -----

tt.func @cat_size(%a: tensor<16xf32>) {
  // expected-error @+1 {{result must hold the elements of both operands (32), got 64}}
  %x = tt.cat %a, %a : tensor<16xf32> -> tensor<64xf32>
  tt.return
}

// -----

tt.func @join_shape(%a: tensor<16xf32>) {
  // expected-error @+1 {{result shape must be [16, 2], got [2, 16]}}
  %x = tt.join %a, %a : tensor<16xf32> -> tensor<2x16xf32>
  tt.return
}

// -----

tt.func @join_type(%a: tensor<16xf32>) {
  // expected-error @+1 {{result element type must be 'f32'}}
  %x = tt.join %a, %a : tensor<16xf32> -> tensor<16x2xf16>
  tt.return
}

// -----

tt.func @split_last_dim(%a: tensor<16x4xf32>) {
  // expected-error @+1 {{the last dimension of the operand must have size 2, got shape [16, 4]}}
  %x, %y = tt.split %a : tensor<16x4xf32> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @split_shape(%a: tensor<16x2xf32>) {
  // expected-error @+1 {{result shape must be [16], got [32]}}
  %x, %y = tt.split %a : tensor<16x2xf32> -> tensor<32xf32>
  tt.return
}

// -----

tt.func @split_type(%a: tensor<16x2xf32>) {
  // expected-error @+1 {{result element type must be 'f32'}}
  %x, %y = tt.split %a : tensor<16x2xf32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @trans_order_size(%a: tensor<16x32xf32>) {
  // expected-error @+1 {{order must have one entry per dimension (2)}}
  %x = tt.trans %a {order = array<i32: 0>} : tensor<16x32xf32> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @trans_not_permutation(%a: tensor<16x32xf32>) {
  // expected-error @+1 {{order must be a permutation of 0..1}}
  %x = tt.trans %a {order = array<i32: 1, 1>} : tensor<16x32xf32> -> tensor<32x32xf32>
  tt.return
}

// -----

tt.func @trans_shape(%a: tensor<16x32xf32>) {
  // expected-error @+1 {{result shape must be [32, 16], got [16, 32]}}
  %x = tt.trans %a {order = array<i32: 1, 0>} : tensor<16x32xf32> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @make_range_rank() {
  // expected-error @+1 {{result must be a 1-D tensor}}
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<4x4xi32>
  tt.return
}

// -----

tt.func @make_range_type() {
  // expected-error @+1 {{result elements must be i32}}
  %r = tt.make_range {end = 16 : i32, start = 0 : i32} : tensor<16xi64>
  tt.return
}

// -----

tt.func @make_range_empty() {
  // expected-error @+1 {{end (0) must be greater than start (0)}}
  %r = tt.make_range {end = 0 : i32, start = 0 : i32} : tensor<16xi32>
  tt.return
}

// -----

tt.func @make_range_length() {
  // expected-error @+1 {{result must have end - start = 64 elements, got 128}}
  %r = tt.make_range {end = 64 : i32, start = 0 : i32} : tensor<128xi32>
  tt.return
}

// -----

tt.func @dot_rank(%a: tensor<16xf16>, %c: tensor<16xf32>) {
  // expected-error @+1 {{operands must be matrices (rank 2) or batches of them (rank 3)}}
  %d = tt.dot %a, %a, %c : tensor<16xf16> * tensor<16xf16> -> tensor<16xf32>
  tt.return
}

// -----

tt.func @dot_mixed_rank(%a: tensor<2x16x16xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a, b and c must have the same rank}}
  %d = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_batch(%a: tensor<2x16x16xf16>, %b: tensor<4x16x16xf16>, %c: tensor<2x16x16xf32>) {
  // expected-error @+1 {{batch dimensions of a, b and c must match}}
  %d = tt.dot %a, %b, %c : tensor<2x16x16xf16> * tensor<4x16x16xf16> -> tensor<2x16x16xf32>
  tt.return
}

// -----

tt.func @dot_inner(%a: tensor<16x32xf16>, %b: tensor<16x16xf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a is 16x32 but b has 16 rows; the inner dimensions must match}}
  %d = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<16x16xf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_accumulator(%a: tensor<16x32xf16>, %b: tensor<32x64xf16>, %c: tensor<16x32xf32>) {
  // expected-error @+1 {{accumulator must be 16x64, got 16x32}}
  %d = tt.dot %a, %b, %c : tensor<16x32xf16> * tensor<32x64xf16> -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @dot_element_types(%a: tensor<16x16xf16>, %b: tensor<16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a and b must have the same element type, got 'f16' and 'bf16'}}
  %d = tt.dot %a, %b, %c : tensor<16x16xf16> * tensor<16x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_rank(%a: tensor<2x16x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a, b and c must be matrices}}
  %d = tt.dot_scaled %a, %a, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<2x16x16xbf16> * tensor<2x16x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_k(%a: tensor<16x64xbf16>, %b: tensor<32x16xbf16>, %c: tensor<16x16xf32>) {
  // expected-error @+1 {{a has K = 64 but b has K = 32}}
  %d = tt.dot_scaled %a, %b, %c lhs = bf16 rhs = bf16 {fastMath = false} : tensor<16x64xbf16> * tensor<32x16xbf16> -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @dot_scaled_accumulator(%a: tensor<16x32xi8>, %b: tensor<64x16xbf16>, %c: tensor<32x16xf32>) {
  // e2m1 packs two values per byte along K: a is 16x64.
  // expected-error @+1 {{accumulator must be 16x16, got 32x16}}
  %d = tt.dot_scaled %a, %b, %c lhs = e2m1 rhs = bf16 {fastMath = false} : tensor<16x32xi8> * tensor<64x16xbf16> -> tensor<32x16xf32>
  tt.return
}

// -----

tt.func @reduce_axis(%x: tensor<16xf32>) {
  // expected-error @+1 {{axis 1 is out of range for operands of rank 1}}
  %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_result_count(%x: tensor<16xf32>) {
  // expected-error @+1 {{must have one result per operand}}
  %s:2 = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> (f32, f32)
  tt.return
}

// -----

tt.func @reduce_scalar_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{reducing a 1-D tensor gives a scalar of type 'f32', got 'i32'}}
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> i32
  tt.return
}

// -----

tt.func @reduce_tensor_type(%x: tensor<16x32xf32>) {
  // expected-error @+1 {{result must be 'tensor<16xf32>', got 'tensor<32xf32>'}}
  %s = "tt.reduce"(%x) <{axis = 1 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16x32xf32>) -> tensor<32xf32>
  tt.return
}

// -----

tt.func @reduce_region_arity(%x: tensor<16xf32>) {
  // expected-error @+1 {{combine region must take 2 arguments (two per operand), got 1}}
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_region_types(%x: tensor<16xf32>) {
  // expected-error @+1 {{combine region argument 1 must be 'f32', got 'i32'}}
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: i32):
    tt.reduce.return %a : f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @reduce_return_count(%x: tensor<16xf32>) {
  %s = "tt.reduce"(%x) <{axis = 0 : i32}> ({
  ^bb0(%a: f32, %b: f32):
    // expected-error @+1 {{must return 1 values (one per operand), got 2}}
    tt.reduce.return %a, %b : f32, f32
  }) : (tensor<16xf32>) -> f32
  tt.return
}

// -----

tt.func @scan_return_type(%x: tensor<16xf32>) {
  %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    %i = arith.fptosi %a : f32 to i32
    // expected-error @+1 {{returned value 0 must be 'f32', got 'i32'}}
    tt.scan.return %i : i32
  }) : (tensor<16xf32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @scan_result_type(%x: tensor<16xf32>) {
  // expected-error @+1 {{each result must have its operand's type 'tensor<16xf32>'}}
  %s = "tt.scan"(%x) <{axis = 0 : i32, reverse = false}> ({
  ^bb0(%a: f32, %b: f32):
    tt.scan.return %a : f32
  }) : (tensor<16xf32>) -> tensor<16xi32>
  tt.return
}

// -----

tt.func @inline_asm_pack(%x: tensor<16xi32>) {
  // expected-error @+1 {{packed_element must be a positive power of two, got 3}}
  %r = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 3 : i32, pure = true} %x : tensor<16xi32> -> tensor<16xi32>
  tt.return
}

// -----

tt.func @inline_asm_split(%x: tensor<2xi32>) {
  // expected-error @+1 {{tensor 'tensor<2xi32>' cannot be split into packs of 4}}
  %r = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 4 : i32, pure = true} %x : tensor<2xi32> -> tensor<2xi32>
  tt.return
}

// -----

tt.func @inline_asm_shapes(%x: tensor<16xi32>) {
  // expected-error @+1 {{all non-scalar operands/results must have the same shape}}
  %r = tt.elementwise_inline_asm "" {constraints = "=r,r", packed_element = 1 : i32, pure = true} %x : tensor<16xi32> -> tensor<32xi32>
  tt.return
}

// -----

tt.func @histogram_rank(%x: tensor<4x4xi32>) {
  // expected-error @+1 {{operand and result must be 1-D tensors}}
  %h = tt.histogram %x : tensor<4x4xi32> -> tensor<8xi32>
  tt.return
}

// -----

tt.func @gather_rank(%s: tensor<16x16xf32>, %i: tensor<16xi32>) {
  // expected-error @+1 {{indices must have the rank of the source (2)}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x16xf32>, tensor<16xi32>) -> tensor<16xf32>
  tt.return
}

// -----

tt.func @gather_axis(%s: tensor<16x16xf32>, %i: tensor<16x16xi32>) {
  // expected-error @+1 {{axis 2 is out of range for rank 2}}
  %g = tt.gather %s[%i] {axis = 2 : i32} : (tensor<16x16xf32>, tensor<16x16xi32>) -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @gather_extent(%s: tensor<16x16xf32>, %i: tensor<16x32xi32>) {
  // expected-error @+1 {{indices dimension 1 (32) must not exceed the source's (16)}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x16xf32>, tensor<16x32xi32>) -> tensor<16x32xf32>
  tt.return
}

// -----

tt.func @gather_result_shape(%s: tensor<16x16xf32>, %i: tensor<8x16xi32>) {
  // expected-error @+1 {{result must have the shape of the indices}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x16xf32>, tensor<8x16xi32>) -> tensor<16x16xf32>
  tt.return
}

// -----

tt.func @gather_result_type(%s: tensor<16x16xf32>, %i: tensor<8x16xi32>) {
  // expected-error @+1 {{result element type must be 'f32'}}
  %g = tt.gather %s[%i] {axis = 0 : i32} : (tensor<16x16xf32>, tensor<8x16xi32>) -> tensor<8x16xf16>
  tt.return
}

// -----

tt.func @print_signedness(%x: i32) {
  // expected-error @+1 {{isSigned must have one entry per argument (1), got 2}}
  tt.print "x" {hex = false, isSigned = array<i32: 1, 1>} : %x : i32
  tt.return
}

// -----

tt.func @make_tensor_ptr_counts(%base: !tt.ptr<f16>, %s: i64, %o: i32) {
  // expected-error @+1 {{shape, strides, offsets and order need one entry per block dimension (2)}}
  %p = tt.make_tensor_ptr %base, [%s, %s], [%s, %s], [%o, %o] {order = array<i32: 0>} : <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @make_tensor_ptr_base(%base: !tt.ptr<f32>, %s: i64, %o: i32) {
  // expected-error @+1 {{base points to the element type of the block}}
  %p = "tt.make_tensor_ptr"(%base, %s, %s, %o) <{order = array<i32: 0>}> : (!tt.ptr<f32>, i64, i64, i32) -> !tt.ptr<tensor<16xf16>>
  tt.return
}

// -----

tt.func @make_descriptor_counts(%base: !tt.ptr<f16>, %n: i32, %s: i64) {
  // expected-error @+1 {{shape and strides need one entry per block dimension (2)}}
  %d = tt.make_tensor_descriptor %base, [%n], [%s] : <f16>, <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @make_descriptor_base(%base: !tt.ptr<f32>, %n: i32, %s: i64) {
  // expected-error @+1 {{base points to 'f32' but the block holds 'f16'}}
  %d = tt.make_tensor_descriptor %base, [%n, %n], [%s, %s] : <f32>, <tensor<16x16xf16>>
  tt.return
}

// -----

tt.func @descriptor_indices(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32) {
  // expected-error @+1 {{needs one index per descriptor dimension (2), got 1}}
  %t = tt.descriptor_load %d[%i] : !tt.tensordesc<tensor<16x16xf16>> -> tensor<16x16xf16>
  tt.return
}

// -----

tt.func @descriptor_element(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32, %t: tensor<16x16xf32>) {
  // expected-error @+1 {{descriptor holds 'f16' but the tensor holds 'f32'}}
  tt.descriptor_store %d[%i, %i], %t : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x16xf32>
  tt.return
}

// -----

tt.func @descriptor_shape(%d: !tt.tensordesc<tensor<16x16xf16>>, %i: i32, %t: tensor<16x32xf16>) {
  // expected-error @+1 {{tensor shape [16, 32] does not match the descriptor block [16, 16]}}
  tt.descriptor_reduce add, %d[%i, %i], %t : !tt.tensordesc<tensor<16x16xf16>>, tensor<16x32xf16>
  tt.return
}

// -----

tt.func @descriptor_gather_block(%d: !tt.tensordesc<tensor<2x128xbf16>>, %r: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{descriptor block must be a single row (1xN), got [2, 128]}}
  %t = tt.descriptor_gather %d[%r, %y] : (!tt.tensordesc<tensor<2x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_offsets(%d: !tt.tensordesc<tensor<1x128xbf16>>, %r: tensor<4x8xi32>, %y: i32) {
  // expected-error @+1 {{row offsets must be a 1-D tensor}}
  %t = tt.descriptor_gather %d[%r, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<4x8xi32>, i32) -> tensor<32x128xbf16>
  tt.return
}

// -----

tt.func @descriptor_gather_tile(%d: !tt.tensordesc<tensor<1x128xbf16>>, %r: tensor<32xi32>, %y: i32) {
  // expected-error @+1 {{tile must be 32x128, got [32, 64]}}
  %t = tt.descriptor_gather %d[%r, %y] : (!tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32) -> tensor<32x64xbf16>
  tt.return
}

// -----

tt.func @descriptor_scatter_type(%d: !tt.tensordesc<tensor<1x128xbf16>>, %r: tensor<32xi32>, %y: i32, %t: tensor<32x128xf16>) {
  // expected-error @+1 {{tile must hold 'bf16'}}
  tt.descriptor_scatter %d[%r, %y], %t : !tt.tensordesc<tensor<1x128xbf16>>, tensor<32xi32>, i32, tensor<32x128xf16>
  tt.return
}

// -----

tt.func @call_unknown() {
  // expected-error @+1 {{'missing' does not name a tt.func in this module}}
  tt.call @missing() : () -> ()
  tt.return
}

// -----

tt.func private @two_args(%a: i32, %b: i32) {
  tt.return
}

tt.func @call_arity(%x: i32) {
  // expected-error @+1 {{passes 1 arguments but @two_args takes 2}}
  tt.call @two_args(%x) : (i32) -> ()
  tt.return
}

// -----

tt.func private @takes_i32(%a: i32) {
  tt.return
}

tt.func @call_argument_type(%x: f32) {
  // expected-error @+1 {{argument 0 has type 'f32' but @takes_i32 expects 'i32'}}
  tt.call @takes_i32(%x) : (f32) -> ()
  tt.return
}

// -----

tt.func private @gives_i32() -> i32 {
  %c = arith.constant 0 : i32
  tt.return %c : i32
}

tt.func @call_result_type() {
  // expected-error @+1 {{result types do not match those of @gives_i32}}
  %r = tt.call @gives_i32() : () -> f32
  tt.return
}

// -----

tt.func @return_count() -> i32 {
  // expected-error @+1 {{returns 0 values but @return_count declares 1}}
  tt.return
}

// -----

tt.func @return_type(%x: f32) -> i32 {
  // expected-error @+1 {{value 0 has type 'f32' but @return_type declares 'i32'}}
  tt.return %x : f32
}

// -----

tt.func @map_elementwise_arguments(%a: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+1 {{the region must take 2 scalar(s) of each operand's element type, operand-major}}
  %r = "tt.map_elementwise"(%a) <{pack = 2 : i32}> ({
  ^bb0(%x: i32):
    tt.map_elementwise.return %x, %x : i32, i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return %r : tensor<128xi32>
}

// -----

tt.func @map_elementwise_returns(%a: tensor<128xi32>) -> tensor<128xf32> {
  %r = "tt.map_elementwise"(%a) <{pack = 1 : i32}> ({
  ^bb0(%x: i32):
    // expected-error @+1 {{must yield 1 scalar(s) of each result's element type, result-major}}
    tt.map_elementwise.return %x : i32
  }) : (tensor<128xi32>) -> tensor<128xf32>
  tt.return %r : tensor<128xf32>
}

// -----

tt.func @map_elementwise_pack(%a: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+1 {{pack must be at least 1, got 0}}
  %r = "tt.map_elementwise"(%a) <{pack = 0 : i32}> ({
  ^bb0(%x: i32):
    tt.map_elementwise.return %x : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return %r : tensor<128xi32>
}

// -----

// Found by fuzzing: a negative pack once passed as a huge unsigned one, and the region verifier
// asked for 2^64 types (a fatal error); a pack of 2^31 - 1, for 2^31 of them.
tt.func @map_elementwise_negative_pack(%a: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+1 {{pack must be at least 1, got -1}}
  %r = "tt.map_elementwise"(%a) <{pack = -1 : i32}> ({
  ^bb0(%x: i32):
    tt.map_elementwise.return %x : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return %r : tensor<128xi32>
}

// -----

tt.func @map_elementwise_huge_pack(%a: tensor<128xi32>) -> tensor<128xi32> {
  // expected-error @+1 {{the region must take 2147483647 scalar(s) of each operand's element type, operand-major}}
  %r = "tt.map_elementwise"(%a) <{pack = 2147483647 : i32}> ({
  ^bb0(%x: i32):
    tt.map_elementwise.return %x : i32
  }) : (tensor<128xi32>) -> tensor<128xi32>
  tt.return %r : tensor<128xi32>
}
