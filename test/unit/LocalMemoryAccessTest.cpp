// Shared-memory access plans run on the host: for pairs of a distributed and a shared layout,
// every register of every thread must address the offset where the shared layout stores the
// element that register holds, and every vector access must cover consecutive, aligned
// offsets of consecutive registers.
#include "IRPrinting.h"

#include "trex/Conversion/TritonGPUToLLVM/LocalMemoryAccess.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

#include <map>

using namespace trex;

namespace {

class LocalMemoryAccessTest : public testing::Test {
protected:
  void SetUp() override { context = test::makeContext(); }

  layoutviz::LinearLayout linear(const std::string &attribute, const std::vector<int64_t> &shape) {
    mlir::Attribute attr = mlir::parseAttribute(attribute, context.get());
    EXPECT_TRUE(attr) << attribute;
    auto layout = layout::toLinearLayout(attr, shape, [&] {
      return mlir::emitError(mlir::UnknownLoc::get(context.get()));
    });
    EXPECT_TRUE(mlir::succeeded(layout)) << attribute;
    return mlir::succeeded(layout) ? *layout : layoutviz::LinearLayout();
  }

  // Where the shared layout keeps each element (offset -> coordinates, inverted).
  static std::map<std::vector<int32_t>, int32_t> offsetsOf(const layoutviz::LinearLayout &memory) {
    std::map<std::vector<int32_t>, int32_t> offsetOf;
    for (int32_t offset = 0; offset < memory.getInDimSize("offset"); ++offset) {
      std::vector<int32_t> coordinates;
      for (const auto &[name, value] : memory.apply({{"offset", offset}, {"block", 0}}))
        coordinates.push_back(value);
      offsetOf[coordinates] = offset;
    }
    return offsetOf;
  }

  // `layout` with the same bases over a larger shape (a view's registers in its buffer).
  static layoutviz::LinearLayout embedded(const layoutviz::LinearLayout &layout,
                                          layoutviz::LinearLayout::DimSizes shape) {
    layoutviz::LinearLayout::BasesList bases;
    for (const std::string &in : layout.getInDimNames())
      bases.push_back({in, layout.getInDimBases(in)});
    return layoutviz::LinearLayout(std::move(bases), std::move(shape), /*requireSurjective=*/false);
  }

  // The offset the plan gives thread (lane, warp): its lane and warp bits XOR-ed.
  static int32_t threadOffsetOf(const LocalMemoryAccess &plan, int32_t lane, int32_t warp) {
    int32_t thread = 0;
    for (size_t bit = 0; bit < plan.laneOffset.size(); ++bit)
      if (lane >> bit & 1)
        thread ^= plan.laneOffset[bit];
    for (size_t bit = 0; bit < plan.warpOffset.size(); ++bit)
      if (warp >> bit & 1)
        thread ^= plan.warpOffset[bit];
    return thread;
  }

  // Checks the plan for `distributed` over `shared` with elements of `bytes` bytes and returns
  // its vector width (registers per access).
  int32_t check(const std::string &distributed, const std::string &shared,
                const std::vector<int64_t> &shape, int32_t bytes) {
    layoutviz::LinearLayout registers = linear(distributed, shape);
    layoutviz::LinearLayout memory = linear(shared, shape);
    std::string why;
    std::optional<LocalMemoryAccess> plan =
        planLocalMemoryAccess(registers, memory, bytes, /*maxVectorBytes=*/16, why);
    EXPECT_TRUE(plan) << why;
    if (!plan)
      return 0;
    std::map<std::vector<int32_t>, int32_t> offsetOf = offsetsOf(memory);
    int32_t width = 1 << plan->vectorBits;
    for (int32_t warp = 0; warp < registers.getInDimSize("warp"); ++warp)
      for (int32_t lane = 0; lane < registers.getInDimSize("lane"); ++lane) {
        int32_t thread = threadOffsetOf(*plan, lane, warp);
        for (int32_t reg = 0; reg < registers.getInDimSize("register"); ++reg) {
          auto out = registers.apply(
              {{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", 0}});
          std::vector<int32_t> coordinates;
          for (const auto &[name, value] : out)
            coordinates.push_back(value);
          int32_t offset = plan->registerOffset[reg] ^ thread;
          if (offset != offsetOf[coordinates]) {
            ADD_FAILURE() << distributed << ": register " << reg << " lane " << lane << " warp "
                          << warp << " addresses " << offset << ", its element is at "
                          << offsetOf[coordinates];
            return 0;
          }
          // The register's vector starts at an aligned offset and it sits at its position.
          int32_t start = reg & ~(width - 1);
          int32_t startOffset = plan->registerOffset[start] ^ thread;
          EXPECT_EQ(startOffset % width, 0);
          EXPECT_EQ(offset, startOffset + (reg - start));
        }
      }
    return width;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

const char *kIdentity =
    "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>";

TEST_F(LocalMemoryAccessTest, BlockedIntoIdentityBufferIsVectorizedAlongRows) {
  EXPECT_EQ(check("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], "
                  "warpsPerCTA = [4, 1], order = [1, 0]}>",
                  kIdentity, {64, 32}, 2),
            8);
}

TEST_F(LocalMemoryAccessTest, DotOperandsOfABlockedParentReadWholeKRows) {
  const char *parent = "#ttg.blocked<{sizePerThread = [4, 4], threadsPerWarp = [2, 16], "
                       "warpsPerCTA = [4, 1], order = [1, 0]}>";
  // A [64, 32]: 32 consecutive K elements per row, read 8 f16 at a time.
  EXPECT_EQ(check(std::string("#ttg.dot_op<{opIdx = 0, parent = ") + parent + "}>", kIdentity,
                  {64, 32}, 2),
            8);
  // B [32, 64]: 4 consecutive N elements of each K row.
  EXPECT_EQ(check(std::string("#ttg.dot_op<{opIdx = 1, parent = ") + parent + "}>", kIdentity,
                  {32, 64}, 2),
            4);
}

TEST_F(LocalMemoryAccessTest, MmaOperandsOverSwizzledBuffers) {
  // The matmul sample's buffers: A reads K pairs (one 32-bit word), B one element at a time
  // from its N-contiguous buffer (ldmatrix.trans does better where it applies).
  const std::string mma = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                          "[2, 2], instrShape = [16, 8]}>";
  EXPECT_EQ(check("#ttg.dot_op<{opIdx = 0, parent = " + mma + ", kWidth = 2}>",
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
                  {64, 32}, 2),
            2);
  EXPECT_EQ(check("#ttg.dot_op<{opIdx = 1, parent = " + mma + ", kWidth = 2}>",
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {32, 64}, 2),
            1);
  EXPECT_EQ(check("#ttg.dot_op<{opIdx = 0, parent = " + mma + ", kWidth = 1}>",
                  "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                  {32, 32}, 4),
            1);
}

TEST_F(LocalMemoryAccessTest, InThreadTransposedOperandGoesThroughARotatingBufferInKVectors) {
  // gfx942's B operand of the 128x128x64 matmul after tritonamdgpu-in-thread-transpose: each
  // thread's 4 K-rows are written as one 64-bit vector (ds_write_b64), and the MFMA operand
  // read of the same buffer takes its kWidth = 4 K-elements at once.
  const char *rotating =
      "#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>";
  EXPECT_EQ(check("#ttg.linear<{register = [[1, 0], [2, 0], [0, 1], [0, 2], [0, 4]], lane = "
                  "[[0, 8], [0, 16], [0, 32], [0, 64], [4, 0], [8, 0]], warp = [[16, 0], "
                  "[32, 0]], block = []}>",
                  rotating, {64, 128}, 2),
            4);
  EXPECT_EQ(check("#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = "
                  "[2, 2], instrShape = [32, 32, 8], isTransposed = true}>, kWidth = 4}>",
                  rotating, {64, 128}, 2),
            4);
}

TEST_F(LocalMemoryAccessTest, AttentionProbabilitiesGoThroughAnUnswizzledColumnMajorBuffer) {
  // gfx942 flash attention: P (64x32 f16) leaves the first dot's transposed MFMA and enters
  // the second dot as its A operand through the buffer Triton picks for it (unswizzled, in
  // the result's thread order [0, 1]). The MFMA result's four consecutive columns go out as
  // single elements (the rows are the contiguous dimension here); the operand reads its K
  // pairs one element at a time as well.
  const char *buffer = "#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0, 1]}>";
  EXPECT_EQ(check("#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [32, 32, 8], "
                  "isTransposed = true}>",
                  buffer, {64, 32}, 2),
            1);
  EXPECT_EQ(check("#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = "
                  "[2, 2], instrShape = [32, 32, 8], isTransposed = true}>, kWidth = 4}>",
                  buffer, {64, 32}, 2),
            1);
}

TEST_F(LocalMemoryAccessTest, SubsliceViewsOfASwizzledBufferAddressTheirElements) {
  // The prefetcher's K slices: 16 columns of a 64x64 f16 A buffer swizzled for mma.sync,
  // read as a dot operand. Every register of every thread must address the element at its
  // view coordinates plus the slice's origin, through the whole buffer's swizzle.
  const std::string mma = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                          "[2, 2], instrShape = [16, 8]}>";
  layoutviz::LinearLayout view =
      linear("#ttg.dot_op<{opIdx = 0, parent = " + mma + ", kWidth = 2}>", {64, 16});
  layoutviz::LinearLayout buffer = linear(
      "#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>", {64, 64});
  layoutviz::LinearLayout inBuffer = embedded(view, {{"dim0", 64}, {"dim1", 64}});
  std::map<std::vector<int32_t>, int32_t> offsetOf = offsetsOf(buffer);
  for (int32_t origin : {0, 16, 32, 48}) {
    std::string why;
    std::optional<LocalMemoryAccess> plan =
        planLocalMemoryAccess(inBuffer, buffer, 2, 16, why, {0, origin}, {64, 16});
    ASSERT_TRUE(plan) << why;
    for (int32_t warp = 0; warp < 4; ++warp)
      for (int32_t lane = 0; lane < 32; ++lane) {
        int32_t thread = threadOffsetOf(*plan, lane, warp);
        for (int32_t reg = 0; reg < view.getInDimSize("register"); ++reg) {
          auto out = view.apply({{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", 0}});
          std::vector<int32_t> coordinates{out[0].second, out[1].second + origin};
          ASSERT_EQ(plan->registerOffset[reg] ^ thread, offsetOf[coordinates])
              << "origin " << origin << " register " << reg << " lane " << lane;
        }
      }
  }
  // A slice that does not start at a multiple of its size is refused (its coordinates would
  // carry into the origin's bits).
  std::string why;
  layoutviz::LinearLayout wide =
      linear("#ttg.dot_op<{opIdx = 0, parent = " + mma + ", kWidth = 2}>", {64, 32});
  EXPECT_FALSE(planLocalMemoryAccess(embedded(wide, {{"dim0", 64}, {"dim1", 64}}), buffer, 2, 16,
                                     why, {0, 16}, {64, 32}));
  EXPECT_NE(why.find("multiple of its size"), std::string::npos) << why;
}

TEST_F(LocalMemoryAccessTest, NarrowOperandsOfAWiderDotReadTheirOwnType) {
  // An i8 B operand widened to f16 after the read (hoist-layout-conversion): kWidth = 4 i8 per
  // register group, read from the buffer the mma.sync swizzle gives an i8 B; each register must
  // still address its own element.
  const std::string mma = "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = "
                          "[2, 2], instrShape = [16, 8]}>";
  EXPECT_GE(check("#ttg.dot_op<{opIdx = 1, parent = " + mma + ", kWidth = 4}>",
                  "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 16, order = [1, 0]}>",
                  {64, 128}, 1),
            1);
  // gfx942: the same operand of an MFMA dot from its K-major rotating buffer, 4 i8 at once.
  EXPECT_EQ(check("#ttg.dot_op<{opIdx = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = "
                  "[2, 2], instrShape = [32, 32, 8], isTransposed = true}>, kWidth = 4}>",
                  "#ttg.amd_rotating_shared<{vec = 4, perPhase = 2, maxPhase = 8, order = [0, 1]}>",
                  {64, 128}, 1),
            4);
}

TEST_F(LocalMemoryAccessTest, SwizzledBuffersKeepVectorsWithinAPhase) {
  // vec = 2: pairs of columns move together, rows XOR the pair index with their phase.
  EXPECT_EQ(check("#ttg.blocked<{sizePerThread = [1, 2], threadsPerWarp = [8, 4], "
                  "warpsPerCTA = [1, 1], order = [1, 0]}>",
                  "#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [1, 0]}>",
                  {8, 8}, 2),
            2);
  // vec = 1 swizzles single elements: every access is scalar.
  EXPECT_EQ(check("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [4, 8], "
                  "warpsPerCTA = [2, 2], order = [1, 0]}>",
                  "#ttg.swizzled_shared<{vec = 1, perPhase = 2, maxPhase = 8, order = [1, 0]}>",
                  {32, 64}, 4),
            1);
  // Column-major buffer read by a row-major layout.
  EXPECT_EQ(check("#ttg.blocked<{sizePerThread = [4, 1], threadsPerWarp = [8, 4], "
                  "warpsPerCTA = [1, 4], order = [0, 1]}>",
                  "#ttg.swizzled_shared<{vec = 4, perPhase = 1, maxPhase = 8, order = [0, 1]}>",
                  {64, 64}, 4),
            4);
}

TEST_F(LocalMemoryAccessTest, BroadcastRegistersShareTheirCanonicalRegistersOffset) {
  // 16x16 over a 32x32 layout tile: registers (and lanes) repeat elements.
  layoutviz::LinearLayout registers =
      linear("#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], "
             "warpsPerCTA = [4, 1], order = [1, 0]}>",
             {16, 16});
  layoutviz::LinearLayout memory = linear(kIdentity, {16, 16});
  std::string why;
  std::optional<LocalMemoryAccess> plan = planLocalMemoryAccess(registers, memory, 4, 16, why);
  ASSERT_TRUE(plan) << why;
  for (size_t reg = 0; reg < plan->canonical.size(); ++reg)
    EXPECT_EQ(plan->registerOffset[reg], plan->registerOffset[plan->canonical[reg]]);
  check("#ttg.blocked<{sizePerThread = [2, 2], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], "
        "order = [1, 0]}>",
        kIdentity, {16, 16}, 4);
}

} // namespace
