// Package kubeapis holds the differential test of `kval gen` on
// Kubernetes' own API packages: for every package k8s.io/kubernetes
// generates validation for, in the current and the previous release, the
// test runs kval gen on the packages as written (doc.go, hand-written
// validation.go, k8s.io/api's tagged types) and calls upstream's committed
// zz_generated.validations.go and kval's on the same objects: zero values,
// k8s.io/api's round-trip fixtures, random objects and mutations of them;
// create and three kinds of update; options off and all on; every
// registered subresource; each function called directly (nil path) and
// each root type through RegisterValidations.
//
// The same driver source is built against two copies of the tree, one
// with upstream's files and one with kval's, and the outputs are compared
// case by case (type, path, detail, origin, bad value, stability level).
// The only difference allowed is listed in differences.go.
//
// Every package is generated and compared by function and registration;
// the default run calls the functions of twelve groups (defaultPackages),
// KVAL_KUBEAPIS=all calls every package's, KVAL_KUBEAPIS_N sets the random
// objects per function (24).
//
// Figures (Kubernetes 1.37.2, default run): 61 packages generated with no
// problem and the same functions and registrations as upstream; 228
// functions called in 62,244 cases, 205,218 upstream errors, 0 differences
// (about 370 cases, a number that varies with Go's map order, had their
// errors over map entries in another order: differences.go). Full run
// (KVAL_KUBEAPIS=all): 516 functions, 129,368 cases, 402,605 upstream
// errors, 0 differences (898 map-order cases). Kubernetes 1.36.3: 36
// packages generated with no problem and the same functions and
// registrations; not called, as kval's runtime needs apimachinery v0.37
// (release.noCalls).
package kubeapis
