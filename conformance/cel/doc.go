// Package cel compares kval's x-kubernetes-validations support (package
// celrules, and the engine and lint that use it) with kube-apiserver's, on
// the same inputs:
//
//   - lint: the create-time verdict on every corpus CRD and on crafted CRDs
//     with rules (testdata/lint): compile errors, cost limits, oldSelf
//     placement, optionalOldSelf, and rules evaluated on defaults;
//   - stage: the CEL validator alone on every version of every corpus CRD
//     and on crafted schemas: corpus examples and invalid examples (as
//     written and as decoded), generated objects and violations, and
//     generated updates that hit transition rules; on create, on update with
//     ratcheting (ratcheted errors compared too) and without;
//   - pipeline: the engine's create and update against upstream's decoding
//     and custom-resource strategy, CEL included.
//
// Errors must be identical: type, field, detail and bad value. Upstream's
// CEL type names carry a timestamp ("selfType123"); they are compared
// without the digits. Where upstream's order is random (map iteration),
// lists are compared in a canonical order.
package cel
