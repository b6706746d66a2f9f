// Package docexamples keeps the documentation's shell examples true: its
// tests build kval and run every example of README.md and docs/*.md fenced
// as "```sh runnable", one command a line (a line ending in a backslash
// goes on to the next), in a scratch directory that links the
// repository's files, and check each command's exit status: 0, or the N
// of a trailing comment that says "exits N". They also run the first of
// the README's two opening commands and check that the second is the test
// command CI runs (.ci/run).
//
// TestLinksLeadSomewhere checks that every relative link of the
// documentation names a file of the repository and, with a #fragment, one
// of its headings; TestUserDocsHoldNoHistory that README.md and docs/
// name no issue, pull request or commit, and that each page opens with its
// title.
//
// Runnable examples should take a second or less each: they run in every
// `go test ./...`.
package docexamples
