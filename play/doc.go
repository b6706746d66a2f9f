// Package play is the Go side of the browser playground (`kval play`).
// Playground.Evaluate takes the texts of a CRD, an optional old object and
// a new object and answers, in the JSON the page reads, what kube-apiserver
// would do with the request: the verdict in kubectl's words, each error
// with its field and line, the pruned fields, the returned object as a
// diff against the input, warnings. Playground.Inspect reports on the CRD
// text alone: its CEL rules with their estimated costs and fix hints as
// `kval lint --cel-costs` gives them, `kval lint`'s findings and `kval
// lower`'s output; the page asks for it after the first verdict, which it
// would otherwise delay.
//
// It holds no validation logic: it composes catalog, engine, lint and
// lower, and it builds for the host and for GOOS=js GOARCH=wasm alike, so
// its tests run on the host while play/wasm, the only js-specific code,
// hands its answers to the page. Everything that depends only on the CRD's
// text is computed once per text (Playground keeps the last one), so
// editing an object re-runs only the request. play/site holds the page and builds and
// serves the static site; the gallery's examples are listed in Gallery.
package play
