package webhook

import (
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"os"

	admissionv1 "k8s.io/api/admission/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/runtime"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/webhook"
)

// Scenario is the measured request: the update of the Gateway API HTTPRoute
// example that adds a hostname and changes a backend's port, under an
// HTTPRoute CRD that carries the mutability extensions (parentRefs
// immutable, hostnames append-only, each rule's name immutable), in kval's
// default mode. Every extension is evaluated and the update is allowed.
type Scenario struct {
	Server *webhook.Server
	// Review is the AdmissionReview request body, its objects as the
	// example file writes them.
	Review []byte
	// AsSent is the same review with its objects as kube-apiserver sends
	// them to a webhook: pruned and defaulted (by kval's engine, which
	// the differential tests hold to kube-apiserver's decoding).
	AsSent []byte
	// Whole is AsSent with what else kube-apiserver puts in a review
	// (whole.go): its objects' server-set metadata (uid, creation time,
	// managed fields) and a controller's status, decoded as AsSent's
	// objects are, and the request's user, options and requested kind and
	// resource.
	Whole []byte
}

// reviews are the scenario's reviews by name, in order: the names
// webhookload's -review and the benchmark's subtests take.
var reviews = []struct {
	name string
	of   func(*Scenario) []byte
}{
	{"as-written", func(s *Scenario) []byte { return s.Review }},
	{"as-sent", func(s *Scenario) []byte { return s.AsSent }},
	{"whole", func(s *Scenario) []byte { return s.Whole }},
}

// ReviewNames are the names of the scenario's reviews, the issue's
// yardstick first.
var ReviewNames = func() []string {
	names := make([]string, len(reviews))
	for i, r := range reviews {
		names[i] = r.name
	}
	return names
}()

// Reviewed is the review of that name, or nil.
func (s *Scenario) Reviewed(name string) []byte {
	for _, r := range reviews {
		if r.name == name {
			return r.of(s)
		}
	}
	return nil
}

// NewScenario builds the server and the request.
func NewScenario() (*Scenario, error) {
	cat, err := httpRouteCatalog()
	if err != nil {
		return nil, err
	}
	review, err := updateReview()
	if err != nil {
		return nil, err
	}
	asSent, err := decodedReview(cat, review)
	if err != nil {
		return nil, err
	}
	whole, err := wholeReview(asSent)
	if err == nil {
		whole, err = decodedReview(cat, whole)
	}
	if err != nil {
		return nil, err
	}
	s := webhook.New(cat, webhook.Options{Logger: slog.New(slog.NewTextHandler(io.Discard, nil))})
	return &Scenario{Server: s, Review: review, AsSent: asSent, Whole: whole}, nil
}

// decodedReview is review with its objects decoded by the catalog's
// validator.
func decodedReview(cat *catalog.Catalog, review []byte) ([]byte, error) {
	var r admissionv1.AdmissionReview
	if err := json.Unmarshal(review, &r); err != nil {
		return nil, err
	}
	v, err := cat.ForObject(context.Background(), apiVersion(r.Request.Kind), r.Request.Kind.Kind)
	if err != nil {
		return nil, err
	}
	for _, raw := range []*[]byte{&r.Request.Object.Raw, &r.Request.OldObject.Raw} {
		obj, err := manifest.DecodeObject(*raw)
		if err != nil {
			return nil, err
		}
		if res := v.Decode(obj); !res.Valid() {
			return nil, fmt.Errorf("decoding the review's objects: %v", res.Errors)
		}
		if *raw, err = json.Marshal(obj); err != nil {
			return nil, err
		}
	}
	return json.Marshal(r)
}

func apiVersion(gvk metav1.GroupVersionKind) string {
	return gvk.Group + "/" + gvk.Version
}

// httpRouteCatalog serves the standard HTTPRoute CRD with extensions added.
func httpRouteCatalog() (*catalog.Catalog, error) {
	crd, err := readOne("gateway-api", "crds-standard", "gateway.networking.k8s.io_httproutes.yaml")
	if err != nil {
		return nil, err
	}
	for _, v := range crd["spec"].(map[string]any)["versions"].([]any) {
		addExtensions(v.(map[string]any)["schema"].(map[string]any)["openAPIV3Schema"].(map[string]any))
	}
	data, err := json.Marshal(crd)
	if err != nil {
		return nil, err
	}
	cat := catalog.New(webhook.CatalogOptions(webhook.Options{})) // as kval serve's, in the default mode
	if _, err := cat.LoadBytes("httproutes.yaml", data); err != nil {
		return nil, err
	}
	if invalid := cat.Check(context.Background()); len(invalid) > 0 {
		return nil, invalid[0]
	}
	return cat, nil
}

func addExtensions(root map[string]any) {
	spec := root["properties"].(map[string]any)["spec"].(map[string]any)["properties"].(map[string]any)
	spec["parentRefs"].(map[string]any)["x-kubernetes-mutability"] = "Immutable"
	spec["hostnames"].(map[string]any)["x-kubernetes-key-mutability"] = "AddOnly"
	rule := spec["rules"].(map[string]any)["items"].(map[string]any)["properties"].(map[string]any)
	rule["name"].(map[string]any)["x-kubernetes-mutability"] = "Immutable"
}

// updateReview is the AdmissionReview of the update.
func updateReview() ([]byte, error) {
	old, err := readOne("gateway-api", "examples", "standard", "httproute.yaml")
	if err != nil {
		return nil, err
	}
	meta := old["metadata"].(map[string]any)
	meta["namespace"], meta["resourceVersion"], meta["generation"] = "default", "42", int64(1)
	oldJSON, err := json.Marshal(old)
	if err != nil {
		return nil, err
	}
	obj := jsonvalue.DeepCopyObject(old)
	spec := obj["spec"].(map[string]any)
	spec["hostnames"] = []any{"shop.example.com"}
	spec["rules"].([]any)[0].(map[string]any)["backendRefs"].([]any)[0].(map[string]any)["port"] = 8081
	objJSON, err := json.Marshal(obj)
	if err != nil {
		return nil, err
	}
	return json.Marshal(admissionv1.AdmissionReview{
		TypeMeta: metav1.TypeMeta{APIVersion: "admission.k8s.io/v1", Kind: "AdmissionReview"},
		Request: &admissionv1.AdmissionRequest{
			UID: "bench", Kind: metav1.GroupVersionKind{Group: "gateway.networking.k8s.io", Version: "v1", Kind: "HTTPRoute"},
			Resource: metav1.GroupVersionResource{Group: "gateway.networking.k8s.io", Version: "v1", Resource: "httproutes"},
			Name:     "my-app", Namespace: "default", Operation: admissionv1.Update,
			Object: runtime.RawExtension{Raw: objJSON}, OldObject: runtime.RawExtension{Raw: oldJSON},
		},
	})
}

func readOne(elem ...string) (map[string]any, error) {
	path, err := corpus.Path(elem...)
	if err != nil {
		return nil, err
	}
	f, err := os.Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	docs, errs := manifest.ReadAll(path, f)
	if len(errs) > 0 || len(docs) == 0 {
		return nil, fmt.Errorf("%s: %v", path, errs)
	}
	return docs[0].Object, nil
}
