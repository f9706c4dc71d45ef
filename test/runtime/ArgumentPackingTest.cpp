// Argument packing: the parameter block's layout, the hidden scratch pointers at the end, and
// scratch sizes for a grid.
#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/Error.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace trex::runtime;

TEST(ArgumentPacking, UserArgumentsThenTwoHiddenPointers) {
  std::vector<ArgumentValue> values = {
      ArgumentValue::ofPointer(0x1000),
      ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::I8, "7")),
      ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::I32, "4096")),
      ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::FP16, "1.0")),
      ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::I64, "-2")),
  };
  PackedArguments packed(values, 0x2000, 0);
  ASSERT_EQ(packed.count(), 7u);
  // Natural alignment, as a C struct: ptr@0, i8@8, i32@12, fp16@16, i64@24, hidden@32, @40.
  std::vector<std::size_t> offsets, sizes;
  for (std::size_t index = 0; index < packed.count(); ++index) {
    offsets.push_back(packed.offset(index));
    sizes.push_back(packed.size(index));
  }
  EXPECT_EQ(offsets, (std::vector<std::size_t>{0, 8, 12, 16, 24, 32, 40}));
  EXPECT_EQ(sizes, (std::vector<std::size_t>{8, 1, 4, 2, 8, 8, 8}));
  EXPECT_EQ(packed.totalBytes(), 48u);
  void **pointers = packed.pointers();
  std::uint64_t pointer;
  std::memcpy(&pointer, pointers[0], 8);
  EXPECT_EQ(pointer, 0x1000u);
  EXPECT_EQ(*static_cast<std::int8_t *>(pointers[1]), 7);
  EXPECT_EQ(*static_cast<std::int32_t *>(pointers[2]), 4096);
  EXPECT_EQ(*static_cast<std::uint16_t *>(pointers[3]), 0x3c00);
  EXPECT_EQ(*static_cast<std::int64_t *>(pointers[4]), -2);
  std::memcpy(&pointer, pointers[5], 8);
  EXPECT_EQ(pointer, 0x2000u); // global scratch
  std::memcpy(&pointer, pointers[6], 8);
  EXPECT_EQ(pointer, 0u); // profile scratch: null when its size is 0
}

TEST(ArgumentPacking, NoUserArguments) {
  PackedArguments packed({}, 0, 0);
  EXPECT_EQ(packed.count(), 2u);
  EXPECT_EQ(packed.offset(1), 8u);
}

TEST(ScratchBytes, SizeTimesProgramsTimesCTAs) {
  EXPECT_EQ(scratchBytes(0, parseGrid("1024"), 1), 0u);
  EXPECT_EQ(scratchBytes(128, parseGrid("4,3,2"), 1), 128u * 24);
  EXPECT_EQ(scratchBytes(128, parseGrid("4,3,2"), 2), 128u * 24 * 2);
  EXPECT_EQ(scratchBytes(-5, parseGrid("4"), 1), 0u);
  EXPECT_THROW(scratchBytes(std::int64_t{1} << 40, parseGrid("2147483647,65535,65535"), 8), Error);
}
