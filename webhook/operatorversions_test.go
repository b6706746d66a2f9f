package webhook

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	dynamicfake "k8s.io/client-go/dynamic/fake"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/catalog"
)

// shardedV1 is an OperatorVersion object of namespace team-a.
const shardedV1 = `apiVersion: kudo.dev/v1beta1
kind: OperatorVersion
metadata: {name: sharded-0.1.0, namespace: team-a}
spec:
  operator: {name: sharded}
  version: 0.1.0
  parameters:
  - {name: SHARDS, default: "3", immutable: true, value-type: integer}
`

// found reports whether ovs serve the OperatorVersion name in namespace;
// any error but a MissingOperatorVersionError fails the test.
func found(t *testing.T, ovs OperatorVersions, namespace, name string) bool {
	t.Helper()
	ov, err := ovs.OperatorVersion(t.Context(), namespace, name)
	if missing := (*MissingOperatorVersionError)(nil); errors.As(err, &missing) {
		return false
	}
	if err != nil || ov.Name != name {
		t.Fatalf("%s/%s: got %v, %v", namespace, name, ov, err)
	}
	return true
}

func TestOperatorVersionFilesServePackagesAndObjectsAndReload(t *testing.T) {
	dir := t.TempDir()
	objects := filepath.Join(dir, "ovs.yaml")
	if err := os.WriteFile(objects, []byte(shardedV1+"---\napiVersion: v1\nkind: ConfigMap\nmetadata: {name: other}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	src, source := OperatorVersionFiles([]string{"../examples/params/v1", dir}, 10*time.Millisecond)
	ts, start := serveSources(t, catalog.New(catalog.Options{}), source)
	start()
	eventually(t, "the files are loaded", func() bool {
		_, detail := get(t, ts, "/readyz")
		return strings.Contains(detail, "[+]source operator-versions-files ok (2 OperatorVersions)")
	})
	if !found(t, src, "any", zookeeperV1) || !found(t, src, "team-a", "sharded-0.1.0") || found(t, src, "team-b", "sharded-0.1.0") {
		t.Errorf("a package serves every namespace, an object its own only")
	}
	if _, err := src.OperatorVersion(t.Context(), "team-b", "sharded-0.1.0"); err == nil || !strings.Contains(err.Error(), "(read from ../examples/params/v1, "+dir+")") {
		t.Errorf("a missing OperatorVersion: %v, want it to say where kval looked", err)
	}

	if err := os.WriteFile(objects, []byte("kind: [unclosed"), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the broken file is reported", func() bool {
		_, detail := get(t, ts, "/readyz")
		return strings.Contains(detail, "ok (2 OperatorVersions), last load: reading OperatorVersions")
	})
	if !found(t, src, "team-a", "sharded-0.1.0") {
		t.Errorf("a broken file dropped the OperatorVersions it held")
	}
	if err := os.WriteFile(objects, []byte("apiVersion: v1\nkind: ConfigMap\nmetadata: {name: other}\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the OperatorVersion taken out of the file is gone", func() bool { return !found(t, src, "team-a", "sharded-0.1.0") })
}

func TestClusterOperatorVersionsFollowTheCluster(t *testing.T) {
	obj := &unstructured.Unstructured{}
	if err := yaml.Unmarshal([]byte(shardedV1), &obj.Object); err != nil {
		t.Fatal(err)
	}
	client := dynamicfake.NewSimpleDynamicClientWithCustomListKinds(runtime.NewScheme(),
		map[schema.GroupVersionResource]string{OperatorVersionResource: "OperatorVersionList"}, obj)
	src, source := ClusterOperatorVersions(client)
	ts, start := serveSources(t, catalog.New(catalog.Options{}), source)
	start()
	eventually(t, "the cluster's OperatorVersions are loaded", func() bool {
		_, detail := get(t, ts, "/readyz")
		return strings.Contains(detail, "[+]source operator-versions-cluster ok (1 OperatorVersions)")
	})
	if !found(t, src, "team-a", "sharded-0.1.0") || found(t, src, "team-b", "sharded-0.1.0") {
		t.Errorf("an OperatorVersion serves the Instances of its namespace only")
	}
	ovs := client.Resource(OperatorVersionResource).Namespace("team-a")
	if err := ovs.Delete(context.Background(), "sharded-0.1.0", metav1.DeleteOptions{}); err != nil {
		t.Fatal(err)
	}
	eventually(t, "the deleted OperatorVersion is gone", func() bool { return !found(t, src, "team-a", "sharded-0.1.0") })
}
