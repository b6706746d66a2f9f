// Package corpus locates the corpus of real CRDs and objects in
// testdata/corpus, for tests and benchmarks in any module of the repository.
package corpus
