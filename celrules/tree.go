package celrules

import (
	"errors"
	"maps"
	"slices"

	"k8s.io/apimachinery/pkg/util/validation/field"
	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/schema"
)

// node is a schema node with rules at or below it; the walk over a value
// visits nothing else.
type node struct {
	schema *schema.Schema
	// value is how values of the node are presented to rules: the adapted
	// node, with apiVersion, kind and object meta at a resource root.
	value common.Schema
	// plain is the adapted node itself, for finding old items of map lists.
	plain *adapted

	rules []compiledRule
	// initErr is set when the node has rules but no CEL type, so none of its
	// rules could be compiled.
	initErr error
	// usesOldSelf: some rule is a transition rule, so oldSelf is bound.
	usesOldSelf bool
	// pending compiles rules, initErr and usesOldSelf on the node's first
	// visit, in a validator built lazily (lazy.go); nil otherwise.
	pending *pendingRules

	properties []property // sorted by name
	items      *node
	additional *node
}

type property struct {
	name string
	node *node
}

// errNoDeclType is upstream's error for rules on a node CEL cannot type.
var errNoDeclType = errors.New("failed to convert to declType for CEL validation rules")

// treeBuilder compiles the rules of a schema into a tree of nodes.
type treeBuilder struct {
	adapter *adapter
	which   Environment
	// bounded: some rule can be charged its estimate where the sizes of
	// the values are checked; ownTypes: some node's type is not the one
	// its parent's type gives it, so the root's type does not bound all.
	bounded, ownTypes bool
	// failures collects every rule that did not compile, for Compile's error.
	failures field.ErrorList
	// lazy leaves the rules of each node to its first visit (lazy.go).
	lazy bool
}

// build returns the node of s, or nil when neither s nor its subtree has
// rules. Like kube-apiserver, a child's CEL type is taken from its parent's
// (so a resource root's metadata is the reduced one rules see), and
// properties whose type CEL cannot declare are left out, rules and all.
func (b *treeBuilder) build(s *schema.Schema, decl *apiservercel.DeclType, resourceRoot bool, path *field.Path) *node {
	if s == nil {
		return nil
	}
	plain := b.adapter.adapt(s)
	n := &node{schema: s, value: plain, plain: plain}
	if resourceRoot {
		n.value = b.adapter.resourceView(plain)
	}
	b.compileRules(n, decl, path)
	var elem *apiservercel.DeclType
	if decl != nil {
		elem = decl.ElemType
	}
	if s.Items != nil {
		n.items = b.build(s.Items, elem, s.Items.EmbeddedResource, path.Child("items"))
	}
	b.buildProperties(n, decl, path)
	if ap := s.AdditionalPropertiesSchema(); ap != nil {
		n.additional = b.build(ap, elem, ap.EmbeddedResource, path.Child("additionalProperties"))
	}
	if len(n.rules) == 0 && n.initErr == nil && n.pending == nil && n.items == nil && n.additional == nil && len(n.properties) == 0 {
		return nil
	}
	return n
}

func (b *treeBuilder) buildProperties(n *node, decl *apiservercel.DeclType, path *field.Path) {
	for _, name := range slices.Sorted(maps.Keys(n.schema.Properties)) {
		prop := n.schema.Properties[name]
		t, ok := propertyDeclType(decl, name, prop, b.adapter)
		if !ok {
			continue
		}
		if child := b.build(prop, t, prop.EmbeddedResource, path.Child("properties").Key(name)); child != nil {
			n.properties = append(n.properties, property{name: name, node: child})
			b.ownTypes = b.ownTypes || decl == nil || decl.Fields[escapedName(name)] == nil || decl.Fields[escapedName(name)].Type != t
		}
	}
}

// escapedName is a property's name as a CEL field ("" when CEL cannot
// spell it).
func escapedName(name string) string {
	escaped, _ := apiservercel.Escape(name)
	return escaped
}

// propertyDeclType is the CEL type of property name: its field in the
// parent's type, or, for names CEL cannot spell, a type of its own.
func propertyDeclType(parent *apiservercel.DeclType, name string, prop *schema.Schema, a *adapter) (*apiservercel.DeclType, bool) {
	escaped, ok := apiservercel.Escape(name)
	if !ok {
		t := common.SchemaDeclType(a.adapt(prop), prop.EmbeddedResource)
		return t, t != nil
	}
	if parent == nil {
		return nil, false
	}
	f, ok := parent.Fields[escaped]
	if !ok {
		return nil, false
	}
	return f.Type, true
}

// compileRules compiles the node's own rules.
func (b *treeBuilder) compileRules(n *node, decl *apiservercel.DeclType, path *field.Path) {
	if len(n.schema.Validations) == 0 {
		return
	}
	rulesPath := path.Child("x-kubernetes-validations")
	if decl == nil {
		n.initErr = errNoDeclType
		b.failures = append(b.failures, field.InternalError(rulesPath, errNoDeclType))
		return
	}
	if b.lazy {
		n.pending = &pendingRules{decl: decl, which: b.which}
		return
	}
	c, err := newRuleCompiler(n.schema, decl, b.which)
	if err != nil {
		n.initErr = err
		b.failures = append(b.failures, field.InternalError(rulesPath, err))
		return
	}
	c.unmetered = true
	n.rules = c.compileAll()
	for i := range n.rules {
		r := &n.rules[i]
		n.usesOldSelf = n.usesOldSelf || r.usesOldSelf
		b.bounded = b.bounded || r.bounded
		if r.err != nil {
			b.failures = append(b.failures, field.Invalid(rulesPath.Index(i).Child("rule"), r.rule.Rule, r.err.Detail))
		}
		if r.messageErr != nil {
			b.failures = append(b.failures, field.Invalid(rulesPath.Index(i).Child("messageExpression"), r.rule.MessageExpression, r.messageErr.Detail))
		}
	}
}

// hasRules reports whether s or any node of its skeleton has rules.
func hasRules(s *schema.Schema) bool {
	if s == nil {
		return false
	}
	if len(s.Validations) > 0 || hasRules(s.Items) || hasRules(s.AdditionalPropertiesSchema()) {
		return true
	}
	for _, p := range s.Properties {
		if hasRules(p) {
			return true
		}
	}
	return false
}
