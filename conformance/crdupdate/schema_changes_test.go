package crdupdate

import (
	"fmt"
	"slices"
)

func (m *mutator) dropField(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool { return n.parent != nil && n.name != "metadata" })
	if !ok {
		return ""
	}
	delete(n.parent["properties"].(map[string]any), n.name)
	if req, ok := n.parent["required"].([]any); ok {
		n.parent["required"] = slices.DeleteFunc(slices.Clone(req), func(v any) bool { return v == n.name })
		if len(n.parent["required"].([]any)) == 0 {
			delete(n.parent, "required")
		}
	}
	return "drop field " + n.name
}

func (m *mutator) addRequired(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool { return n.parent != nil && n.name != "metadata" })
	if !ok {
		return ""
	}
	req, _ := n.parent["required"].([]any)
	if slices.Contains(req, any(n.name)) {
		return ""
	}
	n.parent["required"] = append(slices.Clone(req), n.name)
	return "require " + n.name
}

func (m *mutator) narrowEnum(crd map[string]any) string {
	n, ok := m.pickNode(crd, isType("string"))
	if !ok {
		return ""
	}
	if enum, ok := n.schema["enum"].([]any); ok && len(enum) > 1 {
		n.schema["enum"] = slices.Clone(enum[1:])
		return "narrow enum"
	}
	n.schema["enum"] = []any{"a", "b"}
	return "add enum"
}

func (m *mutator) tightenBound(crd map[string]any) string {
	bounds := map[string][]string{
		"string":  {"maxLength", "minLength", "pattern"},
		"integer": {"maximum", "minimum"},
		"array":   {"maxItems", "minItems"},
		"object":  {"maxProperties"},
	}
	n, ok := m.pickNode(crd, func(n node) bool { _, ok := bounds[fmt.Sprint(n.schema["type"])]; return ok && n.name != "metadata" })
	if !ok {
		return ""
	}
	keys := bounds[n.schema["type"].(string)]
	key := keys[m.r.Intn(len(keys))]
	if key == "pattern" {
		n.schema[key] = pick(m.r, "^[a-z]+$", "[", "^x")
	} else {
		n.schema[key] = int64(m.r.Intn(4))
	}
	return "bound " + key
}

func (m *mutator) changeType(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool {
		t := n.schema["type"]
		return (t == "string" || t == "integer" || t == "boolean") && len(n.schema) < 4
	})
	if !ok {
		return ""
	}
	n.schema["type"] = pick(m.r, "string", "integer", "boolean", "number")
	delete(n.schema, "format")
	delete(n.schema, "enum")
	delete(n.schema, "default")
	return "change type"
}

func (m *mutator) invalidType(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool { return n.parent != nil && n.name != "metadata" })
	if !ok {
		return ""
	}
	n.parent["properties"].(map[string]any)["zz"+n.name] = map[string]any{"type": "text"}
	return "invalid type"
}

func (m *mutator) addRule(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool { return n.schema["type"] != nil && n.name != "metadata" })
	if !ok {
		return ""
	}
	rules, _ := n.schema["x-kubernetes-validations"].([]any)
	rule := map[string]any{"rule": pick(m.r, "self == self", "oldSelf == self", "size(self) >= 0", "self.nope")}
	if m.r.Intn(3) == 0 {
		rule["messageExpression"] = pick(m.r, "'bad'", "1")
	}
	n.schema["x-kubernetes-validations"] = append(slices.Clone(rules), rule)
	return "add rule " + rule["rule"].(string)
}

func (m *mutator) changeRule(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool { _, ok := n.schema["x-kubernetes-validations"]; return ok })
	if !ok {
		return ""
	}
	rules := slices.Clone(n.schema["x-kubernetes-validations"].([]any))
	i := m.r.Intn(len(rules))
	rule := copyMap(rules[i].(map[string]any))
	switch m.r.Intn(3) {
	case 0:
		rule["rule"] = "(" + rule["rule"].(string) + ") || true"
	case 1:
		rule["message"] = "changed"
	default:
		rules = slices.Delete(rules, i, i+1)
		n.schema["x-kubernetes-validations"] = rules
		if len(rules) == 0 {
			delete(n.schema, "x-kubernetes-validations")
		}
		return "remove rule"
	}
	rules[i] = rule
	n.schema["x-kubernetes-validations"] = rules
	return "change rule"
}

// brokenRule adds a rule that does not compile.
func (m *mutator) brokenRule(crd map[string]any) string {
	n, ok := m.pickNode(crd, isType("object"))
	if !ok || n.name == "metadata" {
		return ""
	}
	rules, _ := n.schema["x-kubernetes-validations"].([]any)
	n.schema["x-kubernetes-validations"] = append(slices.Clone(rules), map[string]any{"rule": "self.noSuchField == 1"})
	return "broken rule"
}

// expensiveRule adds a rule over an unbounded list of strings.
func (m *mutator) expensiveRule(crd map[string]any) string {
	n, ok := m.pickNode(crd, hasProps)
	if !ok {
		return ""
	}
	props(n)["zzlist"] = map[string]any{"type": "array", "items": map[string]any{"type": "string"},
		"x-kubernetes-validations": []any{map[string]any{"rule": "self.all(x, self.all(y, x == y))"}}}
	return "expensive rule"
}

func (m *mutator) nonAtomicSet(crd map[string]any) string {
	n, ok := m.pickNode(crd, hasProps)
	if !ok {
		return ""
	}
	props(n)["zzset"] = map[string]any{"type": "array", "x-kubernetes-list-type": "set",
		"items": map[string]any{"type": "object", "properties": map[string]any{"a": map[string]any{"type": "string"}}}}
	return "non-atomic set"
}

func (m *mutator) nullableSetItems(crd map[string]any) string {
	n, ok := m.pickNode(crd, hasProps)
	if !ok {
		return ""
	}
	props(n)["zznullset"] = map[string]any{"type": "array", "x-kubernetes-list-type": "set",
		"items": map[string]any{"type": "string", "nullable": true}}
	return "nullable set items"
}

func (m *mutator) mapKeyOptional(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool { return n.schema["x-kubernetes-list-type"] == "map" })
	if !ok {
		return ""
	}
	items, _ := n.schema["items"].(map[string]any)
	if items == nil {
		return ""
	}
	items = copyMap(items)
	delete(items, "required")
	n.schema["items"] = items
	return "map keys optional"
}

func (m *mutator) unprunedDefault(crd map[string]any) string {
	n, ok := m.pickNode(crd, func(n node) bool {
		_, props := n.schema["properties"]
		return isType("object")(n) && props && n.parent != nil && n.name != "metadata"
	})
	if !ok {
		return ""
	}
	n.schema["default"] = map[string]any{"zzunknown": "x"}
	return "unpruned default"
}

// hasProps: an object node with properties and a parent, not metadata.
func hasProps(n node) bool {
	_, ok := n.schema["properties"].(map[string]any)
	return ok && n.parent != nil && n.name != "metadata"
}

func props(n node) map[string]any { return n.schema["properties"].(map[string]any) }
