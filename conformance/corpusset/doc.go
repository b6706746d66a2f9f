// Package corpusset loads the corpus (testdata/corpus) for the differential
// tests and the benchmarks: every version of every Gateway API CRD, loaded by
// kval and by upstream side by side, and the example objects, valid and
// invalid, by group-version-kind. Loading is done once per process.
package corpusset
