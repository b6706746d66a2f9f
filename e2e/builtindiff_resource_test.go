package e2e

// ResourceClaim and ResourceClaimTemplate (resource.k8s.io/v1) in the
// built-in differential's generator.

// deviceRequest is a valid request for one device of a class.
func deviceRequest(g *gen, name string) map[string]any {
	exactly := map[string]any{"deviceClassName": g.pick("example.com-gpu", "gpu.example.com")}
	switch g.intn(3) {
	case 0:
		exactly["allocationMode"], exactly["count"] = "ExactCount", int64(1+g.intn(4))
	case 1:
		exactly["allocationMode"] = "All"
	}
	if g.coin() {
		exactly["selectors"] = []any{map[string]any{"cel": map[string]any{"expression": "device.driver == 'example.com'"}}}
	}
	return map[string]any{"name": name, "exactly": exactly}
}

// claimMutations change a claim spec, the object's at path.
func claimMutations(path ...string) []mutation {
	devices := func(o map[string]any) map[string]any { return mapAt(o, append(path, "devices")...) }
	request := func(o map[string]any) map[string]any { return devices(o)["requests"].([]any)[0].(map[string]any) }
	exactly := func(o map[string]any) map[string]any { return mapAt(request(o), "exactly") }
	return []mutation{
		{name: "request name invalid", apply: func(g *gen, o map[string]any) { request(o)["name"] = g.pick("Bad_Name", "", "a.b") }},
		{name: "requests share a name", apply: func(g *gen, o map[string]any) {
			devices(o)["requests"] = append(devices(o)["requests"].([]any), deviceRequest(g, request(o)["name"].(string)))
		}},
		{name: "deviceClassName invalid", apply: func(g *gen, o map[string]any) { exactly(o)["deviceClassName"] = g.pick("", "Bad_Class", "a/b") }},
		{name: "count invalid", apply: func(g *gen, o map[string]any) {
			exactly(o)["allocationMode"], exactly(o)["count"] = g.pick("ExactCount", "All"), int64(g.pick2(0, -1, 2))
		}},
		{name: "allocationMode unsupported", apply: func(g *gen, o map[string]any) { exactly(o)["allocationMode"] = g.pick("Some", "exactCount") }},
		{name: "selector does not compile", apply: func(g *gen, o map[string]any) {
			exactly(o)["selectors"] = []any{map[string]any{"cel": map[string]any{"expression": g.pick("device.driver ==", "nosuch == 1", "device.driver", "")}}}
		}},
		{name: "admin access", apply: func(g *gen, o map[string]any) { exactly(o)["adminAccess"] = true }},
		{name: "exactly and firstAvailable", apply: func(g *gen, o map[string]any) {
			request(o)["firstAvailable"] = []any{map[string]any{"name": "alt", "deviceClassName": "example.com-gpu"}}
		}},
		{name: "no device request", apply: func(g *gen, o map[string]any) { delete(request(o), "exactly") }},
		{name: "constraint names no request", apply: func(g *gen, o map[string]any) {
			devices(o)["constraints"] = []any{map[string]any{"requests": []any{g.pick("nope", "Bad_Name")}, "matchAttribute": g.pick("example.com/model", "bad attribute")}}
		}},
	}
}

func claimSpec(g *gen) map[string]any {
	return map[string]any{"devices": map[string]any{"requests": []any{deviceRequest(g, g.pick("gpu", "accel-1"))}}}
}

func resourceClaimKind() *diffKind {
	k := newKind("resource.k8s.io", "v1", "ResourceClaim", "resourceclaims", true, func(g *gen) map[string]any {
		return map[string]any{"spec": claimSpec(g)}
	})
	k.mutations = claimMutations("spec")
	k.updates = []mutation{field("spec.devices.requests", []any{map[string]any{"name": "other", "exactly": map[string]any{"deviceClassName": "example.com-gpu"}}})}
	return k
}

func resourceClaimTemplateKind() *diffKind {
	k := newKind("resource.k8s.io", "v1", "ResourceClaimTemplate", "resourceclaimtemplates", true, func(g *gen) map[string]any {
		s := map[string]any{"spec": claimSpec(g)}
		if g.coin() {
			s["metadata"] = map[string]any{"labels": map[string]any{"app": "web"}}
		}
		return map[string]any{"spec": s}
	})
	k.mutations = append(claimMutations("spec", "spec"),
		field("spec.metadata", map[string]any{"labels": map[string]any{"bad key": "x"}}, map[string]any{"name": "not-allowed"}))
	k.updates = []mutation{field("spec.spec.devices.requests", []any{map[string]any{"name": "other", "exactly": map[string]any{"deviceClassName": "example.com-gpu"}}})}
	return k
}
