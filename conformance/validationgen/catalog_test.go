package validationgen

import (
	"slices"
	"sort"
	"sync"
	"testing"

	upstream "k8s.io/code-generator/cmd/validation-gen/validators"
	"k8s.io/gengo/v2/generator"
	"k8s.io/gengo/v2/namer"
	"k8s.io/gengo/v2/types"

	"github.com/kval-dev/kval/gen"
	"github.com/kval-dev/kval/gen/validators"
)

// upstreamDocs returns upstream's tag documentation, as its --docs prints
// it. Upstream's registry is global and may be initialized once per
// process (go test -count=N runs the tests N times in one).
var upstreamDocs = sync.OnceValue(func() []upstream.TagDoc {
	c := &generator.Context{Namers: namer.NameSystems{}, Universe: types.Universe{}, FileTypes: map[string]generator.FileType{}}
	return upstream.InitGlobalValidator(c, nil).Docs()
})

// TestCatalogHasEveryUpstreamTag checks that kval registers every tag of
// upstream's validation-gen with the same scopes, stability, arguments and
// value, so tags written for upstream mean the same to kval.
func TestCatalogHasEveryUpstreamTag(t *testing.T) {
	ours := map[string]validators.Doc{}
	for _, d := range gen.TagDocs() {
		ours[d.Tag] = d
	}
	theirs := upstreamDocs()
	t.Logf("upstream registers %d tags, kval %d", len(theirs), len(ours))
	for _, want := range theirs {
		got, ok := ours[want.Tag]
		if !ok {
			t.Errorf("+%s: not registered", want.Tag)
			continue
		}
		compareDoc(t, want, got)
	}
}

func compareDoc(t *testing.T, want upstream.TagDoc, got validators.Doc) {
	t.Helper()
	if string(got.Stability) != string(want.StabilityLevel) {
		t.Errorf("+%s: stability %s, upstream %s", want.Tag, got.Stability, want.StabilityLevel)
	}
	if g, w := scopeNames(got.Scopes), upstreamScopeNames(want.Scopes); !slices.Equal(g, w) {
		t.Errorf("+%s: scopes %v, upstream %v", want.Tag, g, w)
	}
	if string(got.PayloadKind) != string(want.PayloadsType) || got.PayloadRequired != want.PayloadsRequired {
		t.Errorf("+%s: value %q (required %v), upstream %q (required %v)",
			want.Tag, got.PayloadKind, got.PayloadRequired, want.PayloadsType, want.PayloadsRequired)
	}
	if got.AcceptsUnknownArgs != want.AcceptsUnknownArgs {
		t.Errorf("+%s: accepts unknown arguments %v, upstream %v", want.Tag, got.AcceptsUnknownArgs, want.AcceptsUnknownArgs)
	}
	for _, wa := range want.Args {
		ga, ok := got.Arg(wa.Name)
		switch {
		case !ok:
			t.Errorf("+%s: argument %q missing", want.Tag, wa.Name)
		case string(ga.Kind) != string(wa.Type) || ga.Required != wa.Required:
			t.Errorf("+%s: argument %q is %s (required %v), upstream %s (required %v)",
				want.Tag, wa.Name, ga.Kind, ga.Required, wa.Type, wa.Required)
		}
	}
	for _, wp := range want.Payloads {
		if !slices.ContainsFunc(got.Payloads, func(p validators.PayloadDoc) bool { return p.Description == wp.Description }) {
			t.Errorf("+%s: value %q not documented", want.Tag, wp.Description)
		}
	}
}

func scopeNames(scopes []validators.Scope) []string {
	out := make([]string, len(scopes))
	for i, s := range scopes {
		out[i] = string(s)
	}
	sort.Strings(out)
	return out
}

func upstreamScopeNames(scopes []upstream.Scope) []string {
	out := make([]string, len(scopes))
	for i, s := range scopes {
		out[i] = string(s)
	}
	sort.Strings(out)
	return out
}
