// Package hostile holds the hostile-input suite of kval (issue 18): kval
// run as a user would, on inputs meant to make it hang, eat memory or
// crash. Each case asserts the message, the exit code, a time bound and,
// for the memory cases, the peak resident memory of the kval process
// (getrusage's maxrss after it ends), well below the budget docs/limits.md
// states. Budgets are set where kval validating nothing peaks at 60 MB;
// TestMain measures that floor, and where it is higher every budget rises
// by the difference, never past 200 MB (floor_test.go).
//
// TestMain builds kval once. The suite runs under go test ./... in about
// half a minute; KVAL_HOSTILE_FULL=1 runs the memory cases at the sizes of
// the acceptance criteria (a 200 MB stream of small objects, as objects and
// as --old) and logs the peaks (go test -v).
package hostile
