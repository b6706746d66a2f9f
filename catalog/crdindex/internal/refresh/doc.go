// Command refresh writes kval's catalog index (catalog/crdindex/index.yaml)
// from sources.yaml: each project's CRD files read from the Go module
// proxy (go mod download), their sums, kinds and served versions, and,
// with -mirror DIR, a local copy (the index, the files and each project's
// license) that kval validate --catalog-dir reads offline.
//
//	go run ./catalog/crdindex/internal/refresh [-latest] [-mirror testdata/catalog]
package main
