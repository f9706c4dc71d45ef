// Signature parsing: Triton AOT forms from the fixtures' specs.json, and the errors.
#include "trex/Runtime/Error.h"
#include "trex/Runtime/Signature.h"

#include <gtest/gtest.h>

using namespace trex::runtime;

TEST(Signature, MatmulSpecPassesNineArguments) {
  Signature signature = parseSignature("*fp16:16, *fp16:16, *fp16:16, i32:16, i32:16, i32:16, "
                                       "i32:16, 1, i32:16, 1, i32:16, 1, 128, 256, 64, 8");
  ASSERT_EQ(signature.entries.size(), 16u);
  std::vector<SignatureEntry> passed = signature.passedEntries();
  ASSERT_EQ(passed.size(), 9u);
  EXPECT_EQ(passed[0].kind, SignatureEntry::Kind::Pointer);
  EXPECT_EQ(passed[0].type, ScalarType::FP16);
  EXPECT_EQ(passed[0].hint, "16");
  EXPECT_EQ(passed[8].kind, SignatureEntry::Kind::Scalar);
  EXPECT_EQ(passed[8].type, ScalarType::I32);
  EXPECT_EQ(signature.entries[7].kind, SignatureEntry::Kind::Constant);
  EXPECT_EQ(signature.entries[7].literal, "1");
}

TEST(Signature, EveryScalarTypeAndLiteralKind) {
  Signature signature = parseSignature("i1, i8, i16, i32, i64, u8, u16, u32, u64, fp16, bf16, "
                                       "fp32, fp64, *bf16, True, 'fp16', 1e-5, -3");
  ASSERT_EQ(signature.entries.size(), 18u);
  EXPECT_EQ(signature.entries[10].type, ScalarType::BF16);
  EXPECT_EQ(signature.entries[10].kind, SignatureEntry::Kind::Scalar);
  EXPECT_EQ(signature.entries[13].describe(), "*bf16");
  for (std::size_t index = 14; index < 18; ++index)
    EXPECT_EQ(signature.entries[index].kind, SignatureEntry::Kind::Constant) << index;
  EXPECT_EQ(signature.passedEntries().size(), 14u);
}

TEST(Signature, Fp8PointersAreOneByteFloats) {
  Signature signature = parseSignature("*fp8e4nv:16, *fp8e5, *fp8e4b8, *fp8e5b16, *fp32");
  ASSERT_EQ(signature.entries.size(), 5u);
  const ScalarType expected[] = {ScalarType::FP8E4NV, ScalarType::FP8E5, ScalarType::FP8E4B8,
                                 ScalarType::FP8E5B16};
  for (std::size_t index = 0; index < 4; ++index) {
    EXPECT_EQ(signature.entries[index].type, expected[index]);
    EXPECT_EQ(scalarTypeSize(expected[index]), 1u);
    EXPECT_TRUE(isFloatingPoint(expected[index]));
  }
  EXPECT_EQ(signature.entries[1].describe(), "*fp8e5");
}

TEST(Signature, RejectsTyposWithTheEntry) {
  auto message = [](const std::string &text) {
    try {
      parseSignature(text);
    } catch (const Error &error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_EQ(message("*fp32, *fp33"),
            "signature entry 1 '*fp33': unknown type '*fp33'; expected a type such as *fp32, "
            "i32, fp16, a literal such as 1024, True, 'str', or a constant of the file such as "
            "tl.float16, a helper's name or (16, 32)");
  EXPECT_NE(message("i32:8").find("unknown hint ':8'"), std::string::npos);
  EXPECT_NE(message("*fp32,, i32").find("signature entry 1 '': the entry is empty"),
            std::string::npos);
  EXPECT_NE(message("").find("empty signature"), std::string::npos);
  EXPECT_NE(message("i33").find("unknown type 'i33'"), std::string::npos);
  EXPECT_NE(message("fp33:16").find("unknown type 'fp33'"), std::string::npos);
  EXPECT_NE(message("*fp32:1").find("a pointer cannot be specialized to 1"), std::string::npos);
}

TEST(Signature, HostTensorDescriptors) {
  Signature signature = parseSignature("tensordesc<fp16[64, 32]>, tensordesc<bf16[1,128]>, i32");
  std::vector<SignatureEntry> passed = signature.passedEntries();
  ASSERT_EQ(passed.size(), 3u);
  EXPECT_EQ(passed[0].kind, SignatureEntry::Kind::TensorDescriptor);
  EXPECT_EQ(passed[0].type, ScalarType::FP16);
  EXPECT_EQ(passed[0].blockShape, (std::vector<std::int64_t>{64, 32}));
  EXPECT_EQ(passed[0].describe(), "tensordesc<fp16[64, 32]>");
  EXPECT_EQ(passed[1].type, ScalarType::BF16);
  EXPECT_EQ(passed[1].describe(), "tensordesc<bf16[1, 128]>");
  auto message = [](const std::string &text) {
    try {
      parseSignature(text);
    } catch (const Error &error) {
      return std::string(error.what());
    }
    return std::string("no error");
  };
  EXPECT_NE(message("tensordesc<fp33[64]>").find("unknown element type 'fp33'"), std::string::npos);
  EXPECT_NE(message("tensordesc<fp16[]>").find("block dimension '' of a tensor descriptor"),
            std::string::npos);
  EXPECT_NE(message("tensordesc<fp16[0, 4]>").find("block dimension '0'"), std::string::npos);
  EXPECT_NE(message("tensordesc<fp16 64>").find("needs its block shape in [...]"),
            std::string::npos);
  EXPECT_NE(message("tensordesc<fp16[64, 64],#shared>").find("Gluon's form"), std::string::npos);
  EXPECT_NE(message("tensordesc<fp16[1,1,1,1,1,1]>").find("1 to 5 dimensions, not 6"),
            std::string::npos);
}

// The entries the compiler reads as constexprs are not passed: ":1" scalars (Triton compiles
// them in), tuples (one entry, commas and all), dtypes and names of the kernel's module.
TEST(Signature, ConstexprEntriesAreNotPassed) {
  Signature signature =
      parseSignature("*fp32:16, i32:1, (16, 32), 'a, b', tl.float16, my_helper, float('inf'), i64");
  ASSERT_EQ(signature.entries.size(), 8u);
  for (std::size_t index = 1; index < 7; ++index)
    EXPECT_EQ(signature.entries[index].kind, SignatureEntry::Kind::Constant) << index;
  EXPECT_EQ(signature.entries[2].literal, "(16, 32)");
  std::vector<SignatureEntry> passed = signature.passedEntries();
  ASSERT_EQ(passed.size(), 2u);
  EXPECT_EQ(passed[1].type, ScalarType::I64);
}
