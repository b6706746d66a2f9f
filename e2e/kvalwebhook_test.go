package e2e

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/kubernetes"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/annotation"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/internal/testcert"
	"github.com/kval-dev/kval/lint"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/webhook"
)

// The webhook tests' CRD, its namespace and the field manager that creates
// their objects with server-side apply.
const (
	ledgerCRDFile   = "testdata/ledgers.yaml"
	ledgerNamespace = "ledgers"
	ledgerKind      = "Ledger"
	ownerManager    = "e2e-owner"
)

// kvalWebhook is kval's admission webhook (package webhook, as `kval serve`
// runs it) serving the test CRD, in a group of one test's own, and
// registered with kube-apiserver for that group: tests never see each
// other's webhook configurations, even ones kube-apiserver has not yet
// forgotten.
type kvalWebhook struct {
	name     string // of the webhook and of its configuration
	group    string
	crd      map[string]any // the CRD the webhook serves, extensions included
	crdFile  string         // where the webhook reads it from
	url      string         // https://127.0.0.1:<port>, the admission port
	probes   string         // http://127.0.0.1:<port>: /readyz, /metrics
	https    *http.Client   // trusts the webhook's certificate
	resource schema.GroupVersionResource
	client   *dynamic.DynamicClient
	ledgers  dynamic.ResourceInterface // in ledgerNamespace
	logs     *syncBuffer
	options  webhook.Options // of the server, its logger left out
}

// startKvalWebhook runs kval's webhook for the test CRD in group
// <prefix>.e2e.kval.dev until the test ends: it serves the CRD from a file
// (reloaded every 100ms), creates the CRD, without kval's extensions, in
// kube-apiserver, registers the webhook for the group and returns once
// kube-apiserver calls it.
func startKvalWebhook(t *testing.T, prefix string) *kvalWebhook {
	t.Helper()
	return startKvalWebhookWith(t, prefix, fromFile)
}

// crdSource is where the webhook takes the test CRD from.
type crdSource int

const (
	// fromFile: a file, as `kval serve --crd`; kube-apiserver gets the CRD
	// without kval's extensions.
	fromFile crdSource = iota
	// fromCluster: the live CRD, as `kval serve --watch-crds`; kube-apiserver
	// gets the CRD as `kval annotate` writes it, extensions in an annotation.
	fromCluster
)

// startKvalWebhookWith is startKvalWebhook with the CRD from source.
func startKvalWebhookWith(t *testing.T, prefix string, source crdSource) *kvalWebhook {
	t.Helper()
	return startKvalWebhookFor(t, prefix, source, webhookSetup{})
}

// webhookSetup changes what startKvalWebhookFor serves and registers.
type webhookSetup struct {
	editCRD  func(crd map[string]any) // the CRD served and installed
	versions []string                 // registered; every version ("*") when empty
}

// startKvalWebhookFor is startKvalWebhookWith with the setup's changes.
func startKvalWebhookFor(t *testing.T, prefix string, source crdSource, setup webhookSetup) *kvalWebhook {
	t.Helper()
	group := prefix + ".e2e.kval.dev"
	crd := ledgerCRD(t, group)
	if setup.editCRD != nil {
		setup.editCRD(crd)
	}
	h := &kvalWebhook{
		name:     "kval." + group,
		group:    group,
		crd:      crd,
		resource: schema.GroupVersionResource{Group: group, Version: "v1", Resource: "ledgers"},
		client:   dynamicClient(t),
		logs:     &syncBuffer{},
	}
	dir := t.TempDir()
	crdDir := filepath.Join(dir, "crds")
	if err := os.Mkdir(crdDir, 0o755); err != nil {
		t.Fatal(err)
	}
	h.crdFile = filepath.Join(crdDir, "ledgers.yaml")
	cat := catalog.New(webhook.CatalogOptions(h.options))
	src := webhook.CRDFiles(cat, []string{crdDir}, 100*time.Millisecond)
	if source == fromFile {
		h.writeCRD(t)
	} else {
		installCRD(t, h.client, h.annotatedCRD(t, prefix))
		src = webhook.ClusterCRDs(cat, h.client, liveLabel+"="+prefix)
	}
	certFile, keyFile, certPEM := writeServingCertificate(t, dir)
	h.serve(t, cat, src, certFile, keyFile, certPEM)
	h.waitReady(t)

	if source == fromFile {
		installCRD(t, h.client, withoutMutability(t, h.crd))
	}
	ensure(t, h.client.Resource(namespaceRes), namespace(ledgerNamespace))
	versions := setup.versions
	if len(versions) == 0 {
		versions = []string{"*"}
	}
	registerKvalWebhook(t, h.name, group, versions, h.url+"/validate", certPEM)
	h.ledgers = h.client.Resource(h.resource).Namespace(ledgerNamespace)
	h.waitUntilCalled(t)
	return h
}

// liveLabel marks the live CRDs of one test, for its webhook's selector.
const liveLabel = "e2e.kval.dev/webhook"

// annotatedCRD is h.crd as `kval annotate` writes it, labelled for the test.
func (h *kvalWebhook) annotatedCRD(t *testing.T, prefix string) map[string]any {
	t.Helper()
	packed, moved, err := annotation.Pack(h.crd)
	if err != nil || moved == 0 {
		t.Fatalf("kval annotate: moved %d, %v", moved, err)
	}
	meta := packed["metadata"].(map[string]any)
	meta["labels"] = map[string]any{liveLabel: prefix}
	return packed
}

// ledgerCRD reads the test CRD and moves it to group. It fails the test
// unless `kval lint` accepts the CRD without warnings.
func ledgerCRD(t *testing.T, group string) map[string]any {
	t.Helper()
	docs, errs := manifest.ReadFile(ledgerCRDFile)
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("reading %s: %d documents, errors %v", ledgerCRDFile, len(docs), errs)
	}
	crd := docs[0].Object
	crd["metadata"].(map[string]any)["name"] = "ledgers." + group
	crd["spec"].(map[string]any)["group"] = group

	data, err := json.Marshal(crd)
	if err != nil {
		t.Fatal(err)
	}
	crds, problems, err := catalog.ReadBytes(ledgerCRDFile, data)
	if err != nil || len(problems) > 0 || len(crds) != 1 {
		t.Fatalf("%s: %d CRDs, %v %v", ledgerCRDFile, len(crds), err, problems)
	}
	if errs := lint.CheckCRD(t.Context(), crds[0], lint.Options{}); len(errs) > 0 {
		t.Fatalf("kval lint rejects %s: %v", ledgerCRDFile, errs.ToAggregate())
	}
	if warnings := lint.WarningsOnCreate(crds[0]); len(warnings) > 0 {
		t.Fatalf("kval lint warns about %s: %q", ledgerCRDFile, warnings)
	}
	return crd
}

// writeCRD writes h.crd to the webhook's CRD file, atomically (a file
// renamed into place, as kubelet updates a mounted ConfigMap).
func (h *kvalWebhook) writeCRD(t *testing.T) {
	t.Helper()
	data, err := yaml.Marshal(h.crd)
	if err != nil {
		t.Fatal(err)
	}
	tmp := filepath.Join(filepath.Dir(filepath.Dir(h.crdFile)), "ledgers.yaml.new") // outside the directory served
	if err := os.WriteFile(tmp, data, 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.Rename(tmp, h.crdFile); err != nil {
		t.Fatal(err)
	}
}

// withoutMutability is a copy of a CRD without x-kubernetes-mutability and
// x-kubernetes-key-mutability, which kube-apiserver does not know: it
// would drop them with warnings. It is what `kval annotate` writes, less
// the annotation.
func withoutMutability(t *testing.T, crd map[string]any) map[string]any {
	t.Helper()
	packed, _, err := annotation.Pack(crd)
	if err != nil {
		t.Fatalf("kval annotate: %v", err)
	}
	if annotations, ok := packed["metadata"].(map[string]any)["annotations"].(map[string]any); ok {
		delete(annotations, annotation.Key)
	}
	return packed
}

// installCRD creates a CRD and waits until it is established.
func installCRD(t *testing.T, client dynamic.Interface, crd map[string]any) {
	t.Helper()
	obj := &unstructured.Unstructured{Object: crd}
	ensure(t, client.Resource(crdResource), obj)
	poll(t, "CRD "+obj.GetName()+" established", func(ctx context.Context) (bool, error) {
		got, err := client.Resource(crdResource).Get(ctx, obj.GetName(), metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return hasCondition(got, "Established"), nil
	})
}

func namespace(name string) *unstructured.Unstructured {
	ns := &unstructured.Unstructured{}
	ns.SetAPIVersion("v1")
	ns.SetKind("Namespace")
	ns.SetName(name)
	return ns
}

func writeServingCertificate(t *testing.T, dir string) (certFile, keyFile string, certPEM []byte) {
	t.Helper()
	f, err := testcert.Write(dir, 1)
	if err != nil {
		t.Fatal(err)
	}
	return f.CertFile, f.KeyFile, f.CertPEM
}

// serve runs the webhook on a free loopback port until the test ends; when
// the test failed, its log is printed.
func (h *kvalWebhook) serve(t *testing.T, cat *catalog.Catalog, source webhook.Source, certFile, keyFile string, certPEM []byte) {
	t.Helper()
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	probes, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	h.url, h.probes = "https://"+l.Addr().String(), "http://"+probes.Addr().String()
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(certPEM)
	h.https = &http.Client{Timeout: 10 * time.Second, Transport: &http.Transport{TLSClientConfig: &tls.Config{RootCAs: pool}}}

	options := h.options
	options.Logger = slog.New(slog.NewTextHandler(h.logs, nil))
	server := webhook.New(cat, options, source)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- server.Serve(ctx, l, probes, certFile, keyFile) }()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("kval's webhook: %v", err)
		}
		h.https.CloseIdleConnections()
		if t.Failed() {
			t.Logf("kval's webhook log:\n%s", h.logs)
		}
	})
}

// get fetches a path of the webhook's probe port (/readyz, /metrics).
func (h *kvalWebhook) get(ctx context.Context, path string) (int, string, error) {
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, h.probes+path, nil)
	if err != nil {
		return 0, "", err
	}
	resp, err := http.DefaultClient.Do(req)
	if err != nil {
		return 0, "", err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	return resp.StatusCode, string(body), err
}

// waitReady waits until the webhook's /readyz passes: its CRD file is loaded.
func (h *kvalWebhook) waitReady(t *testing.T) {
	t.Helper()
	poll(t, "kval's webhook ready", func(ctx context.Context) (bool, error) {
		code, _, err := h.get(ctx, "/readyz")
		return err == nil && code == http.StatusOK, nil
	})
}

// metric returns the value of one sample of the webhook's /metrics, 0 when
// it has none yet; series is the name with its labels, as Prometheus' text
// format writes them (labels sorted by name).
func (h *kvalWebhook) metric(t *testing.T, series string) float64 {
	t.Helper()
	code, body, err := h.get(t.Context(), "/metrics")
	if err != nil || code != http.StatusOK {
		t.Fatalf("webhook /metrics: HTTP %d, %v", code, err)
	}
	for line := range strings.Lines(body) {
		if rest, ok := strings.CutPrefix(line, series+" "); ok {
			var v float64
			if _, err := fmt.Sscan(rest, &v); err != nil {
				t.Fatalf("webhook /metrics: %q: %v", line, err)
			}
			return v
		}
	}
	return 0
}

// registerKvalWebhook registers a validating webhook at url for creates and
// updates of every resource of group, in versions, and of its status, as
// `kval serve` is meant to be registered (matchPolicy Equivalent: a request
// in another version is converted to a registered one), until the test
// ends.
func registerKvalWebhook(t *testing.T, name, group string, versions []string, url string, caBundle []byte) {
	t.Helper()
	clientset, err := kubernetes.NewForConfig(testCluster.Config())
	if err != nil {
		t.Fatalf("clientset: %v", err)
	}
	none, fail, equivalent, timeout := admissionregistrationv1.SideEffectClassNone, admissionregistrationv1.Fail, admissionregistrationv1.Equivalent, int32(10)
	config := &admissionregistrationv1.ValidatingWebhookConfiguration{
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Webhooks: []admissionregistrationv1.ValidatingWebhook{{
			Name:         name,
			ClientConfig: admissionregistrationv1.WebhookClientConfig{URL: &url, CABundle: caBundle},
			Rules: []admissionregistrationv1.RuleWithOperations{{
				Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Create, admissionregistrationv1.Update},
				Rule: admissionregistrationv1.Rule{
					APIGroups: []string{group}, APIVersions: versions, Resources: []string{"*", "*/status"},
				},
			}},
			FailurePolicy:           &fail,
			MatchPolicy:             &equivalent,
			SideEffects:             &none,
			AdmissionReviewVersions: []string{"v1"},
			TimeoutSeconds:          &timeout,
		}},
	}
	configs := clientset.AdmissionregistrationV1().ValidatingWebhookConfigurations()
	if _, err := configs.Create(t.Context(), config, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating webhook configuration %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := configs.Delete(context.Background(), name, metav1.DeleteOptions{}); err != nil {
			t.Errorf("deleting webhook configuration %s: %v", name, err)
		}
	})
}

// waitUntilCalled waits until kube-apiserver calls the webhook (webhook
// configurations take effect asynchronously): it stores a probe object and
// sends dry-run updates of an immutable field until one is denied.
func (h *kvalWebhook) waitUntilCalled(t *testing.T) {
	t.Helper()
	probe := h.ledger("probe", map[string]any{"engine": "postgres"})
	createEventually(t, h.ledgers, probe, metav1.CreateOptions{})
	probe = h.read(t, "probe")
	probe.Object["spec"] = map[string]any{"engine": "mysql"}
	want := fmt.Sprintf(`admission webhook %q denied the request: %s "probe" is invalid: spec.engine: Forbidden: field is immutable`, h.name, h.kind())
	poll(t, "waiting for kube-apiserver to call kval's webhook", func(ctx context.Context) (bool, error) {
		_, err := h.ledgers.Update(ctx, probe, metav1.UpdateOptions{DryRun: []string{metav1.DryRunAll}})
		switch {
		case err == nil:
			return false, nil
		case err.Error() == want:
			return true, nil
		default:
			return false, err
		}
	})
}

// kind is the qualified kind kube-apiserver names in errors: Ledger.<group>.
func (h *kvalWebhook) kind() string { return ledgerKind + "." + h.group }

// ledger is a Ledger of the webhook's group in ledgerNamespace.
func (h *kvalWebhook) ledger(name string, spec map[string]any) *unstructured.Unstructured {
	obj := &unstructured.Unstructured{Object: map[string]any{"spec": spec}}
	obj.SetAPIVersion(h.group + "/v1")
	obj.SetKind(ledgerKind)
	obj.SetNamespace(ledgerNamespace)
	obj.SetName(name)
	return obj
}

// apply server-side applies a configuration of Ledger name, its content
// being {"spec": ...} or, for the status subresource, {"status": ...}, as
// manager, forcing conflicts.
func (h *kvalWebhook) apply(ctx context.Context, manager, name string, content map[string]any, dryRun []string, subresources ...string) (*unstructured.Unstructured, error) {
	config := map[string]any{
		"apiVersion": h.group + "/v1",
		"kind":       ledgerKind,
		"metadata":   map[string]any{"name": name, "namespace": ledgerNamespace},
	}
	for k, v := range content {
		config[k] = v
	}
	data, err := json.Marshal(config)
	if err != nil {
		return nil, err
	}
	return h.ledgers.Patch(ctx, name, types.ApplyPatchType, data,
		metav1.PatchOptions{FieldManager: manager, Force: new(true), DryRun: dryRun}, subresources...)
}

// createLedger stores a Ledger with the spec, applied by ownerManager (who
// then owns every field of it), and returns it.
func (h *kvalWebhook) createLedger(t *testing.T, name string, spec map[string]any) *unstructured.Unstructured {
	t.Helper()
	obj, err := h.apply(t.Context(), ownerManager, name, map[string]any{"spec": spec}, nil)
	if err != nil {
		t.Fatalf("creating %s: %v", name, err)
	}
	if !sameJSON(obj.Object["spec"], spec) {
		t.Fatalf("created %s with spec %s, want %s", name, jsonString(obj.Object["spec"]), jsonString(spec))
	}
	return obj
}

// read returns the stored Ledger.
func (h *kvalWebhook) read(t *testing.T, name string) *unstructured.Unstructured {
	t.Helper()
	obj, err := h.ledgers.Get(t.Context(), name, metav1.GetOptions{})
	if err != nil {
		t.Fatalf("reading back %s: %v", name, err)
	}
	return obj
}

// denial is the error text kube-apiserver returns when the webhook denies a
// request on object name with the field errors (one, or a list).
func (h *kvalWebhook) denial(name string, fieldErrors []string) string {
	detail := fieldErrors[0]
	if len(fieldErrors) > 1 {
		detail = "[" + strings.Join(fieldErrors, ", ") + "]"
	}
	return fmt.Sprintf("admission webhook %q denied the request: %s %q is invalid: %s", h.name, h.kind(), name, detail)
}

// checkDenied checks that err is the webhook's denial of a request on object
// name with the field errors ("<path>: Forbidden: <detail>"): the exact
// text, an Invalid status (422) and one cause per error at its path.
func (h *kvalWebhook) checkDenied(t *testing.T, name string, err error, fieldErrors []string) {
	t.Helper()
	if err == nil {
		t.Errorf("allowed, want denied: %s", strings.Join(fieldErrors, "; "))
		return
	}
	if want := h.denial(name, fieldErrors); err.Error() != want {
		t.Errorf("got error\n\t%v\nwant\n\t%s", err, want)
	}
	var status apierrors.APIStatus
	if !errors.As(err, &status) || !apierrors.IsInvalid(err) {
		t.Errorf("error %T is not an Invalid status: %v", err, err)
		return
	}
	var got, want []string
	if d := status.Status().Details; d != nil {
		for _, c := range d.Causes {
			got = append(got, c.Field+" "+string(c.Type))
		}
	}
	for _, fe := range fieldErrors {
		path, _, _ := strings.Cut(fe, ": ")
		want = append(want, path+" "+string(metav1.CauseTypeForbidden))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("causes %q, want %q", got, want)
	}
}

// sameJSON reports whether two values are equal as JSON (int64 and float64
// numbers of unstructured objects alike).
func sameJSON(a, b any) bool {
	return jsonString(a) == jsonString(b)
}

// jsonString is v as canonical JSON (sorted keys).
func jsonString(v any) string {
	data, err := json.Marshal(v)
	if err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	var generic any
	if err := json.Unmarshal(data, &generic); err != nil {
		return fmt.Sprintf("<%v>", err)
	}
	data, _ = json.Marshal(generic)
	return string(data)
}

// decodeJSON parses a JSON object written in a test.
func decodeJSON(t *testing.T, text string) map[string]any {
	t.Helper()
	var out map[string]any
	if err := json.Unmarshal([]byte(text), &out); err != nil {
		t.Fatalf("test JSON %s: %v", text, err)
	}
	return out
}

// syncBuffer is a bytes.Buffer that many goroutines may write.
type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *syncBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *syncBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
