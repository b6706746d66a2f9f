// Package manifest reads Kubernetes-style manifests into unstructured values.
//
// A manifest file holds one or more documents: YAML separated by "---" lines,
// or a stream of JSON values. Every document is decoded exactly as kubectl and
// kube-apiserver would see it: YAML is converted to JSON with sigs.k8s.io/yaml
// (merge keys included: a key after "<<: *base" overrides the merged one),
// JSON numbers that are integers become int64 and all others float64. Objects
// of a List kind are expanded into their items, as kubectl does.
//
// Bad input never passes silently and never crashes the reader: syntax errors,
// duplicate keys, documents that are not objects, numbers JSON cannot hold
// (named by their field), documents larger than MaxDocumentBytes as JSON (the
// request kubectl would send: comments and indentation do not count) or than
// MaxTextBytes as text, and nesting deeper than MaxDepth are reported as
// errors that name the file and the line where the document starts (and,
// for syntax errors, the line of the error). Reading continues with the next
// document.
//
// Memory is bounded whatever the stream: lines are read in pieces, and no
// more than MaxTextBytes of one document is ever buffered (a 1 GB line with
// no newline is dropped piece by piece once it cannot fit).
//
// A failure of the stream itself (a directory, a closed descriptor, an I/O
// error) is a *ReadError: it is returned once and ends the stream.
package manifest
