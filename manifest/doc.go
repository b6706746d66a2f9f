// Package manifest reads Kubernetes-style manifests into unstructured values.
//
// A manifest file holds one or more documents: YAML separated by "---" lines,
// or a stream of JSON values. Every document is decoded exactly as kubectl and
// kube-apiserver would see it: YAML as sigs.k8s.io/yaml converts it to JSON
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
// document. YAML aliases are expanded no further than MaxDocumentBytes of
// JSON. File names are escaped in messages (Source.String, EscapeName), and
// a directory walk (ExpandPathsSkipping) leaves out, and names, the links
// that lead out of the directory given and the entries that are no regular
// files.
//
// YAML is decoded without writing JSON. The round trip kubectl does (yaml.v2
// through sigs.k8s.io/yaml to JSON, then JSON to values) cost a third of
// the CPU of reading an object, so decodeYAML parses with yaml.v2 exactly as
// sigs.k8s.io/yaml does and converts its values in one walk that models
// the rest: keys made strings as convertToJSONableObject makes them (float
// keys at float32 precision), strings with each byte that is not UTF-8
// replaced by U+FFFD, numbers as the JSON decoder reads json.Marshal's text
// of them (3.0 and -0 become int64, uint64 beyond int64 a float64), the
// JSON size counted byte for byte with json.Marshal's escapes (so
// MaxDocumentBytes refuses exactly the documents it refused before) and the
// nesting depth. Whatever the walk does not model is handed to the round
// trip (decodeViaJSON), kept for that: every error of yaml.v2 (merge-key
// overrides included), keys JSON cannot hold, NaN and infinities, two keys
// that become one (where the round trip's answer depends on Go's map
// order). Of the 794 documents of the corpora below that decode, 2 take
// the round trip; so do the 142 that are errors.
//
// The two are proven equal, not assumed: the tests decode every YAML
// document of testdata/corpus, examples/, cmd/kval/internal/cli/testdata, every
// string literal of this package's tests and crafted edge cases (numbers,
// keys, merge keys, aliases, timestamps, binary, invalid UTF-8, documents on
// either side of MaxDocumentBytes and MaxDepth) both ways and require the
// same values, Go types included, and the same error text; when the walk
// answered, the size it counted must be the length of the JSON.
// FuzzYAMLDecodeMatchesJSONRoundTrip does the same on arbitrary input.
//
// Most documents do not need yaml.v2 at all: decodeYAML first tries
// decodeBlockYAML (yamlblock*.go), which reads the block-style YAML that
// manifests are written in line by line, four to six times faster, and
// gives exactly what yaml.v2 and the walk would, or declines. It reads
// block mappings and sequences (a sequence at its key's column, "- key:"
// mappings), plain scalars (over lines too), quoted scalars (over lines,
// with the one-character escapes), literal and folded block scalars,
// one-line flow collections, comments and a leading "---". It declines
// everything else, valid or not, so that errors stay yaml.v2's: tabs,
// carriage returns, control characters, byte order marks and Unicode line
// breaks, anchors, aliases, tags, merge keys, complex keys, directives,
// document markers, duplicate keys, keys that are not strings, "\u"
// escapes, block indentation indicators, flow collections over lines,
// nesting deeper than 100 levels, more than MaxDocumentBytes of JSON.
// Plain scalars are resolved as yaml.v2 resolves them: directly when their
// first character makes them strings, for decimal integers, yaml.v2's
// words (true, no, ~) and text no number can hold ("500m"), and by yaml.v2
// itself otherwise. Whenever it answers, the tests require yaml.v2 and the
// walk to give the same value and count the same JSON size and depth:
// TestBlockYAMLMatchesYAMLv2OnFiles on every YAML document of the
// repository (it must take 95% of the valid ones),
// TestBlockYAMLOnGeneratedDocuments on random documents of the constructs
// it reads, the TestBlockYAMLOnEnumerated tests on every small document
// made of given lines or pieces, FuzzBlockYAMLExactOrDeclines on arbitrary
// input, and
// TestPlainScalarsResolveAsYAMLv2 pins its resolution on tens of thousands
// of scalars; the tests above, comparing decodeYAML with the round trip,
// go through it too. BenchmarkYAMLDecode compares the round trip, yaml.v2
// with the walk, and the fast path.
//
// Memory is bounded whatever the stream: lines are read in pieces, and no
// more than MaxTextBytes of one document is ever buffered (a 1 GB line with
// no newline is dropped piece by piece once it cannot fit).
//
// DecodeObjectContext, for a request's object, decodes nothing once the
// request's context has ended (an object decodes in one piece).
//
// A failure of the stream itself (a directory, a closed descriptor, an I/O
// error) is a *ReadError: it is returned once and ends the stream.
package manifest
