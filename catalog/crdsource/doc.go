// Package crdsource resolves where CustomResourceDefinitions come from into
// the documents package catalog loads, so that the CLI, kvaltest and the
// webhook read the same sources the same way.
//
// A source, as --crd names it, is one of:
//
//   - a file or a directory of YAML or JSON documents (manifest.ExpandPaths);
//   - a Helm chart directory (it holds Chart.yaml): the CRDs of its crds/
//     folder and of its unpacked subcharts' crds/ folders, as helm install
//     applies them; templates are not rendered;
//   - an http:// or https:// URL of a CRD file or a multi-document bundle,
//     fetched once into a cache directory and revalidated with ETag and
//     If-Modified-Since, so that a run works offline from the cache (Fetcher);
//   - "cluster:", the CRDs of a live cluster through a kubeconfig, read only
//     (list of customresourcedefinitions), with kval's extensions restored
//     from their annotation (DecodeLive, which kval serve --watch-crds uses
//     too).
//
// It also owns the rule for CRDs found among the objects of a run (kval
// validate's input): they serve that run as if given as sources, and the
// same CRD given twice with different content is an error naming both
// places, unless the caller prefers the given sources (Combine).
package crdsource
