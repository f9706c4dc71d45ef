// Mutator: the edits trex's fuzz driver makes to compiler inputs (Python kernels, IR, layout
// strings). They are text-aware, as most of what a compiler reads is text: numbers pushed to
// the extremes compilers mishandle (0, -1, 2^16, 2^31, 2^63, ...), operators swapped, lines
// moved, duplicated or dropped, words and pieces of other inputs spliced in, and raw byte edits.
#ifndef TREX_TEST_FUZZ_MUTATOR_H
#define TREX_TEST_FUZZ_MUTATOR_H

#include <cstdint>
#include <random>
#include <string>
#include <vector>

namespace trex::fuzz {

class Mutator {
public:
  // `corpus` gives the pieces splices take and the words insertions choose from.
  Mutator(const std::vector<std::string> &corpus, uint64_t seed);

  // `input` with one to a few edits, at most `maxSize` bytes.
  std::string mutate(const std::string &input, size_t maxSize);

  std::mt19937_64 &random() { return random_; }

private:
  bool pushNumber(std::string &text);
  bool swapOperator(std::string &text);
  bool editLines(std::string &text);
  bool spliceOther(std::string &text);
  bool insertWord(std::string &text);
  bool replaceWord(std::string &text);
  bool editBytes(std::string &text);

  size_t below(size_t bound) {
    return std::uniform_int_distribution<size_t>(0, bound - 1)(random_);
  }

  const std::vector<std::string> &corpus_;
  std::vector<std::string> words_;
  std::mt19937_64 random_;
};

} // namespace trex::fuzz

#endif // TREX_TEST_FUZZ_MUTATOR_H
