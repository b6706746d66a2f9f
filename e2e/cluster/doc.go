// Package cluster runs a real kube-apiserver, backed by etcd, for kval's
// end-to-end tests: it builds kube-apiserver from the e2e/kubeapiserver
// module into the Go build cache once, starts etcd and kube-apiserver on
// loopback ports and hands out a client configuration. See the
// documentation of package e2e.
package cluster
