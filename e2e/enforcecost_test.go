package e2e

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/webhook"
)

// The cost of each way of enforcing the example CRD's extensions
// (examples/crd.yaml, Database) in a real cluster: none, the extensions
// lowered to CEL transition rules (`kval lower`), `kval serve` as a
// validating webhook, and a ValidatingAdmissionPolicy with oldObject rules
// (costpolicy_test.go). Each runs in a group of its own, all against the same
// kube-apiserver, their requests interleaved at one fixed rate.

// costNamespace holds the objects of the cost test.
const costNamespace = "cost"

// Environment variables of a real measurement: requests per mode and
// operation (CI sends a few), and the rate of all requests together.
const (
	costCountEnv = "KVAL_E2E_COST"
	costRateEnv  = "KVAL_E2E_COST_RATE"
)

// enforcement is one way of enforcing the example CRD in the cluster.
type enforcement struct {
	name      string
	gvr       schema.GroupVersionResource // of its Databases, in a group of its own
	databases dynamic.ResourceInterface   // in costNamespace
	enforces  bool                        // denies changing spec.engine
}

// TestEnforcementCost creates and updates Databases under each enforcement,
// interleaved at a fixed rate, and reports the latencies (go test -v). It
// asserts only that each enforces what it must: changing the immutable
// spec.engine is denied by the lowered CRD, the webhook and the policy, and
// allowed without enforcement. For a real measurement:
//
//	KVAL_E2E_COST=300 KVAL_E2E_COST_RATE=40 flock /tmp/kval-e2e.lock go test -count=1 -v -run TestEnforcementCost ./e2e/
func TestEnforcementCost(t *testing.T) {
	count, rate := envInt(t, costCountEnv, 3), envInt(t, costRateEnv, 40)
	client := dynamicClient(t)
	ensure(t, client.Resource(namespaceRes), namespace(costNamespace))
	modes := []*enforcement{
		noEnforcement(t, client, "none.cost.e2e.kval.dev"),
		loweredEnforcement(t, client, "lowered.cost.e2e.kval.dev"),
		webhookEnforcement(t, client, "webhook.cost.e2e.kval.dev"),
		policyEnforcement(t, client, "policy.cost.e2e.kval.dev"),
	}
	for _, m := range modes {
		m.checkEnforced(t)
	}
	lat := measureEnforcement(t, modes, count, time.Second/time.Duration(rate))
	t.Logf("%d creates and %d updates per mode, %d requests/s in all, interleaved:\n%s", count, count, rate, lat.table(modes))
}

// envInt is a positive integer from the environment, or def.
func envInt(t *testing.T, name string, def int) int {
	t.Helper()
	s := os.Getenv(name)
	if s == "" {
		return def
	}
	n, err := strconv.Atoi(s)
	if err != nil || n < 1 {
		t.Fatalf("%s=%q: want a positive integer", name, s)
	}
	return n
}

// databaseCRD is the example CRD, extensions included, moved to group.
func databaseCRD(t *testing.T, group string) map[string]any {
	return inGroup(example(t, "crd.yaml").Object, group)
}

// newEnforcement installs crd and returns the mode on its Databases.
func newEnforcement(t *testing.T, client *dynamic.DynamicClient, name string, crd map[string]any, enforces bool) *enforcement {
	t.Helper()
	installCRD(t, client, crd)
	group := crd["spec"].(map[string]any)["group"].(string)
	gvr := schema.GroupVersionResource{Group: group, Version: "v1", Resource: "databases"}
	return &enforcement{name: name, gvr: gvr, databases: client.Resource(gvr).Namespace(costNamespace), enforces: enforces}
}

// noEnforcement: the CRD without kval's extensions, which kube-apiserver
// does not know.
func noEnforcement(t *testing.T, client *dynamic.DynamicClient, group string) *enforcement {
	return newEnforcement(t, client, "none", withoutMutability(t, databaseCRD(t, group)), false)
}

// loweredEnforcement: `kval lower`'s output, transition rules in place of
// the extensions.
func loweredEnforcement(t *testing.T, client *dynamic.DynamicClient, group string) *enforcement {
	return newEnforcement(t, client, "CEL (kval lower)", lowered(t, databaseCRD(t, group)), true)
}

// webhookEnforcement: the CRD without the extensions, and kval's webhook
// serving the CRD with them, registered as deploy/webhook.yaml registers it
// (creates and updates of the group and of its status).
func webhookEnforcement(t *testing.T, client *dynamic.DynamicClient, group string) *enforcement {
	t.Helper()
	h := &kvalWebhook{name: "kval." + group, group: group, crd: databaseCRD(t, group), logs: &syncBuffer{}}
	dir := t.TempDir()
	crdDir := filepath.Join(dir, "crds")
	if err := os.Mkdir(crdDir, 0o755); err != nil {
		t.Fatal(err)
	}
	h.crdFile = filepath.Join(crdDir, "databases.yaml")
	h.writeCRD(t)
	cat := catalog.New(webhook.CatalogOptions(h.options))
	certFile, keyFile, certPEM := writeServingCertificate(t, dir)
	h.serve(t, cat, webhook.CRDFiles(cat, []string{crdDir}, time.Minute), certFile, keyFile, certPEM)
	h.waitReady(t)
	m := newEnforcement(t, client, "kval serve (webhook)", withoutMutability(t, h.crd), true)
	registerKvalWebhook(t, h.name, group, []string{"*"}, h.url+"/validate", certPEM)
	return m
}

// database is a valid Database named name, as examples/objects/analytics.yaml.
func (m *enforcement) database(name string) *unstructured.Unstructured {
	obj := &unstructured.Unstructured{Object: map[string]any{"spec": map[string]any{
		"engine": "postgres", "version": "16.2", "migrations": []any{"m1"},
		"storage": map[string]any{"size": "50Gi"}, "allowedCIDRs": []any{"10.0.0.0/8"},
	}}}
	obj.SetAPIVersion(m.gvr.GroupVersion().String())
	obj.SetKind("Database")
	obj.SetNamespace(costNamespace)
	obj.SetName(name)
	return obj
}

// forbiddenChanges are updates of the probe Database that the example
// CRD's extensions forbid, by the field each changes.
var forbiddenChanges = []struct {
	field string
	edit  func(spec map[string]any)
}{
	{"spec.engine", func(spec map[string]any) { spec["engine"] = "mysql" }},
	{"spec.primaryZone", func(spec map[string]any) { spec["primaryZone"] = "eu-2" }},
	{"spec.migrations", func(spec map[string]any) { spec["migrations"] = []any{"m0"} }},
}

// checkEnforced stores a probe Database and sends dry-run updates making
// each forbidden change: each is denied, naming its field, or without
// enforcement allowed. Webhook configurations and policies take effect
// asynchronously: the first change is sent until its answer comes.
func (m *enforcement) checkEnforced(t *testing.T) {
	t.Helper()
	probe := m.database("probe")
	probe.Object["spec"].(map[string]any)["primaryZone"] = "eu-1"
	createEventually(t, m.databases, probe, metav1.CreateOptions{})
	for i, change := range forbiddenChanges {
		poll(t, m.name+": changing "+change.field, func(ctx context.Context) (bool, error) {
			stored, err := m.databases.Get(ctx, "probe", metav1.GetOptions{})
			if err != nil {
				return false, err
			}
			change.edit(stored.Object["spec"].(map[string]any))
			_, err = m.databases.Update(ctx, stored, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
			switch {
			case err != nil && (!m.enforces || !strings.Contains(err.Error(), change.field)):
				return false, fmt.Errorf("denied, want %s: %w", m.verdict(), err)
			case m.enforces == (err != nil):
				return true, nil
			case i > 0:
				return false, fmt.Errorf("allowed, want %s", m.verdict())
			}
			return false, nil
		})
	}
}

// verdict is what the mode must answer to a forbidden change.
func (m *enforcement) verdict() string {
	if m.enforces {
		return "denied naming the field"
	}
	return "allowed"
}
