package celrules

import (
	"testing"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"k8s.io/apimachinery/pkg/util/version"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"
	"k8s.io/apiserver/pkg/cel/environment"
)

// TestEnvPairAsEnvSetExtend: each environment of an envPair, made on its
// own, compiles rules (a field named like a CEL keyword, oldSelf plain and
// optional, a library of each environment) to what the environments of
// kube-apiserver's EnvSet.Extend with the same versioned options make of
// them, issues included.
func TestEnvPairAsEnvSetExtend(t *testing.T) {
	s := parseSchema(t, `{type: object, properties: {namespace: {type: string}, n: {type: integer}, list: {type: array, items: {type: integer}}}}`)
	decl := common.SchemaDeclType(newAdapter().adapt(s), false)
	pair, err := newEnvPair(decl, true, NewExpressions)
	if err != nil {
		t.Fatal(err)
	}
	selfOpts := environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0),
		EnvOptions:        []cel.EnvOption{cel.Variable(selfVar, pair.scoped.CelType())},
		DeclTypes:         []*apiservercel.DeclType{pair.scoped},
	}
	oldSelf := func(t *cel.Type) environment.VersionedOptions {
		return environment.VersionedOptions{IntroducedVersion: version.MajorMinor(1, 24), EnvOptions: []cel.EnvOption{cel.Variable(oldSelfVar, t)}}
	}
	plain, err := baseEnvSet().Extend(selfOpts, oldSelf(pair.scoped.CelType()))
	if err != nil {
		t.Fatal(err)
	}
	optional, err := baseEnvSet().Extend(selfOpts, oldSelf(types.NewOptionalType(pair.scoped.CelType())))
	if err != nil {
		t.Fatal(err)
	}
	rules := []string{
		"self.namespace.size() > 0 && self.n >= 0",
		"self.n == oldSelf.n",
		"oldSelf.hasValue() && oldSelf.value().n <= self.n",
		"self.list.includes(1)",
		"sets.contains(self.list, [1]) && self.list.isSorted()",
		"self.missing == 1",
	}
	for _, which := range []Environment{NewExpressions, StoredExpressions} {
		for _, opt := range []bool{false, true} {
			want := plain
			if opt {
				want = optional
			}
			wantEnv := want.StoredExpressionsEnv()
			if which == NewExpressions {
				wantEnv = want.NewExpressionsEnv()
			}
			gotEnv, err := pair.env(opt, which)
			if err != nil {
				t.Fatal(err)
			}
			for _, rule := range rules {
				got, gotIssues := gotEnv.Compile(rule)
				want, wantIssues := wantEnv.Compile(rule)
				if issuesText(gotIssues) != issuesText(wantIssues) || astText(t, got) != astText(t, want) {
					t.Errorf("environment %d, optional oldSelf %v, %q: compiled to %s %q, EnvSet's to %s %q",
						which, opt, rule, astText(t, got), issuesText(gotIssues), astText(t, want), issuesText(wantIssues))
				}
			}
		}
	}
}
