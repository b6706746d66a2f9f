package e2e

// NetworkPolicy, PodDisruptionBudget and HorizontalPodAutoscaler in the
// built-in differential's generator.

func networkPolicyKind() *diffKind {
	k := newKind("networking.k8s.io", "v1", "NetworkPolicy", "networkpolicies", true, func(g *gen) map[string]any {
		port := map[string]any{"protocol": g.pick("TCP", "UDP"), "port": g.pickAny(int64(80), "http")}
		peer := map[string]any{"podSelector": map[string]any{"matchLabels": map[string]any{"role": "client"}}}
		if g.coin() {
			peer = map[string]any{"ipBlock": map[string]any{"cidr": "10.0.0.0/16", "except": []any{"10.0.1.0/24"}}}
		}
		return map[string]any{"spec": map[string]any{
			"podSelector": map[string]any{"matchLabels": map[string]any{"app": "web"}},
			"policyTypes": []any{"Ingress"},
			"ingress":     []any{map[string]any{"from": []any{peer}, "ports": []any{port}}},
		}}
	})
	ingress := func(o map[string]any) map[string]any { return mapAt(o, "spec")["ingress"].([]any)[0].(map[string]any) }
	port := func(o map[string]any) map[string]any { return ingress(o)["ports"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "port out of range", apply: func(g *gen, o map[string]any) {
			port(o)["port"] = g.pickAny(int64(0), int64(70000), "Bad_Port", "a-very-long-port-name")
		}},
		{name: "protocol unsupported", apply: func(g *gen, o map[string]any) { port(o)["protocol"] = g.pick("HTTP", "tcp") }},
		{name: "endPort below port", apply: func(g *gen, o map[string]any) {
			port(o)["port"], port(o)["endPort"] = int64(100), int64(g.pick2(50, 200, 70000))
		}},
		{name: "endPort with a named port", apply: func(g *gen, o map[string]any) { port(o)["port"], port(o)["endPort"] = "http", int64(90) }},
		{name: "ipBlock invalid", apply: func(g *gen, o map[string]any) {
			ingress(o)["from"] = []any{map[string]any{"ipBlock": map[string]any{"cidr": g.pick("10.0.0.0/33", "not-a-cidr", "10.0.0.1/8"), "except": []any{g.pick("192.168.0.0/24", "10.0.0.0/8")}}}}
		}},
		{name: "peer with ipBlock and podSelector", apply: func(g *gen, o map[string]any) {
			ingress(o)["from"] = []any{map[string]any{"ipBlock": map[string]any{"cidr": "10.0.0.0/8"}, "podSelector": map[string]any{}}}
		}},
		{name: "empty peer", apply: func(g *gen, o map[string]any) { ingress(o)["from"] = []any{map[string]any{}} }},
		field("spec.policyTypes", []any{"Sometimes"}, []any{"Ingress", "Egress", "Ingress"}, []any{"ingress"}),
		field("spec.podSelector", map[string]any{"matchLabels": map[string]any{"bad key": "x"}}, map[string]any{"matchExpressions": []any{map[string]any{"key": "a", "operator": "In"}}}),
	}
	k.updates = []mutation{field("spec.podSelector", map[string]any{"matchLabels": map[string]any{"app": "other"}}), field("spec.policyTypes", []any{"Ingress", "Egress"})}
	return k
}

func pdbKind() *diffKind {
	k := newKind("policy", "v1", "PodDisruptionBudget", "poddisruptionbudgets", true, func(g *gen) map[string]any {
		s := map[string]any{"selector": map[string]any{"matchLabels": map[string]any{"app": "web"}}}
		if g.coin() {
			s["minAvailable"] = g.pickAny(int64(1), "50%")
		} else {
			s["maxUnavailable"] = g.pickAny(int64(1), "25%")
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		{name: "minAvailable and maxUnavailable", apply: func(g *gen, o map[string]any) {
			setAt(o, int64(1), "spec", "minAvailable")
			setAt(o, "10%", "spec", "maxUnavailable")
		}},
		field("spec.minAvailable", int64(-1), "150%", "abc", "-10%"),
		field("spec.maxUnavailable", int64(-2), "101%"),
		field("spec.selector", map[string]any{"matchLabels": map[string]any{"bad key": "x"}}, map[string]any{"matchExpressions": []any{map[string]any{"key": "a", "operator": "Near"}}}),
		field("spec.unhealthyPodEvictionPolicy", "Sometimes", "AlwaysAllow", "IfHealthyBudget"),
	}
	k.updates = []mutation{field("spec.selector", map[string]any{"matchLabels": map[string]any{"app": "other"}}), field("spec.unhealthyPodEvictionPolicy", "AlwaysAllow")}
	return k
}

func hpaKind() *diffKind {
	k := newKind("autoscaling", "v2", "HorizontalPodAutoscaler", "horizontalpodautoscalers", true, func(g *gen) map[string]any {
		s := map[string]any{
			"scaleTargetRef": map[string]any{"apiVersion": "apps/v1", "kind": "Deployment", "name": "web"},
			"minReplicas":    int64(1 + g.intn(3)),
			"maxReplicas":    int64(4 + g.intn(6)),
		}
		if g.coin() {
			s["metrics"] = []any{map[string]any{"type": "Resource", "resource": map[string]any{"name": "cpu", "target": map[string]any{"type": "Utilization", "averageUtilization": int64(50 + g.intn(40))}}}}
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		field("spec.minReplicas", int64(20), int64(0), int64(-1)),
		field("spec.maxReplicas", int64(0), int64(-1)),
		field("spec.scaleTargetRef", map[string]any{"name": "web"}, map[string]any{"kind": "Deployment", "name": ""}, map[string]any{"kind": "Deployment", "name": "a/b"}),
		field("spec.metrics", []any{map[string]any{"type": "Sometimes"}}, []any{map[string]any{"type": "Resource"}},
			[]any{map[string]any{"type": "Resource", "resource": map[string]any{"name": "cpu", "target": map[string]any{"type": "Value"}}}},
			[]any{map[string]any{"type": "Resource", "resource": map[string]any{"name": "cpu", "target": map[string]any{"type": "Utilization", "averageUtilization": int64(0)}}}},
			[]any{map[string]any{"type": "Pods", "pods": map[string]any{"metric": map[string]any{"name": ""}, "target": map[string]any{"type": "AverageValue", "averageValue": "1"}}}}),
		field("spec.behavior.scaleUp", map[string]any{"stabilizationWindowSeconds": int64(-1)}, map[string]any{"stabilizationWindowSeconds": int64(7200)},
			map[string]any{"policies": []any{map[string]any{"type": "Pods", "value": int64(0), "periodSeconds": int64(60)}}},
			map[string]any{"policies": []any{map[string]any{"type": "Percent", "value": int64(10), "periodSeconds": int64(4000)}}},
			map[string]any{"selectPolicy": "Sometimes"}),
	}
	k.updates = []mutation{field("spec.maxReplicas", int64(30)), field("spec.scaleTargetRef.name", "other")}
	return k
}
