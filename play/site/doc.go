// Package site is the playground's static site and `kval play`: the page
// (static/: plain HTML, CSS and JavaScript, no build step), the engine
// compiled to WebAssembly (play/wasm) and the gallery's inputs, written
// to a directory any file server can serve or served by kval itself.
//
// The WebAssembly is not committed: Build compiles it with the Go
// toolchain, from the kval source the running binary was built from (a
// released version's in the module cache, or the checkout kval runs in),
// into the user's cache, keyed by that version. A checkout's build is
// refreshed every time (the Go build cache keeps that quick); a released
// version's is built once. wasm_exec.js, the JavaScript half of Go's
// WebAssembly runtime, comes from the same toolchain, so the two match.
//
// Not part of the WebAssembly: this package runs only on the host.
package site
