// The access-range evaluator on small ttir kernels and on real Triton 3.6 ttir: exact element
// ranges per program (masks, 2-D strides, loops, branches, calls, block pointers, i32 wrap),
// and what it must leave unknown (loaded indices, float addresses, data-dependent masks and
// trip counts), plus the integer and shape semantics underneath.
#include "TestFiles.h"
#include "IRPrinting.h"

#include "trex/Analysis/AccessRange.h"

#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

#include <fstream>
#include <sstream>

using namespace trex;

namespace {

std::string readFixture(const std::string &relative) {
  return trex::test::readFile(std::filesystem::path(TREX_FIXTURES_DIR) / relative);
}

// The name an access op carries in its loc("...") in the snippets below.
std::string locationName(mlir::Operation *op) {
  if (auto name = mlir::dyn_cast<mlir::NameLoc>(op->getLoc()))
    return name.getName().str();
  return "";
}

class AccessRangeTest : public testing::Test {
protected:
  void SetUp() override { context = test::makeContext(); }

  tt::FuncOp parse(const std::string &text) {
    std::string errors;
    module = test::parseModule(*context, text, errors);
    EXPECT_TRUE(module) << errors;
    if (!module)
      return {};
    for (tt::FuncOp function : module->getOps<tt::FuncOp>())
      if (function.isPublic())
        return function;
    ADD_FAILURE() << "no public tt.func";
    return {};
  }

  AccessRangeResult evaluate(const std::string &text, std::vector<LaunchArgument> arguments,
                             GridSize grid, AccessRangeOptions options = {}) {
    tt::FuncOp kernel = parse(text);
    if (!kernel)
      return {};
    return evaluateAccessRanges(kernel, arguments, grid, representativePrograms(grid), options);
  }

  // The entry of the access named `name` in `program`, or null when it did not execute there.
  static const AccessRange *find(const AccessRangeResult &result, const std::string &name,
                                 ProgramId program) {
    for (const AccessRange &access : result.accesses)
      if (access.program == program && locationName(access.op) == name)
        return &access;
    return nullptr;
  }

  // The index-th access (in order of first execution) of `program`.
  static const AccessRange *nth(const AccessRangeResult &result, ProgramId program,
                                std::size_t index) {
    for (const AccessRange &access : result.accesses)
      if (access.program == program && index-- == 0)
        return &access;
    return nullptr;
  }

  // Smallest and largest offset of the `index`-th access over all evaluated programs.
  static std::pair<std::int64_t, std::int64_t> unionOf(const AccessRangeResult &result,
                                                       std::size_t index) {
    std::int64_t low = INT64_MAX, high = INT64_MIN;
    for (const ProgramId &program : result.programs)
      if (const AccessRange *access = nth(result, program, index); access && access->known) {
        low = std::min(low, access->minOffset);
        high = std::max(high, access->maxOffset);
      }
    return {low, high};
  }

  std::unique_ptr<mlir::MLIRContext> context;
  mlir::OwningOpRef<mlir::ModuleOp> module;
};

const LaunchArgument kBuffer = LaunchArgument::buffer();
LaunchArgument integer(std::int64_t value) { return LaunchArgument::integer(value); }

// Triton's own ttir for add_kernel (BLOCK_SIZE 1024): the mask follows n_elements.
TEST_F(AccessRangeTest, TritonVectorAddRangesFollowTheMask) {
  std::string ttir = readFixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.ttir");
  AccessRangeResult result = evaluate(ttir, {kBuffer, kBuffer, kBuffer, integer(4000)}, {4, 1, 1});
  ASSERT_EQ(result.programs.size(), 4u);
  EXPECT_FALSE(result.budgetExhausted);

  const AccessRange *first = nth(result, {0, 0, 0}, 0);
  ASSERT_TRUE(first && first->known);
  EXPECT_EQ(first->kind, AccessKind::Load);
  EXPECT_EQ(first->argument, 0u);
  EXPECT_EQ(first->minOffset, 0);
  EXPECT_EQ(first->maxOffset, 1023);

  const AccessRange *lastLoad = nth(result, {3, 0, 0}, 1);
  ASSERT_TRUE(lastLoad && lastLoad->known);
  EXPECT_EQ(lastLoad->argument, 1u);
  EXPECT_EQ(lastLoad->minOffset, 3072);
  EXPECT_EQ(lastLoad->maxOffset, 3999);
  // From the program id (grid) and n_elements (argument 3), not from the other arguments.
  EXPECT_EQ(lastLoad->dependencies, kGridDependency | argumentDependency(3));

  const AccessRange *store = nth(result, {3, 0, 0}, 2);
  ASSERT_TRUE(store && store->known);
  EXPECT_EQ(store->kind, AccessKind::Store);
  EXPECT_EQ(store->argument, 2u);
  EXPECT_EQ(store->maxOffset, 3999);
}

TEST_F(AccessRangeTest, AllLanesMaskedOffIsNoAccess) {
  std::string ttir = readFixture("add_kernel_f32_b1024/sm90/add_kernel_f32_b1024.ttir");
  AccessRangeResult result = evaluate(ttir, {kBuffer, kBuffer, kBuffer, integer(3072)}, {4, 1, 1});
  EXPECT_EQ(nth(result, {3, 0, 0}, 0), nullptr);
  const AccessRange *previous = nth(result, {2, 0, 0}, 0);
  ASSERT_TRUE(previous && previous->known);
  EXPECT_EQ(previous->maxOffset, 3071);
}

constexpr const char *kRowsKernel = R"(
tt.func public @rows(%in: !tt.ptr<f32>, %stride: i32, %ncols: i32) {
  %pid = tt.get_program_id x : i32
  %c4 = arith.constant 4 : i32
  %base = arith.muli %pid, %c4 : i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %bs = tt.splat %base : i32 -> tensor<4xi32>
  %rows = arith.addi %bs, %r : tensor<4xi32>
  %rows2 = tt.expand_dims %rows {axis = 1 : i32} : tensor<4xi32> -> tensor<4x1xi32>
  %ss = tt.splat %stride : i32 -> tensor<4x1xi32>
  %rowoff = arith.muli %rows2, %ss : tensor<4x1xi32>
  %c = tt.make_range {end = 8 : i32, start = 0 : i32} : tensor<8xi32>
  %c2 = tt.expand_dims %c {axis = 0 : i32} : tensor<8xi32> -> tensor<1x8xi32>
  %rowb = tt.broadcast %rowoff : tensor<4x1xi32> -> tensor<4x8xi32>
  %colb = tt.broadcast %c2 : tensor<1x8xi32> -> tensor<4x8xi32>
  %off = arith.addi %rowb, %colb : tensor<4x8xi32>
  %nc = tt.splat %ncols : i32 -> tensor<1x8xi32>
  %m1 = arith.cmpi slt, %c2, %nc : tensor<1x8xi32>
  %mask = tt.broadcast %m1 : tensor<1x8xi1> -> tensor<4x8xi1>
  %p = tt.splat %in : !tt.ptr<f32> -> tensor<4x8x!tt.ptr<f32>>
  %ptrs = tt.addptr %p, %off : tensor<4x8x!tt.ptr<f32>>, tensor<4x8xi32>
  %x = tt.load %ptrs, %mask : tensor<4x8x!tt.ptr<f32>> loc("load")
  %tp = tt.trans %ptrs {order = array<i32: 1, 0>} : tensor<4x8x!tt.ptr<f32>> -> tensor<8x4x!tt.ptr<f32>>
  %tm = tt.trans %mask {order = array<i32: 1, 0>} : tensor<4x8xi1> -> tensor<8x4xi1>
  %y = tt.load %tp, %tm : tensor<8x4x!tt.ptr<f32>> loc("transposed")
  %flat = tt.reshape %off : tensor<4x8xi32> -> tensor<32xi32>
  %fp = tt.splat %in : !tt.ptr<f32> -> tensor<32x!tt.ptr<f32>>
  %fptrs = tt.addptr %fp, %flat : tensor<32x!tt.ptr<f32>>, tensor<32xi32>
  %z = tt.load %fptrs : tensor<32x!tt.ptr<f32>> loc("unmasked")
  tt.return
}
)";

// Rows through a stride: program 1 holds rows 4..7, columns below ncols.
TEST_F(AccessRangeTest, TwoDimensionalRowsThroughAStride) {
  AccessRangeResult result = evaluate(kRowsKernel, {kBuffer, integer(10), integer(6)}, {2, 1, 1});
  for (const char *name : {"load", "transposed"}) {
    const AccessRange *access = find(result, name, {1, 0, 0});
    ASSERT_TRUE(access && access->known) << name;
    EXPECT_EQ(access->minOffset, 40) << name;
    EXPECT_EQ(access->maxOffset, 75) << name; // row 7, column 5
  }
  const AccessRange *unmasked = find(result, "unmasked", {1, 0, 0});
  ASSERT_TRUE(unmasked && unmasked->known);
  EXPECT_EQ(unmasked->maxOffset, 77); // row 7, column 7
  EXPECT_EQ(unmasked->dependencies, kGridDependency | argumentDependency(1));
}

constexpr const char *kLoopKernel = R"(
tt.func public @loop(%x: !tt.ptr<f32>, %n: i32) {
  %c0 = arith.constant 0 : i32
  %c4 = arith.constant 4 : i32
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  scf.for %i = %c0 to %n step %c4 : i32 {
    %s = tt.splat %i : i32 -> tensor<4xi32>
    %o = arith.addi %s, %r : tensor<4xi32>
    %ns = tt.splat %n : i32 -> tensor<4xi32>
    %m = arith.cmpi slt, %o, %ns : tensor<4xi32>
    %p = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
    %q = tt.addptr %p, %o : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    %v = tt.load %q, %m : tensor<4x!tt.ptr<f32>> loc("masked")
  }
  %p0 = tt.splat %x : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %q0 = tt.addptr %p0, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %zeros = arith.constant dense<0.0> : tensor<4xf32>
  %d = arith.constant dense<4> : tensor<4xi32>
  %end = scf.for %i = %c0 to %n step %c4 iter_args(%q = %q0) -> (tensor<4x!tt.ptr<f32>>) : i32 {
    tt.store %q, %zeros : tensor<4x!tt.ptr<f32>> loc("carried")
    %q2 = tt.addptr %q, %d : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
    scf.yield %q2 : tensor<4x!tt.ptr<f32>>
  }
  %last = tt.load %end : tensor<4x!tt.ptr<f32>> loc("after")
  tt.return
}
)";

// Three iterations for n = 10: the masked loop stops at 9, the unmasked carried pointers
// reach 11, and the loop's result points past them.
TEST_F(AccessRangeTest, LoopsRunTheirRealTripCount) {
  AccessRangeResult result = evaluate(kLoopKernel, {kBuffer, integer(10)}, {1, 1, 1});
  const AccessRange *masked = find(result, "masked", {0, 0, 0});
  ASSERT_TRUE(masked && masked->known);
  EXPECT_EQ(masked->minOffset, 0);
  EXPECT_EQ(masked->maxOffset, 9);
  EXPECT_EQ(masked->dependencies, argumentDependency(1));
  const AccessRange *carried = find(result, "carried", {0, 0, 0});
  ASSERT_TRUE(carried && carried->known);
  EXPECT_EQ(carried->maxOffset, 11);
  const AccessRange *after = find(result, "after", {0, 0, 0});
  ASSERT_TRUE(after && after->known);
  EXPECT_EQ(after->minOffset, 12);
  EXPECT_EQ(after->maxOffset, 15);
}

TEST_F(AccessRangeTest, ZeroTripLoopAccessesNothing) {
  AccessRangeResult result = evaluate(kLoopKernel, {kBuffer, integer(0)}, {1, 1, 1});
  EXPECT_EQ(find(result, "masked", {0, 0, 0}), nullptr);
  EXPECT_EQ(find(result, "carried", {0, 0, 0}), nullptr);
  const AccessRange *after = find(result, "after", {0, 0, 0});
  ASSERT_TRUE(after && after->known);
  EXPECT_EQ(after->maxOffset, 3);
}

constexpr const char *kBranchKernel = R"(
tt.func public @branch(%x: !tt.ptr<f32>, %n: i32) {
  %pid = tt.get_program_id x : i32
  %c2 = arith.constant 2 : i32
  %cst = arith.constant 1.0 : f32
  %cond = arith.cmpi slt, %pid, %c2 : i32
  %r = scf.if %cond -> (i32) {
    %c100 = arith.constant 100 : i32
    scf.yield %c100 : i32
  } else {
    %c7 = arith.constant 7 : i32
    scf.yield %c7 : i32
  }
  %p = tt.addptr %x, %r : !tt.ptr<f32>, i32
  tt.store %p, %cst : !tt.ptr<f32> loc("chosen")
  scf.if %cond {
    %q = tt.addptr %x, %pid : !tt.ptr<f32>, i32
    tt.store %q, %cst : !tt.ptr<f32> loc("guarded")
  }
  %c0 = arith.constant 0 : i32
  %c3 = arith.constant 3 : i32
  %w = scf.while (%i = %c0) : (i32) -> i32 {
    %more = arith.cmpi slt, %i, %n : i32
    scf.condition(%more) %i : i32
  } do {
  ^bb0(%j: i32):
    %s = tt.addptr %x, %j : !tt.ptr<f32>, i32
    tt.store %s, %cst : !tt.ptr<f32> loc("while_body")
    %next = arith.addi %j, %c3 : i32
    scf.yield %next : i32
  }
  %t = tt.addptr %x, %w : !tt.ptr<f32>, i32
  tt.store %t, %cst : !tt.ptr<f32> loc("after_while")
  tt.return
}
)";

TEST_F(AccessRangeTest, BranchesAndWhileLoopsFollowTheProgram) {
  AccessRangeResult result = evaluate(kBranchKernel, {kBuffer, integer(10)}, {4, 1, 1});
  ASSERT_EQ(result.programs.size(), 4u);
  const AccessRange *early = find(result, "chosen", {1, 0, 0});
  const AccessRange *late = find(result, "chosen", {3, 0, 0});
  ASSERT_TRUE(early && late);
  EXPECT_EQ(early->maxOffset, 100);
  EXPECT_EQ(late->maxOffset, 7);
  EXPECT_EQ(late->dependencies, kGridDependency);

  const AccessRange *guarded = find(result, "guarded", {1, 0, 0});
  ASSERT_TRUE(guarded && guarded->known);
  EXPECT_EQ(guarded->maxOffset, 1);
  EXPECT_EQ(find(result, "guarded", {2, 0, 0}), nullptr);

  const AccessRange *body = find(result, "while_body", {0, 0, 0});
  ASSERT_TRUE(body && body->known);
  EXPECT_EQ(body->minOffset, 0);
  EXPECT_EQ(body->maxOffset, 9); // 0, 3, 6, 9
  EXPECT_EQ(body->dependencies, argumentDependency(1));
  const AccessRange *after = find(result, "after_while", {0, 0, 0});
  ASSERT_TRUE(after && after->known);
  EXPECT_EQ(after->maxOffset, 12);
}

constexpr const char *kCallKernel = R"(
tt.func private @put(%p: !tt.ptr<f32>, %i: i32) -> i32 attributes {noinline = true} {
  %q = tt.addptr %p, %i : !tt.ptr<f32>, i32
  %c = arith.constant 2.0 : f32
  tt.store %q, %c : !tt.ptr<f32> loc("callee_store")
  %c1 = arith.constant 1 : i32
  %next = arith.addi %i, %c1 : i32
  tt.return %next : i32
}
tt.func public @caller(%x: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %c5 = arith.constant 5 : i32
  %o = arith.muli %pid, %c5 : i32
  %n = tt.call @put(%x, %o) : (!tt.ptr<f32>, i32) -> i32
  %m = tt.call @put(%x, %n) : (!tt.ptr<f32>, i32) -> i32
  tt.return
}
)";

TEST_F(AccessRangeTest, CallsAreFollowedIntoTheCallee) {
  AccessRangeResult result = evaluate(kCallKernel, {kBuffer}, {3, 1, 1});
  const AccessRange *store = find(result, "callee_store", {2, 0, 0});
  ASSERT_TRUE(store && store->known);
  EXPECT_EQ(store->argument, 0u);
  EXPECT_EQ(store->minOffset, 10);
  EXPECT_EQ(store->maxOffset, 11); // the second call gets the first call's result
}

constexpr const char *kUnknownKernel = R"(
tt.func public @unknowns(%out: !tt.ptr<f32>, %src: !tt.ptr<f32>, %idx: !tt.ptr<i32>) {
  %r = tt.make_range {end = 4 : i32, start = 0 : i32} : tensor<4xi32>
  %ip = tt.splat %idx : !tt.ptr<i32> -> tensor<4x!tt.ptr<i32>>
  %ia = tt.addptr %ip, %r : tensor<4x!tt.ptr<i32>>, tensor<4xi32>
  %i = tt.load %ia : tensor<4x!tt.ptr<i32>> loc("index")
  %sp = tt.splat %src : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %sa = tt.addptr %sp, %i : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %v = tt.load %sa : tensor<4x!tt.ptr<f32>> loc("gathered")
  %f = arith.sitofp %r : tensor<4xi32> to tensor<4xf32>
  %two = arith.constant dense<2.0> : tensor<4xf32>
  %g = arith.mulf %f, %two : tensor<4xf32>
  %gi = arith.fptosi %g : tensor<4xf32> to tensor<4xi32>
  %fa = tt.addptr %sp, %gi : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  %w = tt.load %fa : tensor<4x!tt.ptr<f32>> loc("float_address")
  %zero = arith.constant dense<0> : tensor<4xi32>
  %mm = arith.cmpi sgt, %i, %zero : tensor<4xi32>
  %op = tt.splat %out : !tt.ptr<f32> -> tensor<4x!tt.ptr<f32>>
  %oa = tt.addptr %op, %r : tensor<4x!tt.ptr<f32>>, tensor<4xi32>
  tt.store %oa, %v, %mm : tensor<4x!tt.ptr<f32>> loc("data_mask")
  %s = tt.load %idx : !tt.ptr<i32> loc("bound")
  %c0 = arith.constant 0 : i32
  %c1 = arith.constant 1 : i32
  %cst = arith.constant 1.0 : f32
  scf.for %k = %c0 to %s step %c1 : i32 {
    %t = tt.addptr %out, %k : !tt.ptr<f32>, i32
    tt.store %t, %cst : !tt.ptr<f32> loc("data_trip_count")
  }
  %b = arith.constant 0 : i32
  %cond = arith.cmpi sgt, %s, %b : i32
  scf.if %cond {
    %u = tt.addptr %out, %s : !tt.ptr<f32>, i32
    tt.store %u, %cst : !tt.ptr<f32> loc("data_branch")
  }
  tt.return
}
)";

// What comes from memory or floating point is not followed: those accesses are counted as
// unknown (or, under a data-dependent loop or branch, not executed at all), never ranged.
TEST_F(AccessRangeTest, DataDependentAccessesAreUnknown) {
  AccessRangeResult result = evaluate(kUnknownKernel, {kBuffer, kBuffer, kBuffer}, {1, 1, 1});
  ASSERT_EQ(result.programs.size(), 1u);
  const AccessRange *index = find(result, "index", {0, 0, 0});
  ASSERT_TRUE(index && index->known);
  EXPECT_EQ(index->argument, 2u);
  EXPECT_EQ(index->maxOffset, 3);
  for (const char *name : {"gathered", "float_address", "data_mask"}) {
    const AccessRange *access = find(result, name, {0, 0, 0});
    ASSERT_TRUE(access) << name;
    EXPECT_FALSE(access->known) << name;
    EXPECT_EQ(access->unknownExecutions, 1u) << name;
  }
  EXPECT_EQ(find(result, "data_trip_count", {0, 0, 0}), nullptr);
  EXPECT_EQ(find(result, "data_branch", {0, 0, 0}), nullptr);
}

// A float scalar argument (eps) is unknown; an integer one is not.
TEST_F(AccessRangeTest, ScalarArgumentsThatAreNotIntegersAreUnknown) {
  AccessRangeResult result = evaluate(kLoopKernel, {kBuffer, LaunchArgument::unknown()}, {1, 1, 1});
  EXPECT_EQ(find(result, "masked", {0, 0, 0}), nullptr);
  const AccessRange *after = find(result, "after", {0, 0, 0});
  ASSERT_TRUE(after);
  EXPECT_FALSE(after->known);
}

TEST_F(AccessRangeTest, WorkBudgetStopsQuietly) {
  AccessRangeOptions options;
  options.workBudget = 100000;
  AccessRangeResult result = evaluate(kLoopKernel, {kBuffer, integer(1 << 30)}, {1, 1, 1}, options);
  EXPECT_TRUE(result.budgetExhausted);
  EXPECT_TRUE(result.programs.empty());
  EXPECT_LT(result.work, 2 * options.workBudget);
  // What ran before the stop is exact.
  const AccessRange *masked = find(result, "masked", {0, 0, 0});
  ASSERT_TRUE(masked && masked->known);
  EXPECT_EQ(masked->minOffset, 0);
}

// i32 offsets wrap as on the GPU: 2 * 2^30 is -2^31.
TEST_F(AccessRangeTest, ThirtyTwoBitOffsetsWrap) {
  const char *kernel = R"(
tt.func public @wrap(%x: !tt.ptr<f32>) {
  %pid = tt.get_program_id x : i32
  %big = arith.constant 1073741824 : i32
  %o = arith.muli %pid, %big : i32
  %p = tt.addptr %x, %o : !tt.ptr<f32>, i32
  %cst = arith.constant 1.0 : f32
  tt.store %p, %cst : !tt.ptr<f32> loc("store")
  %o64 = arith.extsi %pid : i32 to i64
  %big64 = arith.constant 1073741824 : i64
  %w = arith.muli %o64, %big64 : i64
  %q = tt.addptr %x, %w : !tt.ptr<f32>, i64
  tt.store %q, %cst : !tt.ptr<f32> loc("wide")
  tt.return
}
)";
  AccessRangeResult result = evaluate(kernel, {kBuffer}, {3, 1, 1});
  const AccessRange *store = find(result, "store", {2, 0, 0});
  ASSERT_TRUE(store && store->known);
  EXPECT_EQ(store->minOffset, -2147483648LL);
  const AccessRange *wide = find(result, "wide", {2, 0, 0});
  ASSERT_TRUE(wide && wide->known);
  EXPECT_EQ(wide->minOffset, 2147483648LL);
}

// Block pointers: checked dimensions stop at the parent's shape, unchecked ones do not.
TEST_F(AccessRangeTest, BlockPointersHonourTheirBoundaryCheck) {
  const char *kernel = R"(
tt.func public @block(%a: !tt.ptr<f16>, %M: i64, %K: i64, %sM: i64) {
  %c1 = arith.constant 1 : i64
  %pid = tt.get_program_id x : i32
  %c8 = arith.constant 8 : i32
  %row = arith.muli %pid, %c8 : i32
  %c0 = arith.constant 0 : i32
  %bp = tt.make_tensor_ptr %a, [%M, %K], [%sM, %c1], [%row, %c0] {order = array<i32: 1, 0>} : <tensor<8x32xf16>>
  %v = tt.load %bp {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<8x32xf16>> loc("checked")
  %w = tt.load %bp {boundaryCheck = array<i32: 0>} : !tt.ptr<tensor<8x32xf16>> loc("rows_only")
  %c16 = arith.constant 16 : i32
  %adv = tt.advance %bp, [%c0, %c16] : <tensor<8x32xf16>>
  %u = tt.load %adv {boundaryCheck = array<i32: 0, 1>} : !tt.ptr<tensor<8x32xf16>> loc("advanced")
  tt.return
}
)";
  AccessRangeResult result =
      evaluate(kernel, {kBuffer, integer(10), integer(20), integer(20)}, {2, 1, 1});
  const AccessRange *checked = find(result, "checked", {1, 0, 0});
  ASSERT_TRUE(checked && checked->known);
  EXPECT_EQ(checked->minOffset, 160); // row 8
  EXPECT_EQ(checked->maxOffset, 199); // row 9, column 19
  const AccessRange *rowsOnly = find(result, "rows_only", {1, 0, 0});
  ASSERT_TRUE(rowsOnly && rowsOnly->known);
  EXPECT_EQ(rowsOnly->maxOffset, 211); // row 9, column 31
  const AccessRange *advanced = find(result, "advanced", {1, 0, 0});
  ASSERT_TRUE(advanced && advanced->known);
  EXPECT_EQ(advanced->minOffset, 176); // row 8, column 16
  EXPECT_EQ(advanced->maxOffset, 199);
}

// Triton's matmul ttir (grouped program ids, % M wrap of rows, K loop with carried pointer
// tensors and K masks): over all programs A, B and C are covered exactly.
TEST_F(AccessRangeTest, TritonMatmulCoversItsMatrices) {
  std::string ttir =
      readFixture("matmul_f16_128x256x64_w8_s3/sm90/matmul_f16_128x256x64_w8_s3.ttir");
  // M = N = 512, K = 256: 4 x 2 programs, 4 K iterations.
  AccessRangeResult result = evaluate(ttir,
                                      {kBuffer, kBuffer, kBuffer, integer(512), integer(512),
                                       integer(256), integer(256), integer(512), integer(512)},
                                      {8, 1, 1});
  ASSERT_EQ(result.programs.size(), 8u);
  EXPECT_FALSE(result.budgetExhausted);
  auto [aLow, aHigh] = unionOf(result, 0);
  auto [bLow, bHigh] = unionOf(result, 1);
  auto [cLow, cHigh] = unionOf(result, 2);
  EXPECT_EQ(aLow, 0);
  EXPECT_EQ(aHigh, 512 * 256 - 1);
  EXPECT_EQ(bLow, 0);
  EXPECT_EQ(bHigh, 256 * 512 - 1);
  EXPECT_EQ(cLow, 0);
  EXPECT_EQ(cHigh, 512 * 512 - 1);
  // Program 0 is the first group's first row block and first column block.
  const AccessRange *c0 = nth(result, {0, 0, 0}, 2);
  ASSERT_TRUE(c0 && c0->known);
  EXPECT_EQ(c0->maxOffset, 127 * 512 + 255);
}

// Triton's layernorm ttir: the loops over columns cover each row, W and B once per row.
TEST_F(AccessRangeTest, TritonLayerNormLoopsOverColumns) {
  std::string ttir = readFixture("layernorm_f32_b1024_w8/sm90/layernorm_f32_b1024_w8.ttir");
  AccessRangeResult result = evaluate(ttir,
                                      {kBuffer, kBuffer, kBuffer, kBuffer, kBuffer, kBuffer,
                                       integer(3000), integer(3000), LaunchArgument::unknown()},
                                      {4, 1, 1});
  ASSERT_EQ(result.programs.size(), 4u);
  bool sawWeights = false;
  for (const AccessRange &access : result.accesses) {
    ASSERT_TRUE(access.known);
    if (access.program == ProgramId{3, 0, 0} && access.argument == 0) {
      EXPECT_EQ(access.minOffset, 9000);
      EXPECT_EQ(access.maxOffset, 11999);
    }
    if (access.argument == 2) {
      sawWeights = true;
      EXPECT_EQ(access.minOffset, 0);
      EXPECT_EQ(access.maxOffset, 2999);
    }
    if (access.argument == 4) // Mean: one element per row
      EXPECT_EQ(access.minOffset, access.program.x);
  }
  EXPECT_TRUE(sawWeights);
}

TEST(RepresentativeProgramsTest, SmallGridsAreEvaluatedWhole) {
  std::vector<ProgramId> programs = representativePrograms({4, 2, 1});
  ASSERT_EQ(programs.size(), 8u);
  EXPECT_EQ(programs.front(), (ProgramId{0, 0, 0}));
  EXPECT_EQ(programs.back(), (ProgramId{3, 1, 0}));
}

TEST(RepresentativeProgramsTest, LargeGridsTakeCornersFirstThenMiddles) {
  std::vector<ProgramId> line = representativePrograms({1000, 1, 1});
  ASSERT_EQ(line.size(), 3u);
  EXPECT_EQ(line[0], (ProgramId{999, 0, 0}));
  EXPECT_EQ(line[1], (ProgramId{0, 0, 0}));
  EXPECT_EQ(line[2], (ProgramId{500, 0, 0}));

  std::vector<ProgramId> box = representativePrograms({100, 50, 2});
  EXPECT_EQ(box.front(), (ProgramId{99, 49, 1}));
  for (ProgramId corner : {ProgramId{0, 0, 0}, ProgramId{99, 0, 0}, ProgramId{0, 49, 0},
                           ProgramId{0, 0, 1}, ProgramId{99, 49, 0}, ProgramId{50, 25, 1}})
    EXPECT_NE(std::find(box.begin(), box.end(), corner), box.end())
        << corner.x << "," << corner.y << "," << corner.z;
  EXPECT_LE(box.size(), 12u);
}

TEST(ProgramValueTest, IntegerOpsFollowArithAtTheirWidth) {
  EXPECT_EQ(applyIntegerOp(IntegerOp::Add, 2147483647, 1, 32), -2147483648LL);
  EXPECT_EQ(applyIntegerOp(IntegerOp::FloorDivS, -7, 2, 32), -4);
  EXPECT_EQ(applyIntegerOp(IntegerOp::CeilDivS, 7, 2, 32), 4);
  EXPECT_EQ(applyIntegerOp(IntegerOp::CeilDivS, -7, 2, 32), -3);
  EXPECT_EQ(applyIntegerOp(IntegerOp::DivS, -7, 2, 32), -3);
  EXPECT_EQ(applyIntegerOp(IntegerOp::RemS, -7, 2, 32), -1);
  EXPECT_EQ(applyIntegerOp(IntegerOp::DivU, -1, 2, 32), 2147483647);
  EXPECT_EQ(applyIntegerOp(IntegerOp::RemU, -1, 10, 32), 5); // 4294967295 % 10
  EXPECT_EQ(applyIntegerOp(IntegerOp::ShrU, -8, 1, 32), 2147483644);
  EXPECT_EQ(applyIntegerOp(IntegerOp::ShrS, -8, 1, 32), -4);
  EXPECT_EQ(applyIntegerOp(IntegerOp::Ult, -1, 0, 32), 0);
  EXPECT_EQ(applyIntegerOp(IntegerOp::Slt, -1, 0, 32), -1);
  EXPECT_EQ(applyIntegerOp(IntegerOp::MaxU, -1, 5, 32), -1);
  EXPECT_EQ(applyIntegerOp(IntegerOp::And, -1, -1, 1), -1); // i1 true & true
  // Undefined results are not guessed.
  EXPECT_EQ(applyIntegerOp(IntegerOp::DivS, 1, 0, 32), std::nullopt);
  EXPECT_EQ(applyIntegerOp(IntegerOp::DivS, -2147483648LL, -1, 32), std::nullopt);
  EXPECT_EQ(applyIntegerOp(IntegerOp::Shl, 1, 32, 32), std::nullopt);
}

TEST(ProgramValueTest, ShapeOpsMoveElementsRowMajor) {
  std::int64_t work = 0;
  ProgramValue column;
  column.kind = ProgramValue::Kind::Integer;
  column.bitWidth = 32;
  column.shape = {2, 1};
  column.elements = {10, 20};
  ProgramValue wide = broadcastValue(column, {2, 3}, work);
  EXPECT_EQ(wide.elements, (std::vector<std::int64_t>{10, 10, 10, 20, 20, 20}));

  ProgramValue matrix = column;
  matrix.shape = {2, 3};
  matrix.elements = {0, 1, 2, 3, 4, 5};
  ProgramValue transposed = transposeValue(matrix, {1, 0}, work);
  EXPECT_EQ(transposed.shape, (llvm::SmallVector<std::int64_t, 2>{3, 2}));
  EXPECT_EQ(transposed.elements, (std::vector<std::int64_t>{0, 3, 1, 4, 2, 5}));

  EXPECT_FALSE(broadcastValue(matrix, {4, 3}, work).isKnown()); // 2 does not broadcast to 4
  ProgramValue i1 = ProgramValue::integer(1, 1);
  EXPECT_EQ(i1.elements.front(), -1);
  EXPECT_EQ(extendOrTruncate(i1, 32, /*signedExtension=*/false, work).elements.front(), 1);
  EXPECT_EQ(extendOrTruncate(i1, 32, /*signedExtension=*/true, work).elements.front(), -1);
}

} // namespace
