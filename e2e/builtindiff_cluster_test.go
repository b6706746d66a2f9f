package e2e

import "strings"

// Cluster configuration kinds in the built-in differential's generator:
// webhook configurations, classes (storage, priority, ingress, runtime,
// volume attributes), CSI drivers, persistent volumes. What is created
// for real changes nothing the differential asks: webhooks match a
// resource no request uses and ignore failures, classes are never the
// default, priority classes never the global default.

// hookRules match a resource no request of the differential uses.
func hookRules() []any {
	return []any{map[string]any{"apiGroups": []any{"example.kval.dev"}, "apiVersions": []any{"v1"}, "operations": []any{"CREATE"}, "resources": []any{"nothing"}}}
}

func webhookConfigKind(kind, resource string, mutating bool) *diffKind {
	k := newKind("admissionregistration.k8s.io", "v1", kind, resource, false, func(g *gen) map[string]any {
		hook := map[string]any{
			"name": g.pick("check.kval.dev", "a.b.example.com"), "rules": hookRules(), "failurePolicy": "Ignore",
			"sideEffects": g.pick("None", "NoneOnDryRun"), "admissionReviewVersions": []any{"v1"},
			"clientConfig": g.pickAny(map[string]any{"url": "https://hook.example.com/validate"},
				map[string]any{"service": map[string]any{"namespace": diffNamespace, "name": "hook", "path": "/validate", "port": int64(8443)}}),
		}
		if mutating && g.coin() {
			hook["reinvocationPolicy"] = g.pick("Never", "IfNeeded")
		}
		return map[string]any{"webhooks": []any{hook}}
	})
	hook := func(o map[string]any) map[string]any { return o["webhooks"].([]any)[0].(map[string]any) }
	set := func(name string, values ...any) mutation {
		return mutation{name: "webhook " + name + " " + setOrDrawn(values), apply: func(g *gen, o map[string]any) { hook(o)[name] = g.pickAny(values...) }}
	}
	k.mutations = []mutation{
		set("name", "nodots", "Bad Name.example.com", "two.parts"),
		{name: "webhooks share a name", apply: func(g *gen, o map[string]any) { o["webhooks"] = append(o["webhooks"].([]any), deepCopyValue(hook(o))) }},
		set("clientConfig", map[string]any{"url": "http://hook.example.com/x"}, map[string]any{"url": "https://hook.example.com/x?q=1"},
			map[string]any{"service": map[string]any{"namespace": diffNamespace, "name": "hook", "path": "no-slash"}},
			map[string]any{"service": map[string]any{"namespace": diffNamespace, "name": "hook", "port": int64(70000)}},
			map[string]any{}, map[string]any{"url": "https://hook.example.com/x", "service": map[string]any{"namespace": diffNamespace, "name": "hook"}}),
		set("sideEffects", "Some", "Unknown", "Sometimes"),
		set("admissionReviewVersions", []any{"v9"}, []any{}, []any{"v1", "v1"}),
		set("timeoutSeconds", int64(0), int64(31), int64(10)),
		set("failurePolicy", "Sometimes", "fail"),
		set("matchPolicy", "Sometimes", "Exact"),
		set("rules", []any{map[string]any{"apiGroups": []any{"*"}, "apiVersions": []any{"*"}, "operations": []any{"DESTROY"}, "resources": []any{"nothing"}}},
			[]any{map[string]any{"apiGroups": []any{"example.kval.dev"}, "apiVersions": []any{"v1"}, "operations": []any{"CREATE"}, "resources": []any{"nothing/*/x"}}},
			[]any{map[string]any{"apiGroups": []any{"example.kval.dev"}, "apiVersions": []any{"v1"}, "operations": []any{"CREATE"}, "resources": []any{"nothing"}, "scope": "Everywhere"}}),
		set("namespaceSelector", map[string]any{"matchLabels": map[string]any{"bad key": "x"}}, map[string]any{"matchExpressions": []any{map[string]any{"key": "a", "operator": "Near"}}}),
		set("matchConditions", []any{map[string]any{"name": "c", "expression": "request.nosuch"}}, []any{map[string]any{"name": "Bad Name", "expression": "true"}},
			[]any{map[string]any{"name": "c", "expression": "'text'"}}),
	}
	if mutating {
		k.mutations = append(k.mutations, set("reinvocationPolicy", "Sometimes", "never"))
	}
	k.updates = []mutation{set("timeoutSeconds", int64(5)), set("sideEffects", "NoneOnDryRun")}
	return k
}

func storageClassKind() *diffKind {
	k := newKind("storage.k8s.io", "v1", "StorageClass", "storageclasses", false, func(g *gen) map[string]any {
		sc := map[string]any{"provisioner": g.pick("example.com/disk", "kubernetes.io/no-provisioner"), "reclaimPolicy": g.pick("Delete", "Retain")}
		if g.coin() {
			sc["parameters"] = map[string]any{"type": "fast"}
		}
		if g.coin() {
			sc["volumeBindingMode"], sc["allowVolumeExpansion"] = g.pick("Immediate", "WaitForFirstConsumer"), true
		}
		return sc
	})
	k.mutations = []mutation{
		field("provisioner", "", "Bad Provisioner!", "a/b/c"),
		field("reclaimPolicy", "Recycle", "Keep"),
		field("volumeBindingMode", "Sometimes", "immediate"),
		field("mountOptions", []any{""}, []any{"ro"}),
		field("allowedTopologies", []any{map[string]any{"matchLabelExpressions": []any{map[string]any{"key": "", "values": []any{"a"}}}}},
			[]any{map[string]any{"matchLabelExpressions": []any{map[string]any{"key": "zone", "values": []any{}}}}}, []any{map[string]any{}}),
		field("parameters", map[string]any{"": "x"}, map[string]any{"type": "slow"}),
	}
	k.updates = []mutation{field("parameters", map[string]any{"type": "slow"}), field("provisioner", "example.com/other"),
		field("reclaimPolicy", "Retain"), field("allowVolumeExpansion", false)}
	return k
}

func priorityClassKind() *diffKind {
	k := newKind("scheduling.k8s.io", "v1", "PriorityClass", "priorityclasses", false, func(g *gen) map[string]any {
		pc := map[string]any{"value": int64(1000 + g.intn(100000))}
		if g.coin() {
			pc["description"], pc["preemptionPolicy"] = "batch work", g.pick("Never", "PreemptLowerPriority")
		}
		return pc
	})
	k.mutations = []mutation{
		field("value", int64(2000000000), int64(1000000001), int64(-5)),
		field("preemptionPolicy", "Sometimes", "never"),
		{name: "name reserved", apply: func(g *gen, o map[string]any) {
			setAt(o, g.pick("system-x", "system-node-critical"), "metadata", "name")
		}},
		field("globalDefault", true),
	}
	k.updates = []mutation{field("value", int64(7)), field("preemptionPolicy", "Never"), field("description", "changed")}
	return k
}

func ingressClassKind() *diffKind {
	k := newKind("networking.k8s.io", "v1", "IngressClass", "ingressclasses", false, func(g *gen) map[string]any {
		s := map[string]any{"controller": g.pick("example.com/ingress", "k8s.io/ingress-nginx")}
		if g.coin() {
			s["parameters"] = map[string]any{"apiGroup": "example.com", "kind": "Params", "name": "p", "scope": "Cluster"}
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		field("spec.controller", "", "Bad Controller", "no-slash"),
		field("spec.parameters", map[string]any{"kind": "", "name": "p"}, map[string]any{"apiGroup": "example.com", "kind": "Params", "name": "p", "scope": "Namespace"},
			map[string]any{"kind": "Params", "name": "p", "scope": "Cluster", "namespace": "x"}, map[string]any{"kind": "Params", "name": "p", "scope": "Sometimes"}),
	}
	k.updates = []mutation{field("spec.controller", "example.com/other"), field("spec.parameters", map[string]any{"kind": "Params", "name": "q"})}
	return k
}

func runtimeClassKind() *diffKind {
	k := newKind("node.k8s.io", "v1", "RuntimeClass", "runtimeclasses", false, func(g *gen) map[string]any {
		rc := map[string]any{"handler": g.pick("runc", "kata")}
		if g.coin() {
			rc["overhead"] = map[string]any{"podFixed": map[string]any{"cpu": "100m", "memory": "64Mi"}}
		}
		return rc
	})
	k.mutations = []mutation{
		field("handler", "", "Bad_Handler", "a.b"),
		field("overhead", map[string]any{"podFixed": map[string]any{"cpu": "-1"}}, map[string]any{"podFixed": map[string]any{"bad name": "1"}}),
		field("scheduling", map[string]any{"nodeSelector": map[string]any{"bad key": "x"}},
			map[string]any{"tolerations": []any{map[string]any{"key": "k", "operator": "Near"}}}, map[string]any{"nodeSelector": map[string]any{"zone": "a"}}),
	}
	k.updates = []mutation{field("handler", "other"), field("overhead", map[string]any{"podFixed": map[string]any{"cpu": "1"}})}
	return k
}

func csiDriverKind() *diffKind {
	k := newKind("storage.k8s.io", "v1", "CSIDriver", "csidrivers", false, func(g *gen) map[string]any {
		s := map[string]any{"attachRequired": g.coin(), "podInfoOnMount": g.coin(), "volumeLifecycleModes": []any{"Persistent"}}
		if g.coin() {
			s["fsGroupPolicy"] = g.pick("File", "None", "ReadWriteOnceWithFSType")
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		field("spec.volumeLifecycleModes", []any{"Sometimes"}, []any{"Persistent", "Persistent"}),
		field("spec.fsGroupPolicy", "Sometimes", "file"),
		field("spec.tokenRequests", []any{map[string]any{"audience": "a"}, map[string]any{"audience": "a"}}, []any{map[string]any{"audience": "a", "expirationSeconds": int64(60)}}),
		field("spec.requiresRepublish", true),
		{name: "name too long", apply: func(g *gen, o map[string]any) {
			setAt(o, "csi."+strings.Repeat("d", 62)+".example.com", "metadata", "name")
		}},
	}
	k.updates = []mutation{field("spec.attachRequired", true), field("spec.attachRequired", false), field("spec.fsGroupPolicy", "None"),
		field("spec.volumeLifecycleModes", []any{"Persistent", "Ephemeral"})}
	return k
}

func volumeAttributesClassKind() *diffKind {
	k := newKind("storage.k8s.io", "v1", "VolumeAttributesClass", "volumeattributesclasses", false, func(g *gen) map[string]any {
		return map[string]any{"driverName": g.pick("example.com.disk", "csi.example.com"), "parameters": map[string]any{"iops": "3000"}}
	})
	k.mutations = []mutation{
		field("driverName", "", "Bad Driver", "a/b"),
		field("parameters", map[string]any{}, map[string]any{"": "x"}),
	}
	k.updates = []mutation{field("parameters", map[string]any{"iops": "6000"}), field("driverName", "other.example.com")}
	return k
}

func persistentVolumeKind() *diffKind {
	k := newKind("", "v1", "PersistentVolume", "persistentvolumes", false, func(g *gen) map[string]any {
		s := map[string]any{"capacity": map[string]any{"storage": g.pick("1Gi", "10Gi")}, "accessModes": []any{g.pick("ReadWriteOnce", "ReadOnlyMany")},
			"persistentVolumeReclaimPolicy": g.pick("Retain", "Delete")}
		switch g.intn(3) {
		case 0:
			s["hostPath"] = map[string]any{"path": "/tmp/data"}
		case 1:
			s["nfs"] = map[string]any{"server": "10.0.0.1", "path": "/exports"}
		default:
			s["csi"] = map[string]any{"driver": "csi.example.com", "volumeHandle": "vol-1"}
		}
		if g.coin() {
			s["storageClassName"] = "standard"
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		without("spec.capacity"),
		field("spec.capacity", map[string]any{"storage": "-1Gi"}, map[string]any{"storage": "0"}, map[string]any{"cpu": "1"}),
		field("spec.accessModes", []any{}, []any{"ReadWriteAlways"}, []any{"ReadWriteOncePod", "ReadWriteOnce"}),
		field("spec.persistentVolumeReclaimPolicy", "Keep", "Recycle"),
		{name: "two sources", apply: func(g *gen, o map[string]any) {
			setAt(o, map[string]any{"path": "/tmp/a"}, "spec", "hostPath")
			setAt(o, map[string]any{"server": "10.0.0.1", "path": "/x"}, "spec", "nfs")
		}},
		{name: "no source", apply: func(g *gen, o map[string]any) {
			for _, src := range []string{"hostPath", "nfs", "csi"} {
				delete(mapAt(o, "spec"), src)
			}
		}},
		field("spec.volumeMode", "Sometimes", "Block"),
		field("spec.storageClassName", "Bad_Name", ""),
		field("spec.nodeAffinity", map[string]any{"required": map[string]any{"nodeSelectorTerms": []any{}}},
			map[string]any{"required": map[string]any{"nodeSelectorTerms": []any{map[string]any{"matchExpressions": []any{map[string]any{"key": "zone", "operator": "Near"}}}}}}),
		field("spec.claimRef", map[string]any{"name": "c"}, map[string]any{"namespace": diffNamespace, "name": "Bad_Name"}),
	}
	k.updates = []mutation{field("spec.capacity", map[string]any{"storage": "20Gi"}), field("spec.persistentVolumeReclaimPolicy", "Retain"),
		field("spec.storageClassName", "other"), field("spec.accessModes", []any{"ReadWriteMany"})}
	return k
}
