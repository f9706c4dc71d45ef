// explorer-pass-stepping-bench: how long the pass timeline takes to show the next pass (the IR
// after it, highlighted, and its diff against the IR before) for the tensor-core matmul sample
// on cuda:80, stepping through every pass as a user holding the down-arrow key would. Prints
// the figures; not a test (times depend on the machine).
#include "CompileWorker.h"
#include "MainWindow.h"
#include "PassTimelineView.h"

#include <QApplication>
#include <QElapsedTimer>
#include <QTabWidget>
#include <QTableView>

#include <algorithm>
#include <cstdio>
#include <vector>

using namespace trex::explorer;

namespace {

struct Figures {
  double median = 0, p90 = 0, max = 0;
};

Figures summarize(std::vector<double> milliseconds) {
  Figures figures;
  if (milliseconds.empty())
    return figures;
  std::sort(milliseconds.begin(), milliseconds.end());
  figures.median = milliseconds[milliseconds.size() / 2];
  figures.p90 = milliseconds[std::min(milliseconds.size() - 1, milliseconds.size() * 9 / 10)];
  figures.max = milliseconds.back();
  return figures;
}

const char *pipelineName(Pipeline pipeline) {
  switch (pipeline) {
  case Pipeline::TTIR:
    return "ttir";
  case Pipeline::TTGIR:
    return "ttgir";
  case Pipeline::LLVMLowering:
    return "LLVM lowering";
  case Pipeline::LLVMOptimizer:
    return "LLVM optimizer";
  case Pipeline::Backend:
    return "back end";
  }
  return "?";
}

struct Step {
  int row = 0;
  double milliseconds = 0;
};

// Selects every row of the timeline in turn; per step, the time from the selection to the
// shown tab being painted.
std::vector<Step> stepThroughPasses(MainWindow &window, QTableView *table, QWidget *shownTab) {
  std::vector<Step> steps;
  PassTimelineModel *passes = window.passModel();
  for (int row = 0; row < passes->rowCount(); ++row) {
    QModelIndex index = window.passView()->filter()->mapFromSource(passes->index(row, 0));
    if (!index.isValid())
      continue;
    QElapsedTimer timer;
    timer.start();
    table->setCurrentIndex(index);
    QApplication::processEvents();
    shownTab->repaint();
    steps.push_back({row, static_cast<double>(timer.nsecsElapsed()) / 1e6});
  }
  return steps;
}

} // namespace

int main(int argc, char **argv) {
  // Its compiles run in a child process: this executable with --compile-worker.
  if (isCompileWorkerInvocation(argc, argv))
    return runCompileWorker();
  if (qEnvironmentVariableIsEmpty("QT_QPA_PLATFORM"))
    qputenv("QT_QPA_PLATFORM", "offscreen");
  QApplication app(argc, argv);
  QApplication::setOrganizationName(QStringLiteral("trex-bench"));
  QApplication::setApplicationName(QStringLiteral("explorer-pass-stepping-bench"));

  MainWindow window;
  window.resize(1600, 1000);
  window.show();
  window.setTarget(QStringLiteral("cuda:80"));
  if (!window.openPath(QStringLiteral(TREX_SAMPLES_DIR "/matmul.py"), QStringLiteral("matmul_kernel"),
                       QStringLiteral("*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, i32:16, 1, i32:16, 1, "
                                      "i32:16, 1, 64, 64, 32, 8")) ||
      !window.compileAndWait()) {
    std::fprintf(stderr, "explorer-pass-stepping-bench: the matmul sample did not compile\n");
    return 1;
  }
  PassTimelineView *timeline = window.passView();
  timeline->filter()->setHideUnchanged(false);
  timeline->show();
  auto *tabs = timeline->findChild<QTabWidget *>();
  QTableView *table = timeline->table();
  size_t largestIR = 0;
  for (const PassRecord &pass : window.passModel()->allPasses())
    largestIR = std::max(largestIR, pass.ir.size());
  std::printf("matmul sample, cuda:80 (tensor cores): %d passes, largest IR %zu bytes, ttgir has %s\n",
              window.passModel()->rowCount(), largestIR,
              window.stageModel()->text("ttgir").contains(QLatin1String("ttg.local_load")) ? "local_load (mma.sync operands)"
                                                                                          : "no local_load");
  for (int tab = 0; tab < tabs->count(); ++tab) {
    tabs->setCurrentIndex(tab);
    // The first round warms caches (fonts, highlighter rules); the second is the figure.
    stepThroughPasses(window, table, tabs->currentWidget());
    table->setCurrentIndex({});
    std::vector<Step> steps = stepThroughPasses(window, table, tabs->currentWidget());
    std::printf("\n%s tab shown:\n", qPrintable(tabs->tabText(tab)));
    for (Pipeline pipeline : {Pipeline::TTIR, Pipeline::TTGIR, Pipeline::LLVMLowering,
                              Pipeline::LLVMOptimizer, Pipeline::Backend}) {
      std::vector<double> milliseconds;
      size_t largest = 0;
      for (const Step &step : steps) {
        const PassRecord &pass = window.passModel()->pass(step.row);
        if (pass.pipeline != pipeline)
          continue;
        milliseconds.push_back(step.milliseconds);
        largest = std::max(largest, pass.ir.size());
      }
      if (milliseconds.empty())
        continue;
      Figures figures = summarize(milliseconds);
      std::printf("  %-15s %3zu steps (IR up to %4zu KB): median %6.2f ms, p90 %6.2f ms, max %6.2f ms\n",
                  pipelineName(pipeline), milliseconds.size(), largest / 1024, figures.median, figures.p90,
                  figures.max);
    }
  }
  return 0;
}
