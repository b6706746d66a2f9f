// Package walkstop lets a walk over a request's object stop once the
// request's context ends (a webhook's timeout): a Stopper counts visits and
// checks the context every CheckEvery of them, so the check costs nothing
// measurable and a stopped walk gives its CPU and memory back within a
// millisecond. A stopped walk's output is incomplete; its caller must return
// the context's error, never a verdict.
package walkstop
