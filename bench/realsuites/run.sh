#!/usr/bin/env bash
# Runs a real operator's controller suite from the module cache with only
# its envtest setup swapped for kvaltest (the patch beside this script),
# or, with MODE=envtest, unchanged on envtest, and prints the pass and fail
# counts and the wall time. Not part of CI: each run builds the operator's
# whole dependency tree (minutes to tens of minutes).
#
#   bench/realsuites/run.sh keda|flux            # on kvaltest.Server
#   MODE=envtest bench/realsuites/run.sh keda    # on envtest (KUBEBUILDER_ASSETS)
#   RUN=TestFoo bench/realsuites/run.sh flux     # only the tests -test.run selects
#   KEEP=1 bench/realsuites/run.sh flux          # keep the temporary copy (to rerun its suite.test)
#
# Build settings, the same in both modes, that change no test: KEDA v2.21.1
# declares go 1.27.4 and the toolchain kval's CI has is go1.27.3, so its go
# directive is lowered to 1.27.3 (its toolchain line dropped) and the run
# uses GOTOOLCHAIN=go1.27.3; kustomize-controller's go.mod replaces its api
# module with ./api, a nested module its module zip leaves out, so the
# replace is dropped and api comes from the module proxy at the same
# version, and the source-controller CRDs its Makefile downloads before
# the tests are copied from the module cache. envtest needs
# KUBEBUILDER_ASSETS with kube-apiserver and etcd (e2e's build of
# kube-apiserver, in $(go env GOCACHE)/kval-e2e, and /usr/bin/etcd serve). The log is written beside this script
# (SUITE-MODE.log, ignored by git), or to LOG.
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

# buildSettings makes the copied module build here (see above).
buildSettings() {
	case $suite in
	keda)
		go mod edit -go=1.27.3 -toolchain=none
		export GOTOOLCHAIN=go1.27.3
		;;
	flux)
		[ -d api ] || go mod edit -dropreplace=github.com/fluxcd/kustomize-controller/api
		sourceCRDs
		;;
	esac
}

# sourceCRDs is the suite's own `make download-crd-deps`: the
# source-controller CRDs its tests need, at the version of the
# source-controller API its go.mod requires, from the module proxy (the
# Makefile fetches them from GitHub) under the Makefile's file names.
sourceCRDs() {
	local version dir kind
	version=$(GOWORK=off GOFLAGS=-mod=mod go list -m -f '{{.Version}}' github.com/fluxcd/source-controller/api)
	dir=$(GOFLAGS=-mod=mod go mod download -json "github.com/fluxcd/source-controller@$version" | sed -n 's/^\t"Dir": "\(.*\)",$/\1/p')
	for kind in gitrepositories buckets ocirepositories externalartifacts; do
		cp "$dir/config/crd/bases/source.toolkit.fluxcd.io_$kind.yaml" "config/crd/bases/$kind.yaml"
	done
}

work=$(mktemp -d)
if [ -n "${KEEP:-}" ]; then
	echo "run.sh: the copy stays in $work (KEEP)" >&2
else
	trap 'rm -rf "$work"' EXIT
fi

# copySource copies the module's source into the work directory: from the
# module cache, or from its zip when go refuses to extract it (a go
# directive newer than the go running: KEDA's).
copySource() {
	local info dir zip
	info=$(GOFLAGS=-mod=mod go mod download -json "$module@$version" || true)
	dir=$(sed -n 's/^\t"Dir": "\(.*\)",$/\1/p' <<< "$info")
	zip=$(sed -n 's/^\t"Zip": "\(.*\)",$/\1/p' <<< "$info")
	if [ -d "$dir" ]; then
		cp -r "$dir/." "$work"
	elif [ -f "$zip" ]; then
		unzip -q "$zip" -d "$work/.zip"
		cp -r "$work/.zip/$module@$version/." "$work"
		rm -rf "$work/.zip"
	else
		echo "run.sh: $module@$version cannot be downloaded:" >&2
		echo "$info" >&2
		exit 2
	fi
}
copySource
chmod -R u+w "$work"
cd "$work"
buildSettings
if [ "$mode" = kvaltest ]; then
	patch -p1 --quiet < "$here/$suite.patch"
	# No go mod tidy: it loads the tests of every dependency, and some of
	# KEDA's (code.cloudfoundry.org/clock v1.96.0, a github.com/google/pprof
	# pseudo-version) are refused by the module proxy (403: "not
	# available"), with or without kval; the build adds what it needs
	# (-mod=mod).
	go mod edit -require=github.com/kval-dev/kval@v0.0.0 -replace=github.com/kval-dev/kval="$repo"
fi
# Without Docker the tests that need it fail, in both modes, and the rest
# of the suite must still run (Flux's TestMain panics when it cannot start
# Vault in a container).
if [ -f "$here/$suite-nodocker.patch" ] && [ ! -S /var/run/docker.sock ]; then
	patch -p1 --quiet < "$here/$suite-nodocker.patch"
fi

log=${LOG:-$here/$suite-$mode.log}
# The test binary is built first, so that the wall time is the suite's
# run alone, as on a machine where the build is cached; it runs in its
# package's directory, as go test runs it.
build_start=$(date +%s)
GOWORK=off GOFLAGS=-mod=mod go test -c -o "$work/suite.test" "$pkg" > "$log" 2>&1 || {
	echo "$suite on $mode: the suite does not build (log: $log)"
	exit 1
}
start=$(date +%s)
set +e
(cd "$pkg" && "$work/suite.test" -test.count=1 -test.v -test.timeout 60m ${RUN:+-test.run "$RUN"}) >> "$log" 2>&1
rc=$?
set -e
end=$(date +%s)
# Ginkgo's summary line when there is one (without its colours), else the
# top-level tests.
summary=$(sed 's/\x1b\[[0-9;]*m//g' "$log" | grep -oE '[0-9]+ Passed \| [0-9]+ Failed' | tail -n 1 || true)
if [ -z "$summary" ]; then
	summary="$(grep -c '^--- PASS' "$log" || true) Passed | $(grep -c '^--- FAIL' "$log" || true) Failed"
fi
echo "$suite on $mode: rc $rc, $summary, $((end - start)) s wall, built in $((start - build_start)) s (log: $log)"
