// Package cli is the kval command line: flag parsing, reading files, and
// printing results as text, JSON or YAML. It holds no validation logic; every
// command calls the library packages. kval validate's verdict is the
// engine's answer (engine.Result.Err), as the webhook's and kvaltest's are
// (frontends_test.go pins the three equal); what to do with what the
// library reports (skip an object no CRD covers, exit 2) is decided here.
// --operator-versions lists params.InstanceCheck in the catalog's options.
//
// Exit codes are the same for every command: 0 when everything is valid,
// 1 when some object (or CRD, for lint) is invalid, 2 when the input or the
// flags cannot be used, 3 when kval hit a bug of its own (a panic it
// recovered: "internal error" on stderr; the other documents are still
// processed). A crash of the Go runtime itself, which no input should
// cause, exits 2 after "fatal error:" or "panic:" and goroutine stacks.
package cli
