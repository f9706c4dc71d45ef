// OffscreenFramebuffer: an OpenGL framebuffer object to render a frame into and read back as pixels.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

// A hidden window's default framebuffer has no guaranteed pixels (nothing is on screen), so
// screenshots render into an FBO of their own.  Needs a current GL 3 context.
class OffscreenFramebuffer {
public:
  // On failure error() says why and bind() does nothing.
  OffscreenFramebuffer(int width, int height);
  ~OffscreenFramebuffer();
  OffscreenFramebuffer(const OffscreenFramebuffer &) = delete;
  OffscreenFramebuffer &operator=(const OffscreenFramebuffer &) = delete;

  const std::string &error() const { return error_; }
  void bind();
  // The framebuffer's RGB pixels, top row first (OpenGL reads bottom-up).
  std::vector<uint8_t> readRgb();

private:
  int width_;
  int height_;
  unsigned framebuffer_ = 0;
  unsigned colourBuffer_ = 0;
  std::string error_;
};

} // namespace trex::playground
