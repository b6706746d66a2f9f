package e2e

import (
	"context"
	"encoding/json"
	"encoding/pem"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	admissionv1 "k8s.io/api/admission/v1"
	admissionregistrationv1 "k8s.io/api/admissionregistration/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/runtime/schema"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"

	"github.com/kval-dev/kval/e2e/cluster"
	"github.com/kval-dev/kval/manifest"
)

var testCluster *cluster.Cluster

func TestMain(m *testing.M) {
	os.Exit(cluster.Main(m, func(c *cluster.Cluster) { testCluster = c }))
}

var (
	crdResource      = schema.GroupVersionResource{Group: "apiextensions.k8s.io", Version: "v1", Resource: "customresourcedefinitions"}
	namespaceRes     = schema.GroupVersionResource{Version: "v1", Resource: "namespaces"}
	webhookConfigRes = schema.GroupVersionResource{Group: "admissionregistration.k8s.io", Version: "v1", Resource: "validatingwebhookconfigurations"}
	databaseResource = schema.GroupVersionResource{Group: "example.kval.dev", Version: "v1", Resource: "databases"}
)

// TestCustomResource installs the example CRD and stores one of the example
// objects: kube-apiserver applies the CRD's defaults.
func TestCustomResource(t *testing.T) {
	client := dynamicClient(t)
	installExamples(t, client)
	obj := example(t, "objects/analytics.yaml")
	databases := client.Resource(databaseResource).Namespace(obj.GetNamespace())
	createEventually(t, databases, obj, metav1.CreateOptions{})
	got, err := databases.Get(t.Context(), obj.GetName(), metav1.GetOptions{})
	if err != nil {
		t.Fatalf("reading back %s: %v", obj.GetName(), err)
	}
	for path, want := range map[string]any{"spec.engine": "postgres", "spec.replicas": int64(1), "spec.storage.class": "standard"} {
		value, _, _ := unstructured.NestedFieldNoCopy(got.Object, strings.Split(path, ".")...)
		if value != want {
			t.Errorf("stored %s = %#v, want %#v", path, value, want)
		}
	}
}

// TestValidatingWebhook registers a validating webhook served by the test
// and checks that kube-apiserver calls it on a create and reports its denial,
// the wiring `kval serve` relies on.
func TestValidatingWebhook(t *testing.T) {
	client := dynamicClient(t)
	installExamples(t, client)
	const message = "databases labelled deny are rejected by the e2e webhook"
	hook := newDenyingWebhook(t, message)
	registerWebhook(t, client, "deny.e2e.kval.dev", hook)

	obj := example(t, "objects/analytics.yaml")
	obj.SetName("denied")
	obj.SetLabels(map[string]string{"e2e.kval.dev/webhook": "deny"})
	databases := client.Resource(databaseResource).Namespace(obj.GetNamespace())
	waitForWebhook(t, databases, obj)

	_, err := databases.Create(t.Context(), obj, metav1.CreateOptions{})
	want := `admission webhook "deny.e2e.kval.dev" denied the request: ` + message
	if err == nil || !strings.Contains(err.Error(), want) {
		t.Fatalf("create: got error %v, want one containing %q", err, want)
	}
	if review := hook.last(); review.Name != "denied" || review.Operation != admissionv1.Create || review.Kind.Kind != "Database" {
		t.Errorf("webhook saw %s %s %q, want CREATE Database \"denied\"", review.Operation, review.Kind.Kind, review.Name)
	}
	if _, err := databases.Get(t.Context(), "denied", metav1.GetOptions{}); !apierrors.IsNotFound(err) {
		t.Errorf("the denied object was stored (get: %v)", err)
	}
}

// dynamicClient is a dynamic client of the cluster's administrator that
// logs the warnings of kube-apiserver to the test.
func dynamicClient(t *testing.T) *dynamic.DynamicClient {
	cfg := testCluster.Config()
	cfg.WarningHandler = warningLogger{t}
	client, err := dynamic.NewForConfig(cfg)
	if err != nil {
		t.Fatalf("dynamic client: %v", err)
	}
	return client
}

type warningLogger struct{ t *testing.T }

func (w warningLogger) HandleWarningHeader(_ int, _ string, text string) {
	w.t.Logf("kube-apiserver warning: %s", text)
}

var _ rest.WarningHandler = warningLogger{}

// example reads the single object of a file in examples/.
func example(t *testing.T, name string) *unstructured.Unstructured {
	path := filepath.Join("..", "examples", name)
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 || len(docs) != 1 {
		t.Fatalf("reading %s: %d documents, errors %v", path, len(docs), errs)
	}
	return &unstructured.Unstructured{Object: docs[0].Object}
}

// installExamples creates the example CRD, unless a test already has, waits
// until it is established, and creates the namespace of the examples.
func installExamples(t *testing.T, client dynamic.Interface) {
	crd := example(t, "crd.yaml")
	ensure(t, client.Resource(crdResource), crd)
	ns := &unstructured.Unstructured{}
	ns.SetAPIVersion("v1")
	ns.SetKind("Namespace")
	ns.SetName("shop")
	ensure(t, client.Resource(namespaceRes), ns)
	poll(t, "CRD "+crd.GetName()+" established", func(ctx context.Context) (bool, error) {
		got, err := client.Resource(crdResource).Get(ctx, crd.GetName(), metav1.GetOptions{})
		if err != nil {
			return false, err
		}
		return hasCondition(got, "Established"), nil
	})
}

// ensure creates obj unless it exists.
func ensure(t *testing.T, client dynamic.ResourceInterface, obj *unstructured.Unstructured) {
	_, err := client.Create(t.Context(), obj, metav1.CreateOptions{})
	if err != nil && !apierrors.IsAlreadyExists(err) {
		t.Fatalf("creating %s %s: %v", obj.GetKind(), obj.GetName(), err)
	}
}

func hasCondition(obj *unstructured.Unstructured, condition string) bool {
	conditions, _, _ := unstructured.NestedSlice(obj.Object, "status", "conditions")
	for _, c := range conditions {
		c, _ := c.(map[string]any)
		if c["type"] == condition && c["status"] == "True" {
			return true
		}
	}
	return false
}

// createEventually creates obj, retrying while kube-apiserver does not serve
// its resource yet (a CRD established a moment ago).
func createEventually(t *testing.T, client dynamic.ResourceInterface, obj *unstructured.Unstructured, opts metav1.CreateOptions) {
	poll(t, "creating "+obj.GetName(), func(ctx context.Context) (bool, error) {
		_, err := client.Create(ctx, obj, opts)
		if apierrors.IsNotFound(err) {
			return false, nil
		}
		return err == nil, err
	})
}

// poll calls check until it reports done, fails the test on its error or
// after 30 seconds.
func poll(t *testing.T, what string, check func(context.Context) (bool, error)) {
	t.Helper()
	ctx, cancel := context.WithTimeout(t.Context(), 30*time.Second)
	defer cancel()
	for {
		done, err := check(ctx)
		if err != nil {
			t.Fatalf("%s: %v", what, err)
		}
		if done {
			return
		}
		select {
		case <-ctx.Done():
			t.Fatalf("%s: %v", what, ctx.Err())
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// denyingWebhook is a validating admission webhook that denies every request
// with one message and remembers the last request.
type denyingWebhook struct {
	server  *httptest.Server
	message string
	mu      sync.Mutex
	request admissionv1.AdmissionRequest
}

func newDenyingWebhook(t *testing.T, message string) *denyingWebhook {
	h := &denyingWebhook{message: message}
	mux := http.NewServeMux()
	mux.HandleFunc("POST /validate", h.serve)
	h.server = httptest.NewTLSServer(mux)
	t.Cleanup(h.server.Close)
	return h
}

func (h *denyingWebhook) serve(w http.ResponseWriter, r *http.Request) {
	var review admissionv1.AdmissionReview
	if err := json.NewDecoder(r.Body).Decode(&review); err != nil || review.Request == nil {
		http.Error(w, fmt.Sprintf("not an AdmissionReview: %v", err), http.StatusBadRequest)
		return
	}
	h.mu.Lock()
	h.request = *review.Request
	h.mu.Unlock()
	review.Response = &admissionv1.AdmissionResponse{
		UID:    review.Request.UID,
		Result: &metav1.Status{Message: h.message, Code: http.StatusForbidden},
	}
	review.Request = nil
	w.Header().Set("Content-Type", "application/json")
	if err := json.NewEncoder(w).Encode(review); err != nil {
		http.Error(w, err.Error(), http.StatusInternalServerError)
	}
}

func (h *denyingWebhook) last() admissionv1.AdmissionRequest {
	h.mu.Lock()
	defer h.mu.Unlock()
	return h.request
}

// registerWebhook registers hook for creates of the example Databases
// labelled e2e.kval.dev/webhook=deny, until the test ends.
func registerWebhook(t *testing.T, client dynamic.Interface, name string, hook *denyingWebhook) {
	url := hook.server.URL + "/validate"
	none, fail, timeout := admissionregistrationv1.SideEffectClassNone, admissionregistrationv1.Fail, int32(10)
	config := &admissionregistrationv1.ValidatingWebhookConfiguration{
		TypeMeta:   metav1.TypeMeta{APIVersion: "admissionregistration.k8s.io/v1", Kind: "ValidatingWebhookConfiguration"},
		ObjectMeta: metav1.ObjectMeta{Name: name},
		Webhooks: []admissionregistrationv1.ValidatingWebhook{{
			Name: name,
			ClientConfig: admissionregistrationv1.WebhookClientConfig{
				URL:      &url,
				CABundle: pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: hook.server.Certificate().Raw}),
			},
			Rules: []admissionregistrationv1.RuleWithOperations{{
				Operations: []admissionregistrationv1.OperationType{admissionregistrationv1.Create},
				Rule: admissionregistrationv1.Rule{
					APIGroups: []string{databaseResource.Group}, APIVersions: []string{databaseResource.Version},
					Resources: []string{databaseResource.Resource},
				},
			}},
			ObjectSelector:          &metav1.LabelSelector{MatchLabels: map[string]string{"e2e.kval.dev/webhook": "deny"}},
			SideEffects:             &none,
			FailurePolicy:           &fail,
			TimeoutSeconds:          &timeout,
			AdmissionReviewVersions: []string{"v1"},
		}},
	}
	raw, err := runtime.DefaultUnstructuredConverter.ToUnstructured(config)
	if err != nil {
		t.Fatalf("webhook configuration: %v", err)
	}
	configs := client.Resource(webhookConfigRes)
	if _, err := configs.Create(t.Context(), &unstructured.Unstructured{Object: raw}, metav1.CreateOptions{}); err != nil {
		t.Fatalf("creating webhook configuration %s: %v", name, err)
	}
	t.Cleanup(func() {
		if err := configs.Delete(context.Background(), name, metav1.DeleteOptions{}); err != nil {
			t.Errorf("deleting webhook configuration %s: %v", name, err)
		}
	})
}

// waitForWebhook waits until kube-apiserver calls the webhook for obj
// (webhook configurations take effect asynchronously), with dry-run creates
// that store nothing.
func waitForWebhook(t *testing.T, client dynamic.ResourceInterface, obj *unstructured.Unstructured) {
	dryRun := metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}}
	poll(t, "waiting for the webhook", func(ctx context.Context) (bool, error) {
		_, err := client.Create(ctx, obj, dryRun)
		var status apierrors.APIStatus
		switch {
		case err == nil, apierrors.IsNotFound(err):
			return false, nil
		case errors.As(err, &status) && strings.Contains(err.Error(), "denied the request"):
			return true, nil
		default:
			return false, err
		}
	})
}
