package kvaltest_test

import (
	"context"
	"strings"
	"testing"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/kvaltest"
)

const (
	zkV1 = "zookeeper-3.4.14-0.1.0"
	zkV2 = "zookeeper-3.4.14-0.2.0"
)

// newKUDO returns a client of KUDO's CRDs with the parameter rules on,
// and the example package's two versions.
func newKUDO(t *testing.T, opts ...kvaltest.Option) client.Client {
	t.Helper()
	opts = append([]kvaltest.Option{kvaltest.OperatorVersions("../examples/params/v1", "../examples/params/v2")}, opts...)
	return kvaltest.NewClient(t, kvaltest.CRDs("../examples/params/kudo-crds.yaml"), nil, opts...)
}

// zookeeper is an Instance zk of namespace default.
func zookeeper(ov string, parameters map[string]any) *unstructured.Unstructured {
	spec := map[string]any{"operatorVersion": map[string]any{"name": ov}}
	if parameters != nil {
		spec["parameters"] = parameters
	}
	return &unstructured.Unstructured{Object: map[string]any{
		"apiVersion": "kudo.dev/v1beta1", "kind": "Instance",
		"metadata": map[string]any{"name": "zk", "namespace": "default"},
		"spec":     spec,
	}}
}

func parametersOf(u *unstructured.Unstructured) map[string]string {
	out, _, _ := unstructured.NestedStringMap(u.Object, "spec", "parameters")
	return out
}

// installed creates zk from v1 with NODE_COUNT=5 and LEGACY_MODE=true.
func installed(t *testing.T, c client.Client) *unstructured.Unstructured {
	t.Helper()
	zk := zookeeper(zkV1, map[string]any{"NODE_COUNT": "5", "LEGACY_MODE": "true"})
	mustCreate(t, c, zk)
	return zk
}

func TestInstanceInstallPinsImmutableDefaults(t *testing.T) {
	c := newKUDO(t)
	zk := installed(t, c)
	got := parametersOf(zk)
	if got["DISK_SIZE"] != "5Gi" || got["NODE_COUNT"] != "5" || len(got) != 3 {
		t.Errorf("spec.parameters %v: want DISK_SIZE pinned to its default 5Gi beside the values given", got)
	}
	stored := zookeeper(zkV1, nil)
	if err := c.Get(context.Background(), client.ObjectKeyFromObject(stored), stored); err != nil || parametersOf(stored)["DISK_SIZE"] != "5Gi" {
		t.Errorf("stored spec.parameters %v (%v): want DISK_SIZE pinned", parametersOf(stored), err)
	}
}

// TestInstanceWritesFollowTheRules: updates and upgrades of an installed
// Instance, answered as kval serve --kudo-instances answers them.
func TestInstanceWritesFollowTheRules(t *testing.T) {
	for _, tc := range []struct {
		name   string
		change func(*unstructured.Unstructured)
		want   string // the error; "" for allowed
	}{
		{"update changing an immutable value", func(u *unstructured.Unstructured) { setParameter(u, "DISK_SIZE", "10Gi") },
			`Instance.kudo.dev "zk" is invalid: spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "10Gi"`},
		{"update removing an immutable value", func(u *unstructured.Unstructured) {
			unstructured.RemoveNestedField(u.Object, "spec", "parameters", "DISK_SIZE")
		}, `spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but its value "5Gi" was removed`},
		{"update of a mutable value", func(u *unstructured.Unstructured) { setParameter(u, "NODE_COUNT", "7") }, ""},
		{"update changing no parameter", func(u *unstructured.Unstructured) { u.SetLabels(map[string]string{"team": "data"}) }, ""},
		{"upgrade without the values v2 needs", func(u *unstructured.Unstructured) { setOperatorVersion(u, zkV2) },
			`spec.parameters[STORAGE_CLASS]: Required value: parameter was added as immutable in OperatorVersion zookeeper-3.4.14-0.2.0, but no value was provided (default would be "standard")`},
		{"upgrade with the values v2 needs", func(u *unstructured.Unstructured) {
			setOperatorVersion(u, zkV2)
			setParameter(u, "STORAGE_CLASS", "fast")
			setParameter(u, "CLIENT_PORT", "2181")
		}, ""},
		{"upgrade to a missing OperatorVersion", func(u *unstructured.Unstructured) { setOperatorVersion(u, "zookeeper-9") },
			`Instance.kudo.dev "zk" is invalid: spec.operatorVersion.name: Not found: "zookeeper-9": no OperatorVersion of that name in namespace "default" (neither written through the client nor among kvaltest.OperatorVersions), so the parameters cannot be checked`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := newKUDO(t)
			zk := installed(t, c)
			tc.change(zk)
			err := c.Update(context.Background(), zk)
			switch {
			case tc.want == "" && err != nil:
				t.Fatalf("refused: %v", err)
			case tc.want != "" && (err == nil || !strings.Contains(err.Error(), tc.want)):
				t.Fatalf("err = %v\nwant %s", err, tc.want)
			case tc.want != "" && !apierrors.IsInvalid(err):
				t.Fatalf("err = %#v: want a StatusError Invalid", err)
			}
		})
	}
}

func TestInstanceUpgradeDropsRemovedParameters(t *testing.T) {
	c := newKUDO(t)
	zk := installed(t, c)
	setOperatorVersion(zk, zkV2)
	setParameter(zk, "STORAGE_CLASS", "fast")
	setParameter(zk, "CLIENT_PORT", "2181")
	if err := c.Update(context.Background(), zk); err != nil {
		t.Fatal(err)
	}
	if _, kept := parametersOf(zk)["LEGACY_MODE"]; kept || len(parametersOf(zk)) != 4 {
		t.Errorf("spec.parameters %v: LEGACY_MODE, gone from v2, should leave the Instance", parametersOf(zk))
	}
}

func TestInstancePatchFollowsTheRules(t *testing.T) {
	c := newKUDO(t)
	zk := installed(t, c)
	patch := client.RawPatch(types.MergePatchType, []byte(`{"spec":{"parameters":{"DISK_SIZE":"10Gi"}}}`))
	err := c.Patch(context.Background(), zk, patch)
	if !apierrors.IsInvalid(err) {
		t.Fatalf("merge patch of DISK_SIZE: %v, want Invalid", err)
	}
	causes := err.(apierrors.APIStatus).Status().Details.Causes
	if len(causes) != 1 || causes[0].Field != "spec.parameters[DISK_SIZE]" {
		t.Errorf("causes %+v: want one, at spec.parameters[DISK_SIZE]", causes)
	}
}

// TestInstanceWithoutItsOperatorVersionIsRefused: as the webhook's
// validation, Invalid with the OperatorVersion's name as the cause.
func TestInstanceWithoutItsOperatorVersionIsRefused(t *testing.T) {
	c := newKUDO(t)
	e := c.Create(context.Background(), zookeeper("zookeeper-9", nil))
	if !apierrors.IsInvalid(e) || !strings.Contains(e.Error(), `spec.operatorVersion.name: Not found: "zookeeper-9"`) {
		t.Fatalf("err = %v: want Invalid naming the OperatorVersion", e)
	}
}

// TestInstanceOfAnOperatorVersionWrittenThroughTheClient: a KUDO operator
// test creates its OperatorVersion, then its Instance.
func TestInstanceOfAnOperatorVersionWrittenThroughTheClient(t *testing.T) {
	c := kvaltest.NewClient(t, kvaltest.CRDs("../examples/params/kudo-crds.yaml"), nil, kvaltest.OperatorVersions())
	mustCreate(t, c, operatorVersion(t, zkV1OperatorVersion))
	zk := zookeeper(zkV1, nil)
	mustCreate(t, c, zk)
	if got := parametersOf(zk); got["DISK_SIZE"] != "5Gi" {
		t.Errorf("spec.parameters %v: want DISK_SIZE pinned from the OperatorVersion written through the client", got)
	}
	elsewhere := zookeeper(zkV1, nil)
	elsewhere.SetNamespace("other")
	if e := c.Create(context.Background(), elsewhere); !apierrors.IsInvalid(e) {
		t.Errorf("Instance of another namespace: %v, want Invalid (OperatorVersions are namespaced)", e)
	}
}

func TestOperatorVersionsThatVerifyRejectsFailTheClient(t *testing.T) {
	_, e := kvaltest.New(kvaltest.CRDs("../examples/params/kudo-crds.yaml"), nil, kvaltest.OperatorVersions("../params/testdata/operatorversion.yaml"))
	if e == nil || !strings.Contains(e.Error(), "spec.parameters[BAD].default") {
		t.Fatalf("err = %v: want Verify's fault", e)
	}
}

// zkV1OperatorVersion is v1 of the example package as KUDO installs it.
const zkV1OperatorVersion = `
apiVersion: kudo.dev/v1beta1
kind: OperatorVersion
metadata: {name: zookeeper-3.4.14-0.1.0, namespace: default}
spec:
  operator: {name: zookeeper}
  version: 0.1.0
  appVersion: 3.4.14
  parameters:
    - {name: DISK_SIZE, default: 5Gi, immutable: true}
    - {name: NODE_COUNT, value-type: integer, default: "3"}
`

func operatorVersion(t *testing.T, text string) *unstructured.Unstructured {
	t.Helper()
	u := &unstructured.Unstructured{}
	if e := yaml.Unmarshal([]byte(text), &u.Object); e != nil {
		t.Fatal(e)
	}
	return u
}

func setParameter(u *unstructured.Unstructured, name, value string) {
	_ = unstructured.SetNestedField(u.Object, value, "spec", "parameters", name)
}

func setOperatorVersion(u *unstructured.Unstructured, name string) {
	_ = unstructured.SetNestedField(u.Object, name, "spec", "operatorVersion", "name")
}

// TestOperatorVersionsNeedTheClientsOwnCatalog: the rules are an extension
// of the catalog the client builds; with a catalog the test built, they
// would silently not run, so the client is refused.
func TestOperatorVersionsNeedTheClientsOwnCatalog(t *testing.T) {
	cat := catalog.New(catalog.Options{})
	if _, e := cat.LoadFiles("../examples/params/kudo-crds.yaml"); e != nil {
		t.Fatal(e)
	}
	_, e := kvaltest.New(kvaltest.Catalog(cat), nil, kvaltest.OperatorVersions("../examples/params/v1"))
	if e == nil || !strings.Contains(e.Error(), "kvaltest.CRDs") {
		t.Fatalf("err = %v: want the client refused, naming kvaltest.CRDs", e)
	}
}
