// PngReader: a small PNG decoder for the tests (8-bit RGB/RGBA, any filter), to check what the playground writes.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground::testing {

struct DecodedPng {
  int width = 0;
  int height = 0;
  int channels = 0;
  // Rows top to bottom, `channels` bytes per pixel.
  std::vector<uint8_t> pixels;
};

// Decodes `file`; on failure returns false and says why in `error` (bad signature, CRC,
// unsupported colour type, truncated data, ...).
bool decodePng(const std::vector<uint8_t> &file, DecodedPng &image, std::string &error);

std::vector<uint8_t> readFileBytes(const std::string &path);

} // namespace trex::playground::testing
