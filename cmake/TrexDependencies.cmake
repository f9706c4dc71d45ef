# Finds the Debian-packaged dependencies: LLVM/MLIR 22 (required), Qt 6, GLFW and
# Dear ImGui (GUI, optional), CLI11, nlohmann-json and GoogleTest.
set(TREX_LLVM_PREFIX "/usr/lib/llvm-22" CACHE PATH "Install prefix of LLVM/MLIR 22")
if(NOT MLIR_DIR)
  set(MLIR_DIR "${TREX_LLVM_PREFIX}/lib/cmake/mlir")
endif()
find_package(MLIR REQUIRED CONFIG)
if(NOT LLVM_VERSION_MAJOR EQUAL 22)
  message(FATAL_ERROR "trex needs LLVM/MLIR 22, found ${LLVM_PACKAGE_VERSION} at ${MLIR_DIR}")
endif()
message(STATUS "trex: MLIR from ${MLIR_DIR}, LLVM ${LLVM_PACKAGE_VERSION}")

list(APPEND CMAKE_MODULE_PATH "${MLIR_CMAKE_DIR}" "${LLVM_CMAKE_DIR}")
set(MLIR_TABLEGEN_EXE "${LLVM_TOOLS_BINARY_DIR}/mlir-tblgen")
include(TableGen)
include(AddLLVM)
include(AddMLIR)
include(HandleLLVMOptions)

include_directories(SYSTEM ${LLVM_INCLUDE_DIRS} ${MLIR_INCLUDE_DIRS})
separate_arguments(TREX_LLVM_DEFINITIONS NATIVE_COMMAND ${LLVM_DEFINITIONS})
add_definitions(${TREX_LLVM_DEFINITIONS})

find_package(CLI11 CONFIG QUIET)
find_package(nlohmann_json 3 CONFIG QUIET)
find_package(GTest QUIET)
find_package(Python3 COMPONENTS Interpreter QUIET)

# The layout playground's GUI stack (Debian: libimgui-dev, libglfw3-dev, libgl-dev, zlib1g-dev).
# Debian's libimgui.a carries the GLFW and OpenGL 3 backends; it is found through imgui.pc.
if(TREX_BUILD_GUI)
  find_package(PkgConfig QUIET)
  if(PkgConfig_FOUND)
    pkg_check_modules(TREX_IMGUI QUIET IMPORTED_TARGET imgui)
  endif()
  find_package(glfw3 3.3 CONFIG QUIET)
  set(OpenGL_GL_PREFERENCE GLVND)
  find_package(OpenGL QUIET)
  find_package(ZLIB QUIET)
endif()

find_program(TREX_LIT lit HINTS "${LLVM_TOOLS_BINARY_DIR}" REQUIRED)
find_program(TREX_FILECHECK FileCheck HINTS "${LLVM_TOOLS_BINARY_DIR}" REQUIRED)
