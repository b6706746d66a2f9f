#!/usr/bin/env bash
# Runs a real operator's controller suite from the module cache with only
# its envtest setup swapped for kvaltest (the patch beside this script),
# or, with MODE=envtest, unchanged on envtest, and prints the pass and fail
# counts and the wall time. Not part of CI: each run builds the operator's
# whole dependency tree (minutes to tens of minutes).
#
#   bench/realsuites/run.sh keda|flux            # on kvaltest.Server
#   MODE=envtest bench/realsuites/run.sh keda    # on envtest (KUBEBUILDER_ASSETS)
#
# KEDA v2.21.1 needs Go >= 1.27.4 (GOTOOLCHAIN=go1.27.4 fetches it); envtest
# needs KUBEBUILDER_ASSETS with kube-apiserver and etcd (e2e's build of
# kube-apiserver, in $(go env GOCACHE)/kval-e2e, and /usr/bin/etcd serve).
set -euo pipefail

suite=${1:?usage: run.sh keda|flux}
mode=${MODE:-kvaltest}
here=$(cd "$(dirname "$0")" && pwd)
repo=$(cd "$here/../.." && pwd)

case $suite in
keda) module=github.com/kedacore/keda/v2 version=v2.21.1 pkg=./controllers/keda/ ;;
flux) module=github.com/fluxcd/kustomize-controller version=v1.9.6 pkg=./internal/controller/ ;;
*) echo "run.sh: unknown suite $suite (keda or flux)" >&2; exit 2 ;;
esac

src=$(GOFLAGS=-mod=mod go mod download -json "$module@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
[ -d "$src" ] || { echo "run.sh: $module@$version is not in the module cache" >&2; exit 2; }
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
cp -r "$src/." "$work"
chmod -R u+w "$work"
cd "$work"
if [ "$mode" = kvaltest ]; then
	patch -p1 --quiet < "$here/$suite.patch"
	go mod edit -require=github.com/kval-dev/kval@v0.0.0 -replace=github.com/kval-dev/kval="$repo"
	GOWORK=off GOFLAGS=-mod=mod go mod tidy
fi

log="$here/$suite-$mode.log"
start=$(date +%s)
set +e
GOWORK=off go test -count=1 -v -timeout 60m "$pkg" > "$log" 2>&1
rc=$?
set -e
end=$(date +%s)
# Ginkgo's summary line when there is one, else the top-level tests.
summary=$(grep -oE '[0-9]+ Passed \| [0-9]+ Failed' "$log" | tail -n 1 || true)
if [ -z "$summary" ]; then
	summary="$(grep -c '^--- PASS' "$log" || true) Passed | $(grep -c '^--- FAIL' "$log" || true) Failed"
fi
echo "$suite on $mode: rc $rc, $summary, $((end - start)) s wall (log: $log)"
