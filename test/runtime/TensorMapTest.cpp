// Host tensor descriptors without a GPU: cuTensorMapEncodeTiled's arguments computed from the
// tensor and the compiler's layout (innermost dimension first, strides in bytes, the host's
// data-type numbering), what TMA would refuse refused with a reason, the shape and strides a
// descriptor passes after its CUtensorMap, and their place in the parameter block.
#include "trex/Runtime/TensorMap.h"
#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/Error.h"

#include <gtest/gtest.h>

#include <cstring>

using namespace trex::runtime;

namespace {

// What the compiler records for a tensordesc<fp16[64, 64]> in #ttg.nvmma_shared with a
// 128-byte swizzle.
TensorDescriptorLayout fp16Layout(std::vector<std::int64_t> block, int swizzle = 3) {
  TensorDescriptorLayout layout;
  layout.swizzle = swizzle;
  layout.elementSize = 2;
  layout.elementType = 6;
  layout.blockSize = std::move(block);
  return layout;
}

std::string encodingError(const DescriptorTensor &tensor, const TensorDescriptorLayout &layout) {
  try {
    encodeTensorMapArguments(tensor, layout);
  } catch (const Error &error) {
    return error.what();
  }
  return "no error";
}

} // namespace

TEST(TensorMap, TiledEncodingOfARowMajorMatrix) {
  DescriptorTensor tensor{0x7000'0000'0000, {512, 256}, {256, 1}, false};
  TensorMapEncoding encoding = encodeTensorMapArguments(tensor, fp16Layout({64, 64}));
  EXPECT_EQ(encoding.dataType, 6); // CU_TENSOR_MAP_DATA_TYPE_FLOAT16
  EXPECT_EQ(encoding.rank, 2u);
  EXPECT_EQ(encoding.globalAddress, 0x7000'0000'0000u);
  EXPECT_EQ(encoding.globalDim, (std::vector<std::uint64_t>{256, 512}));
  EXPECT_EQ(encoding.globalStrides, (std::vector<std::uint64_t>{512}));
  EXPECT_EQ(encoding.boxDim, (std::vector<std::uint32_t>{64, 64}));
  EXPECT_EQ(encoding.elementStrides, (std::vector<std::uint32_t>{1, 1}));
  EXPECT_EQ(encoding.interleave, 0);
  EXPECT_EQ(encoding.swizzle, 3);
  EXPECT_EQ(encoding.l2Promotion, 2); // L2_128B, as Triton's launcher
  EXPECT_EQ(encoding.oobFill, 0);
}

TEST(TensorMap, ThreeDimensionsStridedAndNanPadding) {
  // A [4, 100, 64] view of a [4, 128, 80] fp32 tensor: strides in bytes, outermost last.
  TensorDescriptorLayout layout;
  layout.swizzle = 2;
  layout.elementSize = 4;
  layout.elementType = 7;
  layout.blockSize = {1, 32, 16};
  DescriptorTensor tensor{0x1000, {4, 100, 64}, {128 * 80, 80, 1}, true};
  TensorMapEncoding encoding = encodeTensorMapArguments(tensor, layout);
  EXPECT_EQ(encoding.dataType, 7);
  EXPECT_EQ(encoding.globalDim, (std::vector<std::uint64_t>{64, 100, 4}));
  EXPECT_EQ(encoding.globalStrides, (std::vector<std::uint64_t>{320, 128 * 80 * 4}));
  EXPECT_EQ(encoding.boxDim, (std::vector<std::uint32_t>{16, 32, 1}));
  EXPECT_EQ(encoding.oobFill, 1); // NaN, requesting zero FMA
  EXPECT_EQ(encoding.swizzle, 2);
}

TEST(TensorMap, DeviceElementTypesBecomeTheHostsNumbering) {
  EXPECT_EQ(hostTensorMapDataType(0), 0);   // u8
  EXPECT_EQ(hostTensorMapDataType(3), 3);   // s32
  EXPECT_EQ(hostTensorMapDataType(6), 6);   // f16
  EXPECT_EQ(hostTensorMapDataType(7), 7);   // f32
  EXPECT_EQ(hostTensorMapDataType(8), 10);  // f32.ftz
  EXPECT_EQ(hostTensorMapDataType(9), 8);   // f64
  EXPECT_EQ(hostTensorMapDataType(10), 9);  // bf16
  EXPECT_EQ(hostTensorMapDataType(11), 11); // tf32
}

TEST(TensorMap, Fp4PaddedDoublesTheInnerDimension) {
  TensorDescriptorLayout layout;
  layout.swizzle = 3;
  layout.elementSize = 1;
  layout.elementType = 14;
  layout.blockSize = {128, 128};
  layout.fp4Padded = true;
  DescriptorTensor tensor{0x2000, {256, 64}, {64, 1}, false};
  EXPECT_EQ(encodeTensorMapArguments(tensor, layout).globalDim,
            (std::vector<std::uint64_t>{128, 256}));
}

TEST(TensorMap, WhatTMARefusesIsAnErrorBeforeTheDriver) {
  TensorDescriptorLayout layout = fp16Layout({64, 64});
  EXPECT_EQ(encodingError({0x1000, {100, 100}, {100, 1}, false}, layout),
            "descriptor stride 0 is 200 bytes; TMA needs a multiple of 16 below 2^40");
  EXPECT_EQ(encodingError({0x1008, {64, 64}, {64, 1}, false}, layout),
            "the descriptor's base address is not 16-byte aligned, as TMA requires");
  EXPECT_EQ(encodingError({0x1000, {64, 64}, {1, 64}, false}, layout),
            "the descriptor's last stride is 64, not 1 (TMA reads the innermost dimension "
            "contiguously)");
  EXPECT_EQ(encodingError({0x1000, {64}, {1}, false}, layout),
            "the descriptor's tensor has 1 dimensions (1 strides) but its block has 2");
  EXPECT_EQ(encodingError({0x1000, {0, 64}, {64, 1}, false}, layout),
            "descriptor dimension 0 is 0; TMA takes 1 to 2^32");
  EXPECT_EQ(encodingError({0x1000, {64, 64}, {-64, 1}, false}, layout),
            "descriptor stride 0 is -64; strides are positive");
}

TEST(TensorMap, ShapeAndStridesFollowTheMap) {
  DescriptorScalars scalars = descriptorScalars({0x1000, {512, 256}, {256, 1}, false});
  EXPECT_EQ(scalars.shape, (std::vector<std::int32_t>{512, 256}));
  EXPECT_EQ(scalars.strides, (std::vector<std::int64_t>{256, 1}));
  EXPECT_THROW(descriptorScalars({0x1000, {std::int64_t{1} << 31, 16}, {16, 1}, false}), Error);
}

TEST(TensorMap, ParameterBlockAlignsTheMapTo64Bytes) {
  TensorMapBytes map;
  for (std::size_t i = 0; i < map.bytes.size(); ++i)
    map.bytes[i] = static_cast<std::uint8_t>(i);
  std::vector<ArgumentValue> values{ArgumentValue::ofPointer(0xabc0)};
  for (ArgumentValue &value :
       descriptorArguments(map, descriptorScalars({0x1000, {512, 256}, {256, 1}, false})))
    values.push_back(value);
  values.push_back(ArgumentValue::ofScalar(parseScalarLiteral(ScalarType::I32, "9")));
  PackedArguments packed(values, 0x5000, 0x6000);
  // ptr@0, CUtensorMap@64 (128 bytes), shape i32@192,196, strides i64@200,208, i32@216,
  // then the two hidden pointers @224, @232.
  std::vector<std::size_t> offsets, sizes;
  for (std::size_t index = 0; index < packed.count(); ++index) {
    offsets.push_back(packed.offset(index));
    sizes.push_back(packed.size(index));
  }
  EXPECT_EQ(offsets, (std::vector<std::size_t>{0, 64, 192, 196, 200, 208, 216, 224, 232}));
  EXPECT_EQ(sizes, (std::vector<std::size_t>{8, 128, 4, 4, 8, 8, 4, 8, 8}));
  EXPECT_EQ(packed.totalBytes(), 240u);
  void **pointers = packed.pointers();
  EXPECT_EQ(std::memcmp(pointers[1], map.bytes.data(), 128), 0);
  EXPECT_EQ(*static_cast<std::int32_t *>(pointers[2]), 512);
  EXPECT_EQ(*static_cast<std::int32_t *>(pointers[3]), 256);
  EXPECT_EQ(*static_cast<std::int64_t *>(pointers[4]), 256);
  EXPECT_EQ(*static_cast<std::int64_t *>(pointers[5]), 1);
  EXPECT_EQ(*static_cast<std::int32_t *>(pointers[6]), 9);
}
