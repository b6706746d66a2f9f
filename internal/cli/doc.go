// Package cli is the kval command line: flag parsing, reading files, and
// printing results as text, JSON or YAML. It holds no validation logic; every
// command calls the library packages.
//
// Exit codes are the same for every command: 0 when everything is valid,
// 1 when some object (or CRD, for lint) is invalid, 2 when the input or the
// flags cannot be used.
package cli
