package celrules

import (
	"fmt"
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
// optional of it.
type envPair struct {
	plain, optional *environment.EnvSet
}

// newEnvPair declares self and oldSelf with the node's type, as
// kube-apiserver does for each node: self from the start, oldSelf since
// Kubernetes 1.24. The type gets a fresh name, like upstream's, so that no
// rule can come to depend on it.
func newEnvPair(decl *apiservercel.DeclType, needOptional bool) (envPair, error) {
	scoped := decl.MaybeAssignTypeName(fmt.Sprintf("selfType%d", time.Now().Nanosecond()))
	self := environment.VersionedOptions{
		IntroducedVersion: version.MajorMinor(1, 0),
		EnvOptions:        []cel.EnvOption{cel.Variable(selfVar, scoped.CelType())},
		DeclTypes:         []*apiservercel.DeclType{scoped},
	}
	oldSelf := func(t *cel.Type) environment.VersionedOptions {
		return environment.VersionedOptions{
			IntroducedVersion: version.MajorMinor(1, 24),
			EnvOptions:        []cel.EnvOption{cel.Variable(oldSelfVar, t)},
		}
	}
	var pair envPair
	var err error
	if pair.plain, err = baseEnvSet().Extend(self, oldSelf(scoped.CelType())); err != nil {
		return pair, err
	}
	if needOptional {
		pair.optional, err = baseEnvSet().Extend(self, oldSelf(types.NewOptionalType(scoped.CelType())))
	}
	return pair, err
}

// env returns the environment for a rule.
func (p envPair) env(optionalOldSelf bool, which Environment) *cel.Env {
	set := p.plain
	if optionalOldSelf {
		set = p.optional
	}
	if which == NewExpressions {
		return set.NewExpressionsEnv()
	}
	return set.StoredExpressionsEnv()
}
