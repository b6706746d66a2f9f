// Package validationgen checks `kval gen` against upstream's validation-gen
// (k8s.io/code-generator/cmd/validation-gen):
//
//   - the conformance run regenerates every package of upstream's own test
//     suite (cmd/validation-gen/output_tests) with kval instead of upstream's
//     generator, in a scratch copy, and runs upstream's tests against kval's
//     output;
//   - the tag catalog lists every upstream tag with the same scopes, payload
//     and stability;
//   - the runtime library github.com/kval-dev/kval/validate gives the same
//     errors as k8s.io/apimachinery/pkg/api/validate on the same values;
//   - no package of the main module imports upstream's runtime, and the
//     code kval gen wrote into it calls kval's runtime and never reaches
//     upstream's (mainmodule_test.go: the check lives here, where upstream's
//     runtime is imported, so the main module names it in no code);
//   - the tag parser reads every tag k8s.io/gengo/v2/codetags reads, the same
//     way.
//
// Deliberate differences are listed, with their reason, in differences.go.
package validationgen
