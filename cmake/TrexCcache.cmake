# Compiler caching: use ccache when it is installed, keyed relative to the source
# root so that a fresh clone in another folder still hits the cache.
find_program(TREX_CCACHE ccache)
if(TREX_CCACHE)
  set(CMAKE_C_COMPILER_LAUNCHER
      ${CMAKE_COMMAND} -E env CCACHE_BASEDIR=${CMAKE_SOURCE_DIR} CCACHE_NOHASHDIR=1
      CCACHE_SLOPPINESS=pch_defines,time_macros,include_file_mtime,include_file_ctime
      ${TREX_CCACHE})
  set(CMAKE_CXX_COMPILER_LAUNCHER ${CMAKE_C_COMPILER_LAUNCHER})
  message(STATUS "trex: compiling through ccache (${TREX_CCACHE})")
endif()
