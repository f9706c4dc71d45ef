// wgmma plans run on the host: shared memory is filled as the buffers' #ttg.nvmma_shared layouts
// say, a model of wgmma decodes each instruction's 64-bit descriptors and reads its 64 x K A
// tile and K x N B tile from those bytes (the PTX ISA's swizzle atoms, written here
// independently of the plan's own check), and every accumulator register of every thread must
// end as C + A * B at the element the result layout assigns it. Integer-valued matrices keep
// the sums exact.
#include "IRPrinting.h"

#include "trex/Conversion/TritonGPUToLLVM/WarpGroupMmaPlan.h"
#include "trex/Layout/LayoutAdapter.h"

#include "mlir/AsmParser/AsmParser.h"
#include "mlir/IR/BuiltinOps.h"
#include "gtest/gtest.h"

#include <map>

using namespace trex;

namespace {

using Coordinates = std::vector<int32_t>;

int64_t aValue(int32_t m, int32_t k) { return (m * 7 + k * 3) % 9 - 4; }
int64_t bValue(int32_t k, int32_t n) { return (k * 5 + n * 11) % 7 - 3; }
int64_t cValue(int32_t m, int32_t n) { return (m + 2 * n) % 3; }

struct Case {
  std::string warps;       // warpsPerCTA of the nvidia_mma v3 result
  int32_t instrN = 0;      // instrShape = [16, instrN, instrK]
  int32_t instrK = 16;
  int64_t m = 0, n = 0, k = 0;
  int32_t elementBytes = 2;
  int32_t aSwizzle = 128;  // 0: A in registers (kWidth 4 / elementBytes)
  bool aTransposed = false;
  int32_t bSwizzle = 128;
  bool bTransposed = false;
};

class WarpGroupMmaPlanTest : public testing::Test {
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

  static std::string mma(const Case &c) {
    return "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [" + c.warps +
           "], instrShape = [16, " + std::to_string(c.instrN) + ", " +
           std::to_string(c.instrK) + "]}>";
  }

  static std::string nvmma(int32_t swizzle, bool transposed, int32_t elementBytes) {
    return "#ttg.nvmma_shared<{swizzlingByteWidth = " + std::to_string(swizzle) +
           ", transposed = " + (transposed ? "true" : "false") +
           ", elementBitWidth = " + std::to_string(8 * elementBytes) + "}>";
  }

  static Coordinates at(const layoutviz::LinearLayout &layout,
                        std::vector<std::pair<std::string, int32_t>> ins) {
    Coordinates result;
    for (const auto &[name, value] : layout.apply(ins))
      result.push_back(value);
    return result;
  }

  // Bytes of a shared buffer (one int64 "element value" per element slot): the element at
  // each offset, as the layout stores it.
  static std::vector<int64_t> fill(const layoutviz::LinearLayout &layout, int64_t (*value)(int32_t, int32_t)) {
    int32_t count = layout.getInDimSize("offset");
    std::vector<int64_t> memory(count);
    for (int32_t offset = 0; offset < count; ++offset) {
      Coordinates element = at(layout, {{"offset", offset}, {"block", 0}});
      memory[offset] = value(element[0], element[1]);
    }
    return memory;
  }

  // The hardware's read of element (row, k) of an instruction tile through a 64-bit
  // descriptor (start address field included), following the PTX ISA: 8-row swizzle atoms of
  // s bytes, 16-byte chunks XOR-ed with the row inside the atom.
  static int64_t read(const std::vector<int64_t> &memory, uint64_t descriptor, bool mnMajor,
                      int32_t row, int32_t k, int32_t elementBytes) {
    int64_t start = static_cast<int64_t>(descriptor & 0x3fff) << 4;
    int64_t lbo = static_cast<int64_t>((descriptor >> 16) & 0x3fff) << 4;
    int64_t sbo = static_cast<int64_t>((descriptor >> 32) & 0x3fff) << 4;
    int mode = static_cast<int>(descriptor >> 62);
    int64_t swizzle = mode == 1 ? 128 : mode == 2 ? 64 : mode == 3 ? 32 : 0;
    EXPECT_NE(swizzle, 0);
    // Coordinates in the atom grid: the strided index (row within the atom, atom along the
    // strided dim) and the leading byte (inside the s-byte row, atom along the leading dim).
    int64_t strided = mnMajor ? k : row;
    int64_t leadingByte = int64_t(mnMajor ? row : k) * elementBytes;
    int64_t address = start + (strided / 8) * sbo + (leadingByte / swizzle) * lbo +
                      (strided % 8) * swizzle + leadingByte % swizzle;
    int64_t chunk = (address >> 4) & (swizzle / 16 - 1);
    int64_t phase = (address >> 7) & (swizzle / 16 - 1);
    int64_t physical = (address & ~((swizzle / 16 - 1) << 4)) | ((chunk ^ phase) << 4);
    EXPECT_EQ(physical % elementBytes, 0);
    EXPECT_LT(physical / elementBytes, static_cast<int64_t>(memory.size()));
    return memory[physical / elementBytes];
  }

  std::optional<WarpGroupMmaPlan> simulate(const Case &c) {
    layoutviz::LinearLayout result = linear(mma(c), {c.m, c.n});
    layoutviz::LinearLayout bLayout = linear(nvmma(c.bSwizzle, c.bTransposed, c.elementBytes), {c.k, c.n});
    WgmmaSharedOperand b{bLayout, c.bSwizzle, c.bTransposed};
    std::optional<WgmmaSharedOperand> a;
    std::optional<layoutviz::LinearLayout> aRegisters;
    if (c.aSwizzle) {
      a = WgmmaSharedOperand{linear(nvmma(c.aSwizzle, c.aTransposed, c.elementBytes), {c.m, c.k}),
                             c.aSwizzle, c.aTransposed};
    } else {
      aRegisters = linear("#ttg.dot_op<{opIdx = 0, parent = " + mma(c) + ", kWidth = " +
                              std::to_string(4 / c.elementBytes) + "}>",
                          {c.m, c.k});
    }
    std::string why;
    std::optional<WarpGroupMmaPlan> plan =
        planWarpGroupMma(result, a, aRegisters ? &*aRegisters : nullptr, b, c.instrN, c.instrK,
                         c.elementBytes, why);
    if (!plan) {
      ADD_FAILURE() << why;
      return plan;
    }
    std::vector<int64_t> aMemory = a ? fill(a->layout, aValue) : std::vector<int64_t>();
    std::vector<int64_t> bMemory = fill(bLayout, bValue);

    int32_t warps = result.getInDimSize("warp");
    int32_t registers = result.getInDimSize("register");
    for (int32_t warp = 0; warp < warps; ++warp) {
      int32_t group = warp / 4;
      int64_t aGroup = 0, bGroup = 0;
      for (size_t bit = 0; bit < plan->bWarpGroupOffset.size(); ++bit)
        if (group >> bit & 1) {
          aGroup += plan->aWarpGroupOffset[bit];
          bGroup += plan->bWarpGroupOffset[bit];
        }
      for (int32_t lane = 0; lane < 32; ++lane) {
        // The thread's accumulator, register by register, starting as C.
        std::vector<int64_t> values(registers);
        for (int32_t reg = 0; reg < registers; ++reg) {
          Coordinates element = at(result, {{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", 0}});
          values[reg] = cValue(element[0], element[1]);
        }
        for (const WgmmaTile &tile : plan->tiles) {
          EXPECT_EQ(tile.accumulator.size(), static_cast<size_t>(c.instrN / 2));
          // Where the instruction puts its values, from the warp group's (0, 0) element: the
          // register of value 0 in lane 0 of the group's first warp gives the tile's origin.
          Coordinates origin = at(result, {{"register", tile.accumulator[0]}, {"lane", 0},
                                           {"warp", group * 4}, {"block", 0}});
          for (size_t step = 0; step < tile.bByteOffset.size(); ++step) {
            uint64_t bDescriptor = plan->b.bitsWithoutAddress() +
                                   static_cast<uint64_t>((tile.bByteOffset[step] + bGroup) >> 4);
            uint64_t aDescriptor = 0;
            if (!plan->aInRegisters)
              aDescriptor = plan->a.bitsWithoutAddress() +
                            static_cast<uint64_t>((tile.aByteOffset[step] + aGroup) >> 4);
            for (int32_t i = 0; i < c.instrN / 2; ++i) {
              int32_t row = 16 * (warp % 4) + lane / 4 + 8 * ((i >> 1) & 1);
              int32_t column = 8 * (i >> 2) + 2 * (lane % 4) + (i & 1);
              int64_t sum = 0;
              for (int32_t kk = 0; kk < c.instrK; ++kk) {
                int64_t aElement;
                if (plan->aInRegisters) {
                  // A's fragment: what the registers the plan names hold, in the lane that
                  // holds (row, kk) by the mma.sync A fragment rule.
                  int32_t p = plan->elementsPerWord;
                  int32_t word = (row % 16 >= 8 ? 1 : 0) + (kk >= 4 * p ? 2 : 0);
                  int32_t ownerLane = (row % 8) * 4 + (kk % (4 * p)) / p;
                  int32_t reg = tile.aRegisters[step][word * p + kk % p];
                  Coordinates element = at(*aRegisters, {{"register", reg}, {"lane", ownerLane},
                                                         {"warp", warp}, {"block", 0}});
                  aElement = aValue(element[0], element[1]);
                  EXPECT_EQ(element[0], origin[0] + row);
                  EXPECT_EQ(element[1], static_cast<int32_t>(step) * c.instrK + kk);
                } else {
                  aElement = read(aMemory, aDescriptor, plan->a.mnMajor, row, kk, c.elementBytes);
                }
                sum += aElement * read(bMemory, bDescriptor, plan->b.mnMajor, column, kk, c.elementBytes);
              }
              values[tile.accumulator[i]] += sum;
            }
          }
        }
        for (int32_t reg = 0; reg < registers; ++reg) {
          if (plan->canonical[reg] != reg)
            continue;
          Coordinates element = at(result, {{"register", reg}, {"lane", lane}, {"warp", warp}, {"block", 0}});
          int64_t expected = cValue(element[0], element[1]);
          for (int32_t kk = 0; kk < c.k; ++kk)
            expected += aValue(element[0], kk) * bValue(kk, element[1]);
          EXPECT_EQ(values[reg], expected) << "warp " << warp << " lane " << lane << " register "
                                           << reg << " at (" << element[0] << ", " << element[1]
                                           << ")";
          if (values[reg] != expected)
            return plan; // one report is enough
        }
      }
    }
    return plan;
  }

  std::unique_ptr<mlir::MLIRContext> context;
};

// The fixture matmuls: 128x256x64 on 8 warps (two warp groups split M) and 128x128x64 on 4.
TEST_F(WarpGroupMmaPlanTest, FixtureTiles) {
  std::optional<WarpGroupMmaPlan> plan = simulate({"8, 1", 256, 16, 128, 256, 64});
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.size(), 1u);
  EXPECT_EQ(plan->tiles[0].bByteOffset.size(), 4u);
  // A is K-major, B N-major (imm-trans-b = 1); Triton's descriptor bits (its PTX's constants):
  // SBO 1024 bytes and 128-byte swizzling for both, LBO 8192 bytes for B (the 64 rows of one of
  // its 64-column chunks) and 0 for A.
  EXPECT_FALSE(plan->a.mnMajor);
  EXPECT_TRUE(plan->b.mnMajor);
  EXPECT_EQ(plan->a.bitsWithoutAddress(), 4611686293305294848ull & ~0x3fffull);
  EXPECT_EQ(plan->b.bitsWithoutAddress(), 4611686293338849280ull & ~0x3fffull);
  // Instructions step 32 bytes along A's K and 16 rows (2048 bytes) down B; the second warp
  // group starts 64 rows (8192 bytes) into A.
  EXPECT_EQ(plan->tiles[0].aByteOffset, (std::vector<int64_t>{0, 32, 64, 96}));
  EXPECT_EQ(plan->tiles[0].bByteOffset, (std::vector<int64_t>{0, 2048, 4096, 6144}));
  EXPECT_EQ(plan->aWarpGroupOffset, (std::vector<int64_t>{8192}));
  EXPECT_EQ(plan->bWarpGroupOffset, (std::vector<int64_t>{0}));

  plan = simulate({"4, 1", 128, 16, 128, 128, 64});
  ASSERT_TRUE(plan);
  EXPECT_EQ(plan->tiles.size(), 2u); // M is two 64-row tiles of the one warp group
}

// Warp groups along N, and N split into several instructions per warp group.
TEST_F(WarpGroupMmaPlanTest, WarpGroupsAlongNAndSeveralTiles) {
  EXPECT_TRUE(simulate({"4, 2", 64, 16, 128, 256, 32, 2, /*aSwizzle=*/64}));
  EXPECT_TRUE(simulate({"4, 1", 64, 16, 64, 128, 64}));
}

// Both majors for both operands, and the narrower swizzles (64 and 32 bytes).
TEST_F(WarpGroupMmaPlanTest, TransposedOperandsAndSwizzles) {
  std::optional<WarpGroupMmaPlan> plan =
      simulate({"4, 1", 128, 16, 64, 128, 64, 2, 128, /*aTransposed=*/true, 128, /*bTransposed=*/true});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->a.mnMajor);
  EXPECT_FALSE(plan->b.mnMajor);
  EXPECT_TRUE(simulate({"4, 1", 64, 16, 64, 64, 32, 2, 64, false, 64, false}));
  EXPECT_TRUE(simulate({"4, 1", 32, 16, 64, 32, 16, 2, 32, false, 32, false}));
  EXPECT_TRUE(simulate({"4, 1", 64, 16, 64, 64, 64, 2, 64, true, 128, true}));
}

// tf32 (4-byte, K = 8) and i8 (K = 32): K-major operands only.
TEST_F(WarpGroupMmaPlanTest, WiderAndNarrowerElements) {
  EXPECT_TRUE(simulate({"4, 1", 64, 8, 64, 64, 32, 4, 128, false, 128, true}));
  EXPECT_TRUE(simulate({"4, 1", 128, 32, 64, 128, 128, 1, 128, false, 128, true}));
}

// A held in registers (#ttg.dot_op of the v3 result): four fragment words per instruction.
TEST_F(WarpGroupMmaPlanTest, RegisterOperandA) {
  std::optional<WarpGroupMmaPlan> plan = simulate({"4, 1", 64, 16, 64, 64, 64, 2, /*aSwizzle=*/0});
  ASSERT_TRUE(plan);
  EXPECT_TRUE(plan->aInRegisters);
  EXPECT_EQ(plan->tiles[0].aRegisters[0].size(), 8u);
  EXPECT_TRUE(simulate({"8, 1", 128, 16, 128, 128, 32, 2, 0}));
}

// Layouts wgmma cannot read are refused with the reason, never planned.
TEST_F(WarpGroupMmaPlanTest, RefusesWhatDescriptorsCannotRead) {
  layoutviz::LinearLayout result = linear(
      "#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>",
      {64, 64});
  layoutviz::LinearLayout a = linear(nvmma(128, false, 2), {64, 64});
  layoutviz::LinearLayout b = linear(nvmma(128, false, 2), {64, 64});
  std::string why;
  // A swizzled_shared buffer (another swizzle pattern) claimed to be 128-byte nvmma.
  layoutviz::LinearLayout other = linear(
      "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 4, order = [1, 0]}>", {64, 64});
  EXPECT_FALSE(planWarpGroupMma(result, WgmmaSharedOperand{a, 128, false}, nullptr,
                                WgmmaSharedOperand{other, 128, false}, 64, 16, 2, why));
  EXPECT_NE(why.find("B buffer's layout"), std::string::npos) << why;
  // A 32-byte-wide contiguous dim cannot hold a 128-byte swizzle.
  layoutviz::LinearLayout narrow = linear(nvmma(32, false, 2), {64, 16});
  why.clear();
  EXPECT_FALSE(planWarpGroupMma(result, WgmmaSharedOperand{narrow, 128, false}, nullptr,
                                WgmmaSharedOperand{linear(nvmma(128, false, 2), {16, 64}), 128, false},
                                64, 16, 2, why));
  EXPECT_NE(why.find("narrower than its swizzle"), std::string::npos) << why;
  // No instruction is 64 x 64 x 16 for 4-byte elements (tf32 takes K = 8).
  why.clear();
  EXPECT_FALSE(planWarpGroupMma(result, WgmmaSharedOperand{a, 128, false}, nullptr,
                                WgmmaSharedOperand{b, 128, false}, 64, 16, 4, why));
  EXPECT_NE(why.find("no wgmma instruction"), std::string::npos) << why;
  // M-contiguous 4-byte operands do not exist.
  why.clear();
  layoutviz::LinearLayout tf32 = linear(nvmma(128, true, 4), {64, 32});
  EXPECT_FALSE(planWarpGroupMma(result, WgmmaSharedOperand{tf32, 128, true}, nullptr,
                                WgmmaSharedOperand{linear(nvmma(128, true, 4), {32, 64}), 128, true},
                                64, 8, 4, why));
  EXPECT_NE(why.find("16-bit types only"), std::string::npos) << why;
}

} // namespace
