// LayoutAdapterTest: ttg attributes in, layoutviz descriptors and linear layouts out, for what the fixture file does not cover.
//
// Families without fixture records (shared layouts, WMMA, CGA splits) are checked two ways:
// literally where the expected bases are easy to state, and against layoutviz's own
// attribute-text reader for the rest -- MLIR parsing plus the adapter must build the same
// layout that reading the same text directly does.
#include "trex/Dialect/TritonGPU/IR/Dialect.h"
#include "trex/InitAllDialects.h"
#include "trex/Layout/LayoutAdapter.h"
#include "trex/Layout/LayoutParsing.h"
#include "trex/Layout/LayoutRendering.h"

#include "layoutviz/AttributeText.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/SourceMgr.h"

#include <gtest/gtest.h>

namespace trex::layout {
namespace {

namespace lv = layoutviz;
using Bases = std::vector<std::vector<int32_t>>;

class LayoutAdapterTest : public ::testing::Test {
protected:
  LayoutAdapterTest() {
    mlir::DialectRegistry registry;
    registerAllDialects(registry);
    context.appendDialectRegistry(registry);
  }

  mlir::Attribute parse(const std::string &text) {
    mlir::Attribute attr = parseLayoutAttribute(text, &context);
    EXPECT_TRUE(attr) << text << "\n" << diagnostics;
    return attr;
  }

  std::function<mlir::InFlightDiagnostic()> emitter() {
    return [this] { return mlir::emitError(mlir::UnknownLoc::get(&context)); };
  }

  lv::LinearLayout linear(const std::string &text, const std::vector<int64_t> &shape) {
    auto emit = emitter();
    mlir::FailureOr<lv::LinearLayout> layout = toLinearLayout(parse(text), shape, emit);
    EXPECT_TRUE(mlir::succeeded(layout)) << text << "\n" << diagnostics;
    return mlir::succeeded(layout) ? *layout : lv::LinearLayout();
  }

  // The first error the adapter reports for `attr` and `shape`.
  std::string linearError(mlir::Attribute attr, const std::vector<int64_t> &shape) {
    auto emit = emitter();
    diagnostics.clear();
    EXPECT_TRUE(mlir::failed(toLinearLayout(attr, shape, emit)));
    return diagnostics;
  }

  mlir::MLIRContext context;
  std::string diagnostics;
  mlir::ScopedDiagnosticHandler handler{&context, [this](mlir::Diagnostic &diagnostic) {
                                          diagnostics += diagnostic.str() + "\n";
                                          return mlir::success();
                                        }};
};

TEST_F(LayoutAdapterTest, BlockedKeepsEveryParameterAndTheCgaBlockBases) {
  auto emit = emitter();
  auto layout = toLayoutvizLayout(
      parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
            "order = [1, 0], CGALayout = [[0, 1]]}>"),
      emit);
  ASSERT_TRUE(mlir::succeeded(layout));
  const auto &blocked = std::get<lv::BlockedLayout>(layout->family);
  EXPECT_EQ(blocked.sizePerThread, (std::vector<unsigned>{1, 4}));
  EXPECT_EQ(blocked.threadsPerWarp, (std::vector<unsigned>{8, 4}));
  EXPECT_EQ(blocked.warpsPerCTA, (std::vector<unsigned>{4, 1}));
  EXPECT_EQ(blocked.order, (std::vector<unsigned>{1, 0}));
  EXPECT_EQ(blocked.cga.blockBases, (Bases{{0, 1}}));
}

TEST_F(LayoutAdapterTest, TwoCtasSplittingDim1EachHoldHalfTheColumns) {
  lv::LinearLayout layout =
      linear("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
             "order = [1, 0], CGALayout = [[0, 1]]}>",
             {32, 32});
  EXPECT_EQ(layout.getInDimBases("register"), (Bases{{0, 1}, {0, 2}}));
  EXPECT_EQ(layout.getInDimBases("lane"), (Bases{{0, 4}, {0, 8}, {1, 0}, {2, 0}, {4, 0}}));
  EXPECT_EQ(layout.getInDimBases("warp"), (Bases{{8, 0}, {16, 0}}));
  EXPECT_EQ(layout.getInDimBases("block"), (Bases{{0, 16}}));
}

TEST_F(LayoutAdapterTest, LegacyCtaFieldsGiveTheSameLayoutAsCgaBases) {
  lv::LinearLayout legacy =
      linear("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
             "order = [1, 0], CTAsPerCGA = [1, 2], CTASplitNum = [1, 2], CTAOrder = [1, 0]}>",
             {32, 32});
  lv::LinearLayout bases =
      linear("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
             "order = [1, 0], CGALayout = [[0, 1]]}>",
             {32, 32});
  EXPECT_EQ(legacy, bases);
}

TEST_F(LayoutAdapterTest, SliceAndDotOperandCarryTheirParents) {
  auto emit = emitter();
  auto slice = toLayoutvizLayout(
      parse("#ttg.slice<{dim = 0, parent = #ttg.dot_op<{opIdx = 1, parent = "
            "#ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
            "instrShape = [16, 8]}>, kWidth = 2}>}>"),
      emit);
  ASSERT_TRUE(mlir::succeeded(slice)) << diagnostics;
  const auto &sliceLayout = std::get<lv::SliceLayout>(slice->family);
  EXPECT_EQ(sliceLayout.dim, 0u);
  const auto &dot = std::get<lv::DotOperandLayout>(sliceLayout.parent->family);
  EXPECT_EQ(dot.opIdx, 1u);
  EXPECT_EQ(dot.kWidth, 2u);
  const auto &mma = std::get<lv::NvidiaMmaLayout>(dot.parent->family);
  EXPECT_EQ(mma.versionMajor, 2u);
  EXPECT_EQ(mma.warpsPerCTA, (std::vector<unsigned>{2, 2}));
  EXPECT_EQ(mma.instrShape, (std::vector<unsigned>{16, 8}));
}

TEST_F(LayoutAdapterTest, UnswizzledSharedStoresRowsOneAfterAnother) {
  lv::LinearLayout layout =
      linear("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>", {4, 8});
  EXPECT_EQ(layout.getInDimBases("offset"), (Bases{{0, 1}, {0, 2}, {0, 4}, {1, 0}, {2, 0}}));
}

TEST_F(LayoutAdapterTest, SharedLinearIsItsOwnBases) {
  lv::LinearLayout layout = linear(
      "#ttg.shared_linear<{offset = [[0, 1], [0, 2], [1, 0], [2, 2]]}, alignment = 16>", {4, 4});
  EXPECT_EQ(layout.getInDimBases("offset"), (Bases{{0, 1}, {0, 2}, {1, 0}, {2, 2}}));
  EXPECT_TRUE(layout.getInDimBases("block").empty());
}

// Every family, through MLIR + adapter and through layoutviz's text reader: same layout.
struct CrossCheck {
  const char *attribute;
  std::vector<int64_t> shape;
};

// Names a failing case by its attribute.
void PrintTo(const CrossCheck &check, std::ostream *out) { *out << check.attribute; }

class AdapterMatchesLayoutvizReader : public LayoutAdapterTest,
                                      public ::testing::WithParamInterface<CrossCheck> {};

TEST_P(AdapterMatchesLayoutvizReader, SameLinearLayout) {
  const CrossCheck &check = GetParam();
  lv::LinearLayout viaMlir = linear(check.attribute, check.shape);
  lv::Layout direct = lv::parseLayoutAttributeOrThrow(check.attribute);
  EXPECT_EQ(viaMlir, lv::toLinearLayout(direct, check.shape)) << check.attribute;
}

INSTANTIATE_TEST_SUITE_P(
    EveryFamily, AdapterMatchesLayoutvizReader,
    ::testing::Values(
        CrossCheck{"#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>",
                   {64, 64}},
        CrossCheck{"#ttg.swizzled_shared<{vec = 4, perPhase = 2, maxPhase = 4, order = [0, 1], "
                   "CGALayout = [[1, 0]]}>",
                   {64, 32}},
        CrossCheck{"#ttg.swizzled_shared<{vec = 2, perPhase = 1, maxPhase = 4, order = [2, 1, 0]}>",
                   {2, 16, 32}},
        CrossCheck{"#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1]}>",
                   {128, 64}},
        CrossCheck{"#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
                   "elementBitWidth = 16}>",
                   {128, 64}},
        CrossCheck{"#ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = true, "
                   "elementBitWidth = 8}>",
                   {128, 64}},
        CrossCheck{"#ttg.nvmma_shared<{swizzlingByteWidth = 32, transposed = false, "
                   "elementBitWidth = 32, CGALayout = [[1, 0]]}>",
                   {64, 64}},
        CrossCheck{"#ttg.shared_linear<{offset = [[0, 1], [1, 0]], block = [[0, 0]]}, "
                   "alignment = 128>",
                   {2, 2}},
        CrossCheck{"#ttg.amd_wmma<{version = 1, isTranspose = false, warpsPerCTA = [2, 2]}>",
                   {64, 64}},
        CrossCheck{"#ttg.amd_wmma<{version = 2, isTranspose = true, warpsPerCTA = [4, 1]}>",
                   {64, 32}},
        CrossCheck{"#ttg.amd_wmma<{version = 3, isTranspose = false, warpsPerCTA = [2, 2], "
                   "instrShape = [16, 16, 32]}>",
                   {32, 64}},
        CrossCheck{"#ttg.amd_wmma<{version = 2, isTranspose = false, warpsPerCTA = [2, 2], "
                   "CGALayout = [[0, 1], [1, 0]]}>",
                   {128, 128}},
        CrossCheck{"#ttg.amd_rotating_shared<{vec = 4, perPhase = 1, maxPhase = 16, order = [0, 1], "
                   "CGALayout = [[0, 1]]}>",
                   {128, 64}},
        CrossCheck{"#ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], instrShape = [32, 32, 8], "
                   "isTransposed = true, CGALayout = [[1, 0]]}>",
                   {256, 64}},
        CrossCheck{"#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], "
                   "instrShape = [32, 32, 8], isTransposed = true, CGALayout = [[1, 0]]}>, kWidth = 4}>",
                   {256, 64}},
        CrossCheck{"#ttg.dot_op<{opIdx = 0, parent = #ttg.amd_wmma<{version = 2, isTranspose = "
                   "false, warpsPerCTA = [2, 2]}>, kWidth = 8}>",
                   {64, 32}},
        CrossCheck{"#ttg.dot_op<{opIdx = 1, parent = #ttg.blocked<{sizePerThread = [1, 4], "
                   "threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>}>",
                   {16, 64}},
        CrossCheck{"#ttg.amd_mfma<{version = 4, warpsPerCTA = [2, 2], instrShape = [16, 16, 32], "
                   "isTransposed = true, tilesPerWarp = [2, 2]}>",
                   {128, 128}},
        CrossCheck{"#ttg.amd_mfma<{version = 3, warpsPerCTA = [4, 1], instrShape = [16, 16, 4], "
                   "isTransposed = false, elementBitWidth = 64}>",
                   {64, 16}},
        CrossCheck{"#ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 2], "
                   "CGALayout = [[1, 0]], instrShape = [16, 64, 16]}>",
                   {256, 128}},
        CrossCheck{"#ttg.slice<{dim = 1, parent = #ttg.amd_mfma<{version = 3, warpsPerCTA = [2, 2], "
                   "instrShape = [32, 32, 8], isTransposed = true}>}>",
                   {128}}));

TEST_F(LayoutAdapterTest, PaddedSharedIsRefusedWithAReason) {
  auto emit = emitter();
  mlir::Attribute padded =
      parse("#ttg.padded_shared<[32:+4] {order = [1, 0], shape = [64, 32]}>");
  EXPECT_TRUE(mlir::failed(toLayoutvizLayout(padded, emit)));
  EXPECT_NE(diagnostics.find("padded_shared layouts are not supported"), std::string::npos)
      << diagnostics;
}

TEST_F(LayoutAdapterTest, AttributesThatAreNotLayoutsAreRefused) {
  mlir::Attribute memorySpace = parse("#ttg.shared_memory");
  EXPECT_FALSE(isTensorLayout(memorySpace));
  EXPECT_NE(linearError(memorySpace, {4}).find("not a ttg tensor layout: #ttg.shared_memory"),
            std::string::npos)
      << diagnostics;
}

TEST_F(LayoutAdapterTest, ShapeMustHaveTheLayoutsRank) {
  mlir::Attribute blocked = parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
                                  "warpsPerCTA = [4, 1], order = [1, 0]}>");
  EXPECT_NE(linearError(blocked, {128}).find("the layout has rank 2 but the tensor shape has rank 1"),
            std::string::npos)
      << diagnostics;
}

TEST_F(LayoutAdapterTest, ShapeMustBeStaticPowersOfTwo) {
  mlir::Attribute blocked = parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
                                  "warpsPerCTA = [4, 1], order = [1, 0]}>");
  EXPECT_NE(linearError(blocked, {100, 32}).find("dim 0 of the tensor shape is 100"),
            std::string::npos)
      << diagnostics;
  EXPECT_NE(linearError(blocked, {32, mlir::ShapedType::kDynamic}).find("dim 1"),
            std::string::npos)
      << diagnostics;
}

// The dialect accepts Volta (versionMajor 1) layouts; layoutviz throws for them.  The throw
// must come back as a diagnostic.
TEST_F(LayoutAdapterTest, LayoutvizErrorsBecomeDiagnostics) {
  mlir::Attribute volta = parse("#ttg.nvidia_mma<{versionMajor = 1, versionMinor = 0, "
                                "warpsPerCTA = [2, 2], instrShape = [16, 16]}>");
  std::string error = linearError(volta, {64, 64});
  EXPECT_NE(error.find("cannot lay out a tensor of shape 64x64"), std::string::npos) << error;
  EXPECT_NE(error.find("versionMajor"), std::string::npos) << error;
}

TEST_F(LayoutAdapterTest, RenderingRefusesTensorsAboveTheLimit) {
  auto emit = emitter();
  mlir::Attribute blocked = parse("#ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
                                  "warpsPerCTA = [4, 1], order = [1, 0]}>");
  auto view = renderLayout(blocked, {2048, 1024}, LayoutFormat::Text, lv::LayoutView::Tensor, emit);
  EXPECT_TRUE(mlir::failed(view));
  EXPECT_NE(diagnostics.find("too large to print: the limit is 1048576 elements"),
            std::string::npos)
      << diagnostics;
}

TEST_F(LayoutAdapterTest, JsonNamesTheFamilyAndEveryOwner) {
  auto emit = emitter();
  mlir::Attribute blocked = parse("#ttg.blocked<{sizePerThread = [2], threadsPerWarp = [32], "
                                  "warpsPerCTA = [1], order = [0]}>");
  auto json = renderLayout(blocked, {64}, LayoutFormat::Json, lv::LayoutView::Tensor, emit);
  ASSERT_TRUE(mlir::succeeded(json)) << diagnostics;
  EXPECT_NE(json->find("\"family\": \"blocked\""), std::string::npos) << *json;
  // Element 3 is register 1 of lane 1.
  EXPECT_NE(json->find("{\"coords\": [3], \"owners\": [[1, 1, 0, 0]]}"), std::string::npos)
      << *json;
}

TEST_F(LayoutAdapterTest, TensorTypesGiveShapeElementTypeAndLayout) {
  auto tensor = parseLayoutTensorType(
      "tensor<16x32xf16, #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
      "warpsPerCTA = [4, 1], order = [1, 0]}>>",
      &context);
  ASSERT_TRUE(mlir::succeeded(tensor)) << diagnostics;
  EXPECT_EQ(tensor->shape, (llvm::SmallVector<int64_t>{16, 32}));
  EXPECT_TRUE(tensor->elementType.isF16());
  EXPECT_TRUE(mlir::isa<ttg::BlockedEncodingAttr>(tensor->encoding));

  auto memdesc = parseLayoutTensorType(
      "!ttg.memdesc<64x64xbf16, #ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, "
      "order = [1, 0]}>, #ttg.shared_memory, mutable>",
      &context);
  ASSERT_TRUE(mlir::succeeded(memdesc)) << diagnostics;
  EXPECT_EQ(memdesc->shape, (llvm::SmallVector<int64_t>{64, 64}));
  EXPECT_TRUE(memdesc->elementType.isBF16());
  EXPECT_TRUE(mlir::isa<ttg::SwizzledSharedEncodingAttr>(memdesc->encoding));

  auto plain = parseLayoutTensorType("tensor<128x256xf32>", &context);
  ASSERT_TRUE(mlir::succeeded(plain));
  EXPECT_FALSE(plain->encoding);

  EXPECT_TRUE(mlir::failed(parseLayoutTensorType("f32", &context)));
  EXPECT_NE(diagnostics.find("expected a ranked tensor type"), std::string::npos) << diagnostics;
}

TEST_F(LayoutAdapterTest, AliasesComeInFileOrderWithTheirLines) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          "#mma = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, warpsPerCTA = [2, 2], "
          "instrShape = [16, 8]}>\n"
          "#blocked = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4], "
          "warpsPerCTA = [4, 1], order = [1, 0]}>\n"
          "module attributes {\"ttg.num-warps\" = 4 : i32} {\n"
          "}\n"
          "#late = #ttg.slice<{dim = 0, parent = #blocked}>\n",
          "kernel.ttgir"),
      llvm::SMLoc());
  auto aliases = parseAttributeAliases(sourceMgr, &context);
  ASSERT_TRUE(mlir::succeeded(aliases)) << diagnostics;
  ASSERT_EQ(aliases->size(), 3u);
  EXPECT_EQ((*aliases)[0].name, "mma");
  EXPECT_EQ((*aliases)[1].name, "blocked");
  EXPECT_EQ((*aliases)[2].name, "late");
  EXPECT_TRUE(mlir::isa<ttg::SliceEncodingAttr>((*aliases)[2].value));
  auto location = mlir::cast<mlir::FileLineColLoc>((*aliases)[1].location);
  EXPECT_EQ(location.getFilename(), "kernel.ttgir");
  EXPECT_EQ(location.getLine(), 2u);
  EXPECT_EQ(location.getColumn(), 1u);
}

TEST_F(LayoutAdapterTest, MalformedFilesFailWithTheParsersLocation) {
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(
      llvm::MemoryBuffer::getMemBufferCopy(
          "#ok = #ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], "
          "order = [0]}>\n"
          "#bad = #ttg.blocked<{sizePerThread = [1, 4], threadsPerWarp = [8, 4]}>\n",
          "bad.ttgir"),
      llvm::SMLoc());
  std::string located;
  mlir::ScopedDiagnosticHandler locating(&context, [&](mlir::Diagnostic &diagnostic) {
    auto loc = mlir::dyn_cast<mlir::FileLineColLoc>(diagnostic.getLocation());
    if (loc)
      located = loc.getFilename().str() + ":" + std::to_string(loc.getLine());
    return mlir::success();
  });
  EXPECT_TRUE(mlir::failed(parseAttributeAliases(sourceMgr, &context)));
  EXPECT_EQ(located, "bad.ttgir:2");
}

} // namespace
} // namespace trex::layout
