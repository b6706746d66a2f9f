package celrules

import (
	"errors"
	"strconv"
	"strings"

	apiservercel "k8s.io/apiserver/pkg/cel"
	"k8s.io/apiserver/pkg/cel/common"

	"github.com/kval-dev/kval/schema"
)

// typeInfo is what compiling the rules of a node needs: its schema and its
// CEL type. decl may be nil in one corner (items of a node whose type has no
// element type), which compilation reports.
type typeInfo struct {
	schema *schema.Schema
	decl   *apiservercel.DeclType
}

// errNoConversion is upstream's error for a node with rules CEL cannot type.
var errNoConversion = errors.New("unable to convert structural schema to CEL declarations")

// typeResolver finds the CEL types of the nodes of one schema as
// kube-apiserver does when it checks a CRD: a node below a node with rules
// takes its type from its parent's type (so rules on a resource root's
// metadata see the reduced metadata); a node with no rules above it, or
// whose type its parent's does not give, is typed on its own, as a resource
// root when it is the schema root or an embedded resource.
type typeResolver struct {
	adapter *adapter
	memo    map[string]typeResult
}

type typeResult struct {
	info *typeInfo
	err  error
}

func newTypeResolver(a *adapter) *typeResolver {
	return &typeResolver{adapter: a, memo: map[string]typeResult{}}
}

// chain is a node with the nodes and steps leading to it from the root:
// nodes[0] is the root, nodes[k] is reached from nodes[k-1] by steps[k-1].
type chain struct {
	nodes []*schema.Schema
	steps []schema.RuleStep
}

// newChain follows steps from root; ok is false when a step leads nowhere.
func newChain(root *schema.Schema, steps []schema.RuleStep) (chain, bool) {
	c := chain{nodes: []*schema.Schema{root}, steps: steps}
	s := root
	for _, step := range steps {
		switch step.Kind {
		case schema.StepProperty:
			s = s.Properties[step.Property]
		case schema.StepItems:
			s = s.Items
		default:
			s = s.AdditionalPropertiesSchema()
		}
		if s == nil {
			return c, false
		}
		c.nodes = append(c.nodes, s)
	}
	return c, true
}

// info returns the type of nodes[k]; nil, nil when neither it nor a node
// above it has rules.
func (r *typeResolver) info(c chain, k int) (*typeInfo, error) {
	if !c.inRuleScope(k) {
		return nil, nil
	}
	key := c.key(k)
	if res, ok := r.memo[key]; ok {
		return res.info, res.err
	}
	info, err := r.resolve(c, k)
	r.memo[key] = typeResult{info: info, err: err}
	return info, err
}

func (r *typeResolver) resolve(c chain, k int) (*typeInfo, error) {
	if k > 0 {
		parent, err := r.info(c, k-1)
		if err != nil {
			return nil, err
		}
		if parent != nil {
			if child := accessChild(parent, c.steps[k-1]); child != nil {
				return child, nil
			}
		}
	}
	s := c.nodes[k]
	resourceRoot := k == 0 || s.EmbeddedResource
	adapted := r.adapter.adapt(s)
	if resourceRoot {
		r.adapter.resourceView(adapted)
	}
	decl := common.SchemaDeclType(adapted, resourceRoot)
	if decl == nil {
		return nil, errNoConversion
	}
	return &typeInfo{schema: s, decl: decl}, nil
}

// accessChild takes a child's type from its parent's; nil when the parent's
// type does not have it (properties CEL cannot name, or left out because
// their type cannot be declared).
func accessChild(parent *typeInfo, step schema.RuleStep) *typeInfo {
	s := parent.schema
	switch step.Kind {
	case schema.StepProperty:
		if len(s.Properties) == 0 || parent.decl == nil {
			return nil
		}
		escaped, ok := apiservercel.Escape(step.Property)
		if !ok {
			return nil
		}
		f, ok := parent.decl.Fields[escaped]
		if !ok {
			return nil
		}
		return &typeInfo{schema: s.Properties[step.Property], decl: f.Type}
	case schema.StepItems:
		if s.Items == nil {
			return nil
		}
		return &typeInfo{schema: s.Items, decl: elemType(parent.decl)}
	default:
		if s.AdditionalProperties == nil {
			return nil
		}
		return &typeInfo{schema: s.AdditionalPropertiesSchema(), decl: elemType(parent.decl)}
	}
}

func elemType(t *apiservercel.DeclType) *apiservercel.DeclType {
	if t == nil {
		return nil
	}
	return t.ElemType
}

// inRuleScope reports whether nodes[k] or a node above it has rules.
func (c chain) inRuleScope(k int) bool {
	for i := 0; i <= k; i++ {
		if len(c.nodes[i].Validations) > 0 {
			return true
		}
	}
	return false
}

// key identifies the first k steps.
func (c chain) key(k int) string {
	var sb strings.Builder
	for _, step := range c.steps[:k] {
		switch step.Kind {
		case schema.StepProperty:
			sb.WriteString(".")
			sb.WriteString(strconv.Quote(step.Property))
		case schema.StepItems:
			sb.WriteString("[]")
		default:
			sb.WriteString("{}")
		}
	}
	return sb.String()
}

// cardinality is how often nodes[len-1] can occur in one object, from the
// maxItems and maxProperties of the lists and maps above it; nil when
// something above it is unbounded.
func (c chain) cardinality() *uint64 {
	n := uint64(1)
	for _, parent := range c.nodes[:len(c.nodes)-1] {
		factor, bounded := maxElements(parent)
		if !bounded {
			return nil
		}
		n = multiplyCapped(n, factor)
	}
	return &n
}

// maxElements is the factor by which a node multiplies the occurrences of
// its children: maxProperties for a map, maxItems for a list, 1 otherwise;
// bounded is false for maps and lists without the keyword.
func maxElements(s *schema.Schema) (factor uint64, bounded bool) {
	switch s.Type {
	case "object":
		if s.AdditionalProperties == nil {
			return 1, true
		}
		return boundOf(s.MaxProperties)
	case "array":
		return boundOf(s.MaxItems)
	}
	return 1, true
}

func boundOf(limit *int64) (uint64, bool) {
	if limit == nil {
		return 0, false
	}
	return uint64(max(*limit, 0)), true
}
