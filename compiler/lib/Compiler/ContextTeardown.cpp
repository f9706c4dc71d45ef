// ContextTeardown: one background thread frees finished compiles' contexts in order.
#include "ContextTeardown.h"

#include <condition_variable>
#include <deque>
#include <mutex>
#include <thread>

namespace trex::driver {

namespace {

struct Finished {
  mlir::OwningOpRef<mlir::ModuleOp> module;
  std::unique_ptr<mlir::MLIRContext> context;
};

class TeardownThread {
public:
  // At most this many wait; a compile that finds the queue full frees its own (compiles
  // faster than the thread frees cannot pile up memory).
  static constexpr size_t kMaxWaiting = 2;

  static TeardownThread &instance() {
    // Constructed by the first compile that ends, after the MLIR and LLVM statics the
    // teardown uses, so destroyed (draining the queue first) before them.
    static TeardownThread thread;
    return thread;
  }

  void add(Finished finished) {
    {
      std::lock_guard<std::mutex> lock(mutex);
      if (waiting.size() + busy < kMaxWaiting && !stopping) {
        waiting.push_back(std::move(finished));
        wake.notify_all();
        return;
      }
    }
    free(std::move(finished));
  }

  void drain() {
    std::unique_lock<std::mutex> lock(mutex);
    idle.wait(lock, [&] { return waiting.empty() && busy == 0; });
  }

  ~TeardownThread() {
    {
      std::lock_guard<std::mutex> lock(mutex);
      stopping = true;
      wake.notify_all();
    }
    worker.join();
  }

private:
  TeardownThread() : worker([this] { run(); }) {}

  static void free(Finished finished) {
    finished.module = nullptr;
    finished.context.reset();
  }

  void run() {
    std::unique_lock<std::mutex> lock(mutex);
    while (true) {
      wake.wait(lock, [&] { return stopping || !waiting.empty(); });
      if (waiting.empty())
        return; // stopping, and nothing left
      Finished next = std::move(waiting.front());
      waiting.pop_front();
      ++busy;
      lock.unlock();
      free(std::move(next));
      lock.lock();
      --busy;
      if (waiting.empty() && busy == 0)
        idle.notify_all();
    }
  }

  std::mutex mutex;
  std::condition_variable wake, idle;
  std::deque<Finished> waiting;
  size_t busy = 0;
  bool stopping = false;
  std::thread worker; // last: starts once the rest exists
};

} // namespace

ContextTeardown::ContextTeardown(std::unique_ptr<mlir::MLIRContext> context)
    : ownedContext(std::move(context)) {}

ContextTeardown::~ContextTeardown() {
  TeardownThread::instance().add({std::move(module), std::move(ownedContext)});
}

void waitForContextTeardown() { TeardownThread::instance().drain(); }

} // namespace trex::driver
