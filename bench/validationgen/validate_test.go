package validationgen

import (
	"context"
	"fmt"
	"sort"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/bench/validationgen/api"
	"github.com/kval-dev/kval/bench/validationgen/kvalgen"
	"github.com/kval-dev/kval/bench/validationgen/upstreamgen"
)

// implementation is one generator's validation function for api.Widget.
type implementation struct {
	name     string
	validate func(context.Context, operation.Operation, *field.Path, *api.Widget, *api.Widget) field.ErrorList
}

var implementations = []implementation{
	{"kval", kvalgen.Validate_Widget},
	{"upstream", upstreamgen.Validate_Widget},
}

func ptr[T any](v T) *T { return &v }

func validWidget() *api.Widget {
	return &api.Widget{
		Name:        "frontend.example.com",
		Description: "serves the web frontend",
		Spec: api.WidgetSpec{
			Replicas:  ptr[int32](3),
			Mode:      api.ModeActive,
			Ports:     []api.Port{{Name: "http", Number: 80, Protocol: "TCP"}, {Name: "https", Number: 443, Protocol: "TCP"}, {Name: "metrics", Number: 9090}},
			Zones:     []string{"zone-a", "zone-b", "zone-c"},
			Labels:    map[string]string{"app": "frontend", "example.com/tier": "web", "team": "edge"},
			ClassName: "standard",
			Storage:   &api.Storage{Disk: &api.Disk{SizeGB: 20, Class: "ssd.example.com"}},
		},
	}
}

func invalidWidget() *api.Widget {
	w := validWidget()
	w.Name = "Not A Name"
	w.Spec.Replicas = ptr[int32](-1)
	w.Spec.Mode = "Sleeping"
	w.Spec.Ports = append(w.Spec.Ports, api.Port{Name: "http", Number: 0})
	w.Spec.Zones = append(w.Spec.Zones, "zone-a", "Zone_B")
	w.Spec.Labels["-bad"] = strings.Repeat("x", 64)
	w.Spec.Storage = &api.Storage{Disk: &api.Disk{SizeGB: 0}, Memory: ptr[int64](1)}
	return w
}

// scenario is one validation: an operation, a new object, an old one.
type scenario struct {
	name     string
	op       operation.Operation
	obj, old *api.Widget
}

func scenarios() []scenario {
	changed := validWidget()
	changed.Spec.Replicas = ptr[int32](5)
	changed.Spec.Ports[0].Number = 8080
	return []scenario{
		{"create/valid", operation.Operation{Type: operation.Create}, validWidget(), nil},
		{"create/invalid", operation.Operation{Type: operation.Create}, invalidWidget(), nil},
		{"update/unchanged", operation.Operation{Type: operation.Update}, validWidget(), validWidget()},
		{"update/changed", operation.Operation{Type: operation.Update}, changed, validWidget()},
		{"update/invalid", operation.Operation{Type: operation.Update}, invalidWidget(), validWidget()},
	}
}

// TestGeneratorsAgree checks that the benchmarked code of both generators
// gives the same errors on the benchmark's inputs, so the comparison is of
// equal work.
func TestGeneratorsAgree(t *testing.T) {
	for _, s := range scenarios() {
		kval := render(implementations[0].validate(context.Background(), s.op, nil, s.obj, s.old))
		upstream := render(implementations[1].validate(context.Background(), s.op, nil, s.obj, s.old))
		if kval != upstream {
			t.Errorf("%s:\nkval:\n%s\nupstream:\n%s", s.name, kval, upstream)
		}
	}
}

func render(errs field.ErrorList) string {
	lines := make([]string, len(errs))
	for i, e := range errs {
		lines[i] = fmt.Sprintf("%s %s %s %s", e.Type, e.Field, e.Origin, e.Detail)
	}
	sort.Strings(lines)
	return strings.Join(lines, "\n")
}

// BenchmarkValidate runs kval's and upstream's generated validation of the
// same object side by side: valid and invalid objects, create and update.
func BenchmarkValidate(b *testing.B) {
	ctx := context.Background()
	for _, s := range scenarios() {
		for _, impl := range implementations {
			b.Run(s.name+"/"+impl.name, func(b *testing.B) {
				b.ReportAllocs()
				for b.Loop() {
					impl.validate(ctx, s.op, nil, s.obj, s.old)
				}
			})
		}
	}
}
