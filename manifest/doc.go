// Package manifest reads Kubernetes-style manifests into unstructured values.
//
// A manifest file holds one or more documents: YAML separated by "---" lines,
// or a stream of JSON values. Every document is decoded exactly as kubectl and
// kube-apiserver would see it: YAML is converted to JSON with sigs.k8s.io/yaml,
// JSON numbers that are integers become int64 and all others float64. Objects of
// a List kind are expanded into their items, as kubectl does.
//
// Bad input never passes silently and never crashes the reader: syntax errors,
// duplicate keys, documents that are not objects, documents larger than
// MaxDocumentBytes and nesting deeper than MaxDepth are reported as errors that
// name the file and the line where the document starts (and, for syntax
// errors, the line of the error). Reading continues with the next document.
package manifest
