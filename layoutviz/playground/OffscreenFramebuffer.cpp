// OffscreenFramebuffer: the few GL 3 framebuffer entry points, fetched through GLFW (no loader library).
#include "OffscreenFramebuffer.h"

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <GL/gl.h>
#include <GL/glext.h>

#include <cstring>

namespace trex::playground {
namespace {

// libGL exports only OpenGL 1.x by name; framebuffer objects must be looked up at run time.
struct FramebufferFunctions {
  PFNGLGENFRAMEBUFFERSPROC genFramebuffers = nullptr;
  PFNGLDELETEFRAMEBUFFERSPROC deleteFramebuffers = nullptr;
  PFNGLBINDFRAMEBUFFERPROC bindFramebuffer = nullptr;
  PFNGLGENRENDERBUFFERSPROC genRenderbuffers = nullptr;
  PFNGLDELETERENDERBUFFERSPROC deleteRenderbuffers = nullptr;
  PFNGLBINDRENDERBUFFERPROC bindRenderbuffer = nullptr;
  PFNGLRENDERBUFFERSTORAGEPROC renderbufferStorage = nullptr;
  PFNGLFRAMEBUFFERRENDERBUFFERPROC framebufferRenderbuffer = nullptr;
  PFNGLCHECKFRAMEBUFFERSTATUSPROC checkFramebufferStatus = nullptr;

  bool load() {
    genFramebuffers = reinterpret_cast<PFNGLGENFRAMEBUFFERSPROC>(glfwGetProcAddress("glGenFramebuffers"));
    deleteFramebuffers =
        reinterpret_cast<PFNGLDELETEFRAMEBUFFERSPROC>(glfwGetProcAddress("glDeleteFramebuffers"));
    bindFramebuffer = reinterpret_cast<PFNGLBINDFRAMEBUFFERPROC>(glfwGetProcAddress("glBindFramebuffer"));
    genRenderbuffers =
        reinterpret_cast<PFNGLGENRENDERBUFFERSPROC>(glfwGetProcAddress("glGenRenderbuffers"));
    deleteRenderbuffers =
        reinterpret_cast<PFNGLDELETERENDERBUFFERSPROC>(glfwGetProcAddress("glDeleteRenderbuffers"));
    bindRenderbuffer =
        reinterpret_cast<PFNGLBINDRENDERBUFFERPROC>(glfwGetProcAddress("glBindRenderbuffer"));
    renderbufferStorage =
        reinterpret_cast<PFNGLRENDERBUFFERSTORAGEPROC>(glfwGetProcAddress("glRenderbufferStorage"));
    framebufferRenderbuffer = reinterpret_cast<PFNGLFRAMEBUFFERRENDERBUFFERPROC>(
        glfwGetProcAddress("glFramebufferRenderbuffer"));
    checkFramebufferStatus = reinterpret_cast<PFNGLCHECKFRAMEBUFFERSTATUSPROC>(
        glfwGetProcAddress("glCheckFramebufferStatus"));
    return genFramebuffers && deleteFramebuffers && bindFramebuffer && genRenderbuffers &&
           deleteRenderbuffers && bindRenderbuffer && renderbufferStorage &&
           framebufferRenderbuffer && checkFramebufferStatus;
  }
};

FramebufferFunctions &functions() {
  static FramebufferFunctions loaded;
  return loaded;
}

} // namespace

OffscreenFramebuffer::OffscreenFramebuffer(int width, int height)
    : width_(width), height_(height) {
  FramebufferFunctions &gl = functions();
  if (!gl.load()) {
    error_ = "the OpenGL context has no framebuffer objects (OpenGL 3.0 needed)";
    return;
  }
  gl.genRenderbuffers(1, &colourBuffer_);
  gl.bindRenderbuffer(GL_RENDERBUFFER, colourBuffer_);
  gl.renderbufferStorage(GL_RENDERBUFFER, GL_RGBA8, width, height);
  gl.genFramebuffers(1, &framebuffer_);
  gl.bindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
  gl.framebufferRenderbuffer(GL_FRAMEBUFFER, GL_COLOR_ATTACHMENT0, GL_RENDERBUFFER, colourBuffer_);
  if (gl.checkFramebufferStatus(GL_FRAMEBUFFER) != GL_FRAMEBUFFER_COMPLETE)
    error_ = "the offscreen framebuffer is incomplete";
  gl.bindFramebuffer(GL_FRAMEBUFFER, 0);
}

OffscreenFramebuffer::~OffscreenFramebuffer() {
  FramebufferFunctions &gl = functions();
  if (framebuffer_)
    gl.deleteFramebuffers(1, &framebuffer_);
  if (colourBuffer_)
    gl.deleteRenderbuffers(1, &colourBuffer_);
}

void OffscreenFramebuffer::bind() {
  if (error_.empty())
    functions().bindFramebuffer(GL_FRAMEBUFFER, framebuffer_);
}

std::vector<uint8_t> readFramebufferRgb(int width, int height) {
  const size_t rowBytes = static_cast<size_t>(width) * 3;
  std::vector<uint8_t> bottomUp(rowBytes * height);
  glPixelStorei(GL_PACK_ALIGNMENT, 1);
  glReadPixels(0, 0, width, height, GL_RGB, GL_UNSIGNED_BYTE, bottomUp.data());
  std::vector<uint8_t> topDown(bottomUp.size());
  for (int row = 0; row < height; ++row)
    std::memcpy(topDown.data() + row * rowBytes, bottomUp.data() + (height - 1 - row) * rowBytes,
                rowBytes);
  return topDown;
}

} // namespace trex::playground
