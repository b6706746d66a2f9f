package cli

import (
	"io"
	"os"
	"testing"
)

// TestProfileValidate runs `kval validate --crd $KVAL_PROFILE_CRDS -j
// $KVAL_PROFILE_JOBS $KVAL_PROFILE_TREE` once, output discarded, so that go
// test's -cpuprofile and -trace profile a whole run (issue 30). Without
// KVAL_PROFILE_TREE it validates examples/ against examples/crd.yaml and
// checks only that validation ran. For example, on bench/cmd/vspeers's tree:
//
//	KVAL_PROFILE_TREE=/tmp/vs/tree-10000 KVAL_PROFILE_CRDS=$PWD/testdata/corpus/gateway-api/crds-experimental KVAL_PROFILE_JOBS=2 \
//	  go test -count=1 -run TestProfileValidate -cpuprofile /tmp/cpu-j2.out -trace /tmp/trace-j2.out ./cmd/kval/internal/cli
func TestProfileValidate(t *testing.T) {
	tree, crds, jobs := os.Getenv("KVAL_PROFILE_TREE"), os.Getenv("KVAL_PROFILE_CRDS"), os.Getenv("KVAL_PROFILE_JOBS")
	if tree == "" {
		tree, crds = "../../../../examples/objects", "../../../../examples/crd.yaml"
	}
	if jobs == "" {
		jobs = "1"
	}
	code := Main([]string{"validate", "--crd", crds, "-j", jobs, tree}, nil, io.Discard, io.Discard)
	if code != ExitValid && code != ExitInvalid {
		t.Fatalf("kval validate %s: exit %d", tree, code)
	}
}
