// LayoutReferences: what a click in ttgir refers to, on a small matmul-like fixture.
#include "LayoutReferences.h"
#include "IrFixtures.h"
#include "MultiBuffering.h"

#include <QtTest>

using namespace trex::explorer;

namespace {
const QString kSmallTtgir = QString::fromLatin1(fixtures::kSmallTtgir);

// The software pipeliner's shape of a matmul loop (trimmed from trex's sm_90 ttgir): 3-buffer
// allocations, memdesc_index views by constant and by loop index, cp.async into them, wgmma
// reading them; plus a 2-buffer swizzled allocation whose layout states its rank.
const QString kPipelinedTtgir = QStringLiteral(
    R"(#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = [4, 1], order = [1, 0]}>
#mma = #ttg.nvidia_mma<{versionMajor = 3, versionMinor = 0, warpsPerCTA = [4, 1], instrShape = [16, 64, 16]}>
#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 64, transposed = false, elementBitWidth = 16}>
#shared1 = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#shared2 = #ttg.swizzled_shared<{vec = 8, perPhase = 2, maxPhase = 4, order = [1, 0]}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func @k(%ptrs: tensor<64x32x!tt.ptr<f16>, #blocked>, %acc: tensor<64x64xf32, #mma>, %i: i32) {
    %c1_i32 = arith.constant 1 : i32
    %a = ttg.local_alloc : () -> !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable>
    %b = ttg.local_alloc : () -> !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable>
    %a1 = ttg.memdesc_index %a[%c1_i32] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %copy = ttg.async_copy_global_to_local %ptrs, %a1 mask %m other %z {contiguity = 8 : i32} : tensor<64x32x!tt.ptr<f16>, #blocked> -> <64x32xf16, #shared, #smem, mutable>
    %ai = ttg.memdesc_index %a[%i] : !ttg.memdesc<3x64x32xf16, #shared, #smem, mutable> -> !ttg.memdesc<64x32xf16, #shared, #smem, mutable>
    %bi = ttg.memdesc_index %b[%i] : !ttg.memdesc<3x32x64xf16, #shared1, #smem, mutable> -> !ttg.memdesc<32x64xf16, #shared1, #smem, mutable>
    %d = ttng.warp_group_dot %ai, %bi, %acc {inputPrecision = 0 : i32, isAsync = true} : !ttg.memdesc<64x32xf16, #shared, #smem, mutable> * !ttg.memdesc<32x64xf16, #shared1, #smem, mutable> -> tensor<64x64xf32, #mma>
    %s = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared2, #smem, mutable>
    %batched = ttg.local_alloc : () -> !ttg.memdesc<2x64x32xf16, #shared1, #smem, mutable>
    tt.return
  }
}
)");
} // namespace

class LayoutReferencesTest : public QObject {
  Q_OBJECT
private Q_SLOTS:
  void aliasesAreTheLayoutDefinitions() {
    QMap<QString, QString> aliases = layoutAliases(kSmallTtgir);
    QCOMPARE(aliases.size(), 4);
    QVERIFY(aliases.value("#blocked").startsWith(QLatin1String("#ttg.blocked<{sizePerThread = [1, 8]")));
    QCOMPARE(expandLayoutAliases(QStringLiteral("#ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>"), aliases),
             QStringLiteral("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma<{versionMajor = 2, versionMinor = 0, "
                            "warpsPerCTA = [2, 2], instrShape = [16, 8]}>, kWidth = 2}>"));
  }

  void typesOfALine() {
    QMap<QString, QString> aliases = layoutAliases(kSmallTtgir);
    std::vector<LayoutSelection> types =
        tensorTypesIn(QStringLiteral("%a = tt.load %ptrs : tensor<128x64x!tt.ptr<f16>, #blocked>"), aliases);
    QCOMPARE(types.size(), size_t(1));
    QCOMPARE(types[0].shape, std::vector<int64_t>({128, 64}));
    QCOMPARE(types[0].elementType, QStringLiteral("!tt.ptr<f16>"));
    QCOMPARE(types[0].elementBits, 64);
    QCOMPARE(elementBitWidth(QStringLiteral("f16")), 16);
    QCOMPARE(elementBitWidth(QStringLiteral("bf16")), 16);
    QCOMPARE(elementBitWidth(QStringLiteral("i1")), 8);
  }

  void clickOnAnAlias() {
    // Line 9 is the local_alloc; column of "#shared" in it.
    const QString line = kSmallTtgir.split('\n')[8];
    LayoutSelection selection = layoutAt(kSmallTtgir, 9, line.indexOf(QLatin1String("#shared")) + 3);
    QCOMPARE(selection.name, QStringLiteral("#shared"));
    QVERIFY(selection.attribute.startsWith(QLatin1String("#ttg.swizzled_shared")));
    QCOMPARE(selection.shape, std::vector<int64_t>({128, 64}));
    QVERIFY(selection.isMemDesc);
  }

  void clickOnAValue() {
    const QString line = kSmallTtgir.split('\n')[9];
    LayoutSelection selection = layoutAt(kSmallTtgir, 10, line.indexOf(QLatin1String("%op")) + 1);
    QCOMPARE(selection.valueName, QStringLiteral("%op"));
    QVERIFY(selection.attribute.startsWith(QLatin1String("#ttg.dot_op<{opIdx = 0, parent = #ttg.nvidia_mma")));
    QCOMPARE(selection.elementBits, 16);
    // A use of %cst finds its definition's type.
    LayoutSelection accumulator = layoutOfValue(kSmallTtgir, QStringLiteral("%cst"));
    QCOMPARE(accumulator.name, QStringLiteral("#mma"));
    QCOMPARE(accumulator.line, 7);
    QCOMPARE(accumulator.shape, std::vector<int64_t>({128, 128}));
    // A function argument without a tensor type has no layout.
    QVERIFY(!layoutOfValue(kSmallTtgir, QStringLiteral("%n")).isValid());
  }

  void clickOnTheAliasDefinitionLine() {
    LayoutSelection selection = layoutAt(kSmallTtgir, 1, 0);
    QCOMPARE(selection.name, QStringLiteral("#blocked"));
    QCOMPARE(selection.shape, std::vector<int64_t>({128, 64}));
  }

  void sharedLayoutAccesses() {
    std::vector<SharedAccess> accesses = sharedAccesses(kSmallTtgir, QStringLiteral("#shared"));
    QCOMPARE(accesses.size(), size_t(2));
    QCOMPARE(accesses[0].operation, QStringLiteral("ttg.local_alloc"));
    QCOMPARE(accesses[0].registers.name, QStringLiteral("#blocked"));
    QCOMPARE(accesses[1].operation, QStringLiteral("ttg.local_load"));
    QCOMPARE(accesses[1].line, 10);
    QVERIFY(accesses[1].registers.attribute.startsWith(QLatin1String("#ttg.dot_op")));
  }

  void asyncCopiesPrintTheirMemdescBare() {
    const QString line = kPipelinedTtgir.split('\n')[12];
    std::vector<LayoutSelection> types = tensorTypesIn(line, layoutAliases(kPipelinedTtgir));
    QCOMPARE(types.size(), size_t(2));
    QVERIFY(!types[0].isMemDesc);
    QVERIFY(types[1].isMemDesc);
    QCOMPARE(types[1].name, QStringLiteral("#shared"));
    QCOMPARE(types[1].shape, std::vector<int64_t>({64, 32}));
    QCOMPARE(types[1].elementType, QStringLiteral("f16"));
    // The access writes f16 elements (not the source's pointers) into the view %a1.
    std::vector<SharedAccess> accesses = sharedAccessesOn(line, 13, layoutAliases(kPipelinedTtgir));
    QCOMPARE(accesses.size(), size_t(1));
    QCOMPARE(accesses[0].kind, SharedAccessKind::AsyncCopy);
    QVERIFY(accesses[0].isStore);
    QCOMPARE(accesses[0].bufferValue, QStringLiteral("%a1"));
    QCOMPARE(accesses[0].contiguity, 8);
    QCOMPARE(accesses[0].registers.name, QStringLiteral("#blocked"));
    QCOMPARE(accesses[0].registers.elementType, QStringLiteral("f16"));
    QCOMPARE(accesses[0].registers.elementBits, 16);
  }

  void warpGroupDotsReadBothOperands() {
    const QString line = kPipelinedTtgir.split('\n')[15];
    std::vector<SharedAccess> accesses = sharedAccessesOn(line, 16, layoutAliases(kPipelinedTtgir));
    QCOMPARE(accesses.size(), size_t(2));
    for (int operand = 0; operand < 2; ++operand) {
      QCOMPARE(accesses[operand].kind, SharedAccessKind::WarpGroupDotOperand);
      QCOMPARE(accesses[operand].operandIndex, operand);
      QVERIFY(!accesses[operand].isStore);
      QCOMPARE(accesses[operand].registers.name, QStringLiteral("#mma"));
    }
    QCOMPARE(accesses[0].bufferValue, QStringLiteral("%ai"));
    QCOMPARE(accesses[0].shared.name, QStringLiteral("#shared"));
    QCOMPARE(accesses[0].otherOperand.name, QStringLiteral("#shared1"));
    QCOMPARE(accesses[1].bufferValue, QStringLiteral("%bi"));
    QCOMPARE(accesses[1].shared.shape, std::vector<int64_t>({32, 64}));
    // Through views: A's allocation has the copy and the read; B's only the read.
    std::vector<SharedAccess> ofA = sharedAccessesOfBuffer(kPipelinedTtgir, QStringLiteral("%a"));
    QCOMPARE(ofA.size(), size_t(2));
    QCOMPARE(ofA[0].kind, SharedAccessKind::AsyncCopy);
    QCOMPARE(ofA[1].operandIndex, 0);
    std::vector<SharedAccess> ofB = sharedAccessesOfBuffer(kPipelinedTtgir, QStringLiteral("%bi"));
    QCOMPARE(ofB.size(), size_t(1));
    QCOMPARE(ofB[0].operandIndex, 1);
    // A register A operand is not a shared-memory access.
    QString registerA = line;
    registerA.replace(
        QStringLiteral("!ttg.memdesc<64x32xf16, #shared, #smem, mutable> *"),
        QStringLiteral("tensor<64x32xf16, #ttg.dot_op<{opIdx = 0, parent = #mma, kWidth = 2}>> *"));
    accesses = sharedAccessesOn(registerA, 16, layoutAliases(kPipelinedTtgir));
    QCOMPARE(accesses.size(), size_t(1));
    QCOMPARE(accesses[0].operandIndex, 1);
    QVERIFY(!accesses[0].otherOperand.isMemDesc);
  }

  void tmaCopiesOfHostDescriptors() {
    // copy_tiles of test/frontend/host-descriptors.py: a TMA load into %tile (its barrier
    // %bar), the registers stored back into %out, a TMA store from it.
    const QString ir = QStringLiteral(
        "#blocked = #ttg.blocked<{sizePerThread = [1, 8], threadsPerWarp = [4, 8], warpsPerCTA = "
        "[4, 1], order = [1, 0]}>\n"
        "#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, "
        "elementBitWidth = 16}>\n"
        "#shared1 = #ttg.swizzled_shared<{vec = 1, perPhase = 1, maxPhase = 1, order = [0]}>\n"
        "#smem = #ttg.shared_memory\n"
        "    %tile = ttg.local_alloc : () -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
        "    ttng.async_tma_copy_global_to_local %src[%row, %col] %tile, %bar, %true : "
        "!tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<1xi64, #shared1, #smem, mutable> "
        "-> !ttg.memdesc<64x64xf16, #shared, #smem, mutable>\n"
        "    %v = ttg.local_load %tile : !ttg.memdesc<64x64xf16, #shared, #smem, mutable> -> "
        "tensor<64x64xf16, #blocked>\n"
        "    %out = ttg.local_alloc %v : (tensor<64x64xf16, #blocked>) -> !ttg.memdesc<64x64xf16, "
        "#shared, #smem>\n"
        "    ttng.async_tma_copy_local_to_global %dst[%row, %col] %out : "
        "!tt.tensordesc<tensor<64x64xf16, #shared>>, !ttg.memdesc<64x64xf16, #shared, #smem>\n");
    std::vector<SharedAccess> ofTile = sharedAccessesOfBuffer(ir, QStringLiteral("%tile"));
    QCOMPARE(ofTile.size(), size_t(2));
    QCOMPARE(ofTile[0].kind, SharedAccessKind::TMACopy);
    QVERIFY(ofTile[0].isStore);
    QCOMPARE(ofTile[0].line, 6);
    QCOMPARE(ofTile[0].shared.name, QStringLiteral("#shared"));
    QCOMPARE(ofTile[0].shared.shape, std::vector<int64_t>({64, 64}));
    QCOMPARE(ofTile[1].kind, SharedAccessKind::Load);
    std::vector<SharedAccess> ofOut = sharedAccessesOfBuffer(ir, QStringLiteral("%out"));
    QCOMPARE(ofOut.size(), size_t(2));
    QCOMPARE(ofOut[0].kind, SharedAccessKind::Store);
    QCOMPARE(ofOut[1].kind, SharedAccessKind::TMACopy);
    QVERIFY(!ofOut[1].isStore);
    QCOMPARE(ofOut[1].bufferValue, QStringLiteral("%out"));
    // The barrier is no TMA buffer.
    QVERIFY(sharedAccessesOfBuffer(ir, QStringLiteral("%bar")).empty());
  }

  void multiBufferedAllocationsDrawOneBuffer() {
    // nvmma_shared states no rank: the memdesc_index views of %a say its first dim counts buffers.
    LayoutSelection a = layoutOfValue(kPipelinedTtgir, QStringLiteral("%a"));
    QCOMPARE(a.shape, std::vector<int64_t>({64, 32}));
    QCOMPARE(a.bufferCount, int64_t(3));
    QVERIFY(a.bufferIndex.isEmpty());
    QCOMPARE(bufferDescription(a), QStringLiteral("3 buffers, one drawn"));
    // The alias, clicked: the first type written with it is the allocation's.
    const QString allocLine = kPipelinedTtgir.split('\n')[10];
    LayoutSelection alias =
        layoutAt(kPipelinedTtgir, 11, allocLine.indexOf(QLatin1String("#shared1")) + 2);
    QCOMPARE(alias.name, QStringLiteral("#shared1"));
    QCOMPARE(alias.shape, std::vector<int64_t>({32, 64}));
    QCOMPARE(alias.bufferCount, int64_t(3));
    // Views: a constant index is named by its value, a loop index by its name.
    LayoutSelection byConstant = layoutOfValue(kPipelinedTtgir, QStringLiteral("%a1"));
    QCOMPARE(byConstant.shape, std::vector<int64_t>({64, 32}));
    QCOMPARE(bufferDescription(byConstant), QStringLiteral("buffer 1 of 3"));
    QCOMPARE(bufferDescription(layoutOfValue(kPipelinedTtgir, QStringLiteral("%bi"))),
             QStringLiteral("buffer %i of 3"));
    // swizzled_shared states its rank (order): 2 buffers of 64x32 without any view.
    LayoutSelection swizzled = layoutOfValue(kPipelinedTtgir, QStringLiteral("%s"));
    QCOMPARE(swizzled.shape, std::vector<int64_t>({64, 32}));
    QCOMPARE(swizzled.bufferCount, int64_t(2));
    QCOMPARE(bufferDims(kPipelinedTtgir, swizzled), 0);
    // An nvmma_shared memdesc of rank 3 that no view indexes is a 3-d tile, left as it is.
    LayoutSelection batched = layoutOfValue(kPipelinedTtgir, QStringLiteral("%batched"));
    QCOMPARE(batched.shape, std::vector<int64_t>({2, 64, 32}));
    QCOMPARE(batched.bufferCount, int64_t(0));
    QVERIFY(bufferDescription(batched).isEmpty());
    // Register tensors are never buffers.
    LayoutSelection accumulator = layoutOfValue(kPipelinedTtgir, QStringLiteral("%d"));
    QCOMPARE(accumulator.shape, std::vector<int64_t>({64, 64}));
    QCOMPARE(accumulator.bufferCount, int64_t(0));
  }
};

QTEST_GUILESS_MAIN(LayoutReferencesTest)
#include "LayoutReferencesTest.moc"
