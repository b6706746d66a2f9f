// Package layering holds the test that keeps CONTRIBUTING.md's layout table
// true: it reads the table's layers, in order, and fails when a package of
// a lower layer imports one of a higher layer, or when a package of the
// module is in no layer. The table is the one source of truth. It also
// keeps the systems kval is compared against out of the main module's
// requirements. That no package of the main module imports upstream's
// declarative-validation runtime, and that the code kval gen wrote into it
// calls kval's own (validate), is checked from conformance/validationgen,
// the module that compares the two runtimes.
package layering
