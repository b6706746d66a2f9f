package gen_test

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/gen/testdata/golden/dependencies"
	"github.com/kval-dev/kval/gen/testdata/golden/modes"
	"github.com/kval-dev/kval/gen/testdata/golden/unions"
)

func TestDiscriminatedUnion(t *testing.T) {
	git := &unions.GitSource{URL: "u"}
	expectValid(t, unions.Validate_Source(ctx, create, root, &unions.Source{Type: "Git", Git: git}, nil))
	expectValid(t, unions.Validate_Source(ctx, create, root, &unions.Source{Type: "Image", Container: ptr("c")}, nil))
	expect(t, unions.Validate_Source(ctx, create, root, &unions.Source{Type: "Image", Git: git}, nil),
		invalid(path("container"), "union"), invalid(path("git"), "union"))
	// The member's own rules still apply.
	expect(t, unions.Validate_Source(ctx, create, root, &unions.Source{Type: "Git", Git: &unions.GitSource{}}, nil),
		field.Required(path("git").Child("url"), ""))
}

func TestUnionsOfFields(t *testing.T) {
	expect(t, unions.Validate_Endpoint(ctx, create, root, &unions.Endpoint{}, nil), invalid(root, "union"))
	expect(t, unions.Validate_Endpoint(ctx, create, root, &unions.Endpoint{IP: "a", Hostname: "b", HTTPProbe: ptr("/"), TCPProbe: ptr[int32](1)}, nil),
		invalid(root, "union"), invalid(root, "zeroOrOneOf"))
	expectValid(t, unions.Validate_Endpoint(ctx, create, root, &unions.Endpoint{IP: "a"}, nil))
	// An old violation stays acceptable while membership does not change.
	expectValid(t, unions.Validate_Endpoint(ctx, update, root, &unions.Endpoint{}, &unions.Endpoint{}))
}

func TestUnionOfListItems(t *testing.T) {
	p := &unions.Pipeline{Tasks: []unions.Task{{Name: "build"}, {Name: "succeeded"}, {Name: "failed"}}}
	got := unions.Validate_Pipeline(ctx, create, root, p, nil)
	expect(t, got, invalid(path("tasks"), "zeroOrOneOf"))
	if got[0].BadValue != `{tasks[{"name": "succeeded"}], tasks[{"name": "failed"}]}` {
		t.Errorf("members named %v", got[0].BadValue)
	}
	expectValid(t, unions.Validate_Pipeline(ctx, create, root, &unions.Pipeline{Tasks: []unions.Task{{Name: "failed"}}}, nil))
}

func TestModes(t *testing.T) {
	expectValid(t, modes.Validate_Strategy(ctx, create, root, &modes.Strategy{Type: "RollingUpdate", MaxSurge: ptr[int32](1)}, nil))
	expectValid(t, modes.Validate_Strategy(ctx, create, root, &modes.Strategy{Type: "Recreate", GracePeriod: ptr[int32](0)}, nil))
	expect(t, modes.Validate_Strategy(ctx, create, root, &modes.Strategy{Type: "RollingUpdate", MaxSurge: ptr[int32](0), GracePeriod: ptr[int32](1)}, nil),
		invalid(path("maxSurge"), "minimum"), field.Forbidden(path("gracePeriod"), ""))
	expect(t, modes.Validate_Strategy(ctx, create, root, &modes.Strategy{Type: "RollingUpdate"}, nil),
		field.Required(path("maxSurge"), ""))
	expect(t, modes.Validate_Strategy(ctx, create, root, &modes.Strategy{Type: "Recreate", MaxSurge: ptr[int32](1)}, nil),
		field.Forbidden(path("maxSurge"), ""))
}

func TestDependencies(t *testing.T) {
	expect(t, dependencies.Validate_TLS(ctx, create, root, &dependencies.TLS{Certificate: "c", SelfSigned: ptr(true)}, nil),
		field.Required(path("key"), "").WithOrigin("dependentRequired"),
		field.Forbidden(path("selfSigned"), "").WithOrigin("dependentForbidden"))
	expectValid(t, dependencies.Validate_TLS(ctx, create, root, &dependencies.TLS{Certificate: "c", Key: "k"}, nil))
	expectValid(t, dependencies.Validate_TLS(ctx, create, root, &dependencies.TLS{Key: "k", SelfSigned: ptr(true)}, nil))
}
