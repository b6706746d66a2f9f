package gatewaycrd

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"maps"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/runtime"
	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/objgen"
	"github.com/kval-dev/kval/manifest"
)

// TestExamples: every Gateway API object in the module's examples gets the
// same verdict and errors from kval's engine with the generated CRDs as
// with the released ones. The examples are all valid, so each is also
// compared with keywords broken (internal/objgen, seeded), which the
// rejections must agree on too. Objects of other kinds (Namespaces,
// Services) are covered by neither set and are counted, not compared.
func TestExamples(t *testing.T) {
	gen, rel := generatedCatalog(t), releasedCatalog(t)
	g := objgen.New(1, objgen.Options{})
	var c comparison
	for _, doc := range exampleDocs(t) {
		if !c.compare(t, doc.name, gen, rel, doc.obj) {
			continue
		}
		c.examples++
		for i, bad := range broken(rel, g, doc.obj) {
			c.compare(t, fmt.Sprintf("%s broken %d", doc.name, i), gen, rel, bad)
		}
	}
	summary := fmt.Sprintf("conformance/gatewaycrd: %d Gateway API objects of the module's examples and %d broken copies validated with both CRD sets: %d same verdicts and errors (%d rejected), %d objects of other kinds",
		c.examples, c.compared-c.examples, c.compared, c.rejected, c.other)
	t.Log(summary)
	if c.examples < 80 || c.rejected < 200 {
		t.Errorf("too few objects compared to prove anything: %+v", c)
	}
	if !t.Failed() {
		fmt.Println(summary)
	}
}

// comparison counts what TestExamples compared.
type comparison struct {
	examples, compared, rejected, other int
}

// compare validates obj with both catalogs; it reports false for an object
// neither covers.
func (c *comparison) compare(t *testing.T, name string, gen, rel *catalog.Catalog, obj map[string]any) bool {
	g, gErr := verdictOf(gen, obj)
	r, rErr := verdictOf(rel, obj)
	var notCovered *catalog.NotCoveredError
	if errors.As(rErr, &notCovered) && errors.As(gErr, &notCovered) {
		c.other++
		return false
	}
	c.compared++
	if fmt.Sprint(gErr) != fmt.Sprint(rErr) || g != r {
		t.Errorf("%s: generated CRDs: %s %v; released: %s %v", name, g, gErr, r, rErr)
	}
	if r != "" || rErr != nil {
		c.rejected++
	}
	return true
}

// broken returns copies of obj with one keyword of the released schema
// broken in each.
func broken(rel *catalog.Catalog, g *objgen.Generator, obj map[string]any) []map[string]any {
	v, err := rel.ForObject(context.Background(), obj["apiVersion"].(string), obj["kind"].(string))
	if err != nil {
		return nil
	}
	s := v.CRD().VersionSchema(v.Version())
	var out []map[string]any
	for range 5 {
		bad := runtime.DeepCopyJSON(obj)
		if _, ok := g.Violate(s, bad); ok {
			out = append(out, bad)
		}
	}
	return out
}

// verdictOf validates a create of obj: "" when valid, else the errors.
func verdictOf(c *catalog.Catalog, obj map[string]any) (string, error) {
	ctx := context.Background()
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	v, err := c.ForObject(ctx, apiVersion, kind)
	if err != nil {
		return "", err
	}
	obj = runtime.DeepCopyJSON(obj) // the engine defaults the object it is given
	meta, _ := obj["metadata"].(map[string]any)
	if _, ok := meta["namespace"]; !ok && v.CRD().Namespaced() && meta != nil {
		meta["namespace"] = "default" // as kubectl apply sends it
	}
	res, err := v.Validate(ctx, engine.Request{Operation: engine.Create, Object: obj})
	if err != nil || res.Valid() {
		return "", err
	}
	return res.Errors.ToAggregate().Error(), nil
}

func generatedCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	c := catalog.New(catalog.Options{})
	gen := generatedCRDs(t)
	for _, name := range slices.Sorted(maps.Keys(gen)) {
		data, err := yaml.Marshal(gen[name])
		if err != nil {
			t.Fatal(err)
		}
		loadInto(t, c, name, data)
	}
	return c
}

func releasedCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	c := catalog.New(catalog.Options{})
	dir := filepath.Join(moduleDir(t), "config", "crd", "experimental")
	for name := range releasedCRDs(t) {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			t.Fatal(err)
		}
		loadInto(t, c, name, data)
	}
	return c
}

func loadInto(t *testing.T, c *catalog.Catalog, name string, data []byte) {
	t.Helper()
	problems, err := c.LoadBytes(name, data)
	if err != nil || len(problems) > 0 {
		t.Fatalf("loading %s: %v %v", name, err, problems)
	}
}

// exampleDoc is one object of an example file.
type exampleDoc struct {
	name string // file:index
	obj  map[string]any
}

// exampleDocs reads every YAML document under the module's examples/.
func exampleDocs(t *testing.T) []exampleDoc {
	t.Helper()
	root := filepath.Join(moduleDir(t), "examples")
	var docs []exampleDoc
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		objs, err := readDocs(path) // numbers as kube-apiserver decodes them
		for i, obj := range objs {
			docs = append(docs, exampleDoc{name: fmt.Sprintf("examples/%s#%d", rel, i), obj: obj})
		}
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return docs
}

func readDocs(path string) ([]map[string]any, error) {
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 {
		return nil, errors.Join(errs...)
	}
	out := make([]map[string]any, len(docs))
	for i, d := range docs {
		out[i] = d.Object
	}
	return out, nil
}
