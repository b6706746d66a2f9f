package webhook

import (
	"context"
	"encoding/json"
	"io"
	"log/slog"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
)

// The KUDO guide's ZooKeeper package (examples/params): v1 has DISK_SIZE
// immutable (default 5Gi); v2 makes CLIENT_PORT immutable and adds
// STORAGE_CLASS as immutable (default standard).
const (
	zookeeperV1 = "zookeeper-3.4.14-0.1.0"
	zookeeperV2 = "zookeeper-3.4.14-0.2.0"
)

// fakeOperatorVersions serves OperatorVersions of namespace "default".
type fakeOperatorVersions map[string]*params.OperatorVersion

func (f fakeOperatorVersions) OperatorVersion(_ context.Context, namespace, name string) (*params.OperatorVersion, error) {
	if ov, ok := f[name]; ok && namespace == "default" {
		return ov, nil
	}
	return nil, &MissingOperatorVersionError{Namespace: namespace, Name: name, From: "in the test"}
}

// zookeeper serves the example package's two versions, and one whose
// immutable ZONE is required without a default.
func zookeeper(t *testing.T) fakeOperatorVersions {
	t.Helper()
	ovs := fakeOperatorVersions{}
	for _, dir := range []string{"../examples/params/v1", "../examples/params/v2"} {
		ov, err := params.LoadPackage(dir)
		if err != nil {
			t.Fatal(err)
		}
		ovs[ov.Name] = ov
	}
	zoned, err := params.DecodeOperatorVersion(manifest.Document{Object: map[string]any{
		"apiVersion": "kudo.dev/v1beta1", "kind": "OperatorVersion",
		"metadata": map[string]any{"name": "zoned-0.1.0", "namespace": "default"},
		"spec": map[string]any{"parameters": []any{
			map[string]any{"name": "ZONE", "immutable": true, "required": true},
		}},
	}})
	if err != nil {
		t.Fatal(err)
	}
	ovs[zoned.Name] = zoned
	return ovs
}

// instance is the JSON of Instance zk of namespace default; parameters
// nil leaves spec.parameters out.
func instance(t *testing.T, operatorVersion string, parameters map[string]string) []byte {
	t.Helper()
	spec := map[string]any{"operatorVersion": map[string]any{"name": operatorVersion}}
	if parameters != nil {
		spec["parameters"] = parameters
	}
	data, err := json.Marshal(map[string]any{
		"apiVersion": "kudo.dev/v1beta1", "kind": "Instance",
		"metadata": map[string]any{"name": "zk", "namespace": "default"},
		"spec":     spec,
	})
	if err != nil {
		t.Fatal(err)
	}
	return data
}

func instanceReview(op admissionv1.Operation, obj, old []byte) *admissionv1.AdmissionReview {
	r := review(op, obj, old)
	r.Request.Kind = instanceKind
	r.Request.Resource = metav1.GroupVersionResource{Group: "kudo.dev", Version: "v1beta1", Resource: "instances"}
	r.Request.Name, r.Request.Namespace = "zk", "default"
	r.Request.OldObject = runtime.RawExtension{Raw: old}
	return r
}

// checkInvalid asserts a 422 Invalid denial of Instance zk with exactly
// these field errors, as kube-apiserver words them.
func checkInvalid(t *testing.T, resp *admissionv1.AdmissionResponse, fieldErrors ...string) {
	t.Helper()
	want := `Instance.kudo.dev "zk" is invalid: ` + strings.Join(fieldErrors, ", ")
	if len(fieldErrors) > 1 {
		want = `Instance.kudo.dev "zk" is invalid: [` + strings.Join(fieldErrors, ", ") + "]"
	}
	if resp.Allowed || resp.Result.Code != 422 || resp.Result.Reason != metav1.StatusReasonInvalid || resp.Result.Message != want {
		t.Fatalf("got %+v\nwant a 422 Invalid denial %q", resp.Result, want)
	}
	if d := resp.Result.Details; d.Group != "kudo.dev" || d.Kind != "Instance" || d.Name != "zk" || len(d.Causes) != len(fieldErrors) {
		t.Errorf("details %+v", d)
	}
}

func TestAnInstanceCreateGetsItsImmutableDefaultsAsAJSONPatch(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	tests := []struct {
		name       string
		parameters map[string]string
		patch      string
	}{
		{"one value set", map[string]string{"NODE_COUNT": "5"}, `[{"op":"add","path":"/spec/parameters/DISK_SIZE","value":"5Gi"}]`},
		{"no parameters at all", nil, `[{"op":"add","path":"/spec/parameters","value":{"DISK_SIZE":"5Gi"}}]`},
		{"the immutable value set", map[string]string{"DISK_SIZE": "20Gi"}, ``},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			create := instanceReview(admissionv1.Create, instance(t, zookeeperV1, tc.parameters), nil)
			resp := mutate(t, s, create)
			if !resp.Allowed || string(resp.Patch) != tc.patch {
				t.Fatalf("got allowed=%v patch %s, want %s", resp.Allowed, resp.Patch, tc.patch)
			}
			if tc.patch != "" && (resp.PatchType == nil || *resp.PatchType != admissionv1.PatchTypeJSONPatch) {
				t.Errorf("patch type %v, want JSONPatch", resp.PatchType)
			}
			if resp := admit(t, s, create); !resp.Allowed {
				t.Errorf("/validate denied the install: %+v", resp.Result)
			}
		})
	}
}

func TestAnInstallTheRulesRefuseIsDeniedByValidateAndNotPatched(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	create := instanceReview(admissionv1.Create, instance(t, "zoned-0.1.0", map[string]string{}), nil)
	if resp := mutate(t, s, create); !resp.Allowed || resp.Patch != nil {
		t.Errorf("/mutate: got %+v with patch %s, want allowed unchanged (validate denies)", resp.Result, resp.Patch)
	}
	checkInvalid(t, admit(t, s, create), `spec.parameters[ZONE]: Required value: parameter is required but has no value set`)
}

func TestAnInstanceUpdateChangingAnImmutableParameterIsDenied(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	stored := instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5"})
	changed := instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "10Gi", "NODE_COUNT": "5"})
	checkInvalid(t, admit(t, s, instanceReview(admissionv1.Update, changed, stored)),
		`spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "10Gi"`)
	removed := instance(t, zookeeperV1, map[string]string{"NODE_COUNT": "5"})
	checkInvalid(t, admit(t, s, instanceReview(admissionv1.Update, removed, stored)),
		`spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but its value "5Gi" was removed`)
	if got := counterValue(t, s.Handler(), `kval_webhook_denials_total{reason="invalid"}`); got != "2" {
		t.Errorf("denials counted %s, want 2", got)
	}
}

func TestAnInstanceUpdateKeepingImmutableValuesIsAllowed(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	stored := instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5"})
	for name, obj := range map[string][]byte{
		"the same values":         stored,
		"a mutable value changed": instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "7"}),
	} {
		if resp := admit(t, s, instanceReview(admissionv1.Update, obj, stored)); !resp.Allowed {
			t.Errorf("%s: denied %+v", name, resp.Result)
		}
	}
}

func TestAnUpgradeAddingAnImmutableParameterNeedsItsValue(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	stored := instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5"})
	withoutValues := instance(t, zookeeperV2, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5"})
	checkInvalid(t, admit(t, s, instanceReview(admissionv1.Update, withoutValues, stored)),
		`spec.parameters[CLIENT_PORT]: Required value: parameter was changed to immutable in OperatorVersion zookeeper-3.4.14-0.2.0, but no value was provided (default would be "2181")`,
		`spec.parameters[STORAGE_CLASS]: Required value: parameter was added as immutable in OperatorVersion zookeeper-3.4.14-0.2.0, but no value was provided (default would be "standard")`)
	withValues := instance(t, zookeeperV2, map[string]string{"DISK_SIZE": "5Gi", "NODE_COUNT": "5", "CLIENT_PORT": "2181", "STORAGE_CLASS": "fast"})
	if resp := admit(t, s, instanceReview(admissionv1.Update, withValues, stored)); !resp.Allowed {
		t.Errorf("upgrade with the values: denied %+v", resp.Result)
	}
	changedOnUpgrade := instance(t, zookeeperV2, map[string]string{"DISK_SIZE": "8Gi", "NODE_COUNT": "5", "CLIENT_PORT": "2181", "STORAGE_CLASS": "fast"})
	checkInvalid(t, admit(t, s, instanceReview(admissionv1.Update, changedOnUpgrade, stored)),
		`spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "8Gi"`)
}

// TestAnInstanceWhoseOperatorVersionIsMissingIsDenied: /mutate cannot
// compute the patch and denies (fail closed); /validate answers as for
// every other error the engine finds: a cause of the one Invalid status.
func TestAnInstanceWhoseOperatorVersionIsMissingIsDenied(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	stored := instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "5Gi"})
	create := instanceReview(admissionv1.Create, instance(t, "zookeeper-9.9.9", nil), nil)
	upgrade := instanceReview(admissionv1.Update, instance(t, "zookeeper-9.9.9", map[string]string{"DISK_SIZE": "5Gi"}), stored)
	missing := `kval cannot check Instance "zk": OperatorVersion "zookeeper-9.9.9" not found in namespace "default" (in the test); kval denies what it cannot check`
	for name, r := range map[string]*admissionv1.AdmissionReview{"create": create, "upgrade to it": upgrade} {
		if resp := mutate(t, s, r); resp.Allowed || resp.Result.Message != missing || resp.Result.Code != 400 {
			t.Errorf("%s, mutating: got %+v, want the denial %q", name, resp.Result, missing)
		}
		checkInvalid(t, admit(t, s, r), `spec.operatorVersion.name: Not found: "zookeeper-9.9.9": no OperatorVersion of that name in namespace "default" (in the test), so the parameters cannot be checked`)
	}
	if got := counterValue(t, s.Handler(), `kval_webhook_denials_total{reason="no-operator-version"}`); got != "2" {
		t.Errorf("denials counted %s, want 2", got)
	}
}

func TestAnUpdateLeavingParametersAloneNeedsNoOperatorVersion(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	stored := instance(t, "gone-0.1.0", map[string]string{"DISK_SIZE": "5Gi"})
	finalized := []byte(strings.Replace(string(stored), `"namespace":"default"`, `"namespace":"default","finalizers":[]`, 1))
	if resp := admit(t, s, instanceReview(admissionv1.Update, finalized, stored)); !resp.Allowed {
		t.Errorf("denied %+v", resp.Result)
	}
}

func TestInstancesAreNotCheckedWithoutOperatorVersions(t *testing.T) {
	s := newServer(t, Options{})
	create := instanceReview(admissionv1.Create, instance(t, zookeeperV1, nil), nil)
	if resp := mutate(t, s, create); !resp.Allowed || resp.Patch != nil {
		t.Errorf("/mutate: got %+v, patch %s", resp.Result, resp.Patch)
	}
	if resp := admit(t, s, create); resp.Allowed || !strings.Contains(resp.Result.Message, "kval has no schema for Instance of kudo.dev/v1beta1") {
		t.Errorf("/validate: got %+v, want the unknown-kind denial of a kind kval has no CRD for", resp.Result)
	}
}

// TestAnInstanceTheCatalogServesIsCheckedByTheEngineToo: with KUDO's CRDs
// among the served ones (not the fallback), the params rules' errors and
// the engine's come in one Invalid status (the engine finds nothing here
// in complement mode).
func TestAnInstanceTheCatalogServesIsCheckedByTheEngineToo(t *testing.T) {
	opts := Options{OperatorVersions: zookeeper(t), Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	cat := exampleCatalog(t, opts)
	if _, err := cat.LoadFiles("../examples/params/kudo-crds.yaml"); err != nil {
		t.Fatal(err)
	}
	v, err := cat.ForObject(t.Context(), "kudo.dev/v1beta1", "Instance")
	if err != nil || v.CRD().Source.File != "../examples/params/kudo-crds.yaml" {
		t.Fatalf("the catalog does not serve KUDO's Instances: %v", err)
	}
	s := New(cat, opts)
	stored := instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "5Gi"})
	checkInvalid(t, admit(t, s, instanceReview(admissionv1.Update, instance(t, zookeeperV1, map[string]string{"DISK_SIZE": "6Gi"}), stored)),
		`spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "6Gi"`)
	if resp := admit(t, s, instanceReview(admissionv1.Update, stored, stored)); !resp.Allowed {
		t.Errorf("an unchanged Instance: denied %+v", resp.Result)
	}
}

// TestAnUpgradeDropsTheValuesOfRemovedParameters: v2 of the example
// package no longer defines LEGACY_MODE, so /mutate removes its value from
// the upgraded Instance, and /validate accepts the upgrade.
func TestAnUpgradeDropsTheValuesOfRemovedParameters(t *testing.T) {
	s := newServer(t, Options{OperatorVersions: zookeeper(t)})
	stored := map[string]string{"DISK_SIZE": "5Gi", "LEGACY_MODE": "true"}
	upgraded := map[string]string{"DISK_SIZE": "5Gi", "LEGACY_MODE": "true", "CLIENT_PORT": "2181", "STORAGE_CLASS": "standard"}
	update := instanceReview(admissionv1.Update, instance(t, zookeeperV2, upgraded), instance(t, zookeeperV1, stored))
	resp := mutate(t, s, update)
	if want := `[{"op":"remove","path":"/spec/parameters/LEGACY_MODE"}]`; !resp.Allowed || string(resp.Patch) != want {
		t.Fatalf("got allowed=%v patch %s, want %s", resp.Allowed, resp.Patch, want)
	}
	if resp := admit(t, s, update); !resp.Allowed {
		t.Errorf("/validate denied the upgrade: %+v", resp.Result)
	}
	same := instanceReview(admissionv1.Update, instance(t, zookeeperV1, stored), instance(t, zookeeperV1, stored))
	if resp := mutate(t, s, same); !resp.Allowed || resp.Patch != nil {
		t.Errorf("an update on the same OperatorVersion: allowed=%v patch %s, want no patch", resp.Allowed, resp.Patch)
	}
}
