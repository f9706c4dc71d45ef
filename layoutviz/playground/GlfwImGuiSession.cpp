// GlfwImGuiSession: GLFW + OpenGL 3.3 core + the ImGui GLFW/OpenGL3 backends shipped with Dear ImGui.
#include "GlfwImGuiSession.h"

#include <imgui.h>
#include <backends/imgui_impl_glfw.h>
#include <backends/imgui_impl_opengl3.h>

#define GLFW_INCLUDE_NONE
#include <GLFW/glfw3.h>

#include <GL/gl.h>

#include <cstdio>

namespace trex::playground {
namespace {

void reportGlfwError(int code, const char *description) {
  std::fprintf(stderr, "trex-layout-playground: GLFW error %d: %s\n", code, description);
}

} // namespace

GlfwImGuiSession::GlfwImGuiSession(const char *title, int width, int height, bool visible) {
  glfwSetErrorCallback(reportGlfwError);
  if (!glfwInit()) {
    error_ = "cannot initialise GLFW (is there a display? try xvfb-run)";
    return;
  }
  glfwWindowHint(GLFW_CONTEXT_VERSION_MAJOR, 3);
  glfwWindowHint(GLFW_CONTEXT_VERSION_MINOR, 3);
  glfwWindowHint(GLFW_OPENGL_PROFILE, GLFW_OPENGL_CORE_PROFILE);
  glfwWindowHint(GLFW_OPENGL_FORWARD_COMPAT, GLFW_TRUE);
  glfwWindowHint(GLFW_VISIBLE, visible ? GLFW_TRUE : GLFW_FALSE);
  window_ = glfwCreateWindow(width, height, title, nullptr, nullptr);
  if (!window_) {
    error_ = "cannot create an OpenGL 3.3 window";
    return;
  }
  glfwMakeContextCurrent(window_);
  glfwSwapInterval(1);

  IMGUI_CHECKVERSION();
  ImGui::CreateContext();
  // Window positions are fixed by the playground; nothing worth an imgui.ini in the cwd.
  ImGui::GetIO().IniFilename = nullptr;
  ImGui::StyleColorsDark();
  if (!ImGui_ImplGlfw_InitForOpenGL(window_, true) || !ImGui_ImplOpenGL3_Init("#version 330")) {
    error_ = "cannot set up Dear ImGui's GLFW/OpenGL 3 backends";
    return;
  }
  imguiReady_ = true;
}

GlfwImGuiSession::~GlfwImGuiSession() {
  if (imguiReady_) {
    ImGui_ImplOpenGL3_Shutdown();
    ImGui_ImplGlfw_Shutdown();
  }
  if (ImGui::GetCurrentContext())
    ImGui::DestroyContext();
  if (window_)
    glfwDestroyWindow(window_);
  glfwTerminate();
}

bool GlfwImGuiSession::shouldClose() const { return glfwWindowShouldClose(window_); }

void GlfwImGuiSession::beginFrame(bool waitForEvents) {
  if (waitForEvents)
    glfwWaitEventsTimeout(0.5);
  else
    glfwPollEvents();
  ImGui_ImplOpenGL3_NewFrame();
  ImGui_ImplGlfw_NewFrame();
  // After the backend, which would otherwise set the position from the (absent) real cursor.
  ImGuiIO &io = ImGui::GetIO();
  if (simulatedMouse_)
    io.MousePos = ImVec2(mouseX_, mouseY_);
  // Down for one frame, then up: ImGui sees one press. The key index is the GLFW key code,
  // which for a letter is its upper-case ASCII code (as the backend fills io.KeysDown).
  if (shortcutLetter_) {
    io.KeysDown[static_cast<unsigned char>(shortcutLetter_)] = shortcutPending_;
    io.KeyCtrl = shortcutPending_;
    io.KeyShift = shortcutPending_ && shortcutShift_;
    if (!shortcutPending_)
      shortcutLetter_ = 0;
    shortcutPending_ = false;
  }
  ImGui::NewFrame();
}

void GlfwImGuiSession::simulateShortcut(char letter, bool shift) {
  shortcutLetter_ = letter;
  shortcutShift_ = shift;
  shortcutPending_ = true;
}

void GlfwImGuiSession::simulateMouseAt(float x, float y) {
  simulatedMouse_ = true;
  mouseX_ = x;
  mouseY_ = y;
}

void GlfwImGuiSession::endFrame(bool present) {
  render();
  if (present)
    this->present();
}

void GlfwImGuiSession::render() {
  ImGui::Render();
  glViewport(0, 0, framebufferWidth(), framebufferHeight());
  glClearColor(0.08f, 0.08f, 0.10f, 1.0f);
  glClear(GL_COLOR_BUFFER_BIT);
  ImGui_ImplOpenGL3_RenderDrawData(ImGui::GetDrawData());
}

void GlfwImGuiSession::present() { glfwSwapBuffers(window_); }

int GlfwImGuiSession::framebufferWidth() const {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  return width;
}

int GlfwImGuiSession::framebufferHeight() const {
  int width = 0, height = 0;
  glfwGetFramebufferSize(window_, &width, &height);
  return height;
}

} // namespace trex::playground
