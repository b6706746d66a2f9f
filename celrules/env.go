package celrules

import (
	"fmt"
	"math"
	"sync"
	"time"

	"github.com/google/cel-go/cel"
	"github.com/google/cel-go/common/types"
	"k8s.io/apimachinery/pkg/util/version"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/environment"
)

// Variable names of x-kubernetes-validations rules.
const (
	selfVar    = "self"
	oldSelfVar = "oldSelf"
)

// Environment says which of kube-apiserver's two CEL environments a rule is
// compiled in. The apiserver compiles rules it already stores in the
// StoredExpressions environment (every library it knows, so that a rollback
// never breaks a stored CRD) and rules written in a create or update
// request in the NewExpressions environment (only the libraries every
// apiserver of the supported version skew knows).
type Environment int

const (
	// StoredExpressions is the environment custom resources are validated in.
	StoredExpressions Environment = iota
	// NewExpressions is the environment rules of a new CRD are checked in.
	NewExpressions
)

// baseEnvSet is kube-apiserver's base environment at its default
// compatibility version (the previous minor release), built once.
var baseEnvSet = sync.OnceValue(func() *environment.EnvSet {
	return environment.MustBaseEnvSet(environment.DefaultCompatibilityVersion())
})

// envPair holds the environments of one schema node: self typed from the
// node, oldSelf of the same type, or (for rules with optionalOldSelf) an
// optional of it; in kube-apiserver's environment for new expressions or
// for stored ones. Each is made on first use: kube-apiserver's EnvSet
// extends both of its environments at once, while lint needs the one for
// new expressions and a validator the one for stored expressions, and
// extending an environment was a seventh of a one-file kval validate
// (issue 30).
type envPair struct {
	scoped *apiservercel.DeclType
	envs   map[envKind]*cel.Env
}

type envKind struct {
	optionalOldSelf bool
	which           Environment
}

// newEnvPair declares self and oldSelf with the node's type, as
// kube-apiserver does for each node: self from the start, oldSelf since
// Kubernetes 1.24. The type gets a fresh name, like upstream's, so that no
// rule can come to depend on it. The environments of which (with an
// optional oldSelf when needOptional) are made now, so that a type CEL
// cannot declare fails here, as before a rule is compiled.
func newEnvPair(decl *apiservercel.DeclType, needOptional bool, which Environment) (*envPair, error) {
	p := &envPair{scoped: decl.MaybeAssignTypeName(fmt.Sprintf("selfType%d", time.Now().Nanosecond())), envs: map[envKind]*cel.Env{}}
	if _, err := p.env(false, which); err != nil {
		return nil, err
	}
	if needOptional {
		if _, err := p.env(true, which); err != nil {
			return nil, err
		}
	}
	return p, nil
}

// env returns the environment for a rule, made on first use.
func (p *envPair) env(optionalOldSelf bool, which Environment) (*cel.Env, error) {
	kind := envKind{optionalOldSelf, which}
	if env := p.envs[kind]; env != nil {
		return env, nil
	}
	base, compat := baseEnvSet().StoredExpressionsEnv(), version.MajorMinor(math.MaxUint, math.MaxUint)
	if which == NewExpressions {
		base, compat = baseEnvSet().NewExpressionsEnv(), environment.DefaultCompatibilityVersion()
	}
	oldSelfType := p.scoped.CelType()
	if optionalOldSelf {
		oldSelfType = types.NewOptionalType(oldSelfType)
	}
	env, err := extendWithSelf(base, compat, p.scoped, oldSelfType)
	if err != nil {
		return nil, err
	}
	p.envs[kind] = env
	return env, nil
}

// extendWithSelf extends one of kube-apiserver's base environments as its
// EnvSet.Extend does with the versioned options of self (introduced in
// 1.0, with the node's type declared) and oldSelf (1.24): both are in
// either environment at any compatibility version since 1.24, so they are
// the variables and the type's provider, which since 1.31 takes a
// property named like a CEL keyword as a field name.
func extendWithSelf(base *cel.Env, compat *version.Version, scoped *apiservercel.DeclType, oldSelfType *cel.Type) (*cel.Env, error) {
	provider := apiservercel.NewDeclTypeProvider(scoped)
	if compat.AtLeast(version.MajorMinor(1, 31)) {
		provider.SetRecognizeKeywordAsFieldName(true)
	}
	providerOpts, err := provider.EnvOptions(base.CELTypeProvider())
	if err != nil {
		return nil, err
	}
	opts := append([]cel.EnvOption{cel.Variable(selfVar, scoped.CelType()), cel.Variable(oldSelfVar, oldSelfType)}, providerOpts...)
	return base.Extend(opts...)
}
