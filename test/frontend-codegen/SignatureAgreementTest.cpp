// The compiler's front end and the runtime read signature entries through one parser
// (trex/Signature/SignatureSyntax.h): for entries whose meaning needs no kernel module, both
// accept and reject the same strings, and agree on which parameters a launch passes.
#include "Signature.h"

#include "trex/Runtime/Error.h"
#include "trex/Runtime/Signature.h"
#include "trex/Signature/SignatureSyntax.h"

#include "CompileError.h"

#include <gtest/gtest.h>

namespace {

using trex::frontend::CompileError;

// true: the compiler's parseSignatureEntry accepts the entry; passed: it is a runtime argument.
std::pair<bool, bool> compilerReads(const std::string &entry) {
  try {
    trex::frontend::ParameterSpecialization specialization =
        trex::frontend::parseSignatureEntry(entry);
    return {true, !specialization.constant.has_value()};
  } catch (const CompileError &) {
    return {false, false};
  }
}

std::pair<bool, bool> runtimeReads(const std::string &entry) {
  try {
    trex::runtime::Signature signature = trex::runtime::parseSignature(entry);
    return {true, signature.entries.at(0).isPassed()};
  } catch (const trex::runtime::Error &) {
    return {false, false};
  }
}

TEST(SignatureAgreement, CompilerAndRuntimeAcceptAndRejectTheSameEntries) {
  const char *accepted[] = {"*fp32",
                            "*fp32:16",
                            "*kfp16",
                            "*bf16:16",
                            "*fp8e4nv",
                            "*fp8e5b16",
                            "*i1",
                            "*u8",
                            "i32",
                            "i32:16",
                            "i32:1",
                            "i64",
                            "u64:16",
                            "fp32",
                            "fp16",
                            "bf16",
                            "i1",
                            "1024",
                            "-3",
                            "1e-5",
                            "0x10",
                            "True",
                            "False",
                            "None",
                            "'str'",
                            "\"s, t\"",
                            "tl.float16",
                            "torch.bfloat16",
                            "triton.language.int8",
                            "tensordesc<fp16[64, 32]>",
                            "tensordesc<bf16[1, 128]>",
                            "tensordesc<fp32[2,4,64]>",
                            "tensordesc<i8[16, 16]>"};
  for (const char *entry : accepted) {
    auto compiler = compilerReads(entry);
    auto runtime = runtimeReads(entry);
    EXPECT_TRUE(compiler.first) << entry;
    EXPECT_EQ(compiler, runtime) << entry;
  }
  const char *rejected[] = {"",
                            "*fp33",
                            "*fp32:8",
                            "*fp32:1",
                            "i33",
                            "fp33:16",
                            "*",
                            "*:16",
                            "i32:2",
                            "bf12",
                            "u0",
                            "*kfp33",
                            "tensordesc<fp33[64]>",
                            "tensordesc<fp16[]>",
                            "tensordesc<fp16[0, 16]>",
                            "tensordesc<fp16 64>",
                            "tensordesc<fp16[64, 64],#ttg.nvmma_shared<{}>>",
                            "tensordesc<fp16[1, 1, 1, 1, 1, 64]>"};
  for (const char *entry : rejected) {
    trex::runtime::Signature unused;
    EXPECT_FALSE(compilerReads(entry).first) << "'" << entry << "'";
    EXPECT_THROW(unused = trex::runtime::parseSignature(std::string("i32, ") + entry),
                 trex::runtime::Error)
        << "'" << entry << "'";
  }
}

TEST(SignatureAgreement, BothSplitTheSameEntries) {
  const std::string text = "*fp32:16, (16, 32), 'a, b', [1, 2], i32:1, tl.float16";
  std::vector<std::string> compiler = trex::frontend::splitSignature(text);
  trex::runtime::Signature runtime = trex::runtime::parseSignature(text);
  ASSERT_EQ(compiler.size(), 6u);
  ASSERT_EQ(runtime.entries.size(), compiler.size());
  for (size_t i = 0; i < compiler.size(); ++i)
    EXPECT_EQ(runtime.entries[i].text, compiler[i]) << i;
}

} // namespace
