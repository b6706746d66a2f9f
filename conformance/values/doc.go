// Package values compares kval's value validation (packages values and
// listtypes) with kube-apiserver's: the schema validator of
// k8s.io/apiextensions-apiserver (create, and update with and without
// ratcheting) and its list-type validation, on the corpus CRDs and objects,
// on crafted schemas covering every keyword and format, and on generated
// objects and updates. Errors must be identical: verdicts, fields, types,
// details and bad values.
package values
