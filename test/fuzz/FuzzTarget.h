// FuzzTarget: what test/fuzz's in-process targets share: the libFuzzer entry point they
// define, the outcome of each input (counted by trex's own driver, trex-fuzz's FuzzDriver.cpp),
// and how they report a broken contract.
//
// A target takes any bytes. The compiler must answer each input with a result or with errors
// located in it; a crash, a hang, an internal error or an unlocated error is a bug, which the
// target turns into an abort so that both drivers (libFuzzer and trex's) keep the input.
#ifndef TREX_TEST_FUZZ_FUZZTARGET_H
#define TREX_TEST_FUZZ_FUZZTARGET_H

#include <atomic>
#include <cstddef>
#include <cstdint>
#include <string_view>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

namespace trex::fuzz {

enum class Outcome { Accepted, Rejected };

// How many inputs the compiler accepted and rejected (with located errors) so far in this
// process. trex's driver reports the ratio: a campaign whose inputs are all rejected by the
// first check it meets explores nothing past it.
struct OutcomeCounts {
  std::atomic<uint64_t> accepted{0};
  std::atomic<uint64_t> rejected{0};
};
OutcomeCounts &outcomeCounts();
void recordOutcome(Outcome outcome);

// Prints "trex-fuzz: contract broken: <what>", the details and the input, then aborts.
[[noreturn]] void reportBrokenContract(std::string_view what, std::string_view details,
                                       std::string_view input);

} // namespace trex::fuzz

#endif // TREX_TEST_FUZZ_FUZZTARGET_H
