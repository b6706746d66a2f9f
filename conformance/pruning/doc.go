// Package pruning is the differential test of kube-apiserver's decoding of
// custom resources: every corpus object and generated hostile objects go
// through kval's decode pipeline (pruning, null pruning, embedded object
// meta, defaulting) and through upstream's, for every version of every
// corpus CRD; the decoded objects, the reported unknown fields and whether
// decoding fails must be identical.
package pruning
