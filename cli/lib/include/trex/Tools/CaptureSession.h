// CaptureSession: reading the sessions trex_triton writes (python/trex_triton/capture.py): the
// kernels a real Triton program compiled, each as a self-contained module with the exact
// specialization Triton used, Triton's own stages and the launches seen. Plain C++ (no MLIR),
// for `trex compile --session` and the explorer.
#ifndef TREX_TOOLS_CAPTURESESSION_H
#define TREX_TOOLS_CAPTURESESSION_H

#include <array>
#include <map>
#include <optional>
#include <string>
#include <vector>

namespace trex::tools {

struct SessionKernel {
  std::string id;         // the folder name under kernels/
  std::string name;       // the @triton.jit function
  std::string modulePath; // kernels/<id>/kernel.py, absolute
  // The specialization in trex's signature form; empty where the writer had none (the notes
  // say why: a tuple or tensor-descriptor parameter).
  std::string signature;
  std::string target; // "cuda:90"
  int numWarps = 4;
  int numStages = 3;
  int numCTAs = 1;
  // Options Triton used away from its defaults ("debug" -> "True").
  std::vector<std::pair<std::string, std::string>> options;
  bool tritonOk = true;
  std::string tritonError;
  // Triton's stage files ("ttgir" -> absolute path).
  std::map<std::string, std::string> tritonStages;
  std::vector<std::string> notes;
  long long launches = 0;
  std::vector<std::array<long long, 3>> grids;

  // "num_warps=4 num_stages=3 debug=True" (and num_ctas=N when not 1)
  std::string describeOptions() const;
  // "(64, 1, 1)" for the first grid, "" without launches; " +N more" when several.
  std::string describeGrids() const;
};

struct CaptureSession {
  std::string folder;
  std::string tritonVersion;
  std::vector<SessionKernel> kernels; // by name, then by most launches, then id
};

// True if `folder` holds a session.json of the trex-session format.
bool isCaptureSession(const std::string &folder);
// Reads a session; throws std::runtime_error naming the file at fault.
CaptureSession readCaptureSession(const std::string &folder);
// The kernels `key` names: an id (or a unique prefix of one), else every kernel of that name.
std::vector<const SessionKernel *> findSessionKernels(const CaptureSession &session,
                                                      const std::string &key);

// Operation counts of an MLIR text (generic and pretty forms; `#loc` lines and locations
// ignored), for comparing trex's stage with Triton's.
std::map<std::string, int> countOperations(const std::string &mlirText);
// "" when equal, else "+2 arith.constant, -1 tt.addptr" (trex's count minus Triton's).
std::string describeOperationDifference(const std::map<std::string, int> &trex,
                                        const std::map<std::string, int> &triton);

} // namespace trex::tools

#endif // TREX_TOOLS_CAPTURESESSION_H
