// SharedAccessFigures, BankConflictModel and the buffer-following access search on small ttgir
// texts: every figure is recomputed here through layoutviz.
#include "SharedAccessFigures.h"
#include "BankConflictModel.h"
#include "LayoutReferences.h"
#include "WgmmaOperandReads.h"

#include "layoutviz/AttributeText.h"
#include "layoutviz/BankConflicts.h"

#include <QAbstractItemModelTester>
#include <QtTest>

using namespace trex::explorer;
namespace lv = trex::layoutviz;

namespace {

// What `trex-opt --trex-ttgir-pipeline="target=cuda:90 tensor-cores=true"` makes of the matmul
// sample's loop body (A and B stored to nvmma_shared tiles that wgmma reads), trimmed.
const QString kHopperMatmul = QStringLiteral(R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#blocked1 = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90", "ttg.threads-per-warp" = 32 : i32} {
  tt.func public @matmul_kernel(%arg10: tensor<64x64xf32, #mma>, %arg11: tensor<64x32x!tt.ptr<f16>, #blocked1>, %arg12: tensor<32x64x!tt.ptr<f16>, #blocked>) {
      %77 = tt.load %arg11 : tensor<64x32x!tt.ptr<f16>, #blocked1>
      %78 = ttg.local_alloc %77 : (tensor<64x32xf16, #blocked1>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
      %82 = tt.load %arg12 : tensor<32x64x!tt.ptr<f16>, #blocked>
      %83 = ttg.local_alloc %82 : (tensor<32x64xf16, #blocked>) -> !ttg.memdesc<32x64xf16, #shared1, #smem>
      ttng.fence_async_shared {bCluster = false}
      %84 = ttng.warp_group_dot %78, %83, %arg10 {inputPrecision = 0 : i32} : !ttg.memdesc<64x32xf16, #shared, #smem> * !ttg.memdesc<32x64xf16, #shared1, #smem> -> tensor<64x64xf32, #mma>
    tt.return
  }
}
)");

// A multi-buffered allocation: stores and loads go through memdesc_index views of it, and a
// second buffer of the same layout is not part of it.
const QString kBufferedTtgir = QStringLiteral(R"(#blocked = #ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>
#shared = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {ttg.target = "hip:gfx942"} {
  tt.func @k(%x: tensor<64x32xf16, #blocked>, %i: i32) {
    %all = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable>
    %view = ttg.memdesc_index %all[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    ttg.local_store %x, %view : tensor<64x32xf16, #blocked> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %again = ttg.memdesc_index %all[%i] : !ttg.memdesc<2x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %y = ttg.local_load %again : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> -> tensor<64x32xf16, #blocked>
    %other = ttg.local_alloc %x : (tensor<64x32xf16, #blocked>) -> !ttg.memdesc<64x32xf16, #shared, #smem>
    tt.return
  }
}
)");

lv::LinearLayout linearOf(const char *attribute, const std::vector<int64_t> &shape) {
  return lv::toLinearLayout(lv::parseLayoutAttributeOrThrow(attribute), shape);
}

} // namespace

class SharedAccessFiguresTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void targetsWithLdmatrix() {
    QVERIFY(sharedMemoryTarget(QStringLiteral("cuda:80")).hasMatrixLoad);
    QVERIFY(sharedMemoryTarget(QStringLiteral("cuda:90")).hasMatrixLoad);
    QVERIFY(sharedMemoryTarget(QStringLiteral("cuda:80")).hasAsyncCopy);
    QVERIFY(!sharedMemoryTarget(QStringLiteral("cuda:75")).hasAsyncCopy);
    QVERIFY(!sharedMemoryTarget(QStringLiteral("hip:gfx942")).hasAsyncCopy);
    QVERIFY(!sharedMemoryTarget(QStringLiteral("cuda:70")).hasMatrixLoad);
    QVERIFY(!sharedMemoryTarget(QStringLiteral("hip:gfx942")).hasMatrixLoad);
    QCOMPARE(moduleTarget(kHopperMatmul), QStringLiteral("cuda:90"));
    QCOMPARE(moduleTarget(kBufferedTtgir), QStringLiteral("hip:gfx942"));
  }

  void nvmmaSharedStoresAndWgmmaReads() {
    // The local_alloc stores the tile; wgmma reads it as the dot's B operand.
    std::vector<SharedAccess> accesses = sharedAccesses(kHopperMatmul, QStringLiteral("#shared1"));
    QCOMPARE(accesses.size(), size_t(2));
    QCOMPARE(accesses[0].operation, QStringLiteral("ttg.local_alloc"));
    QVERIFY(accesses[0].isStore);
    QCOMPARE(accesses[1].kind, SharedAccessKind::WarpGroupDotOperand);
    std::vector<SharedAccessFigure> figures = sharedAccessFigures(accesses, sharedMemoryTarget(QStringLiteral("cuda:90")));
    QCOMPARE(figures.size(), size_t(2));
    QVERIFY2(figures[0].report, qPrintable(figures[0].problem));
    // 8 f16 contiguous per lane along the 128-byte swizzled rows: 16-byte stores.
    QCOMPARE(figures[0].vectorWidth, 8);
    QCOMPARE(figures[0].bytesPerLane, 16);
    QCOMPARE(figures[0].instruction, QStringLiteral("st.shared 16 B/lane"));
    QCOMPARE(figures[0].countedPer, QStringLiteral("warp instruction"));
    lv::BankConflictReport expected = lv::analyzeBankConflicts(
        linearOf("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>",
                 {32, 64}),
        linearOf("#ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>", {32, 64}),
        {16, 8});
    QCOMPARE(figures[0].report->maxWavefronts, expected.maxWavefronts);
    QCOMPARE(figures[0].report->idealWavefronts, expected.idealWavefronts);
    QCOMPARE(figures[0].report->totalWavefronts, expected.totalWavefronts);
    QVERIFY(figures[0].report->isConflictFree());

    // wgmma m64n64k16 over K = 32: one warp group, one tile, two K steps. B is N-contiguous:
    // each instruction reads 16 K-rows x 128 bytes = 16 core matrices, one wavefront each
    // under the 128-byte swizzle.
    const SharedAccessFigure &read = figures[1];
    QVERIFY2(read.report, qPrintable(read.problem));
    QCOMPARE(read.instruction, QStringLiteral("wgmma.m64n64k16 B (N-major, 128B swizzle)"));
    QCOMPARE(read.countedPer, QStringLiteral("8x16 B core matrix"));
    QCOMPARE(read.collisionUnit, QStringLiteral("rows"));
    QCOMPARE(read.elementBits, 16);
    QCOMPARE(read.coreMatricesPerInstruction, 16);
    QCOMPARE(read.report->instructions.size(), size_t(2));
    QCOMPARE(read.report->idealWavefronts, 16);
    QCOMPARE(read.report->maxWavefronts, 16);
    QCOMPARE(read.report->totalWavefronts, int64_t(32));
    QVERIFY(read.model.startsWith(QLatin1String("a model:")));
    // A (64-byte swizzle, K-major): 64 rows x 32 bytes = 16 core matrices per instruction.
    std::vector<SharedAccessFigure> aFigures =
        sharedAccessFigures(sharedAccesses(kHopperMatmul, QStringLiteral("#shared")),
                            sharedMemoryTarget(QStringLiteral("cuda:90")));
    QCOMPARE(aFigures.size(), size_t(2));
    QVERIFY2(aFigures[1].report, qPrintable(aFigures[1].problem));
    QCOMPARE(aFigures[1].instruction, QStringLiteral("wgmma.m64n64k16 A (K-major, 64B swizzle)"));
    QCOMPARE(aFigures[1].report->idealWavefronts, 16);
    QVERIFY(aFigures[1].report->isConflictFree());
  }

  void wgmmaReadsOfUnswizzledOrRegisterOperands() {
    std::vector<SharedAccess> accesses = sharedAccesses(kHopperMatmul, QStringLiteral("#shared1"));
    // wgmma's descriptors need a swizzled buffer: the lowering's refusal is the row's problem.
    SharedAccess read = accesses[1];
    read.shared.attribute = QStringLiteral(
        "#ttg.nvmma_shared<{swizzlingByteWidth = 0, transposed = false, elementBitWidth = 16}>");
    std::vector<SharedAccessFigure> figures =
        sharedAccessFigures({read}, sharedMemoryTarget(QStringLiteral("cuda:90")));
    QVERIFY(!figures[0].report);
    QVERIFY2(figures[0].problem.startsWith(
                 QLatin1String("the lowering cannot read this operand with wgmma: wgmma operands "
                               "need a swizzled")),
             qPrintable(figures[0].problem));
    // A held in registers (a v3 dot operand): only B is read from shared memory, and the plan
    // takes A's register layout.
    read = accesses[1];
    read.otherOperand.attribute =
        QStringLiteral("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 3, "
                       "versionMinor = 0, warpsPerCTA = [4, 1], "
                       "instrShape = [16, 64, 16]}>, kWidth = 2}>");
    read.otherOperand.isMemDesc = false;
    read.otherOperand.shape = {64, 32};
    figures = sharedAccessFigures({read}, sharedMemoryTarget(QStringLiteral("cuda:90")));
    QVERIFY2(figures[0].report, qPrintable(figures[0].problem));
    QCOMPARE(figures[0].report->totalWavefronts, int64_t(32));
    // A swizzled_shared B is not something wgmma reads.
    read = accesses[1];
    read.shared.attribute = QStringLiteral(
        "#ttg.swizzled_shared<{vec = 8, perPhase = 1, maxPhase = 8, order = [1, 0]}>");
    figures = sharedAccessFigures({read}, sharedMemoryTarget(QStringLiteral("cuda:90")));
    QVERIFY(!figures[0].report);
    QVERIFY2(figures[0].problem.contains(QLatin1String("nvmma_shared")),
             qPrintable(figures[0].problem));
  }

  void coreMatrixWavefronts() {
    // 8 rows of 8 f16 (16 bytes) each; rows `stride` bytes apart.
    auto rowsAt = [](int64_t stride, std::vector<int64_t> &addresses, std::vector<int> &rows) {
      for (int row = 0; row < 8; ++row)
        for (int element = 0; element < 8; ++element) {
          addresses.push_back(row * stride + 2 * element);
          rows.push_back(row);
        }
    };
    std::vector<lv::BankCollision> collisions;
    std::vector<int64_t> addresses;
    std::vector<int> rows;
    // Packed rows cover the 32 banks once.
    rowsAt(16, addresses, rows);
    QCOMPARE(trex::explorer::coreMatrixWavefronts(addresses, rows, 2, collisions), 1);
    QVERIFY(collisions.empty());
    // Rows 128 bytes apart, unswizzled: every row in banks 0-3.
    addresses.clear();
    rows.clear();
    rowsAt(128, addresses, rows);
    QCOMPARE(trex::explorer::coreMatrixWavefronts(addresses, rows, 2, collisions), 8);
    QCOMPARE(collisions.size(), size_t(4));
    QCOMPARE(collisions[0].bank, 0);
    QCOMPARE(collisions[0].lanes, std::vector<int>({0, 1, 2, 3, 4, 5, 6, 7}));
    QCOMPARE(collisions[0].words, std::vector<int64_t>({0, 32, 64, 96, 128, 160, 192, 224}));
    // 64 bytes apart: even rows in banks 0-3, odd rows in 16-19.
    addresses.clear();
    rows.clear();
    rowsAt(64, addresses, rows);
    QCOMPARE(trex::explorer::coreMatrixWavefronts(addresses, rows, 2, collisions), 4);
    QCOMPARE(collisions.size(), size_t(8));
    QCOMPARE(collisions[4].bank, 16);
    QCOMPARE(collisions[4].lanes, std::vector<int>({1, 3, 5, 7}));
  }

  void asyncCopyWidths() {
    // cp.async takes the plan's contiguous registers, at most `contiguity`, 4 to 16 bytes.
    const QString base =
        QStringLiteral("%c = ttg.async_copy_global_to_local %p, %view {contiguity = %1 : i32} : "
                       "tensor<64x32x!tt.ptr<f16>, #ttg.blocked<{sizePerThread = [1, 8], "
                       "threadsPerWarp = [8, 4], warpsPerCTA = [4, 1], "
                       "order = [1, 0]}>> -> <64x32xf16, #ttg.swizzled_shared<{vec = 8, perPhase = "
                       "2, maxPhase = 4, order = [1, 0]}>, #smem, mutable>");
    const SharedMemoryTarget ampere = sharedMemoryTarget(QStringLiteral("cuda:80"));
    QVERIFY(ampere.hasAsyncCopy);
    struct Case {
      int contiguity;
      int width;
      const char *instruction;
    };
    for (const Case &expected :
         {Case{8, 8, "cp.async.cg 16 B/lane"}, Case{4, 4, "cp.async.ca 8 B/lane"},
          Case{2, 2, "cp.async.ca 4 B/lane"}}) {
      std::vector<SharedAccess> accesses = sharedAccessesOn(base.arg(expected.contiguity), 1, {});
      QCOMPARE(accesses.size(), size_t(1));
      QCOMPARE(accesses[0].contiguity, expected.contiguity);
      std::vector<SharedAccessFigure> figures = sharedAccessFigures(accesses, ampere);
      QVERIFY2(figures[0].report, qPrintable(figures[0].problem));
      QCOMPARE(figures[0].vectorWidth, expected.width);
      QCOMPARE(figures[0].instruction, QString::fromLatin1(expected.instruction));
      lv::BankConflictReport report = lv::analyzeBankConflicts(
          linearOf("#ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [8, 4], warpsPerCTA = "
                   "[4, 1], order = [1, 0]}>",
                   {64, 32}),
          linearOf("#ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>",
                   {64, 32}),
          {16, static_cast<unsigned>(expected.width)});
      QCOMPARE(figures[0].report->totalWavefronts, report.totalWavefronts);
      QCOMPARE(figures[0].report->maxWavefronts, report.maxWavefronts);
    }
    // One f16 per copy is below cp.async's 4 bytes; before sm_80 there is no cp.async at all.
    std::vector<SharedAccess> narrow = sharedAccessesOn(base.arg(1), 1, {});
    std::vector<SharedAccessFigure> figures = sharedAccessFigures(narrow, ampere);
    QVERIFY(!figures[0].report);
    QCOMPARE(figures[0].problem,
             QStringLiteral("cp.async moves 4 to 16 bytes; this copy's vectors have 2"));
    figures = sharedAccessFigures(sharedAccessesOn(base.arg(8), 1, {}),
                                  sharedMemoryTarget(QStringLiteral("cuda:75")));
    QVERIFY(!figures[0].report);
    QVERIFY(figures[0].problem.contains(QLatin1String("cp.async needs sm_80")));
  }

  void buffersAreFollowedThroughViews() {
    // From the allocation, a view, or the second view: the same two accesses.
    for (const QString &value : {QStringLiteral("%all"), QStringLiteral("%view"), QStringLiteral("%again")}) {
      std::vector<SharedAccess> accesses = sharedAccessesOfBuffer(kBufferedTtgir, value);
      QCOMPARE(accesses.size(), size_t(2));
      QCOMPARE(accesses[0].operation, QStringLiteral("ttg.local_store"));
      QCOMPARE(accesses[0].line, 8);
      QCOMPARE(accesses[1].operation, QStringLiteral("ttg.local_load"));
      QVERIFY(!accesses[1].isStore);
      QCOMPARE(accesses[1].shared.shape, std::vector<int64_t>({64, 32}));
    }
    // The other buffer has only its own store; by layout, all three accesses count.
    QCOMPARE(sharedAccessesOfBuffer(kBufferedTtgir, QStringLiteral("%other")).size(), size_t(1));
    QCOMPARE(sharedAccesses(kBufferedTtgir, QStringLiteral("#shared")).size(), size_t(3));
  }

  void conflictsListTheCollidingLanes() {
    // Columns of 8 registers along dim 0 into row-major unswizzled rows of 64 bytes: no
    // vector, and the 8 lanes of a column-group land 64 bytes apart.
    std::vector<SharedAccess> accesses = sharedAccessesOfBuffer(kBufferedTtgir, QStringLiteral("%all"));
    BankConflictModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFigures(sharedAccessFigures(accesses, sharedMemoryTarget(moduleTarget(kBufferedTtgir))));
    QCOMPARE(model.rowCount(), 2);
    const SharedAccessFigure &store = model.figures()[0];
    QCOMPARE(store.vectorWidth, 1);
    QCOMPARE(store.instruction, QStringLiteral("st.shared 2 B/lane"));
    lv::BankConflictReport expected = lv::analyzeBankConflicts(
        linearOf("#ttg.blocked<{sizePerThread = [8, 1], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [0, 1]}>",
                 {64, 32}),
        linearOf("#ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [1, 0]}>", {64, 32}), {16, 1});
    QCOMPARE(store.report->maxWavefronts, expected.maxWavefronts);
    QCOMPARE(store.report->totalWavefronts, expected.totalWavefronts);
    QVERIFY(!expected.isConflictFree());
    // The worst instruction's collisions, as layoutviz lists them.
    const lv::InstructionWavefronts *worst = nullptr;
    for (const lv::InstructionWavefronts &instruction : expected.instructions)
      if (!worst && instruction.wavefronts == expected.maxWavefronts)
        worst = &instruction;
    QVERIFY(worst && !worst->collisions.empty());
    const lv::BankCollision &first = worst->collisions.front();
    QStringList lanes;
    for (int lane : first.lanes)
      lanes << QString::number(lane);
    QString colliding = model.data(model.index(0, BankConflictModel::CollidingColumn)).toString();
    QVERIFY2(colliding.startsWith(QStringLiteral("bank %1: lanes %2 (%3 words)")
                                      .arg(first.bank)
                                      .arg(lanes.join(QStringLiteral(", ")))
                                      .arg(first.words.size())),
             qPrintable(colliding));
    QCOMPARE(model.data(model.index(0, BankConflictModel::WorstColumn)).toInt(), expected.maxWavefronts);
    QCOMPARE(model.data(model.index(0, BankConflictModel::IdealColumn)).toInt(), expected.idealWavefronts);
    QVERIFY(model.details(0).contains(QStringLiteral("bank %1: lanes").arg(first.bank)));
    // AMD has no ldmatrix: the load is a plain one.
    QCOMPARE(model.figures()[1].instruction, QStringLiteral("ld.shared 2 B/lane"));
    QCOMPARE(model.data(model.index(0, BankConflictModel::CountedPerColumn)).toString(),
             QStringLiteral("warp instruction"));
    QVERIFY(model.details(0).contains(QLatin1String("model: each warp-wide instruction")));
  }

  void tmaCopiesHaveNoBankConflicts() {
    SharedAccess copy;
    copy.line = 6;
    copy.operation = QStringLiteral("ttng.async_tma_copy_global_to_local");
    copy.kind = SharedAccessKind::TMACopy;
    copy.isStore = true;
    copy.registers.name = QStringLiteral("#shared");
    copy.shared.name = QStringLiteral("#shared");
    copy.shared.shape = {64, 64};
    copy.shared.elementType = QStringLiteral("f16");
    copy.shared.elementBits = 16;
    std::vector<SharedAccessFigure> figures =
        sharedAccessFigures({copy}, sharedMemoryTarget(QStringLiteral("cuda:90")));
    QCOMPARE(figures.size(), size_t(1));
    QVERIFY(!figures[0].report);
    QCOMPARE(figures[0].instruction, QStringLiteral("cp.async.bulk.tensor (TMA)"));
    QCOMPARE(figures[0].elementBits, 16);
    BankConflictModel model;
    QAbstractItemModelTester tester(&model, QAbstractItemModelTester::FailureReportingMode::QtTest);
    model.setFigures(figures);
    QCOMPARE(model.index(0, BankConflictModel::OperationColumn).data().toString(),
             QStringLiteral("ttng.async_tma_copy_global_to_local (TMA write from global)"));
    QVERIFY(model.index(0, BankConflictModel::WorstColumn)
                .data()
                .toString()
                .contains(QLatin1String("no bank conflicts")));
    QVERIFY(model.details(0).contains(QLatin1String("the descriptor's block #shared")));
  }

  void unplannableAccessesSayWhy() {
    SharedAccess access;
    access.operation = QStringLiteral("ttg.local_store");
    access.isStore = true;
    access.registers.attribute = QStringLiteral("#ttg.blocked<{sizePerThread = [1], threadsPerWarp = [32], warpsPerCTA = [4], order = [0]}>");
    access.registers.shape = {256};
    access.registers.elementType = QStringLiteral("f32");
    access.registers.elementBits = 32;
    access.shared.attribute = QStringLiteral("#ttg.bogus<{}>");
    access.shared.shape = {256};
    std::vector<SharedAccessFigure> figures = sharedAccessFigures({access}, {});
    QVERIFY(!figures[0].report);
    QVERIFY2(figures[0].problem.startsWith(QLatin1String("layout not understood")), qPrintable(figures[0].problem));
  }
};

QTEST_GUILESS_MAIN(SharedAccessFiguresTest)
#include "SharedAccessFiguresTest.moc"
