// LayoutReferences: what a click in ttgir refers to, on a small matmul-like fixture.
#include "IrFixtures.h"
#include "LayoutReferences.h"

#include <QtTest>

using namespace trex::explorer;

namespace {
const QString kSmallTtgir = QString::fromLatin1(fixtures::kSmallTtgir);
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
};

QTEST_GUILESS_MAIN(LayoutReferencesTest)
#include "LayoutReferencesTest.moc"
