// GlfwImGuiSession: a GLFW window with an OpenGL 3 context and Dear ImGui set up on it, frame by frame.
#pragma once

#include <string>

struct GLFWwindow;

namespace trex::playground {

class GlfwImGuiSession {
public:
  // `visible` false makes a hidden window (screenshots).  On failure error() says why and
  // nothing else may be called.
  GlfwImGuiSession(const char *title, int width, int height, bool visible);
  ~GlfwImGuiSession();
  GlfwImGuiSession(const GlfwImGuiSession &) = delete;
  GlfwImGuiSession &operator=(const GlfwImGuiSession &) = delete;

  const std::string &error() const { return error_; }
  bool shouldClose() const;
  // Waits for input when `waitForEvents` (an idle playground costs no CPU), then starts an
  // ImGui frame.
  void beginFrame(bool waitForEvents);
  // From now on every frame sees the mouse at (x, y) instead of the real cursor (screenshots).
  void simulateMouseAt(float x, float y);
  // The next frame sees Ctrl (+ Shift) + `letter` pressed (screenshots of shortcuts).
  void simulateShortcut(char letter, bool shift);
  // Renders the frame into the bound framebuffer; shows it when `present`.
  void endFrame(bool present);
  // endFrame in two steps, so that the rendered pixels can be read before they are shown.
  void render();
  void present();
  int framebufferWidth() const;
  int framebufferHeight() const;

private:
  GLFWwindow *window_ = nullptr;
  bool imguiReady_ = false;
  bool simulatedMouse_ = false;
  float mouseX_ = 0, mouseY_ = 0;
  // The simulated shortcut: its letter (0: none) and whether it is still to be pressed or to
  // be released.
  char shortcutLetter_ = 0;
  bool shortcutShift_ = false;
  bool shortcutPending_ = false;
  std::string error_;
};

} // namespace trex::playground
