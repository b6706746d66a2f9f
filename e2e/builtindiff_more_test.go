package e2e

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/base64"
	"encoding/pem"
	"sync"
)

// Kinds that controllers and node agents write more than manifests do, in
// the built-in differential's generator: Node, Endpoints, the two Events,
// PodTemplate, ControllerRevision, ReplicationController,
// CertificateSigningRequest, CSINode, VolumeAttachment,
// CSIStorageCapacity, DeviceClass and ResourceSlice. Nothing runs on
// them in the test cluster (no kubelet, no controllers).

func nodeKind() *diffKind {
	k := newKind("", "v1", "Node", "nodes", false, func(g *gen) map[string]any {
		s := map[string]any{}
		if g.coin() {
			s["podCIDR"], s["podCIDRs"] = "10.244.1.0/24", []any{"10.244.1.0/24"}
		}
		if g.coin() {
			s["taints"] = []any{map[string]any{"key": "dedicated", "value": "gpu", "effect": g.pick("NoSchedule", "NoExecute")}}
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		field("spec.podCIDR", "not-a-cidr", "10.244.1.0/33"),
		field("spec.podCIDRs", []any{"10.244.1.0/24", "10.244.2.0/24"}, []any{"bad"}),
		field("spec.taints", []any{map[string]any{"key": "bad key", "effect": "NoSchedule"}}, []any{map[string]any{"key": "k", "effect": "Sometimes"}},
			[]any{map[string]any{"key": "k", "effect": "NoSchedule"}, map[string]any{"key": "k", "effect": "NoSchedule"}}),
		field("spec.providerID", "aws:///zone/i-1"),
		field("spec.configSource", map[string]any{}),
	}
	k.updates = []mutation{field("spec.podCIDR", "10.244.9.0/24"), field("spec.unschedulable", true), field("spec.providerID", "other")}
	return k
}

func endpointsKind() *diffKind {
	k := newKind("", "v1", "Endpoints", "endpoints", true, func(g *gen) map[string]any {
		return map[string]any{"subsets": []any{map[string]any{
			"addresses": []any{map[string]any{"ip": g.pick("10.0.0.1", "192.0.2.4")}},
			"ports":     []any{map[string]any{"name": "http", "port": int64(1 + g.intn(65535)), "protocol": "TCP"}},
		}}}
	})
	subset := func(o map[string]any) map[string]any { return o["subsets"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "address invalid", apply: func(g *gen, o map[string]any) {
			subset(o)["addresses"] = []any{map[string]any{"ip": g.pick("not-an-ip", "127.0.0.1", "169.254.169.254", "0.0.0.0")}}
		}},
		{name: "port invalid", apply: func(g *gen, o map[string]any) {
			subset(o)["ports"] = []any{map[string]any{"name": g.pick("Bad_Name", "http"), "port": int64(g.pick2(0, 70000, 80)), "protocol": g.pick("TCP", "HTTP")}}
		}},
		{name: "hostname invalid", apply: func(g *gen, o map[string]any) {
			subset(o)["addresses"] = []any{map[string]any{"ip": "10.0.0.1", "hostname": g.pick("Bad_Host", "a.b", "ok")}}
		}},
	}
	k.updates = []mutation{{name: "address changed", apply: func(g *gen, o map[string]any) {
		subset(o)["addresses"] = []any{map[string]any{"ip": "10.0.0.7"}}
	}}}
	return k
}

func coreEventKind() *diffKind {
	k := newKind("", "v1", "Event", "events", true, func(g *gen) map[string]any {
		return map[string]any{
			"involvedObject": map[string]any{"kind": "Pod", "name": "web", "namespace": diffNamespace},
			"reason":         g.pick("Started", "BackOff"), "message": "m", "type": g.pick("Normal", "Warning"),
			"source": map[string]any{"component": "kval"}, "count": int64(1 + g.intn(5)),
		}
	})
	k.mutations = []mutation{
		field("type", "Sometimes", "normal"),
		field("involvedObject", map[string]any{"kind": "Pod", "name": "web", "namespace": "other"}, map[string]any{}),
		field("reason", "", "a reason"),
		field("reportingComponent", "Bad Component", "example.com/kval"),
		field("action", "Bad Action With Spaces That Is Long", "Scheduling"),
	}
	k.updates = []mutation{field("count", int64(9)), field("message", "changed")}
	return k
}

func eventsEventKind() *diffKind {
	k := newKind("events.k8s.io", "v1", "Event", "events", true, func(g *gen) map[string]any {
		return map[string]any{
			"eventTime": "2026-12-06T12:00:00.000000Z", "reportingController": "example.com/kval", "reportingInstance": "kval-1",
			"action": "Started", "reason": g.pick("Started", "BackOff"), "type": g.pick("Normal", "Warning"),
			"regarding": map[string]any{"kind": "Pod", "name": "web", "namespace": diffNamespace},
		}
	})
	k.mutations = []mutation{
		field("type", "Sometimes", "normal"),
		without("eventTime"),
		field("reportingController", "", "Bad Controller"),
		field("reportingInstance", ""),
		field("action", ""),
		field("note", "n"),
		field("series", map[string]any{"count": int64(1), "lastObservedTime": "2026-12-06T12:00:00.000000Z"}),
	}
	k.updates = []mutation{field("note", "changed"), field("reason", "Changed")}
	return k
}

func podTemplateKind() *diffKind {
	k := newKind("", "v1", "PodTemplate", "podtemplates", true, func(g *gen) map[string]any {
		return map[string]any{"template": map[string]any{
			"metadata": map[string]any{"labels": map[string]any{"app": "web"}},
			"spec":     map[string]any{"containers": []any{map[string]any{"name": "app", "image": g.pick("nginx:1.27", "busybox")}}},
		}}
	})
	container := func(o map[string]any) map[string]any {
		return mapAt(o, "template", "spec")["containers"].([]any)[0].(map[string]any)
	}
	k.mutations = []mutation{
		{name: "container name invalid", apply: func(g *gen, o map[string]any) { container(o)["name"] = g.pick("Web_Server", "") }},
		{name: "image missing", apply: func(g *gen, o map[string]any) { delete(container(o), "image") }},
		field("template.spec.restartPolicy", "Sometimes", "Never"),
		field("template.metadata.labels", map[string]any{"bad key": "x"}),
	}
	k.updates = []mutation{{name: "image changed", apply: func(g *gen, o map[string]any) { container(o)["image"] = "changed" }}}
	return k
}

func controllerRevisionKind() *diffKind {
	k := newKind("apps", "v1", "ControllerRevision", "controllerrevisions", true, func(g *gen) map[string]any {
		return map[string]any{"revision": int64(1 + g.intn(9)), "data": map[string]any{"spec": map[string]any{"replicas": int64(1)}}}
	})
	k.mutations = []mutation{field("revision", int64(-1), int64(0))}
	k.updates = []mutation{field("revision", int64(20)), field("data", map[string]any{"spec": map[string]any{"replicas": int64(2)}})}
	return k
}

func csiNodeKind() *diffKind {
	k := newKind("storage.k8s.io", "v1", "CSINode", "csinodes", false, func(g *gen) map[string]any {
		return map[string]any{"spec": map[string]any{"drivers": []any{map[string]any{"name": "csi.example.com", "nodeID": "node-1",
			"topologyKeys": []any{"topology.example.com/zone"}, "allocatable": map[string]any{"count": int64(1 + g.intn(20))}}}}}
	})
	driver := func(o map[string]any) map[string]any { return mapAt(o, "spec")["drivers"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		{name: "driver name invalid", apply: func(g *gen, o map[string]any) { driver(o)["name"] = g.pick("", "Bad Driver", "a/b") }},
		{name: "nodeID missing", apply: func(g *gen, o map[string]any) { driver(o)["nodeID"] = "" }},
		{name: "topology key invalid", apply: func(g *gen, o map[string]any) { driver(o)["topologyKeys"] = []any{g.pick("bad key", "", "a/b/c")} }},
		{name: "allocatable negative", apply: func(g *gen, o map[string]any) { driver(o)["allocatable"] = map[string]any{"count": int64(-1)} }},
		{name: "drivers share a name", apply: func(g *gen, o map[string]any) {
			setAt(o, append(mapAt(o, "spec")["drivers"].([]any), deepCopyValue(driver(o))), "spec", "drivers")
		}},
	}
	k.updates = []mutation{{name: "nodeID changed", apply: func(g *gen, o map[string]any) { driver(o)["nodeID"] = "node-9" }},
		{name: "allocatable changed", apply: func(g *gen, o map[string]any) { driver(o)["allocatable"] = map[string]any{"count": int64(99)} }}}
	return k
}

func volumeAttachmentKind() *diffKind {
	k := newKind("storage.k8s.io", "v1", "VolumeAttachment", "volumeattachments", false, func(g *gen) map[string]any {
		return map[string]any{"spec": map[string]any{"attacher": "csi.example.com", "nodeName": g.pick("node-1", "node-2"),
			"source": map[string]any{"persistentVolumeName": "pv-1"}}}
	})
	k.mutations = []mutation{
		field("spec.attacher", "", "Bad Attacher"),
		field("spec.nodeName", "", "Bad_Node"),
		field("spec.source", map[string]any{}, map[string]any{"persistentVolumeName": ""}, map[string]any{"persistentVolumeName": "pv", "inlineVolumeSpec": map[string]any{}}),
	}
	k.updates = []mutation{field("spec.nodeName", "node-9"), field("spec.source", map[string]any{"persistentVolumeName": "pv-2"})}
	return k
}

func csiStorageCapacityKind() *diffKind {
	k := newKind("storage.k8s.io", "v1", "CSIStorageCapacity", "csistoragecapacities", true, func(g *gen) map[string]any {
		c := map[string]any{"storageClassName": g.pick("standard", "fast"), "capacity": g.pick("10Gi", "1Ti")}
		if g.coin() {
			c["nodeTopology"] = map[string]any{"matchLabels": map[string]any{"topology.example.com/zone": "a"}}
		}
		return c
	})
	k.mutations = []mutation{
		field("storageClassName", "", "Bad_Name"),
		field("capacity", "-1Gi", "abc"),
		field("maximumVolumeSize", "-1", "5Gi"),
		field("nodeTopology", map[string]any{"matchLabels": map[string]any{"bad key": "x"}}),
	}
	k.updates = []mutation{field("capacity", "20Gi"), field("storageClassName", "other"), field("nodeTopology", map[string]any{"matchLabels": map[string]any{"zone": "b"}})}
	return k
}

func deviceClassKind() *diffKind {
	k := newKind("resource.k8s.io", "v1", "DeviceClass", "deviceclasses", false, func(g *gen) map[string]any {
		return map[string]any{"spec": map[string]any{"selectors": []any{map[string]any{"cel": map[string]any{"expression": g.pick("device.driver == 'example.com'", "true")}}}}}
	})
	k.mutations = []mutation{
		field("spec.selectors", []any{map[string]any{"cel": map[string]any{"expression": "device.driver =="}}}, []any{map[string]any{"cel": map[string]any{"expression": "1"}}},
			[]any{map[string]any{}}, []any{map[string]any{"cel": map[string]any{"expression": "device.nosuch == 1"}}}),
		field("spec.config", []any{map[string]any{"opaque": map[string]any{"driver": "Bad Driver", "parameters": map[string]any{}}}},
			[]any{map[string]any{"opaque": map[string]any{"driver": "example.com", "parameters": map[string]any{"a": int64(1)}}}}),
		field("spec.extendedResourceName", "example.com/gpu", "bad name"),
	}
	k.updates = []mutation{field("spec.selectors", []any{map[string]any{"cel": map[string]any{"expression": "false"}}})}
	return k
}

func resourceSliceKind() *diffKind {
	k := newKind("resource.k8s.io", "v1", "ResourceSlice", "resourceslices", false, func(g *gen) map[string]any {
		return map[string]any{"spec": map[string]any{
			"driver": "gpu.example.com", "nodeName": g.pick("node-1", "node-2"),
			"pool":    map[string]any{"name": "pool-1", "generation": int64(1), "resourceSliceCount": int64(1)},
			"devices": []any{map[string]any{"name": "gpu-0", "attributes": map[string]any{"model": map[string]any{"string": "a100"}}}},
		}}
	})
	device := func(o map[string]any) map[string]any { return mapAt(o, "spec")["devices"].([]any)[0].(map[string]any) }
	k.mutations = []mutation{
		field("spec.driver", "", "Bad Driver"),
		field("spec.pool", map[string]any{"name": "", "generation": int64(1), "resourceSliceCount": int64(1)},
			map[string]any{"name": "p", "generation": int64(-1), "resourceSliceCount": int64(0)}),
		{name: "node selection", apply: func(g *gen, o map[string]any) {
			spec := mapAt(o, "spec")
			delete(spec, "nodeName")
			if g.coin() {
				spec["allNodes"], spec["nodeName"] = true, "node-1"
			}
		}},
		{name: "device name invalid", apply: func(g *gen, o map[string]any) { device(o)["name"] = g.pick("", "Bad_Name", "a.b") }},
		{name: "devices share a name", apply: func(g *gen, o map[string]any) {
			setAt(o, append(mapAt(o, "spec")["devices"].([]any), deepCopyValue(device(o))), "spec", "devices")
		}},
		{name: "attribute invalid", apply: func(g *gen, o map[string]any) {
			device(o)["attributes"] = g.pickAny(map[string]any{"model": map[string]any{}}, map[string]any{"bad name!": map[string]any{"int": int64(1)}},
				map[string]any{"model": map[string]any{"int": int64(1), "string": "x"}})
		}},
	}
	k.updates = []mutation{field("spec.nodeName", "node-9"), field("spec.driver", "other.example.com"),
		{name: "device added", apply: func(g *gen, o map[string]any) {
			setAt(o, append(mapAt(o, "spec")["devices"].([]any), map[string]any{"name": "gpu-1"}), "spec", "devices")
		}}}
	return k
}

func replicationControllerKind() *diffKind {
	k := workload("", "v1", "ReplicationController", "replicationcontrollers", func(g *gen, app string) map[string]any {
		s := replicatedSpec(g, app, "")
		s["selector"] = map[string]any{"app": app}
		return s
	}, field("spec.replicas", int64(-1), int64(2)), field("spec.minReadySeconds", int64(-3)),
		field("spec.selector", map[string]any{"app": "other"}, map[string]any{"bad key": "x"}, map[string]any{}))
	k.updates = []mutation{field("spec.replicas", int64(9)), field("spec.selector", map[string]any{"app": "other"})}
	return k
}

// csrPEM is a certificate request of a new ECDSA key, for
// CertificateSigningRequests: drawn once, as the generator must be
// deterministic for a seed.
var csrPEM = sync.OnceValue(func() string {
	key, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		panic(err)
	}
	der, err := x509.CreateCertificateRequest(rand.Reader, &x509.CertificateRequest{Subject: pkix.Name{CommonName: "kval-diff", Organization: []string{"kval"}}}, key)
	if err != nil {
		panic(err)
	}
	return string(pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE REQUEST", Bytes: der}))
})

func csrKind() *diffKind {
	k := newKind("certificates.k8s.io", "v1", "CertificateSigningRequest", "certificatesigningrequests", false, func(g *gen) map[string]any {
		s := map[string]any{"request": base64.StdEncoding.EncodeToString([]byte(csrPEM())), "signerName": g.pick("example.com/signer", "kubernetes.io/kube-apiserver-client"),
			"usages": []any{"client auth"}}
		if g.coin() {
			s["expirationSeconds"] = int64(3600)
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		field("spec.signerName", "", "Bad", "kubernetes.io/legacy-unknown", "kubernetes.io/kube-apiserver-client-kubelet", "kubernetes.io/kubelet-serving"),
		field("spec.usages", []any{"nope"}, []any{"client auth", "client auth"}, []any{"server auth"}, []any{}),
		field("spec.expirationSeconds", int64(100), int64(600)),
		field("spec.request", "aGVsbG8=", ""),
	}
	k.updates = []mutation{field("spec.usages", []any{"digital signature", "client auth"}), field("spec.signerName", "example.com/other")}
	return k
}
