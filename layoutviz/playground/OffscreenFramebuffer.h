// OffscreenFramebuffer: an OpenGL framebuffer to render into, and reading back pixels of one.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

namespace trex::playground {

// A hidden window's default framebuffer has no guaranteed pixels (nothing is on screen), so
// screenshots render into an FBO of their own.  Needs a current GL 3 context.
// The RGB pixels of the framebuffer bound for reading (the window's back buffer after a frame
// is rendered and before it is shown, or a bound OffscreenFramebuffer), top row first.
std::vector<uint8_t> readFramebufferRgb(int width, int height);

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
  std::vector<uint8_t> readRgb() { return readFramebufferRgb(width_, height_); }

private:
  int width_;
  int height_;
  unsigned framebuffer_ = 0;
  unsigned colourBuffer_ = 0;
  std::string error_;
};

} // namespace trex::playground
