// Printing IR the way Triton writes its stage files: with locations, and SSA
// values named after the NameLocs the front end gives them (%pid, %offsets_3).
#ifndef TREX_COMPILER_IRTEXT_H
#define TREX_COMPILER_IRTEXT_H

#include <string>

namespace mlir {
class Operation;
} // namespace mlir

namespace trex {

std::string printIRLikeTriton(mlir::Operation *op);

} // namespace trex

#endif // TREX_COMPILER_IRTEXT_H
