package strategy_test

import (
	"context"
	"sort"
	"strings"
	"testing"

	"sigs.k8s.io/yaml"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/strategy"
)

// newCatalog serves the built-in kinds with kube-apiserver's strategies,
// as kval validate does.
func newCatalog(t *testing.T) *catalog.Catalog {
	t.Helper()
	set, err := builtin.Version(builtin.Newest())
	if err != nil {
		t.Fatal(err)
	}
	return catalog.New(catalog.Options{Builtins: set, Native: strategy.ForKind})
}

func object(t *testing.T, doc string) map[string]any {
	t.Helper()
	var obj map[string]any
	if err := yaml.Unmarshal([]byte(doc), &obj); err != nil {
		t.Fatal(err)
	}
	return obj
}

// validate runs a create (old == "") or an update from two manifests, as
// kval validate --old does.
func validate(t *testing.T, cat *catalog.Catalog, doc, old string) *engine.Result {
	t.Helper()
	obj := object(t, doc)
	v, err := cat.ForObject(context.Background(), obj["apiVersion"].(string), obj["kind"].(string))
	if err != nil {
		t.Fatal(err)
	}
	req := engine.Request{Operation: engine.Create, Object: obj}
	if old != "" {
		req.Operation, req.OldObject, req.OldIsManifest = engine.Update, object(t, old), true
	}
	res, err := v.Validate(context.Background(), req)
	if err != nil {
		t.Fatal(err)
	}
	return res
}

// summary is a result's errors as "Type field", sorted, or its 400.
func summary(res *engine.Result) string {
	if res.BadRequest != nil {
		return "400 " + res.BadRequest.Error()
	}
	var out []string
	for _, e := range res.Errors {
		out = append(out, string(e.Type)+" "+e.Field)
	}
	sort.Strings(out)
	return strings.Join(out, "; ")
}
