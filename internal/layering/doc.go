// Package layering holds the test that keeps the README's layout table
// true: it reads the table's layers, in order, and fails when a package of
// a lower layer imports one of a higher layer, or when a package of the
// module is in no layer. The table is the one source of truth. It also
// keeps the systems kval is compared against out of the main module: no
// package imports upstream's declarative-validation runtime, and the code
// kval gen wrote into the module calls kval's own (validate).
package layering
