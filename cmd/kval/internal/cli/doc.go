// Package cli is the kval command line: flag parsing, reading files, and
// printing results as text, JSON or YAML. It holds no validation logic; every
// command calls the library packages.
//
// Exit codes are the same for every command: 0 when everything is valid,
// 1 when some object (or CRD, for lint) is invalid, 2 when the input or the
// flags cannot be used, 3 when kval hit a bug of its own (a panic it
// recovered: "internal error" on stderr; the other documents are still
// processed). A crash of the Go runtime itself, which no input should
// cause, exits 2 after "fatal error:" or "panic:" and goroutine stacks.
package cli
