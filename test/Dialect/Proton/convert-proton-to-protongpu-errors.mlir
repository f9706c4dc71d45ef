// RUN: trex-opt %s -split-input-file --convert-proton-to-protongpu -verify-diagnostics
// Scopes that do not open and close as nested pairs in the kernel are located errors.

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @never_ends() {
    // expected-error @+1 {{scope 'a' never ends}}
    proton.record start "a"
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @end_first() {
    // expected-error @+1 {{scope 'a' ends without having started}}
    proton.record end "a"
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @crossed() {
    proton.record start "a"
    proton.record start "b"
    // expected-error @+1 {{scope 'a' ends inside scope 'b' (scopes must nest)}}
    proton.record end "a"
    proton.record end "b"
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func public @reopened() {
    proton.record start "a"
    // expected-error @+1 {{scope 'a' is already open}}
    proton.record start "a"
    proton.record end "a"
    proton.record end "a"
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:90"} {
  tt.func private @helper() {
    // expected-error @+1 {{profiling scopes are supported in the kernel itself, not in the functions it calls ('helper')}}
    proton.record start "a"
    proton.record end "a"
    tt.return
  }
  tt.func public @kernel() {
    tt.call @helper() : () -> ()
    tt.return
  }
}
