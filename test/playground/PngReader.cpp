// PngReader: chunk walking with CRC checks, zlib inflate and the five PNG scanline filters.
#include "PngReader.h"
#include "TestFiles.h"

#include <zlib.h>

#include <cstdlib>
#include <cstring>

namespace trex::playground::testing {
namespace {

uint32_t bigEndian32(const uint8_t *bytes) {
  return (uint32_t{bytes[0]} << 24) | (uint32_t{bytes[1]} << 16) | (uint32_t{bytes[2]} << 8) |
         uint32_t{bytes[3]};
}

uint8_t paeth(int a, int b, int c) {
  int p = a + b - c, pa = std::abs(p - a), pb = std::abs(p - b), pc = std::abs(p - c);
  if (pa <= pb && pa <= pc)
    return static_cast<uint8_t>(a);
  return static_cast<uint8_t>(pb <= pc ? b : c);
}

} // namespace

bool decodePng(const std::vector<uint8_t> &file, DecodedPng &image, std::string &error) {
  static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  if (file.size() < 8 || std::memcmp(file.data(), kSignature, 8) != 0) {
    error = "not a PNG signature";
    return false;
  }
  std::vector<uint8_t> idat;
  bool sawHeader = false, sawEnd = false;
  size_t pos = 8;
  while (pos + 12 <= file.size() && !sawEnd) {
    uint32_t length = bigEndian32(&file[pos]);
    if (pos + 12 + length > file.size()) {
      error = "truncated chunk";
      return false;
    }
    std::string type(reinterpret_cast<const char *>(&file[pos + 4]), 4);
    const uint8_t *data = &file[pos + 8];
    uLong crc = crc32(0L, Z_NULL, 0);
    crc = crc32(crc, &file[pos + 4], 4 + length);
    if (crc != bigEndian32(data + length)) {
      error = "bad CRC in chunk " + type;
      return false;
    }
    if (type == "IHDR") {
      image.width = static_cast<int>(bigEndian32(data));
      image.height = static_cast<int>(bigEndian32(data + 4));
      if (data[8] != 8 || (data[9] != 2 && data[9] != 6) || data[12] != 0) {
        error = "only 8-bit non-interlaced RGB/RGBA is supported";
        return false;
      }
      image.channels = data[9] == 6 ? 4 : 3;
      sawHeader = true;
    } else if (type == "IDAT") {
      idat.insert(idat.end(), data, data + length);
    } else if (type == "IEND") {
      sawEnd = true;
    }
    pos += 12 + length;
  }
  if (!sawHeader || !sawEnd) {
    error = "missing IHDR or IEND";
    return false;
  }
  const size_t rowBytes = static_cast<size_t>(image.width) * image.channels;
  std::vector<uint8_t> raw((rowBytes + 1) * image.height);
  uLongf rawSize = raw.size();
  if (uncompress(raw.data(), &rawSize, idat.data(), idat.size()) != Z_OK || rawSize != raw.size()) {
    error = "image data does not inflate to the expected size";
    return false;
  }
  image.pixels.assign(rowBytes * image.height, 0);
  const size_t bpp = static_cast<size_t>(image.channels);
  for (int row = 0; row < image.height; ++row) {
    uint8_t filter = raw[row * (rowBytes + 1)];
    const uint8_t *in = &raw[row * (rowBytes + 1) + 1];
    uint8_t *out = &image.pixels[row * rowBytes];
    const uint8_t *up = row ? &image.pixels[(row - 1) * rowBytes] : nullptr;
    for (size_t i = 0; i < rowBytes; ++i) {
      int a = i >= bpp ? out[i - bpp] : 0, b = up ? up[i] : 0,
          c = (up && i >= bpp) ? up[i - bpp] : 0;
      int predicted = 0;
      switch (filter) {
      case 0: predicted = 0; break;
      case 1: predicted = a; break;
      case 2: predicted = b; break;
      case 3: predicted = (a + b) / 2; break;
      case 4: predicted = paeth(a, b, c); break;
      default:
        error = "unknown filter type " + std::to_string(filter);
        return false;
      }
      out[i] = static_cast<uint8_t>(in[i] + predicted);
    }
  }
  return true;
}

std::vector<uint8_t> readFileBytes(const std::string &path) {
  std::string bytes = trex::test::readFile(path);
  return std::vector<uint8_t>(bytes.begin(), bytes.end());
}

} // namespace trex::playground::testing
