// PngWriter: encodes 8-bit RGB/RGBA pixels as a PNG file (zlib deflate, no filtering).
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

// `pixels` holds `height` rows of `width` pixels of `channels` (3 = RGB, 4 = RGBA) bytes each,
// top row first.  Returns the whole file.  Throws std::runtime_error on bad sizes.
std::vector<uint8_t> encodePng(int width, int height, int channels,
                               const std::vector<uint8_t> &pixels);

// encodePng, written to `path`.  Returns an empty string or what went wrong.
std::string writePng(const std::string &path, int width, int height, int channels,
                     const std::vector<uint8_t> &pixels);

} // namespace trex::playground
