package compare

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

// CheckExamples is a test: every Gateway API object of docs gets the same
// verdict and errors from kval's engine with the generated CRDs as with
// the released ones. The examples are all valid, so each is also compared
// with keywords broken (internal/objgen, seeded), which the rejections
// must agree on too. Objects of other kinds (Namespaces, Services) are
// covered by neither set and are counted, not compared. Fewer than
// minExamples objects compared, or fewer than minRejected rejections,
// prove too little and fail. what names the check in the summary line
// printed when it passes.
func CheckExamples(t *testing.T, what string, gen, rel *catalog.Catalog, docs []ExampleDoc, minExamples, minRejected int) {
	t.Helper()
	g := objgen.New(1, objgen.Options{})
	var c comparison
	for _, doc := range docs {
		if !c.compare(t, doc.Name, gen, rel, doc.Object) {
			continue
		}
		c.examples++
		for i, bad := range broken(rel, g, doc.Object) {
			c.compare(t, fmt.Sprintf("%s broken %d", doc.Name, i), gen, rel, bad)
		}
	}
	summary := fmt.Sprintf("%s: %d Gateway API objects of the examples and %d broken copies validated with both CRD sets: %d same verdicts and errors (%d rejected), %d objects of other kinds",
		what, c.examples, c.compared-c.examples, c.compared, c.rejected, c.other)
	t.Log(summary)
	if c.examples < minExamples || c.rejected < minRejected {
		t.Errorf("too few objects compared to prove anything: %+v", c)
	}
	if !t.Failed() {
		fmt.Println(summary)
	}
}

// CheckInvalidExamples is a test: every Gateway API object of docs, which
// Gateway API's invalid examples say kube-apiserver rejects, gets the same
// verdict and errors with the generated CRDs as with the released ones,
// and the released CRDs reject it (else the comparison of rejections would
// prove nothing about that object). Fewer than minExamples objects
// compared fail.
func CheckInvalidExamples(t *testing.T, what string, gen, rel *catalog.Catalog, docs []ExampleDoc, minExamples int) {
	t.Helper()
	var c comparison
	for _, doc := range docs {
		before := c.rejected
		if !c.compare(t, doc.Name, gen, rel, doc.Object) {
			continue
		}
		c.examples++
		if c.rejected == before {
			t.Errorf("%s: an invalid example is valid with the released CRDs", doc.Name)
		}
	}
	summary := fmt.Sprintf("%s: %d Gateway API objects of the invalid examples validated with both CRD sets: same verdicts and errors, %d rejected, %d objects of other kinds",
		what, c.examples, c.rejected, c.other)
	t.Log(summary)
	if c.examples < minExamples {
		t.Errorf("too few invalid examples compared to prove anything: %+v", c)
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

// CatalogOf loads CRDs (generated ones) into a new catalog.
func CatalogOf(crds map[string]map[string]any) (*catalog.Catalog, error) {
	c := catalog.New(catalog.Options{})
	for _, name := range slices.Sorted(maps.Keys(crds)) {
		data, err := yaml.Marshal(crds[name])
		if err != nil {
			return nil, err
		}
		if err := loadInto(c, name, data); err != nil {
			return nil, err
		}
	}
	return c, nil
}

// CatalogOfDir loads the files of dir that ReadCRDs reads, as they are,
// into a new catalog.
func CatalogOfDir(dir string) (*catalog.Catalog, error) {
	crds, err := ReadCRDs(dir)
	if err != nil {
		return nil, err
	}
	c := catalog.New(catalog.Options{})
	for _, name := range slices.Sorted(maps.Keys(crds)) {
		data, err := os.ReadFile(filepath.Join(dir, name))
		if err != nil {
			return nil, err
		}
		if err := loadInto(c, name, data); err != nil {
			return nil, err
		}
	}
	return c, nil
}

func loadInto(c *catalog.Catalog, name string, data []byte) error {
	problems, err := c.LoadBytes(name, data)
	if err != nil || len(problems) > 0 {
		return fmt.Errorf("loading %s: %v %v", name, err, problems)
	}
	return nil
}

// ExampleDoc is one object of an example file.
type ExampleDoc struct {
	Name   string // examples/file#index, invalid-examples/file#index
	Object map[string]any
}

// ExampleDocs reads every YAML document under root (a module's examples/
// or invalid-examples/), each named after root's base name.
func ExampleDocs(root string) ([]ExampleDoc, error) {
	var docs []ExampleDoc
	err := filepath.WalkDir(root, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() || !strings.HasSuffix(path, ".yaml") {
			return err
		}
		rel, _ := filepath.Rel(root, path)
		objs, err := readDocs(path) // numbers as kube-apiserver decodes them
		for i, obj := range objs {
			docs = append(docs, ExampleDoc{Name: fmt.Sprintf("%s/%s#%d", filepath.Base(root), rel, i), Object: obj})
		}
		return err
	})
	return docs, err
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

// InvalidChannel is one channel's invalid examples and its two CRD sets.
type InvalidChannel struct {
	Name string
	// Dir holds the invalid examples; Released the released CRDs.
	Dir, Released string
	Generated     map[string]map[string]any
	Min           int
}

// CheckInvalidChannels runs CheckInvalidExamples on each channel, a
// subtest each; what names the comparison.
func CheckInvalidChannels(t *testing.T, what string, channels ...InvalidChannel) {
	for _, c := range channels {
		t.Run(c.Name, func(t *testing.T) {
			gen, err := CatalogOf(c.Generated)
			if err != nil {
				t.Fatal(err)
			}
			rel, err := CatalogOfDir(c.Released)
			if err != nil {
				t.Fatal(err)
			}
			docs, err := ExampleDocs(c.Dir)
			if err != nil {
				t.Fatal(err)
			}
			CheckInvalidExamples(t, what+", "+c.Name, gen, rel, docs, c.Min)
		})
	}
}
