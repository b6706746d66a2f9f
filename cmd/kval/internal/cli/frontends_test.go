package cli

import (
	"context"
	"encoding/json"
	"errors"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	admissionv1 "k8s.io/api/admission/v1"
	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/kvaltest"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/params"
	"github.com/kval-dev/kval/webhook"
)

// The three frontends answer a request with the engine's one mapping
// (engine.Result.Err): the same verdict, the same causes, the same
// warnings, whether kval validate, kval serve (--mode full, so that it
// runs kube-apiserver's checks as the others do) or a kvaltest client
// answers it.

// setup is what the three frontends are given: CRD files, and KUDO
// package directories for Instances.
type setup struct{ crd, ovs string }

var (
	databases = setup{crd: "../../../../examples/crd.yaml"}
	kudo      = setup{crd: "../../../../examples/params/kudo-crds.yaml", ovs: "../../../../examples/params/v1"}
)

// answer is a frontend's answer to one request: the HTTP code of its
// status (0: allowed), its message when there are no causes (400), its
// causes as "field: message" and its warnings.
type answer struct {
	code     int32
	message  string
	causes   []string
	warnings []string
}

func TestTheFrontendsGiveTheSameAnswer(t *testing.T) {
	const stored = `{apiVersion: example.kval.dev/v1, kind: Database, metadata: {name: orders, namespace: shop}, spec: {engine: postgres, version: "16.2", replicas: 1}}`
	finalizer := `metadata.finalizers: "cleanup": prefer a domain-qualified finalizer name to avoid accidental conflicts with other finalizer writers`
	for _, tc := range []struct {
		name, old, obj string
		setup          setup
		want           answer
	}{
		{"allowed, with kube-apiserver's warning", "",
			`{apiVersion: example.kval.dev/v1, kind: Database, metadata: {name: orders, namespace: shop, finalizers: [cleanup]}, spec: {engine: postgres, version: "16.2", replicas: 1}}`,
			databases, answer{warnings: []string{finalizer}}},
		{"400: metadata that does not decode", "",
			`{apiVersion: example.kval.dev/v1, kind: Database, metadata: {name: orders, namespace: shop, labels: {a: 1}}, spec: {engine: postgres, version: "16.2", replicas: 1}}`,
			databases, answer{code: 400}},
		{"422 with its causes and warnings", "",
			`{apiVersion: example.kval.dev/v1, kind: Database, metadata: {name: orders, namespace: shop, finalizers: [cleanup]}, spec: {engine: postgres, version: "sixteen", replicas: 0}}`,
			databases, answer{code: 422, warnings: []string{finalizer}}},
		{"422 of an update: an immutable field", stored,
			`{apiVersion: example.kval.dev/v1, kind: Database, metadata: {name: orders, namespace: shop}, spec: {engine: mysql, version: "16.2", replicas: 1}}`,
			databases, answer{code: 422, causes: []string{"spec.engine: Forbidden: field is immutable"}}},
		{"422 of an Instance: an immutable parameter (params extension)",
			`{apiVersion: kudo.dev/v1beta1, kind: Instance, metadata: {name: zk, namespace: default}, spec: {operatorVersion: {name: zookeeper-3.4.14-0.1.0}, parameters: {DISK_SIZE: 5Gi}}}`,
			`{apiVersion: kudo.dev/v1beta1, kind: Instance, metadata: {name: zk, namespace: default}, spec: {operatorVersion: {name: zookeeper-3.4.14-0.1.0}, parameters: {DISK_SIZE: 6Gi}}}`,
			kudo, answer{code: 422, causes: []string{`spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "6Gi"`}}},
		{"422 of an Instance: its OperatorVersion is missing", "",
			`{apiVersion: kudo.dev/v1beta1, kind: Instance, metadata: {name: zk, namespace: default}, spec: {operatorVersion: {name: zookeeper-9}}}`,
			kudo, answer{code: 422, causes: []string{`spec.operatorVersion.name: Not found: "zookeeper-9": no OperatorVersion of that name in namespace "default" (FROM), so the parameters cannot be checked`}}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			answers := map[string]answer{
				"kval validate": cliAnswer(t, tc.setup, tc.old, tc.obj).lookedIn("not among the --operator-versions"),
				"kval serve":    webhookAnswer(t, tc.setup, tc.old, tc.obj).lookedIn("in the test"),
				"kvaltest":      kvaltestAnswer(t, tc.setup, tc.old, tc.obj).lookedIn("neither written through the client nor among kvaltest.OperatorVersions"),
			}
			for name, got := range answers {
				if got.code != tc.want.code || (tc.want.causes != nil && !reflect.DeepEqual(got.causes, tc.want.causes)) ||
					(tc.want.code == 0 || tc.want.warnings != nil) && !reflect.DeepEqual(got.warnings, tc.want.warnings) {
					t.Errorf("%s: got %+v, want %+v", name, got, tc.want)
				}
			}
			if cli, serve, test := answers["kval validate"], answers["kval serve"], answers["kvaltest"]; !reflect.DeepEqual(cli, serve) || !reflect.DeepEqual(serve, test) {
				t.Errorf("the frontends disagree:\nkval validate %+v\nkval serve    %+v\nkvaltest      %+v", cli, serve, test)
			}
		})
	}
}

// objectOf decodes the YAML of an object as a client sends it, integers
// as int64.
func objectOf(t *testing.T, text string) map[string]any {
	t.Helper()
	obj, err := manifest.DecodeObject(jsonOf(t, text))
	if err != nil {
		t.Fatal(err)
	}
	return obj
}

// cliAnswer runs kval validate -o json --show-object on the object (an update of old,
// if any) and reads its answer: valid, rejected or invalid before
// decoding (400: no object), invalid (422).
func cliAnswer(t *testing.T, setup setup, old, obj string) answer {
	t.Helper()
	dir := t.TempDir()
	args := []string{"validate", "--crd", setup.crd, "-o", "json", "--show-object"}
	if setup.ovs != "" {
		args = append(args, "--operator-versions", setup.ovs)
	}
	if old != "" {
		args = append(args, "--old", writeFile(t, dir, "old.json", string(jsonOf(t, old))))
	}
	var out, errOut strings.Builder
	Main(append(args, writeFile(t, dir, "new.json", string(jsonOf(t, obj)))), strings.NewReader(""), &out, &errOut)
	var report struct{ Results []objectResult }
	if err := json.Unmarshal([]byte(out.String()), &report); err != nil || len(report.Results) != 1 || report.Results[0].Valid == nil {
		t.Fatalf("kval validate: %v\n%s\n%s", err, out.String(), errOut.String())
	}
	r := report.Results[0]
	var a answer
	var messages []string
	for _, e := range r.Errors {
		messages = append(messages, e.Message)
	}
	switch {
	case *r.Valid:
	case r.Rejected != "" || r.Object == nil:
		a.code, a.message = 400, strings.Join(append(messages, r.Rejected), "")
	default:
		a.code, a.causes = 422, messages
	}
	a.warnings = r.Warnings
	return a
}

func writeFile(t *testing.T, dir, name, text string) string {
	t.Helper()
	path := filepath.Join(dir, name)
	if err := os.WriteFile(path, []byte(text), 0o644); err != nil {
		t.Fatal(err)
	}
	return path
}

// webhookAnswer is kval serve --mode full's answer to the admission
// request of the write.
func webhookAnswer(t *testing.T, setup setup, old, obj string) answer {
	t.Helper()
	opts := webhook.Options{Mode: webhook.ModeFull, Logger: slog.New(slog.NewTextHandler(io.Discard, nil))}
	if setup.ovs != "" {
		ovs, err := params.ReadVerified(setup.ovs)
		if err != nil {
			t.Fatal(err)
		}
		opts.OperatorVersions = ovs.Finder("in the test")
	}
	cat := catalog.New(webhook.CatalogOptions(opts))
	if _, err := cat.LoadFiles(setup.crd); err != nil {
		t.Fatal(err)
	}
	s := webhook.New(cat, opts)
	u := unstructured.Unstructured{Object: objectOf(t, obj)}
	gvk := u.GroupVersionKind()
	req := &admissionv1.AdmissionRequest{UID: "1", Name: u.GetName(), Namespace: u.GetNamespace(), Operation: admissionv1.Create,
		Kind:   metav1.GroupVersionKind{Group: gvk.Group, Version: gvk.Version, Kind: gvk.Kind},
		Object: runtime.RawExtension{Raw: jsonOf(t, obj)}}
	if old != "" {
		req.Operation, req.OldObject = admissionv1.Update, runtime.RawExtension{Raw: jsonOf(t, old)}
	}
	resp := s.Admit(context.Background(), req)
	a := answer{warnings: resp.Warnings}
	if !resp.Allowed {
		a.code = resp.Result.Code
		a.message, a.causes = messageAndCauses(&apierrors.StatusError{ErrStatus: *resp.Result})
	}
	return a
}

func jsonOf(t *testing.T, text string) []byte {
	t.Helper()
	data, err := yaml.YAMLToJSON([]byte(text))
	if err != nil {
		t.Fatal(err)
	}
	return data
}

// kvaltestAnswer is a kvaltest client's answer to the write: a create, or
// the create of old and its update.
func kvaltestAnswer(t *testing.T, setup setup, old, obj string) answer {
	t.Helper()
	warnings := &collected{}
	opts := []kvaltest.Option{kvaltest.WarningHandler(warnings)}
	if setup.ovs != "" {
		opts = append(opts, kvaltest.OperatorVersions(setup.ovs))
	}
	c := kvaltest.NewClient(t, kvaltest.CRDs(setup.crd), nil, opts...)
	var err error
	if old == "" {
		err = c.Create(context.Background(), &unstructured.Unstructured{Object: objectOf(t, obj)})
	} else {
		stored := &unstructured.Unstructured{Object: objectOf(t, old)}
		if err := c.Create(context.Background(), stored); err != nil {
			t.Fatal(err)
		}
		warnings.texts = nil
		u := &unstructured.Unstructured{Object: objectOf(t, obj)}
		u.SetResourceVersion(stored.GetResourceVersion())
		err = c.Update(context.Background(), u)
	}
	a := answer{warnings: warnings.texts}
	var status *apierrors.StatusError
	if errors.As(err, &status) {
		a.code = status.Status().Code
		a.message, a.causes = messageAndCauses(status)
	} else if err != nil {
		t.Fatalf("kvaltest: %v", err)
	}
	return a
}

// lookedIn writes FROM for where a frontend looked for OperatorVersions,
// the one part of its answer that is its own.
func (a answer) lookedIn(from string) answer {
	for i, c := range a.causes {
		a.causes[i] = strings.Replace(c, "("+from+")", "(FROM)", 1)
	}
	return a
}

type collected struct{ texts []string }

func (c *collected) HandleWarningHeader(_ int, _ string, text string) {
	c.texts = append(c.texts, text)
}

// messageAndCauses are a status's causes as "field: message", or its
// message when it has none.
func messageAndCauses(status *apierrors.StatusError) (string, []string) {
	s := status.Status()
	if s.Details == nil || len(s.Details.Causes) == 0 {
		return s.Message, nil
	}
	var causes []string
	for _, c := range s.Details.Causes {
		causes = append(causes, c.Field+": "+c.Message)
	}
	return "", causes
}
