// Sha256: the digest the kernel cache keys and checksums its entries with (FIPS 180-4).
#ifndef TREX_RUNTIME_SHA256_H
#define TREX_RUNTIME_SHA256_H

#include <array>
#include <cstdint>
#include <string>

namespace trex::runtime {

class Sha256 {
public:
  Sha256();
  void update(const void *data, std::size_t size);
  void update(const std::string &text) { update(text.data(), text.size()); }
  // The digest as 64 lowercase hex digits; the object is spent afterwards.
  std::string hexDigest();

private:
  void compress(const std::uint8_t *block);

  std::array<std::uint32_t, 8> state_;
  std::array<std::uint8_t, 64> buffer_{};
  std::size_t buffered_ = 0;
  std::uint64_t totalBytes_ = 0;
};

std::string sha256Hex(const std::string &data);

} // namespace trex::runtime

#endif // TREX_RUNTIME_SHA256_H
