// Package memo keeps the results of pure computations on text that kval
// repeats across CRDs, versions and runs of lint and compilation (a CEL
// rule's parse, a schema pattern's compiled form): a Map computes each
// key once, makes concurrent callers of one key wait for that one
// computation, and is bounded, in entries and in the size of what it
// keeps, so that a long-running kval serve reloading changing or hostile
// CRDs does not keep everything it ever saw.
package memo
