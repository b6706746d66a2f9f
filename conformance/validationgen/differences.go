package validationgen

// skippedFiles are upstream files the conformance run does not regenerate,
// with the reason. They are deleted from the scratch copy with the
// generated files.
var skippedFiles = map[string]string{
	// +k8s:validation-gen-test-targets makes upstream emit coverage tests
	// that assert every declared rule is exercised by the package's tests.
	// They check upstream's test suite, not the generated code; kval accepts
	// the tag and emits no such file. The packages' own tests still run.
	"zz_generated.validations_coverage_test.go": "coverage fixtures of +k8s:validation-gen-test-targets are not generated",
}

// expectedFailures are output_tests packages whose upstream tests are known
// to fail on kval's output, with the deliberate difference that explains
// it. It is empty: every package passes.
var expectedFailures = map[string]string{}
