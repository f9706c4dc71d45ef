// PngWriter: the few chunks a valid PNG needs (IHDR, one IDAT, IEND), deflated by zlib.
#include "PngWriter.h"

#include <zlib.h>

#include <cstring>
#include <fstream>
#include <stdexcept>

namespace trex::playground {
namespace {

void appendBigEndian32(std::vector<uint8_t> &out, uint32_t value) {
  out.push_back(static_cast<uint8_t>(value >> 24));
  out.push_back(static_cast<uint8_t>(value >> 16));
  out.push_back(static_cast<uint8_t>(value >> 8));
  out.push_back(static_cast<uint8_t>(value));
}

// Length, type, data, then the CRC of type and data.
void appendChunk(std::vector<uint8_t> &out, const char type[4], const std::vector<uint8_t> &data) {
  appendBigEndian32(out, static_cast<uint32_t>(data.size()));
  size_t typeStart = out.size();
  out.insert(out.end(), type, type + 4);
  out.insert(out.end(), data.begin(), data.end());
  uLong crc = crc32(0L, Z_NULL, 0);
  crc = crc32(crc, out.data() + typeStart, static_cast<uInt>(4 + data.size()));
  appendBigEndian32(out, static_cast<uint32_t>(crc));
}

} // namespace

std::vector<uint8_t> encodePng(int width, int height, int channels,
                               const std::vector<uint8_t> &pixels) {
  if (width <= 0 || height <= 0 || (channels != 3 && channels != 4))
    throw std::runtime_error("png: bad image size or channel count");
  const size_t rowBytes = static_cast<size_t>(width) * channels;
  if (pixels.size() != rowBytes * height)
    throw std::runtime_error("png: pixel buffer does not match the image size");

  // Every scanline starts with its filter type; 0 (none) keeps the encoder trivial.
  std::vector<uint8_t> raw;
  raw.reserve((rowBytes + 1) * height);
  for (int row = 0; row < height; ++row) {
    raw.push_back(0);
    raw.insert(raw.end(), pixels.begin() + row * rowBytes, pixels.begin() + (row + 1) * rowBytes);
  }
  uLongf compressedSize = compressBound(static_cast<uLong>(raw.size()));
  std::vector<uint8_t> compressed(compressedSize);
  if (compress2(compressed.data(), &compressedSize, raw.data(), static_cast<uLong>(raw.size()),
                Z_BEST_SPEED) != Z_OK)
    throw std::runtime_error("png: zlib could not compress the image");
  compressed.resize(compressedSize);

  std::vector<uint8_t> header;
  appendBigEndian32(header, static_cast<uint32_t>(width));
  appendBigEndian32(header, static_cast<uint32_t>(height));
  header.push_back(8);                        // bits per channel
  header.push_back(channels == 4 ? 6 : 2);    // colour type: RGBA or RGB
  header.push_back(0);                        // deflate
  header.push_back(0);                        // adaptive filtering (we use filter 0 only)
  header.push_back(0);                        // not interlaced

  static const uint8_t kSignature[8] = {0x89, 'P', 'N', 'G', '\r', '\n', 0x1A, '\n'};
  std::vector<uint8_t> file(kSignature, kSignature + 8);
  appendChunk(file, "IHDR", header);
  appendChunk(file, "IDAT", compressed);
  appendChunk(file, "IEND", {});
  return file;
}

std::string writePng(const std::string &path, int width, int height, int channels,
                     const std::vector<uint8_t> &pixels) {
  std::vector<uint8_t> file;
  try {
    file = encodePng(width, height, channels, pixels);
  } catch (const std::exception &error) {
    return error.what();
  }
  std::ofstream out(path, std::ios::binary);
  if (!out)
    return "cannot open " + path + " for writing";
  out.write(reinterpret_cast<const char *>(file.data()), static_cast<std::streamsize>(file.size()));
  return out ? "" : "cannot write " + path;
}

} // namespace trex::playground
