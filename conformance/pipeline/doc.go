// Package pipeline is the differential test of kval's whole request
// pipeline against kube-apiserver's: the same create, update and status
// update requests go through kval's engine and through upstream's decoding,
// generic registry validation and custom resource strategy, for every
// version of every corpus CRD, once with the CRD as written (CEL rules
// included) and once with its x-kubernetes-validations removed (the
// validation issue's pipeline before CEL). The error lists must be
// identical: type, field, detail and bad value, in upstream's order (sorted
// by field where upstream's is random). Ratcheted errors, which kval
// reports as warnings, are compared with the warnings upstream gives. When
// upstream accepts a request, kval's object must be the one upstream's
// registry hands to storage (generation included), but for what a real
// apiserver fills with values neither side can know: resourceVersion, and
// uid and creationTimestamp on create.
package pipeline
