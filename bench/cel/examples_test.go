package cel

import (
	"context"
	"fmt"
	"path/filepath"
	"strings"
	"testing"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	structuralschema "k8s.io/apiextensions-apiserver/pkg/apiserver/schema"
	upstreamcel "k8s.io/apiextensions-apiserver/pkg/apiserver/schema/cel"
	"k8s.io/apimachinery/pkg/runtime"
	celconfig "k8s.io/apiserver/pkg/apis/cel"

	"github.com/kval-dev/kval/celrules"
	"github.com/kval-dev/kval/conformance/upstream"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/corpus"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// example is one corpus object with its CRD version compiled by both sides.
type example struct {
	name string
	// raw is the object as written; decoded as kube-apiserver validates it.
	raw, decoded map[string]any

	kval       *celrules.Validator
	engine     *engine.Validator
	upstream   *upstreamcel.Validator
	structural *structuralschema.Structural
	pipeline   *upstreamPipeline
}

// loadExamples pairs every corpus example with its CRD version (the
// experimental CRDs, which serve every kind of the examples).
func loadExamples(b *testing.B) []example {
	if examples != nil {
		return examples
	}
	crdDir := corpusPath(b, "gateway-api", "crds-experimental")
	loaded := schema.LoadFiles([]string{crdDir})
	if errs := loaded.Errors(); len(errs) > 0 {
		b.Fatal(errs)
	}
	examplesDir := corpusPath(b, "gateway-api", "examples")
	files, err := manifest.ExpandPaths([]string{examplesDir})
	if err != nil {
		b.Fatal(err)
	}
	var out []example
	for _, f := range files {
		docs, errs := manifest.ReadFile(f)
		if len(errs) > 0 {
			b.Fatal(errs)
		}
		for i, d := range docs {
			apiVersion, _ := d.Object["apiVersion"].(string)
			kind, _ := d.Object["kind"].(string)
			crd, version, err := loaded.Lookup(apiVersion, kind)
			if err != nil {
				continue // core objects such as Namespaces and Services
			}
			out = append(out, newExample(b, exampleName(examplesDir, f, i, kind), d.Object, crd, version.Name))
		}
	}
	examples = out
	return out
}

func newExample(b *testing.B, name string, obj map[string]any, crd *schema.CRD, version string) example {
	ensureNamespace(obj, crd)
	ex := compiledVersion(b, crd, version)
	ex.name, ex.raw, ex.decoded = name, obj, runtime.DeepCopyJSON(obj)
	if _, err := upstream.Decode(ex.decoded, ex.structural, true); err != nil {
		b.Fatal(err)
	}
	return ex
}

// compiled caches the validators of each CRD version, which all its
// examples share.
var compiled = map[string]example{}

func compiledVersion(b *testing.B, crd *schema.CRD, version string) example {
	key := crd.Name() + "/" + version
	if ex, ok := compiled[key]; ok {
		return ex
	}
	u := upstreamCRD(b, crd)
	structural, err := upstream.ServedSchema(u, version)
	if err != nil {
		b.Fatal(err)
	}
	ev, err := engine.Compile(crd, version, engine.Options{})
	if err != nil {
		b.Fatal(err)
	}
	ex := example{
		kval:     celrules.NewValidator(crd.VersionSchema(version), celrules.Options{ResourceRoot: true}),
		engine:   ev,
		upstream: upstreamcel.NewValidator(structural, true, celconfig.PerCallLimit), structural: structural,
		pipeline: newUpstreamPipeline(b, u, version, structural),
	}
	compiled[key] = ex
	return ex
}

// examples caches loadExamples across benchmarks.
var examples []example

// ensureNamespace gives namespaced examples the namespace a request to a
// namespaced path would have.
func ensureNamespace(obj map[string]any, crd *schema.CRD) {
	if !crd.Namespaced() {
		return
	}
	meta, _ := obj["metadata"].(map[string]any)
	if meta == nil {
		meta = map[string]any{}
		obj["metadata"] = meta
	}
	if ns, _ := meta["namespace"].(string); ns == "" {
		meta["namespace"] = "default"
	}
}

// upstreamCRDs caches the CRDs upstream loaded, by file.
var upstreamCRDs = map[string][]*apiextensions.CustomResourceDefinition{}

func upstreamCRD(b *testing.B, crd *schema.CRD) *apiextensions.CustomResourceDefinition {
	crds, ok := upstreamCRDs[crd.Source.File]
	if !ok {
		var err error
		if crds, err = upstream.LoadCRDs(crd.Source.File); err != nil {
			b.Fatal(err)
		}
		upstreamCRDs[crd.Source.File] = crds
	}
	for _, u := range crds {
		if u.Name == crd.Name() {
			return u
		}
	}
	b.Fatalf("upstream did not load %s", crd.Name())
	return nil
}

// exampleName names a benchmark after the example's file and position.
func exampleName(dir, file string, index int, kind string) string {
	rel, err := filepath.Rel(dir, file)
	if err != nil {
		rel = filepath.Base(file)
	}
	rel = strings.TrimSuffix(rel, filepath.Ext(rel))
	return fmt.Sprintf("%s#%d-%s", strings.ReplaceAll(rel, "/", ":"), index, kind)
}

func corpusPath(b *testing.B, elem ...string) string {
	p, err := corpus.Path(elem...)
	if err != nil {
		b.Fatal(err)
	}
	return p
}

var ctx = context.Background()
