package e2e

import (
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/meta"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/client-go/discovery"
	"k8s.io/client-go/discovery/cached/memory"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/restmapper"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// projectTrees are real projects' released manifests under
// testdata/projects (each folder's README says where they come from):
// CRDs beside built-in objects, as a repository holds them.
var projectTrees = []struct {
	name  string
	paths []string
}{
	{"cert-manager v1.21.2, its chart rendered", []string{"cert-manager/v1.21.2/helm-template.yaml"}},
	{"Argo CD v3.5.8", []string{"argo-cd/v3.5.8/crds", "argo-cd/v3.5.8/docs"}},
	{"Argo Workflows v3.7.0, its quick start and an example", []string{"argo-workflows/install-v3.7.0/quick-start-minimal.yaml", "argo-workflows/examples/loops-dag.yaml"}},
	{"CloudNativePG v1.30.0, a CRD and a sample", []string{"cloudnative-pg/v1.30.0"}},
	{"Flux source-controller v1.9.1, its CRDs and samples", []string{"flux-source-controller/v1.9.1"}},
	{"HPE CSI driver v2.0.0, a ClusterRole with a namespace", []string{"hpe-csi-driver/v2.0.0"}},
	{"Gatekeeper v3.23.1", []string{"gatekeeper/v3.23.1/deploy/gatekeeper.yaml"}},
	{"Knative Serving v0.51.0", []string{"knative-serving/v0.51.0/config/core"}},
	// The kustomize base, not rendered: its Deployment has no selector
	// (the kustomization's commonLabels add one), which both refuse.
	{"metrics-server v0.8.0, its kustomize base", []string{"metrics-server/v0.8.0/manifests/base"}},
}

// TestRealProjectsAnsweredAsKubeAPIServer creates every object of real
// projects' manifest trees through kval (package catalog with the built-in
// kinds and their strategies, as kval validate runs them, the tree's CRDs
// loaded) and through kube-apiserver as a server-side dry run, the tree's
// CRDs installed and its namespaces created first, unknown fields refused
// on both sides (kval validate's default and kubectl's): the verdicts,
// each 422 cause's field and type, each 400's message and the objects
// returned must agree. Kinds neither side knows (a kustomization, custom
// resources of CRDs the tree does not hold) are counted apart.
func TestRealProjectsAnsweredAsKubeAPIServer(t *testing.T) {
	client := diffClient(t)
	allowed := 0
	for _, tree := range projectTrees {
		t.Run(tree.name, func(t *testing.T) {
			p := newProjectRun(t, client, tree.paths)
			counts := p.compareAll(t)
			t.Logf("%v", counts)
			allowed += counts["allowed"]
		})
	}
	if allowed < 150 {
		t.Errorf("%d objects allowed; the trees hold more than 150 valid ones", allowed)
	}
}

// projectRun is one tree: its documents, kval's catalog of them, and the
// cluster's mapping of kinds to resources once its CRDs are installed.
type projectRun struct {
	docs   []manifest.Document
	cat    *catalog.Catalog
	client *dynamic.DynamicClient
	mapper *restmapper.DeferredDiscoveryRESTMapper
	// namespaces are those the cluster holds for the tree.
	namespaces map[string]bool
}

func newProjectRun(t *testing.T, client *dynamic.DynamicClient, paths []string) *projectRun {
	p := &projectRun{cat: builtinCatalog(t), client: client, namespaces: map[string]bool{}}
	for _, path := range paths {
		p.docs = append(p.docs, readCorpus(t, filepath.Join("..", "testdata", "projects", path))...)
	}
	for _, doc := range p.docs {
		if isCRD(doc.Object) {
			p.loadCRD(t, doc)
			installCRD(t, client, doc.Object)
		}
	}
	if refused := p.cat.Check(t.Context()); len(refused) > 0 {
		t.Fatalf("kval refuses CRDs of the tree: %v", refused)
	}
	disco, err := discovery.NewDiscoveryClientForConfig(testCluster.Config())
	if err != nil {
		t.Fatal(err)
	}
	p.mapper = restmapper.NewDeferredDiscoveryRESTMapper(memory.NewMemCacheClient(disco))
	return p
}

func isCRD(obj map[string]any) bool {
	return obj["kind"] == "CustomResourceDefinition" && obj["apiVersion"] == "apiextensions.k8s.io/v1"
}

// loadCRD gives kval a CRD of the tree, which its lint must accept.
func (p *projectRun) loadCRD(t *testing.T, doc manifest.Document) {
	data, err := yaml.Marshal(doc.Object)
	if err != nil {
		t.Fatal(err)
	}
	problems, err := p.cat.LoadBytes(doc.Source.File, data)
	if err != nil || len(problems) > 0 {
		t.Fatalf("%s: kval does not take the CRD: %v %v", describeDoc(doc), err, problems)
	}
}

// compareAll compares every document but the CRDs, namespaces first (so
// that the cluster then holds them for the objects in them), and counts
// the outcomes.
func (p *projectRun) compareAll(t *testing.T) map[string]int {
	counts := map[string]int{}
	for _, namespaces := range []bool{true, false} {
		for _, doc := range p.docs {
			if !isCRD(doc.Object) && (doc.Object["kind"] == "Namespace") == namespaces {
				counts[p.compare(t, doc)]++
			}
		}
	}
	return counts
}

// compare creates one document both ways and names the outcome.
func (p *projectRun) compare(t *testing.T, doc manifest.Document) string {
	obj := deepCopy(doc.Object)
	u := &unstructured.Unstructured{Object: obj}
	mapping, mapErr := p.mapping(u)
	v, kvalErr := p.cat.ForObject(t.Context(), u.GetAPIVersion(), u.GetKind())
	if mapErr != nil || kvalErr != nil {
		return p.unknownKind(t, doc, mapErr, kvalErr)
	}
	target := p.target(t, u, mapping)
	// Unknown fields refused, as kval validate and kubectl ask.
	res, kvalErr := v.Validate(t.Context(), engine.Request{Operation: engine.Create, Object: deepCopy(obj), FieldValidation: engine.FieldValidationStrict})
	returned, serverErr := target.Create(t.Context(), &unstructured.Unstructured{Object: deepCopy(obj)},
		metav1.CreateOptions{DryRun: []string{metav1.DryRunAll}, FieldValidation: metav1.FieldValidationStrict})
	outcome := diffOutcome{kval: kvalAnswer(u, res, kvalErr), server: serverAnswer(serverErr)}
	if diff := compare(outcome); diff == inVerdict || diff == inCauses || diff == inWording && outcome.server.code == 400 {
		t.Errorf("%s: %s\n  kval:           %v\n  kube-apiserver: %v", describeDoc(doc), diff, outcome.kval, outcome.server)
	}
	if serverErr == nil && kvalErr == nil {
		compareReturned(t, doc, u.GetKind(), res.Object, returned.Object)
	}
	if outcome.server.code == 200 {
		return "allowed"
	}
	return fmt.Sprintf("refused (%d)", outcome.server.code)
}

// target is where u is created: in its namespace ("default" when it has
// none, as kubectl's context gives), which the cluster then holds.
func (p *projectRun) target(t *testing.T, u *unstructured.Unstructured, mapping *meta.RESTMapping) dynamic.ResourceInterface {
	resource := p.client.Resource(mapping.Resource)
	if mapping.Scope.Name() != meta.RESTScopeNameNamespace {
		return resource
	}
	if u.GetNamespace() == "" {
		u.SetNamespace("default")
	}
	if !p.namespaces[u.GetNamespace()] {
		ensure(t, p.client.Resource(namespaceRes), namespace(u.GetNamespace()))
		p.namespaces[u.GetNamespace()] = true
	}
	return resource.Namespace(u.GetNamespace())
}

// mapping is the cluster's resource for u's kind, asked again once after
// a refresh (a CRD established a moment ago may not be discovered yet).
func (p *projectRun) mapping(u *unstructured.Unstructured) (*meta.RESTMapping, error) {
	gvk := u.GroupVersionKind()
	m, err := p.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	if err != nil && meta.IsNoMatchError(err) {
		p.mapper.Reset()
		m, err = p.mapper.RESTMapping(gvk.GroupKind(), gvk.Version)
	}
	return m, err
}

// unknownKind checks that neither side knows the document's kind.
func (p *projectRun) unknownKind(t *testing.T, doc manifest.Document, mapErr, kvalErr error) string {
	var notCovered *catalog.NotCoveredError
	if !meta.IsNoMatchError(mapErr) || !errors.As(kvalErr, &notCovered) {
		t.Errorf("%s: kube-apiserver: %v; kval: %v; want a kind neither knows", describeDoc(doc), mapErr, kvalErr)
	}
	return "kind unknown to both"
}

// kvalAnswer is the answer kval gives every frontend (Result.Err), as
// kube-apiserver's would be read. The built-in differential reads the
// Result's fields instead (answerOf): its updates from manifests can fail
// to patch, leaving no object, which Err answers 400 where kube-apiserver
// and kval validate answer 422 at "patch"; these trees only create.
func kvalAnswer(u *unstructured.Unstructured, res *engine.Result, err error) answer {
	if err != nil {
		return answer{code: codeOther, message: err.Error()}
	}
	if status := res.Err(u.GroupVersionKind(), u.GetName()); status != nil {
		return serverAnswer(status)
	}
	return answer{code: 200}
}

// compareReturned compares the object kval returns with the one
// kube-apiserver returned, but for what storage adds.
func compareReturned(t *testing.T, doc manifest.Document, kind string, ours, returned map[string]any) {
	theirs := withoutServerFields(returned)
	asKvalReturnsThem(kind, ours, theirs)
	if !sameJSON(ours, theirs) {
		t.Errorf("%s: objects differ\n  kval:           %s\n  kube-apiserver: %s", describeDoc(doc), jsonString(ours), jsonString(theirs))
	}
}

// asKvalReturnsThem makes the returned objects' known differences equal:
//   - kube-apiserver's Service storage allocates a clusterIP and IP
//     families (serviceAllocation), which kval leaves unset;
//   - a Job's controller-uid labels hold its uid, kval's a fixed one;
//   - v1.37's HPA strategy sets metadata.generation (the HPAGeneration
//     feature gate, beta in v1.37), v1.36.3's does not;
//   - a name generated from generateName ends in five random characters,
//     kval's in xxxxx.
func asKvalReturnsThem(kind string, ours, theirs map[string]any) {
	if name, _ := mapAt(ours, "metadata")["name"].(string); strings.HasSuffix(name, "xxxxx") {
		if generated, _ := mapAt(theirs, "metadata")["name"].(string); len(generated) == len(name) && generated[:len(name)-5] == name[:len(name)-5] {
			mapAt(theirs, "metadata")["name"] = name
		}
	}
	switch kind {
	case "Service":
		for _, f := range []string{"clusterIP", "clusterIPs", "ipFamilies", "ipFamilyPolicy"} {
			if _, set := mapAt(ours, "spec")[f]; !set {
				delete(mapAt(theirs, "spec"), f)
			}
		}
	case "Job":
		for _, path := range [][]string{{"spec", "selector", "matchLabels"}, {"spec", "template", "metadata", "labels"}} {
			for _, label := range []string{"controller-uid", "batch.kubernetes.io/controller-uid"} {
				if uid, set := mapAt(ours, path...)[label]; set {
					mapAt(theirs, path...)[label] = uid
				}
			}
		}
	case "HorizontalPodAutoscaler":
		if _, set := mapAt(theirs, "metadata")["generation"]; !set {
			delete(mapAt(ours, "metadata"), "generation")
		}
	}
}

func describeDoc(doc manifest.Document) string {
	return fmt.Sprintf("%s#%d %s %s", doc.Source.File, doc.Source.Index, doc.Object["kind"], (&unstructured.Unstructured{Object: doc.Object}).GetName())
}
