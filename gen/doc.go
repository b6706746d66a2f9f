// Package gen is `kval gen`: it reads +k8s: tags on Go API types and writes
// validation functions that call kval's runtime library (package validate).
//
// A run goes through these steps, one file each:
//
//	load.go      load the packages (go/packages), with comments and types
//	config.go    read the package options (+k8s:validation-gen=..., input,
//	             scheme registry, nolint, test fixtures) and pick root types
//	discover*.go walk the types from the roots, asking the tag registry
//	             (package validators) what each type and field needs
//	lint*.go     check the tags against the rules of declarative validation
//	emit*.go     write one zz_generated.validations.go per package:
//	             RegisterValidations, a Validate_<Type> function per type and
//	             a function per validated field
//	docs.go      render the tag reference from the registry
//
// Generation never stops at the first problem: every misused or unknown
// tag and every unsupported Go shape is collected as a Problem with its
// position, and no file is written while there is any.
//
// The generated code follows upstream's validation-gen semantics, so that
// upstream's own tests pass on it (see conformance/validationgen): checks
// run in tag order with short circuits first, unchanged values are not
// validated again on update (ratcheting), list items are matched by their
// keys, and errors carry upstream's types, paths and origins.
package gen
