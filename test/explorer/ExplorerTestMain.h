// TREX_EXPLORER_TEST_MAIN: QTEST_MAIN for the window tests. The window compiles in a child
// process started from this same executable with `--compile-worker` (CompileWorker.h), so the
// test's main() serves as that worker when asked, before any application object exists.
#pragma once

#include "CompileWorker.h"

#include <QApplication>
#include <QtTest>

#define TREX_EXPLORER_TEST_MAIN(TestObject)                                                        \
  int main(int argc, char *argv[]) {                                                               \
    if (trex::explorer::isCompileWorkerInvocation(argc, argv))                                     \
      return trex::explorer::runCompileWorker();                                                   \
    QApplication app(argc, argv);                                                                  \
    TestObject test;                                                                               \
    return QTest::qExec(&test, argc, argv);                                                        \
  }
