package e2e

import (
	"context"
	"fmt"
	"sync"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"sigs.k8s.io/controller-runtime/pkg/client"

	"github.com/kval-dev/kval/kvaltest"
	"github.com/kval-dev/kval/manifest"
)

// agreeGroup is the group of the example Database in the agreement test:
// `kval lower`'s output for examples/crd.yaml, so that both sides enforce
// its immutability with the same transition rules (kube-apiserver drops
// the extensions themselves; the webhook tests cover kvaltest's engine
// on them).
const agreeGroup = "agree.e2e.kval.dev"

// kudoAgreeGroup holds KUDO's CRDs in the agreement tests, apart from the
// KUDO webhook test's kudo.dev.
const kudoAgreeGroup = "kudo.agree.e2e.kval.dev"

// anyOutcome marks a step whose outcome is not stated in advance (a
// generated one, or an error whose reason is Unknown, ""): only that both
// sides answer the same.
const anyOutcome metav1.StatusReason = "<any outcome>"

// TestKvaltestAgreesWithKubeAPIServer sends the same sequences of writes
// to a kvaltest client and, through controller-runtime's client, to
// kube-apiserver, both holding the lowered example CRD, the Gateway API
// CRDs (experimental channel) and KUDO's CRDs
// (TestKvaltestAgreesOnGeneratedSequences sends generated ones). Every step must answer the same object
// (uid, timestamps, the values of resourceVersions, managedFields' times
// and generated names left out), the same error (reason, code, text,
// causes) and the same warnings. Each step also states what it must do,
// so that agreement on a broken sequence fails.
func TestKvaltestAgreesWithKubeAPIServer(t *testing.T) {
	kval, server, _ := agreementClients(t)
	runAgreement(t, kval, server, agreementSequences(), "agree")
}

// runAgreement runs seqs on both sides, each in a namespace of its own
// named after prefix.
func runAgreement(t *testing.T, kval, server backend, seqs []sequence, prefix string) {
	for i, seq := range seqs {
		t.Run(seq.name, func(t *testing.T) {
			ns := fmt.Sprintf("%s-%d", prefix, i)
			ensure(t, dynamicClient(t).Resource(namespaceRes), namespace(ns))
			kv, api := kval.side(ns), server.side(ns)
			for _, st := range seq.steps {
				got, want := kv.run(t.Context(), st), api.run(t.Context(), st)
				if err := st.check(want); err != nil {
					t.Errorf("%s: kube-apiserver: %v", st.name, err)
				}
				if diff := compareOutcomes(got, want); diff != "" {
					t.Errorf("%s: kvaltest and kube-apiserver differ:\n%s", st.name, diff)
				}
			}
		})
	}
}

// backend is one of the two clients and the warnings it was sent.
type backend struct {
	c        client.Client
	warnings *warningRecorder
}

// agreementClients installs the CRDs in kube-apiserver and returns a
// kvaltest client of the same CRDs, a client of kube-apiserver and the
// CRDs.
func agreementClients(t *testing.T) (kval, server backend, crds []map[string]any) {
	t.Helper()
	crds = append(crds, lowered(t, inGroup(example(t, "crd.yaml").Object, agreeGroup)))
	for _, crd := range readCorpus(t, corpusPath(t, "gateway-api", "crds-experimental")) {
		if crd.Object["kind"] == "CustomResourceDefinition" {
			crds = append(crds, crd.Object)
		}
	}
	kudo, errs := manifest.ReadFile(kudoCRDFile)
	if len(errs) > 0 {
		t.Fatalf("reading %s: %v", kudoCRDFile, errs)
	}
	for _, doc := range kudo {
		crds = append(crds, inGroup(doc.Object, kudoAgreeGroup))
	}
	api := dynamicClient(t)
	for _, crd := range crds {
		installCRD(t, api, crd)
	}
	cat := catalogOf(t, crds...)
	kval.warnings, server.warnings = &warningRecorder{}, &warningRecorder{}
	kval.c = kvaltest.NewClient(t, kvaltest.Catalog(cat), nil, kvaltest.WarningHandler(kval.warnings))
	cfg := testCluster.Config()
	cfg.WarningHandler = server.warnings
	c, err := client.New(cfg, client.Options{})
	if err != nil {
		t.Fatal(err)
	}
	server.c = c
	waitUntilServed(t, c, databaseObject("probe", nil), &unstructured.Unstructured{Object: map[string]any{"apiVersion": "gateway.networking.k8s.io/v1", "kind": "HTTPRoute"}})
	return kval, server, crds
}

// waitUntilServed lists the kinds of objs until kube-apiserver serves them
// (a CRD established a moment ago may not be in discovery yet).
func waitUntilServed(t *testing.T, c client.Client, objs ...*unstructured.Unstructured) {
	for _, obj := range objs {
		list := &unstructured.UnstructuredList{}
		list.SetGroupVersionKind(obj.GroupVersionKind().GroupVersion().WithKind(obj.GetKind() + "List"))
		poll(t, "listing "+obj.GetKind(), func(ctx context.Context) (bool, error) {
			return c.List(ctx, list) == nil, nil
		})
	}
}

// side starts a sequence in namespace ns; both sides' clients write as
// one field manager, as a controller does.
func (b backend) side(ns string) *sidedBackend {
	return &sidedBackend{
		side:      &side{c: client.WithFieldOwner(b.c, "agreement"), ns: ns, generated: map[string]string{}, kept: map[string]*unstructured.Unstructured{}},
		warnings:  b.warnings,
		normalize: newNormalizer(),
	}
}

type sidedBackend struct {
	*side
	warnings  *warningRecorder
	normalize *normalizer
}

func (b *sidedBackend) run(ctx context.Context, st step) outcome {
	b.warnings.take()
	obj, err := st.run(ctx, b.side)
	return outcome{Object: b.normalize.object(obj), Error: b.normalize.error(err), Warnings: b.warnings.take()}
}

// compareOutcomes describes how kvaltest's outcome differs from
// kube-apiserver's, or returns "".
func compareOutcomes(kval, server outcome) string {
	if sameJSON(kval, server) {
		return ""
	}
	return fmt.Sprintf("kvaltest:       %s\nkube-apiserver: %s", jsonString(kval), jsonString(server))
}

// warningRecorder keeps the warnings of responses until taken.
type warningRecorder struct {
	mu       sync.Mutex
	warnings []string
}

func (r *warningRecorder) HandleWarningHeader(_ int, _ string, text string) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.warnings = append(r.warnings, text)
}

func (r *warningRecorder) take() []string {
	r.mu.Lock()
	defer r.mu.Unlock()
	w := r.warnings
	r.warnings = nil
	return w
}

// want is what a step must do on kube-apiserver: succeed (""), or fail
// with a reason.
func (st step) check(o outcome) error {
	switch {
	case st.want == anyOutcome:
		return nil
	case st.want == "" && o.Error != nil:
		return fmt.Errorf("failed: %s", o.Error.Text)
	case st.want != "" && o.Error == nil:
		return fmt.Errorf("succeeded, want %s", st.want)
	case st.want != "" && o.Error.Reason != st.want:
		return fmt.Errorf("%s (%s), want %s", o.Error.Reason, o.Error.Text, st.want)
	}
	return nil
}
