// Package fastjson decodes a JSON value into the Go values kval works on
// (map[string]any, []any, string, int64, float64, bool, nil) exactly as
// sigs.k8s.io/json's strict decoding into an any does (what
// manifest.DecodeObject runs, with duplicate fields refused), about three
// times faster, or declines: it takes only what it can answer the same
// way (no duplicate field, numbers within range, nesting within
// MaxDepth), and for anything else (a syntax error included) says no, and
// the caller decodes with sigs.k8s.io/json, which gives the error. The
// webhook reads a review's objects with it (webhook/onepass.go);
// FuzzDecodeAnswersAsStrictDecoding holds it to the reference.
// DecodeShaped also decodes the objects a Shape marks hollow, as empty
// maps, when they hold nothing but objects (hollow.go;
// FuzzShapedDecodingAsDecode holds it to Decode). Short
// strings are shared between reads through a table of fixed size
// (intern.go): decoded values are shared and must not be changed, which
// strings never are.
package fastjson
