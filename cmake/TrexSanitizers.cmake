# Sanitizer builds: TREX_SANITIZE lists the sanitizers every trex target is built and linked
# with (-fsanitize=TREX_SANITIZE); scripts/sanitize.sh sets it to "address,undefined".
set(TREX_SANITIZE "" CACHE STRING
    "Sanitizers to instrument every target with (-fsanitize=...), e.g. address,undefined")
if(TREX_SANITIZE)
  # -g1: line tables, so reports name files and lines, at a fraction of -g's size.
  add_compile_options(-fsanitize=${TREX_SANITIZE} -fno-omit-frame-pointer -g1)
  add_link_options(-fsanitize=${TREX_SANITIZE})
  if(TREX_SANITIZE MATCHES "undefined")
    # The vptr check needs the type info of every polymorphic class, and LLVM's and MLIR's
    # classes have none (they are built with -fno-rtti).
    add_compile_options(-fno-sanitize=vptr)
  endif()
  message(STATUS "trex: sanitizers ${TREX_SANITIZE}")
endif()
