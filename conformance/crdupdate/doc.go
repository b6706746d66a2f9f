// Package crdupdate compares kval's verdict on CRD updates
// (lint.CheckCRDUpdate) with kube-apiserver's
// (validation.ValidateCustomResourceDefinitionUpdate), on the CRDs of the
// corpus (Gateway API, standard and experimental) and the example CRD,
// changed at random: versions removed or switched, fields dropped, made
// required, enums narrowed, bounds tightened, types changed, rules added,
// changed or broken, invalid things added to the new CRD only or to both
// (which ratcheting must let pass), names and scope changed, stored
// versions and the Established condition of the old CRD varied.
//
// Each pair is decoded by both sides. Upstream's side does what
// kube-apiserver does between decoding and validation on update: the new
// CRD gets the old one's status, with the new storage version added to
// status.storedVersions (the strategy's PrepareForUpdate), and the
// metadata the apiserver carries over from the stored object (BeforeUpdate;
// resourceVersion as kubectl sends it). An old CRD without a status gets
// the status kval assumes for it: established, its storage version stored.
//
// The error lists must be equal as multisets of (type, field, rendered
// message including the bad value). kval's own errors about the mutability
// extensions are left out, and the extensions are stripped before upstream
// sees the CRDs, as in package crdvalidation.
package crdupdate
