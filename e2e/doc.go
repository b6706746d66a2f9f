// Package e2e holds kval's end-to-end tests: they run against a real
// kube-apiserver, backed by a real etcd, that package e2e/cluster starts once
// per test binary (in TestMain, with cluster.Main).
//
// # kube-apiserver
//
// kube-apiserver is upstream's, built from e2e/kubeapiserver: a main package
// of its own Go module that runs k8s.io/kubernetes/cmd/kube-apiserver/app
// (Kubernetes v1.36.3, its staging modules pinned to v0.36.3 by replace
// directives). That module is deliberately not in go.work, whose k8s.io
// modules are newer (v0.37.x); it is built with GOWORK=off.
//
// The binary is cached in the Go build cache, as
// $(go env GOCACHE)/kval-e2e/kube-apiserver-<hash>, where <hash> is a short
// hash of e2e/kubeapiserver's go.mod, go.sum and main.go. The first run
// builds it (minutes, see below; the harness says so on stderr); later
// runs, and CI runs that restore the build cache, reuse it. A changed source builds a new binary next to the
// old one; `go clean -cache` removes them. Test binaries that build at once
// each build into a temporary file and rename it into place.
//
// # What a run needs
//
//   - Go and the Go module proxy (to build kube-apiserver);
//   - etcd in PATH, any 3.4 or later: on Debian and Ubuntu,
//     `apt-get install -y etcd-server` (CI's .ci/run installs it). Without
//     it the tests fail with that instruction; they never skip;
//   - free TCP ports on 127.0.0.1.
//
// # The cluster
//
// etcd and kube-apiserver listen on free loopback ports, with their data,
// certificates and logs in a temporary directory that Stop removes.
// kube-apiserver serves HTTPS with a self-signed certificate (its --cert-dir),
// authenticates an administrator (group system:masters) with a static token
// (--token-auth-file), authorizes with RBAC, signs service account tokens
// with a generated key, and runs its default admission plugins, validating
// admission webhooks included. Start returns once /readyz passes; a server
// that exits or does not get ready fails Start with the end of its log.
// Cluster.Config is the administrator's client configuration. When tests
// fail, cluster.Main prints the end of both logs and keeps the directory. On
// Linux the servers are killed with the test binary, even when a test
// timeout ends it past every deferred Stop.
//
// # Figures (2 shared cores)
//
// A cold build of kube-apiserver took 6.5 minutes; with the binary cached,
// the cluster is ready about 3.5 seconds after Start and the smoke tests
// (smoke_test.go) run in about 7 seconds, start and stop included.
//
// The build runs inside the test binary, before its tests: go test's
// -timeout does not count it, but the go command kills a test binary that
// runs for longer than -timeout plus one minute (11 minutes by default).
// When a cold build competes with compiling everything else, give the first
// run more time (`go test -timeout 30m ./e2e/...`), as .ci/run does.
package e2e
