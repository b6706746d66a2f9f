package e2e

import (
	"encoding/base64"
	"fmt"
)

// The other kinds of the built-in differential's generator.

// diffKinds are the kinds of the differential, in the order cases cycle
// through them.
func diffKinds() []*diffKind {
	return []*diffKind{
		deploymentKind(), statefulSetKind(), daemonSetKind(), replicaSetKind(), jobKind(), cronJobKind(), podKind(),
		serviceKind(), ingressKind(), configMapKind(), secretKind(), pvcKind(), namespaceKind(), serviceAccountKind(),
		roleKind("Role", "roles", true), roleKind("ClusterRole", "clusterroles", false),
		bindingKind("RoleBinding", "rolebindings", true), bindingKind("ClusterRoleBinding", "clusterrolebindings", false),
		networkPolicyKind(), pdbKind(), hpaKind(),
		validatingPolicyKind(), validatingBindingKind(), mutatingPolicyKind(), mutatingBindingKind(),
		resourceClaimKind(), resourceClaimTemplateKind(),
		webhookConfigKind("ValidatingWebhookConfiguration", "validatingwebhookconfigurations", false),
		webhookConfigKind("MutatingWebhookConfiguration", "mutatingwebhookconfigurations", true),
		storageClassKind(), priorityClassKind(), ingressClassKind(), runtimeClassKind(), csiDriverKind(), volumeAttributesClassKind(),
		persistentVolumeKind(), endpointSliceKind(), leaseKind(), resourceQuotaKind(), limitRangeKind(),
		nodeKind(), endpointsKind(), coreEventKind(), eventsEventKind(), podTemplateKind(), controllerRevisionKind(),
		csiNodeKind(), volumeAttachmentKind(), csiStorageCapacityKind(), deviceClassKind(), resourceSliceKind(),
		replicationControllerKind(), csrKind(),
	}
}

func newKind(group, version, kind, resource string, namespaced bool, valid func(g *gen) map[string]any) *diffKind {
	k := &diffKind{resource: resource, namespaced: namespaced, valid: valid}
	k.gvk.Group, k.gvk.Version, k.gvk.Kind = group, version, kind
	return k
}

func servicePort(g *gen, name string) map[string]any {
	p := map[string]any{"port": int64(1 + g.intn(65535)), "protocol": g.pick("TCP", "UDP")}
	if name != "" {
		p["name"] = name
	}
	if g.coin() {
		p["targetPort"] = g.pickAny(int64(8080), "http")
	}
	return p
}

func serviceKind() *diffKind {
	k := newKind("", "v1", "Service", "services", true, func(g *gen) map[string]any {
		s := map[string]any{"selector": map[string]any{"app": "web"}, "ports": []any{servicePort(g, g.pick("", "http"))}}
		switch g.intn(4) {
		case 0:
			s["type"] = "NodePort"
		case 1:
			s["clusterIP"] = "None"
		}
		return map[string]any{"spec": s}
	})
	port := func(o map[string]any) map[string]any { return mapAt(o, "spec")["ports"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "port out of range", apply: func(g *gen, o map[string]any) { port(o)["port"] = int64(g.pick2(0, -1, 65536)) }},
		{name: "targetPort invalid", apply: func(g *gen, o map[string]any) {
			port(o)["targetPort"] = g.pickAny(int64(0), int64(70000), "Bad_Name", "a-very-long-port-name")
		}},
		{name: "nodePort on ClusterIP", apply: func(g *gen, o map[string]any) { port(o)["nodePort"] = int64(g.pick2(30080, 80, 70000)) }},
		{name: "two ports without names", apply: func(g *gen, o map[string]any) {
			p := servicePort(g, "")
			p["port"] = int64(g.pick2(1, 2, 3))
			delete(port(o), "name")
			setAt(o, append(mapAt(o, "spec")["ports"].([]any), p), "spec", "ports")
		}},
		{name: "ports share a name", apply: func(g *gen, o map[string]any) {
			port(o)["name"] = "p"
			setAt(o, append(mapAt(o, "spec")["ports"].([]any), servicePort(g, "p")), "spec", "ports")
		}},
		{name: "port name invalid", apply: func(g *gen, o map[string]any) { port(o)["name"] = g.pick("Bad_Name", "UPPER", "a.b") }},
		{name: "no ports", apply: func(g *gen, o map[string]any) { mapAt(o, "spec")["ports"] = []any{} }},
		{name: "port protocol unsupported", apply: func(g *gen, o map[string]any) { port(o)["protocol"] = g.pick("HTTP", "tcp") }},
		field("spec.type", "Sometimes", "ExternalName", "LoadBalancer", "NodePort"),
		field("spec.externalName", "Bad_Name", "example.com"),
		field("spec.sessionAffinity", "Sometimes", "ClientIP"),
		field("spec.externalTrafficPolicy", "Local", "Cluster", "Nope"),
		field("spec.internalTrafficPolicy", "Sometimes", "Local"),
		field("spec.ipFamilyPolicy", "Sometimes", "RequireDualStack", "SingleStack"),
		field("spec.ipFamilies", []any{"IPv6"}, []any{"IPv4", "IPv4"}, []any{"IPX"}),
		field("spec.selector", map[string]any{"bad key": "x"}, map[string]any{"app": "-x"}),
		field("spec.externalIPs", []any{"not-an-ip"}, []any{"192.0.2.1"}),
		field("spec.loadBalancerSourceRanges", []any{"10.0.0.0/33"}),
	}
	k.updates = []mutation{
		field("spec.clusterIP", "None", "10.0.0.200"),
		field("spec.type", "NodePort", "ExternalName"),
		field("spec.selector", map[string]any{"app": "other"}),
		{name: "port changed", apply: func(g *gen, o map[string]any) { port(o)["port"] = int64(1 + g.intn(65535)) }},
	}
	return k
}

func ingressBackend(g *gen) map[string]any {
	port := map[string]any{"number": int64(80)}
	if g.coin() {
		port = map[string]any{"name": "http"}
	}
	return map[string]any{"service": map[string]any{"name": "web", "port": port}}
}

func ingressKind() *diffKind {
	k := newKind("networking.k8s.io", "v1", "Ingress", "ingresses", true, func(g *gen) map[string]any {
		path := map[string]any{"path": g.pick("/", "/api", "/a/b"), "pathType": g.pick("Prefix", "Exact", "ImplementationSpecific"), "backend": ingressBackend(g)}
		rule := map[string]any{"http": map[string]any{"paths": []any{path}}}
		if g.coin() {
			rule["host"] = g.pick("example.com", "*.example.com", "a.b.c")
		}
		return map[string]any{"spec": map[string]any{"rules": []any{rule}}}
	})
	path := func(o map[string]any) map[string]any {
		rule := mapAt(o, "spec")["rules"].([]any)[0].(map[string]any)
		return rule["http"].(map[string]any)["paths"].([]any)[0].(map[string]any)
	}
	rule := func(o map[string]any) map[string]any { return mapAt(o, "spec")["rules"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "path without a leading slash", apply: func(g *gen, o map[string]any) { path(o)["path"] = g.pick("foo", "", "a/b") }},
		{name: "path with a regex", apply: func(g *gen, o map[string]any) { path(o)["path"] = g.pick("/(.*)", "/a//b", "/a/../b") }},
		{name: "pathType unsupported", apply: func(g *gen, o map[string]any) { path(o)["pathType"] = g.pick("Regex", "prefix", "") }},
		{name: "backend missing", apply: func(g *gen, o map[string]any) { delete(path(o), "backend") }},
		{name: "backend port name and number", apply: func(g *gen, o map[string]any) {
			path(o)["backend"] = map[string]any{"service": map[string]any{"name": "web", "port": map[string]any{"name": "http", "number": int64(80)}}}
		}},
		{name: "backend port out of range", apply: func(g *gen, o map[string]any) {
			path(o)["backend"] = map[string]any{"service": map[string]any{"name": g.pick("web", "Bad_Svc"), "port": map[string]any{"number": int64(g.pick2(0, 70000, 443))}}}
		}},
		{name: "backend service and resource", apply: func(g *gen, o map[string]any) {
			b := ingressBackend(g)
			b["resource"] = map[string]any{"apiGroup": "example.com", "kind": "Bucket", "name": "b"}
			path(o)["backend"] = b
		}},
		{name: "host invalid", apply: func(g *gen, o map[string]any) {
			rule(o)["host"] = g.pick("*.a.*", "Bad_Host", "1.2.3.4", "a*.b", "example.com:80")
		}},
		field("spec.ingressClassName", "Bad_Class", "nginx"),
		field("spec.tls", []any{map[string]any{"hosts": []any{"*.*.example.com"}, "secretName": "tls"}}, []any{map[string]any{"hosts": []any{"ok.example.com"}, "secretName": "Bad_Secret"}}),
		field("spec.rules", []any{}, []any{map[string]any{"host": "a.com"}}),
		field("spec.defaultBackend", map[string]any{}, map[string]any{"service": map[string]any{"name": "d", "port": map[string]any{"number": int64(80)}}}),
	}
	k.updates = []mutation{{name: "path changed", apply: func(g *gen, o map[string]any) { path(o)["path"] = "/changed" }}, field("spec.ingressClassName", "other")}
	return k
}

func configMapKind() *diffKind {
	k := newKind("", "v1", "ConfigMap", "configmaps", true, func(g *gen) map[string]any {
		obj := map[string]any{"data": map[string]any{g.pick("a", "config.yaml", "A_B", "-x.y"): g.pick("1", "x: y")}}
		if g.coin() {
			obj["binaryData"] = map[string]any{"bin": base64.StdEncoding.EncodeToString([]byte("bytes"))}
		}
		return obj
	})
	k.mutations = []mutation{
		field("data", map[string]any{"a/b": "x"}, map[string]any{".": "x"}, map[string]any{"..": "x"}, map[string]any{"a b": "x"}, map[string]any{"": "x"}),
		field("data.num", int64(1), true),
		field("binaryData", map[string]any{"a": "!!!"}, map[string]any{"a/b": "eA=="}),
		{name: "key in data and binaryData", apply: func(g *gen, o map[string]any) {
			setAt(o, "x", "data", "k")
			setAt(o, "eA==", "binaryData", "k")
		}},
		field("immutable", true, false),
	}
	k.updates = []mutation{
		field("data.added", "v"),
		immutableChanged("data"),
	}
	return k
}

func secretKind() *diffKind {
	k := newKind("", "v1", "Secret", "secrets", true, func(g *gen) map[string]any {
		b64 := func(s string) string { return base64.StdEncoding.EncodeToString([]byte(s)) }
		switch g.intn(3) {
		case 0:
			return map[string]any{"type": "kubernetes.io/tls", "data": map[string]any{"tls.crt": b64("crt"), "tls.key": b64("key")}}
		case 1:
			return map[string]any{"type": "kubernetes.io/basic-auth", "stringData": map[string]any{"username": "u", "password": "p"}}
		}
		return map[string]any{"stringData": map[string]any{g.pick("token", "a.b", "A_1"): "secret"}}
	})
	k.mutations = []mutation{
		field("type", "kubernetes.io/tls", "kubernetes.io/dockerconfigjson", "kubernetes.io/basic-auth", "kubernetes.io/ssh-auth", "example.com/custom", ""),
		field("data", map[string]any{"a": "!!!"}, map[string]any{"a/b": "eA=="}, map[string]any{"tls.crt": "eA=="}),
		field("stringData", map[string]any{"a/b": "x"}, map[string]any{".dockerconfigjson": "{not json"}, map[string]any{"ssh-privatekey": "k"}),
		field("immutable", true),
	}
	k.updates = []mutation{field("stringData.added", "v"), field("type", "example.com/other", "Opaque"), immutableChanged("stringData")}
	return k
}

func pvcKind() *diffKind {
	k := newKind("", "v1", "PersistentVolumeClaim", "persistentvolumeclaims", true, func(g *gen) map[string]any {
		s := claimTemplate("", g.pick("1Gi", "500Mi", "10Gi"))["spec"].(map[string]any)
		if g.coin() {
			s["volumeMode"] = g.pick("Filesystem", "Block")
		}
		if g.coin() {
			s["storageClassName"] = g.pick("standard", "fast")
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		without("spec.resources"),
		without("spec.accessModes"),
		field("spec.accessModes", []any{"ReadWriteSometimes"}, []any{}, []any{"ReadWriteOncePod", "ReadWriteOnce"}),
		field("spec.volumeMode", "Sometimes", "block"),
		field("spec.resources.requests.storage", "-1Gi", "0", "1Gi"),
		field("spec.resources.limits.storage", "100Mi"),
		field("spec.selector", map[string]any{"matchLabels": map[string]any{"bad key": "x"}}),
		field("spec.storageClassName", "Bad_Class", ""),
		field("spec.dataSource", map[string]any{"kind": "VolumeSnapshot", "name": "s"}, map[string]any{"apiGroup": "snapshot.storage.k8s.io", "kind": "VolumeSnapshot", "name": ""}),
		field("spec.volumeAttributesClassName", "", "Bad_Class"),
	}
	k.updates = []mutation{
		field("spec.accessModes", []any{"ReadWriteMany"}),
		field("spec.resources.requests.storage", "1Mi"),
		field("spec.storageClassName", "changed"),
		field("spec.volumeMode", "Block"),
	}
	return k
}

func namespaceKind() *diffKind {
	k := newKind("", "v1", "Namespace", "namespaces", false, func(g *gen) map[string]any { return map[string]any{} })
	k.mutations = []mutation{field("spec.finalizers", []any{"bad finalizer"}, []any{"kubernetes"}, []any{"example.com/x"})}
	k.updates = []mutation{field("spec.finalizers", []any{"example.com/y"})}
	return k
}

func serviceAccountKind() *diffKind {
	k := newKind("", "v1", "ServiceAccount", "serviceaccounts", true, func(g *gen) map[string]any {
		obj := map[string]any{}
		if g.coin() {
			obj["automountServiceAccountToken"] = g.coin()
		}
		return obj
	})
	k.mutations = []mutation{
		field("imagePullSecrets", []any{map[string]any{"name": ""}}, []any{map[string]any{"name": "Bad_Secret"}}, []any{map[string]any{"name": "ok"}}),
		field("secrets", []any{map[string]any{"name": "s"}}, []any{map[string]any{"name": "s", "namespace": "other"}}),
	}
	k.updates = []mutation{field("automountServiceAccountToken", false)}
	return k
}

func roleKind(kind, resource string, namespaced bool) *diffKind {
	k := newKind("rbac.authorization.k8s.io", "v1", kind, resource, namespaced, func(g *gen) map[string]any {
		return map[string]any{"rules": []any{map[string]any{"apiGroups": []any{g.pick("", "apps")}, "resources": []any{g.pick("pods", "deployments", "*")}, "verbs": []any{g.pick("get", "*", "list")}}}}
	})
	rule := func(o map[string]any) map[string]any { return o["rules"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "name with a colon", apply: func(g *gen, o map[string]any) {
			setAt(o, g.pick("system:a", "a:b:c", "a/b", "a%b", ".", ".."), "metadata", "name")
		}},
		{name: "rule without verbs", apply: func(g *gen, o map[string]any) { delete(rule(o), "verbs") }},
		{name: "rule without resources", apply: func(g *gen, o map[string]any) { delete(rule(o), g.pick("resources", "apiGroups")) }},
		{name: "rule with nonResourceURLs", apply: func(g *gen, o map[string]any) {
			rule(o)["nonResourceURLs"] = []any{g.pick("/healthz", "healthz", "/a/*")}
		}},
		{name: "nonResourceURLs alone", apply: func(g *gen, o map[string]any) {
			o["rules"] = []any{map[string]any{"nonResourceURLs": []any{"/metrics"}, "verbs": []any{"get"}}}
		}},
		field("rules", []any{}, []any{map[string]any{}}),
	}
	if !namespaced {
		k.mutations = append(k.mutations, field("aggregationRule", map[string]any{"clusterRoleSelectors": []any{map[string]any{"matchLabels": map[string]any{"bad key": "x"}}}}, map[string]any{}))
	}
	k.updates = []mutation{field("rules", []any{map[string]any{"apiGroups": []any{""}, "resources": []any{"secrets"}, "verbs": []any{"get"}}})}
	return k
}

func bindingKind(kind, resource string, namespaced bool) *diffKind {
	k := newKind("rbac.authorization.k8s.io", "v1", kind, resource, namespaced, func(g *gen) map[string]any {
		roleKind := "ClusterRole"
		if namespaced && g.coin() {
			roleKind = "Role"
		}
		subject := map[string]any{"kind": "ServiceAccount", "name": "sa", "namespace": diffNamespace}
		if g.coin() {
			subject = map[string]any{"kind": g.pick("User", "Group"), "name": g.pick("jane", "system:masters"), "apiGroup": "rbac.authorization.k8s.io"}
		}
		return map[string]any{
			"roleRef":  map[string]any{"apiGroup": "rbac.authorization.k8s.io", "kind": roleKind, "name": g.pick("view", "a:b", "edit")},
			"subjects": []any{subject},
		}
	})
	subject := func(o map[string]any) map[string]any { return o["subjects"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "name with a colon", apply: func(g *gen, o map[string]any) { setAt(o, g.pick("system:a", "a/b", ".."), "metadata", "name") }},
		field("roleRef.kind", "Deployment", "role", ""),
		field("roleRef.apiGroup", "", "rbac", "rbac.authorization.k8s.io"),
		field("roleRef.name", "", "a/b", "a:b"),
		{name: "subject kind unsupported", apply: func(g *gen, o map[string]any) { subject(o)["kind"] = g.pick("Robot", "user", "") }},
		{name: "subject without a name", apply: func(g *gen, o map[string]any) { subject(o)["name"] = "" }},
		{name: "subject without a namespace", apply: func(g *gen, o map[string]any) {
			o["subjects"] = []any{map[string]any{"kind": "ServiceAccount", "name": g.pick("sa", "Bad:SA")}}
		}},
		{name: "subject apiGroup wrong", apply: func(g *gen, o map[string]any) {
			subject(o)["apiGroup"] = g.pick("example.com", "rbac.authorization.k8s.io", "")
		}},
		without("roleRef"),
	}
	k.updates = []mutation{
		field("roleRef.name", "changed"),
		field("subjects", []any{map[string]any{"kind": "User", "name": fmt.Sprint("user"), "apiGroup": "rbac.authorization.k8s.io"}}),
	}
	return k
}

// immutableChanged makes the old object immutable and adds a key to the
// new one's map at key.
func immutableChanged(key string) mutation {
	return mutation{name: "immutable and changed", apply: func(g *gen, o map[string]any) { setAt(o, "changed", key, "added") },
		before: func(o map[string]any) { o["immutable"] = true }}
}
