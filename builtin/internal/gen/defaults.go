package main

// dropUnfitDefaults removes the defaults that kube-openapi publishes beside
// references to types whose JSON is not an object: `default: {}` is
// published for every non-pointer struct field, including those of types
// that read JSON themselves (a Quantity, a Time, an IntOrString). Applied,
// such a default would put an object where a string belongs; kube-apiserver
// never does, since the Go zero value of those types is omitted.
func dropUnfitDefaults(defs map[string]map[string]any) {
	for _, def := range defs {
		walk(def, func(node map[string]any) {
			ref, isRef := node["$ref"].(string)
			value, hasDefault := node["default"]
			if isRef && hasDefault && !fits(value, defs[ref]) {
				delete(node, "default")
			}
		})
	}
}

// fits reports whether a default has a JSON type the schema can hold.
func fits(value any, target map[string]any) bool {
	if target["x-kubernetes-preserve-unknown-fields"] == true && target["type"] == nil {
		return true
	}
	switch value.(type) {
	case map[string]any:
		return target["type"] == "object"
	case []any:
		return target["type"] == "array"
	case string:
		return target["type"] == "string" || target["x-kubernetes-int-or-string"] == true || target["oneOf"] != nil
	case bool:
		return target["type"] == "boolean"
	case float64:
		return target["type"] == "integer" || target["type"] == "number" || target["x-kubernetes-int-or-string"] == true || target["oneOf"] != nil
	}
	return false
}

// walk calls visit on every schema node of a normalized schema, the node
// first.
func walk(node map[string]any, visit func(map[string]any)) {
	visit(node)
	if props, ok := node["properties"].(map[string]any); ok {
		for _, p := range props {
			walk(p.(map[string]any), visit)
		}
	}
	for _, key := range []string{"items", "additionalProperties", "not"} {
		if child, ok := node[key].(map[string]any); ok {
			walk(child, visit)
		}
	}
	for _, key := range []string{"allOf", "anyOf", "oneOf"} {
		if list, ok := node[key].([]any); ok {
			for _, entry := range list {
				walk(entry.(map[string]any), visit)
			}
		}
	}
}
