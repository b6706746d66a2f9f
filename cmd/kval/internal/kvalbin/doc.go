// Package kvalbin builds the kval binary for the tests that run it as a
// process (the hostile-input suite, startgc/early's start-up check, the
// documentation's runnable examples).
package kvalbin
