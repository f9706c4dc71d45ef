// Argument specs: buffer specs and their generated data, scalar literals, --arg assignment and
// --grid parsing.
#include "trex/Runtime/ArgumentPacking.h"
#include "trex/Runtime/ArgumentSpec.h"
#include "trex/Runtime/Error.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>

using namespace trex::runtime;

namespace {

std::vector<double> decode(const std::vector<std::uint8_t> &bytes, ScalarType type) {
  std::vector<double> values;
  for (std::size_t offset = 0; offset < bytes.size(); offset += scalarTypeSize(type))
    values.push_back(decodeScalar(loadElement(type, bytes.data() + offset)));
  return values;
}

} // namespace

TEST(BufferSpec, ParsesFillsAndCounts) {
  BufferSpec spec = parseBufferSpec("randn:4096");
  EXPECT_EQ(spec.fill, BufferSpec::Fill::Randn);
  EXPECT_EQ(spec.count, 4096u);
  EXPECT_EQ(parseBufferSpec("arange:0x10").count, 16u);
  // A bare number is refused: a pointer's buffer names its fill.
  try {
    parseBufferSpec("8");
    ADD_FAILURE() << "a bare count was accepted";
  } catch (const Error &error) {
    EXPECT_NE(std::string(error.what()).find("not a buffer spec"), std::string::npos);
    EXPECT_NE(std::string(error.what()).find("zeros:8"), std::string::npos);
  }
  EXPECT_THROW(parseBufferSpec("random:4"), Error);
  EXPECT_THROW(parseBufferSpec("rand:0"), Error);
  EXPECT_THROW(parseBufferSpec("rand:-4"), Error);
  EXPECT_THROW(parseBufferSpec("rand:4x"), Error);
  EXPECT_THROW(parseBufferSpec("rand:"), Error);
  EXPECT_THROW(parseBufferSpec("rand:99999999999999999"), Error);
}

TEST(BufferSpec, GeneratesElementsOfThePointeeType) {
  EXPECT_EQ(decode(generateBuffer({BufferSpec::Fill::Arange, 5}, ScalarType::FP16, 0), ScalarType::FP16),
            (std::vector<double>{0, 1, 2, 3, 4}));
  EXPECT_EQ(generateBuffer({BufferSpec::Fill::Arange, 5}, ScalarType::BF16, 0).size(), 10u);
  EXPECT_EQ(decode(generateBuffer({BufferSpec::Fill::Ones, 3}, ScalarType::I64, 0), ScalarType::I64),
            (std::vector<double>{1, 1, 1}));
  EXPECT_EQ(decode(generateBuffer({BufferSpec::Fill::Zeros, 2}, ScalarType::FP32, 0), ScalarType::FP32),
            (std::vector<double>{0, 0}));
}

TEST(BufferSpec, RandomFillsAreSeededAndInRange) {
  std::vector<std::uint8_t> first = generateBuffer({BufferSpec::Fill::Rand, 1000}, ScalarType::FP32, 3);
  EXPECT_EQ(first, generateBuffer({BufferSpec::Fill::Rand, 1000}, ScalarType::FP32, 3));
  EXPECT_NE(first, generateBuffer({BufferSpec::Fill::Rand, 1000}, ScalarType::FP32, 4));
  double sum = 0;
  for (double value : decode(first, ScalarType::FP32)) {
    EXPECT_GE(value, 0.0);
    EXPECT_LT(value, 1.0);
    sum += value;
  }
  EXPECT_NEAR(sum / 1000, 0.5, 0.05);
  double mean = 0, square = 0;
  std::vector<double> normal = decode(generateBuffer({BufferSpec::Fill::Randn, 20000}, ScalarType::FP64, 1), ScalarType::FP64);
  for (double value : normal) {
    mean += value;
    square += value * value;
  }
  mean /= normal.size();
  EXPECT_NEAR(mean, 0.0, 0.05);
  EXPECT_NEAR(square / normal.size() - mean * mean, 1.0, 0.05);
  for (double value : decode(generateBuffer({BufferSpec::Fill::Rand, 100}, ScalarType::I32, 0), ScalarType::I32)) {
    EXPECT_EQ(value, std::floor(value));
    EXPECT_GE(value, 0);
    EXPECT_LT(value, 100);
  }
}

TEST(ScalarLiteral, EncodesEachType) {
  EXPECT_EQ(parseScalarLiteral(ScalarType::I32, "-1").bits, 0xffffffffu);
  EXPECT_EQ(parseScalarLiteral(ScalarType::I64, "-1").bits, ~std::uint64_t{0});
  EXPECT_EQ(parseScalarLiteral(ScalarType::U8, "255").bits, 255u);
  EXPECT_EQ(parseScalarLiteral(ScalarType::I1, "True").bits, 1u);
  EXPECT_EQ(parseScalarLiteral(ScalarType::FP16, "1.0").bits, 0x3c00u);
  EXPECT_EQ(parseScalarLiteral(ScalarType::FP16, "-2").bits, 0xc000u);
  EXPECT_EQ(parseScalarLiteral(ScalarType::FP16, "65504").bits, 0x7bffu);
  EXPECT_EQ(parseScalarLiteral(ScalarType::FP16, "1e6").bits, 0x7c00u); // overflow to inf
  EXPECT_EQ(parseScalarLiteral(ScalarType::BF16, "1.0").bits, 0x3f80u);
  float eps = 1e-5f;
  std::uint32_t bits;
  std::memcpy(&bits, &eps, 4);
  EXPECT_EQ(parseScalarLiteral(ScalarType::FP32, "1e-5").bits, bits);
  EXPECT_DOUBLE_EQ(decodeScalar(parseScalarLiteral(ScalarType::I16, "-300")), -300);
  EXPECT_DOUBLE_EQ(halfToFloat(floatToHalf(0.333333f)), 0.333251953125);
  EXPECT_EQ(floatToHalf(5.9604645e-8f), 0x0001u); // smallest subnormal
}

// The fp8 formats against values that follow from their definitions (OCP FP8 and the AMD
// "fnuz" variants): bias, largest finite value, NaN and infinity codes, subnormals.
TEST(ScalarLiteral, Fp8FormatsEncodeAndDecode) {
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, 1.0f), 0x38u);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E5, 1.0f), 0x3cu);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4B8, 1.0f), 0x40u);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E5B16, 1.0f), 0x40u);
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E4NV, 0x7e), 448.0f);
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E5, 0x7b), 57344.0f);
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E4B8, 0x7f), 240.0f);
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E5B16, 0x7f), 57344.0f);
  EXPECT_TRUE(std::isnan(fp8ToFloat(ScalarType::FP8E4NV, 0x7f)));
  EXPECT_TRUE(std::isinf(fp8ToFloat(ScalarType::FP8E5, 0x7c)));
  EXPECT_TRUE(std::isnan(fp8ToFloat(ScalarType::FP8E5, 0x7d)));
  EXPECT_TRUE(std::isnan(fp8ToFloat(ScalarType::FP8E4B8, 0x80)));
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E4NV, 0x01), std::ldexp(1.0f, -9)); // smallest subnormal
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E5, 0x01), std::ldexp(1.0f, -16));
  EXPECT_EQ(fp8ToFloat(ScalarType::FP8E4NV, 0xb8), -1.0f);
  // Rounding: 1.0625 is halfway between 1.0 (0x38) and 1.125 (0x39) in e4m3: ties to even.
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, 1.0625f), 0x38u);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, 1.1875f), 0x3au); // halfway 1.125/1.25 -> even
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, 1.07f), 0x39u);
  // Saturation, NaN, fnuz zero.
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, 1000.0f), 0x7eu);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, -INFINITY), 0xfeu);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E5, INFINITY), 0x7bu);
  EXPECT_TRUE(std::isnan(fp8ToFloat(ScalarType::FP8E5, floatToFp8(ScalarType::FP8E5, NAN))));
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4B8, -0.0f), 0x00u);
  EXPECT_EQ(floatToFp8(ScalarType::FP8E4NV, -0.0f), 0x80u);
  // Every finite code decodes and encodes back to itself.
  for (ScalarType type : {ScalarType::FP8E4NV, ScalarType::FP8E5, ScalarType::FP8E4B8,
                          ScalarType::FP8E5B16})
    for (unsigned code = 0; code < 256; ++code) {
      float value = fp8ToFloat(type, static_cast<std::uint8_t>(code));
      if (!std::isfinite(value) || (value == 0.0f && code == 0x80))
        continue;
      EXPECT_EQ(floatToFp8(type, value), code) << scalarTypeName(type) << " code " << code;
    }
  EXPECT_DOUBLE_EQ(decodeScalar(parseScalarLiteral(ScalarType::FP8E5, "-1.5")), -1.5);
}

TEST(ScalarLiteral, RejectsOutOfRangeAndGarbage) {
  EXPECT_THROW(parseScalarLiteral(ScalarType::I8, "128"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::I8, "-129"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::U32, "-1"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::I32, "4096.5"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::I32, "rand:4"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::FP32, "one"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::I1, "2"), Error);
  EXPECT_THROW(parseScalarLiteral(ScalarType::I32, ""), Error);
}

TEST(AssignArguments, ByNamePositionAndIndex) {
  std::vector<std::string> names = {"x_ptr", "y_ptr", "n"};
  EXPECT_EQ(assignArguments({{"n", "4"}, {"", "a"}, {"", "b"}}, names, 3),
            (std::vector<std::string>{"a", "b", "4"}));
  EXPECT_EQ(assignArguments({{"arg2", "4"}, {"arg0", "a"}, {"y_ptr", "b"}}, names, 3),
            (std::vector<std::string>{"a", "b", "4"}));
  EXPECT_EQ(assignArguments({{"", "a"}, {"", "b"}}, {}, 2), (std::vector<std::string>{"a", "b"}));
}

TEST(AssignArguments, ClearErrors) {
  std::vector<std::string> names = {"x_ptr", "n"};
  auto message = [&](const std::vector<NamedArgument> &arguments) {
    try {
      assignArguments(arguments, names, 2);
    } catch (const Error &error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message({{"x", "1"}}), "unknown argument 'x' (the kernel's arguments: x_ptr, n)");
  EXPECT_EQ(message({{"x_ptr", "1"}}), "missing argument: n (give each with --arg NAME=VALUE)");
  EXPECT_EQ(message({{"", "1"}, {"", "2"}, {"", "3"}}),
            "too many arguments: the kernel takes 2 (got '3' after all were given)");
  EXPECT_EQ(message({{"n", "1"}, {"n", "2"}}), "argument 'n' is given twice");
  std::string wrongCount;
  try {
    assignArguments({{"", "1"}}, {"a", "b", "c"}, 2);
  } catch (const Error &error) {
    wrongCount = error.what();
  }
  EXPECT_EQ(wrongCount, "--names lists 3 names but the kernel takes 2 arguments (one name per "
                        "passed argument, in order)");
  EXPECT_THROW(splitNamedArgument("=4"), Error);
  EXPECT_EQ(splitNamedArgument("n=4").name, "n");
  EXPECT_EQ(splitNamedArgument("rand:4").value, "rand:4");
}

TEST(Grid, ParsesOneToThreeDimensions) {
  Grid grid = parseGrid("4,3,2");
  EXPECT_EQ(grid.x, 4u);
  EXPECT_EQ(grid.y, 3u);
  EXPECT_EQ(grid.z, 2u);
  EXPECT_EQ(grid.programs(), 24u);
  EXPECT_EQ(parseGrid("7").y, 1u);
  for (const char *bad : {"", "0", "-1", "4,", "1,2,3,4", "a", "4.5", "1,70000", "4294967296"})
    EXPECT_THROW(parseGrid(bad), Error) << bad;
}

TEST(DescriptorSpec, ParsesFillShapeAndBlock) {
  DescriptorSpec spec = parseDescriptorSpec("desc:rand:512x256:64x32");
  EXPECT_EQ(spec.fill, BufferSpec::Fill::Rand);
  EXPECT_EQ(spec.shape, (std::vector<std::int64_t>{512, 256}));
  EXPECT_EQ(spec.blockShape, (std::vector<std::int64_t>{64, 32}));
  EXPECT_EQ(spec.buffer().count, 512u * 256);
  EXPECT_EQ(spec.strides(), (std::vector<std::int64_t>{256, 1}));
  DescriptorSpec withoutBlock = parseDescriptorSpec("desc:zeros:4x8x16");
  EXPECT_TRUE(withoutBlock.blockShape.empty());
  EXPECT_EQ(withoutBlock.strides(), (std::vector<std::int64_t>{128, 16, 1}));
}

TEST(DescriptorSpec, ClearErrors) {
  auto message = [](const std::string &text) {
    try {
      parseDescriptorSpec(text);
    } catch (const Error &error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("rand:1024"), "'rand:1024' is not a descriptor spec: a tensor-descriptor "
                                  "argument takes desc:FILL:SHAPE[:BLOCK], e.g. "
                                  "desc:rand:512x256:64x32");
  EXPECT_EQ(message("desc:rand"), "'desc:rand' has 1 field after desc: (expected "
                                  "desc:FILL:SHAPE[:BLOCK], e.g. desc:rand:512x256:64x32)");
  EXPECT_NE(message("desc:noise:64x64").find("unknown fill 'noise'"), std::string::npos);
  EXPECT_NE(message("desc:rand:64x0").find("the shape '64x0' is not positive integers"),
            std::string::npos);
  EXPECT_NE(message("desc:rand:64x-4").find("the shape '64x-4'"), std::string::npos);
  EXPECT_NE(message("desc:rand:64x64:64").find("the shape has 2 dimensions but the block shape 1"),
            std::string::npos);
  EXPECT_NE(message("desc:rand:2x2x2x2x2x2").find("1 to 5 dimensions"), std::string::npos);
  EXPECT_NE(message("desc:rand:64x64:64x64:1").find("has 4 fields"), std::string::npos);
  EXPECT_NE(message("desc:rand:2000000000x2000000000").find("element count too large"),
            std::string::npos);
}
