package e2e

// More namespaced kinds in the built-in differential's generator:
// EndpointSlice, Lease, and in policyNamespace, where no other object
// lives, ResourceQuota and LimitRange.

func endpointSliceKind() *diffKind {
	k := newKind("discovery.k8s.io", "v1", "EndpointSlice", "endpointslices", true, func(g *gen) map[string]any {
		endpoint := map[string]any{"addresses": []any{g.pick("10.0.0.1", "192.0.2.10")}}
		if g.coin() {
			endpoint["conditions"], endpoint["nodeName"] = map[string]any{"ready": true}, "node-1"
		}
		return map[string]any{"addressType": "IPv4", "endpoints": []any{endpoint},
			"ports": []any{map[string]any{"name": "http", "port": int64(1 + g.intn(65535)), "protocol": g.pick("TCP", "UDP")}}}
	})
	endpoint := func(o map[string]any) map[string]any { return o["endpoints"].([]any)[0].(map[string]any) }
	port := func(o map[string]any) map[string]any { return o["ports"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "address invalid", apply: func(g *gen, o map[string]any) {
			endpoint(o)["addresses"] = []any{g.pick("not-an-ip", "10.0.0.256", "::1", "")}
		}},
		{name: "no address", apply: func(g *gen, o map[string]any) { endpoint(o)["addresses"] = []any{} }},
		field("addressType", "IPv7", "FQDN", "IPv6"),
		{name: "port invalid", apply: func(g *gen, o map[string]any) {
			port(o)["name"], port(o)["port"] = g.pick("Bad_Name", "http", ""), int64(g.pick2(0, 70000, 80))
		}},
		{name: "port protocol unsupported", apply: func(g *gen, o map[string]any) { port(o)["protocol"] = g.pick("HTTP", "tcp") }},
		{name: "ports share a name", apply: func(g *gen, o map[string]any) { o["ports"] = append(o["ports"].([]any), deepCopyValue(port(o))) }},
		{name: "endpoint fields invalid", apply: func(g *gen, o map[string]any) {
			endpoint(o)[g.pick("hostname", "nodeName", "zone")] = g.pick("Bad_Name", "a..b", "ok")
		}},
	}
	k.updates = []mutation{field("addressType", "IPv6"), {name: "address changed", apply: func(g *gen, o map[string]any) { endpoint(o)["addresses"] = []any{"10.0.0.9"} }}}
	return k
}

func leaseKind() *diffKind {
	k := newKind("coordination.k8s.io", "v1", "Lease", "leases", true, func(g *gen) map[string]any {
		return map[string]any{"spec": map[string]any{"holderIdentity": g.pick("node-1", "controller-a"), "leaseDurationSeconds": int64(15 + g.intn(30))}}
	})
	k.mutations = []mutation{
		field("spec.leaseDurationSeconds", int64(0), int64(-1)),
		field("spec.leaseTransitions", int64(-1), int64(3)),
		field("spec.strategy", "Sometimes", "OldestEmulationVersion"),
		field("spec.preferredHolder", "node-2"),
	}
	k.updates = []mutation{field("spec.holderIdentity", "node-9"), field("spec.leaseTransitions", int64(1))}
	return k
}

func resourceQuotaKind() *diffKind {
	k := newKind("", "v1", "ResourceQuota", "resourcequotas", true, func(g *gen) map[string]any {
		hard := map[string]any{"count/widgets.example.com": g.pick("10", "1k")}
		if g.coin() {
			hard["services.loadbalancers"] = "5"
		}
		return map[string]any{"spec": map[string]any{"hard": hard}}
	})
	k.namespace = policyNamespace
	k.mutations = []mutation{
		field("spec.hard", map[string]any{"count/widgets.example.com": "-1"}, map[string]any{"bad name!": "1"}, map[string]any{"cpu": "0.5m"},
			map[string]any{"example.com/gpus": "2"}, map[string]any{"requests.example.com/gpus": "2"}),
		field("spec.scopes", []any{"Sometimes"}, []any{"Terminating", "NotTerminating"}, []any{"BestEffort"}),
		field("spec.scopeSelector", map[string]any{"matchExpressions": []any{map[string]any{"scopeName": "PriorityClass", "operator": "Near"}}},
			map[string]any{"matchExpressions": []any{map[string]any{"scopeName": "Sometimes", "operator": "Exists"}}},
			map[string]any{"matchExpressions": []any{map[string]any{"scopeName": "PriorityClass", "operator": "In"}}}),
	}
	k.updates = []mutation{field("spec.hard", map[string]any{"count/widgets.example.com": "20"})}
	return k
}

func limitRangeKind() *diffKind {
	k := newKind("", "v1", "LimitRange", "limitranges", true, func(g *gen) map[string]any {
		item := map[string]any{"type": "Container", "max": map[string]any{"cpu": "2"}, "default": map[string]any{"cpu": g.pick("1", "500m")}}
		if g.coin() {
			item = map[string]any{"type": "PersistentVolumeClaim", "max": map[string]any{"storage": "1Ti"}}
		}
		return map[string]any{"spec": map[string]any{"limits": []any{item}}}
	})
	k.namespace = policyNamespace
	item := func(o map[string]any) map[string]any { return mapAt(o, "spec")["limits"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "type unsupported", apply: func(g *gen, o map[string]any) { item(o)["type"] = g.pick("Sometimes", "container") }},
		{name: "default above max", apply: func(g *gen, o map[string]any) {
			item(o)["type"], item(o)["max"], item(o)["default"] = "Container", map[string]any{"cpu": "1"}, map[string]any{"cpu": "2"}
		}},
		{name: "min above max", apply: func(g *gen, o map[string]any) { item(o)["min"] = map[string]any{"cpu": "3", "storage": "2Ti"} }},
		{name: "ratio below one", apply: func(g *gen, o map[string]any) { item(o)["maxLimitRequestRatio"] = map[string]any{"cpu": "500m"} }},
		{name: "pod default", apply: func(g *gen, o map[string]any) {
			item(o)["type"], item(o)["default"] = "Pod", map[string]any{"cpu": "1"}
		}},
		{name: "negative quantity", apply: func(g *gen, o map[string]any) { item(o)["max"] = map[string]any{"cpu": "-1", "memory": "-1Gi"} }},
	}
	k.updates = []mutation{{name: "max raised", apply: func(g *gen, o map[string]any) { item(o)["max"] = map[string]any{"cpu": "4", "storage": "2Ti"} }}}
	return k
}
