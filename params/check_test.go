package params

import (
	"context"
	"errors"
	"maps"
	"strings"
	"testing"
)

// finder serves the example package's two versions; it counts lookups.
type finder struct {
	ovs     *Index
	lookups int
}

func (f *finder) OperatorVersion(_ context.Context, namespace, name string) (*OperatorVersion, error) {
	f.lookups++
	if ov, ok := f.ovs.Find(namespace, name); ok {
		return ov, nil
	}
	return nil, errors.New("not found")
}

func exampleFinder(t *testing.T) *finder {
	t.Helper()
	x := NewIndex()
	for _, dir := range []string{"../examples/params/v1", "../examples/params/v2"} {
		ov, err := LoadPackage(dir)
		if err != nil {
			t.Fatal(err)
		}
		x.Add(ov)
	}
	return &finder{ovs: x}
}

func instance(ov string, params map[string]string) *Instance {
	return &Instance{Name: "zk", Namespace: "default", OperatorVersion: ov, Parameters: params}
}

// TestCheckPicksTheRule: a create is an install, an update keeping the
// OperatorVersion an update, one changing it an upgrade; an update that
// changes neither needs no OperatorVersion; a missing one is the error.
func TestCheckPicksTheRule(t *testing.T) {
	const v1, v2 = "zookeeper-3.4.14-0.1.0", "zookeeper-3.4.14-0.2.0"
	stored := map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5"}
	for _, tc := range []struct {
		name      string
		old, inst *Instance
		errs      int
		lookups   int
		fails     bool
	}{
		{"install", nil, instance(v1, map[string]string{"NODE_COUNT": "5"}), 0, 1, false},
		{"update of an immutable value", instance(v1, stored), instance(v1, map[string]string{"DISK_SIZE": "9Gi", "NODE_COUNT": "5"}), 1, 1, false},
		{"upgrade without the new values", instance(v1, stored), instance(v2, stored), 2, 2, false},
		{"nothing changed", instance("gone", stored), instance("gone", stored), 0, 0, false},
		{"missing OperatorVersion", nil, instance("gone", nil), 0, 1, true},
		{"upgrade from a missing OperatorVersion", instance("gone", stored), instance(v2, stored), 0, 2, true},
	} {
		f := exampleFinder(t)
		errs, err := Check(context.Background(), f, "default", tc.old, tc.inst)
		if len(errs) != tc.errs || f.lookups != tc.lookups || (err != nil) != tc.fails {
			t.Errorf("%s: %d errors %v, %d lookups, error %v", tc.name, len(errs), errs, f.lookups, err)
		}
	}
}

// TestAdmitReturnsWhatTheInstanceKeeps: an install pins the immutable
// defaults, an update keeps what it was sent, an upgrade drops the values
// of parameters the new OperatorVersion no longer defines.
func TestAdmitReturnsWhatTheInstanceKeeps(t *testing.T) {
	const v1, v2 = "zookeeper-3.4.14-0.1.0", "zookeeper-3.4.14-0.2.0"
	stored := map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5", "LEGACY_MODE": "true"}
	upgraded := map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5", "LEGACY_MODE": "true", "CLIENT_PORT": "2181", "STORAGE_CLASS": "fast"}
	for _, tc := range []struct {
		name      string
		old, inst *Instance
		want      map[string]string
	}{
		{"install pins the immutable default", nil, instance(v1, map[string]string{"NODE_COUNT": "5"}), map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5"}},
		{"update keeps the values sent", instance(v1, stored), instance(v1, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "7"}), map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "7"}},
		{"unchanged update", instance("gone", stored), instance("gone", stored), stored},
		{"upgrade drops removed parameters", instance(v1, stored), instance(v2, upgraded), map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5", "CLIENT_PORT": "2181", "STORAGE_CLASS": "fast"}},
	} {
		got, errs, err := Admit(context.Background(), exampleFinder(t), "default", tc.old, tc.inst)
		if err != nil || len(errs) > 0 || !maps.Equal(got, tc.want) {
			t.Errorf("%s: %v, errors %v %v; want %v", tc.name, got, errs, err, tc.want)
		}
	}
}

// TestReadVerifiedRefusesWhatVerifyRejects: packages load into one index;
// an OperatorVersion with a fault is refused with its file.
func TestReadVerifiedRefusesWhatVerifyRejects(t *testing.T) {
	x, err := ReadVerified("../examples/params/v1", "../examples/params/v2")
	if err != nil || x.Len() != 2 {
		t.Fatalf("examples: %v, %v", x, err)
	}
	for _, path := range []string{"testdata/operatorversion.yaml", "testdata/no-such-dir"} {
		if _, err := ReadVerified("../examples/params/v1", path); err == nil || !strings.Contains(err.Error(), path) {
			t.Errorf("%s: error %v, want one naming the file", path, err)
		}
	}
}
