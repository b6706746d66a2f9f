package e2e

// The admission policies and their bindings in the built-in differential's
// generator. Bindings name a policy that never exists, and policies are
// never bound, so nothing the differential creates for real admits or
// mutates another request.

const unboundPolicy = "kval-diff-no-such-policy"

// policyRules match Deployments' creates and updates.
func policyRules() map[string]any {
	return map[string]any{"resourceRules": []any{map[string]any{
		"apiGroups": []any{"apps"}, "apiVersions": []any{"v1"}, "operations": []any{"CREATE", "UPDATE"}, "resources": []any{"deployments"},
	}}}
}

// policyMutations are the mutations both kinds of policy share.
func policyMutations() []mutation {
	rule := func(o map[string]any) map[string]any {
		return mapAt(o, "spec", "matchConstraints")["resourceRules"].([]any)[0].(map[string]any)
	}
	return []mutation{
		field("spec.failurePolicy", "Sometimes", "fail", "Ignore"),
		without("spec.matchConstraints"),
		{name: "rule operation unsupported", apply: func(g *gen, o map[string]any) { rule(o)["operations"] = []any{g.pick("DESTROY", "create", "*")} }},
		{name: "rule resource invalid", apply: func(g *gen, o map[string]any) {
			rule(o)["resources"] = []any{g.pick("deployments/*/x", "", "*/scale", "deployments", "*")}
		}},
		{name: "rule scope unsupported", apply: func(g *gen, o map[string]any) { rule(o)["scope"] = g.pick("Everywhere", "Namespaced", "*") }},
		field("spec.variables", []any{map[string]any{"name": "1x", "expression": "object"}},
			[]any{map[string]any{"name": "r", "expression": "object.spec.replicas"}, map[string]any{"name": "r", "expression": "1"}},
			[]any{map[string]any{"name": "r", "expression": "object.spec.replicas >"}}, []any{map[string]any{"name": "r", "expression": ""}}),
		field("spec.matchConditions", []any{map[string]any{"name": "Bad Name", "expression": "true"}},
			[]any{map[string]any{"name": "c", "expression": "'yes'"}}, []any{map[string]any{"name": "c", "expression": "request.userInfo.username != ''"}},
			[]any{map[string]any{"name": "c", "expression": "true"}, map[string]any{"name": "c", "expression": "false"}}),
		field("spec.paramKind", map[string]any{"apiVersion": "v1", "kind": "ConfigMap"}, map[string]any{"apiVersion": "a/b/c", "kind": "X"},
			map[string]any{"apiVersion": "", "kind": ""}, map[string]any{"apiVersion": "example.com/v1", "kind": "bad kind"}),
	}
}

func validatingPolicyKind() *diffKind {
	k := newKind("admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicy", "validatingadmissionpolicies", false, func(g *gen) map[string]any {
		v := map[string]any{"expression": g.pick("object.spec.replicas <= 5", "has(object.metadata.labels) && 'app' in object.metadata.labels")}
		if g.coin() {
			v["message"] = "too many replicas"
		}
		s := map[string]any{"failurePolicy": g.pick("Fail", "Ignore"), "matchConstraints": policyRules(), "validations": []any{v}}
		if g.coin() {
			s["variables"] = []any{map[string]any{"name": "replicas", "expression": "object.spec.replicas"}}
		}
		return map[string]any{"spec": s}
	})
	validation := func(o map[string]any) map[string]any {
		return mapAt(o, "spec")["validations"].([]any)[0].(map[string]any)
	}
	k.mutations = append(policyMutations(),
		mutation{name: "expression does not compile", apply: func(g *gen, o map[string]any) {
			validation(o)["expression"] = g.pick("object.spec.replicas <=", "nosuchvar > 1", "params.max > 1", "object.spec.replicas", "'a' + 1", "variables.nope == 1")
		}},
		mutation{name: "messageExpression not a string", apply: func(g *gen, o map[string]any) {
			validation(o)["messageExpression"] = g.pick("1 + 1", "'replicas: ' + string(object.spec.replicas)", "object.")
		}},
		mutation{name: "reason unsupported", apply: func(g *gen, o map[string]any) { validation(o)["reason"] = g.pick("Weird", "Invalid", "Forbidden") }},
		mutation{name: "message with a line break", apply: func(g *gen, o map[string]any) { validation(o)["message"] = g.pick("a\nb", "", " ") }},
		field("spec.validations", []any{}, []any{map[string]any{"expression": ""}}),
		field("spec.auditAnnotations", []any{map[string]any{"key": "Bad Key", "valueExpression": "'x'"}},
			[]any{map[string]any{"key": "k", "valueExpression": "1"}}, []any{map[string]any{"key": "k", "valueExpression": "'v'"}}),
	)
	k.updates = []mutation{
		{name: "expression changed", apply: func(g *gen, o map[string]any) { validation(o)["expression"] = "object.spec.replicas <= 9" }},
		field("spec.failurePolicy", "Ignore"),
	}
	return k
}

func mutatingPolicyKind() *diffKind {
	k := newKind("admissionregistration.k8s.io", "v1", "MutatingAdmissionPolicy", "mutatingadmissionpolicies", false, func(g *gen) map[string]any {
		m := map[string]any{"patchType": "ApplyConfiguration", "applyConfiguration": map[string]any{
			"expression": `Object{metadata: Object.metadata{labels: {"mutated": "yes"}}}`}}
		if g.coin() {
			m = map[string]any{"patchType": "JSONPatch", "jsonPatch": map[string]any{
				"expression": `[JSONPatch{op: "add", path: "/metadata/annotations", value: {"mutated": "yes"}}]`}}
		}
		return map[string]any{"spec": map[string]any{
			"failurePolicy": g.pick("Fail", "Ignore"), "reinvocationPolicy": g.pick("Never", "IfNeeded"),
			"matchConstraints": policyRules(), "mutations": []any{m},
		}}
	})
	patch := func(o map[string]any) map[string]any {
		return mapAt(o, "spec")["mutations"].([]any)[0].(map[string]any)
	}
	k.mutations = append(policyMutations(),
		mutation{name: "patch expression does not compile", apply: func(g *gen, o map[string]any) {
			p := patch(o)
			for _, key := range []string{"applyConfiguration", "jsonPatch"} {
				if c, ok := p[key].(map[string]any); ok {
					c["expression"] = g.pick("Object{", "nosuchvar", "'a string'", "[]", "Object{spec: Object.spec{replicas: 'x'}}")
				}
			}
		}},
		mutation{name: "patchType unsupported", apply: func(g *gen, o map[string]any) {
			patch(o)["patchType"] = g.pick("Merge", "JSONPatch", "ApplyConfiguration")
		}},
		field("spec.reinvocationPolicy", "Sometimes", "never"),
		without("spec.reinvocationPolicy"),
		field("spec.mutations", []any{}, []any{map[string]any{"patchType": "ApplyConfiguration"}}),
	)
	k.updates = []mutation{field("spec.reinvocationPolicy", "IfNeeded"), field("spec.failurePolicy", "Ignore")}
	return k
}

// bindingMutations are the mutations both kinds of binding share.
func bindingMutations() []mutation {
	return []mutation{
		field("spec.policyName", "", "Bad_Name", "a/b"),
		field("spec.paramRef", map[string]any{"name": "p", "selector": map[string]any{}, "parameterNotFoundAction": "Deny"},
			map[string]any{"name": "p"}, map[string]any{"name": "Bad:Name", "parameterNotFoundAction": "Allow"},
			map[string]any{"selector": map[string]any{"matchLabels": map[string]any{"a": "b"}}, "parameterNotFoundAction": "Sometimes"},
			map[string]any{"name": "p", "namespace": "Bad_NS", "parameterNotFoundAction": "Deny"}),
		field("spec.matchResources", map[string]any{"namespaceSelector": map[string]any{"matchLabels": map[string]any{"bad key": "x"}}},
			map[string]any{"matchPolicy": "Sometimes"}, map[string]any{"excludeResourceRules": []any{map[string]any{"operations": []any{"NOPE"}}}},
			map[string]any{"objectSelector": map[string]any{"matchExpressions": []any{map[string]any{"key": "a", "operator": "Near"}}}}),
	}
}

func bindingSpec(g *gen) map[string]any {
	s := map[string]any{"policyName": unboundPolicy}
	if g.coin() {
		s["paramRef"] = map[string]any{"name": "limits", "namespace": diffNamespace, "parameterNotFoundAction": g.pick("Deny", "Allow")}
	}
	if g.coin() {
		s["matchResources"] = map[string]any{"namespaceSelector": map[string]any{"matchLabels": map[string]any{"env": "test"}}}
	}
	return s
}

func validatingBindingKind() *diffKind {
	k := newKind("admissionregistration.k8s.io", "v1", "ValidatingAdmissionPolicyBinding", "validatingadmissionpolicybindings", false, func(g *gen) map[string]any {
		s := bindingSpec(g)
		s["validationActions"] = []any{g.pick("Deny", "Warn", "Audit")}
		return map[string]any{"spec": s}
	})
	k.mutations = append(bindingMutations(),
		field("spec.validationActions", []any{}, []any{"Deny", "Warn"}, []any{"Deny", "Deny"}, []any{"deny"}, []any{"Warn", "Audit"}),
	)
	k.updates = []mutation{field("spec.policyName", "kval-diff-other-policy"), field("spec.validationActions", []any{"Warn", "Audit"})}
	return k
}

func mutatingBindingKind() *diffKind {
	k := newKind("admissionregistration.k8s.io", "v1", "MutatingAdmissionPolicyBinding", "mutatingadmissionpolicybindings", false, func(g *gen) map[string]any {
		return map[string]any{"spec": bindingSpec(g)}
	})
	k.mutations = bindingMutations()
	k.updates = []mutation{field("spec.policyName", "kval-diff-other-policy")}
	return k
}
