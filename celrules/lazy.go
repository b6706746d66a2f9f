package celrules

import (
	"fmt"
	"sync"

	apiservercel "k8s.io/apiserver/pkg/cel"
)

// A validator built lazily compiles the rules of a node when the walk
// first reaches it. It serves the checks of defaults
// (DefaultEvaluator): kube-apiserver builds a validator of a default's
// node and subtree and evaluates it on the default, which reaches only
// the nodes the default has values for, and rules that do not compile
// are reported where they would be evaluated, never at build time. So a
// rule the default never reaches changes nothing but the time its
// compilation takes. A lazy validator lists no CompileErrors and never
// runs rules unmetered (it has no size bounds), so it is for evaluating
// alone.

// pendingRules is what compiling a node's rules needs besides the node.
type pendingRules struct {
	once  sync.Once
	decl  *apiservercel.DeclType
	which Environment
}

// compilePending compiles the node's rules if they are pending, once. A
// panic (a bug in kval or in the CEL libraries) makes the node's
// initialization error, as NewValidator makes it the root's.
func (n *node) compilePending() {
	if n.pending == nil {
		return
	}
	n.pending.once.Do(func() {
		defer func() {
			if p := recover(); p != nil {
				n.initErr = fmt.Errorf("compiling x-kubernetes-validations panicked: %v", p)
			}
		}()
		c, err := newRuleCompiler(n.schema, n.pending.decl, n.pending.which)
		if err != nil {
			n.initErr = err
			return
		}
		n.rules = c.compileAll()
		for i := range n.rules {
			n.usesOldSelf = n.usesOldSelf || n.rules[i].usesOldSelf
		}
	})
}
