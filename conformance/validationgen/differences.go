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

// tagGrammarDifferences are inputs k8s.io/gengo/v2/codetags accepts and
// kval rejects, deliberately: they are malformed, and accepting them would
// drop what the author meant silently.
var tagGrammarDifferences = map[string]string{
	"+name(args)=": "a dangling \"=\" after arguments: codetags ignores it and reads no value; kval reports the missing value",
	"+":            "an empty tag name: codetags reads a nameless tag; comment extraction never produces one",
	"+name(key:)":  "a named argument without a value: codetags drops the argument (or, in key: key2: v, keeps the last name); kval reports it",
}
