package e2e

import (
	"fmt"
	"strings"
)

// Pods and pod templates of the built-in differential's generator.

// podSpec is a valid pod spec: one or two containers with ports, maybe
// resources, probes, env and a volume.
func (g *gen) podSpec(restartPolicy string) map[string]any {
	containers := []any{g.container("app")}
	if g.coin() {
		containers = append(containers, g.container("sidecar"))
	}
	spec := map[string]any{"containers": containers}
	if restartPolicy != "" {
		spec["restartPolicy"] = restartPolicy
	}
	if g.coin() {
		spec["volumes"] = []any{map[string]any{"name": "data", "emptyDir": map[string]any{}}}
		c := containers[0].(map[string]any)
		c["volumeMounts"] = []any{map[string]any{"name": "data", "mountPath": "/data"}}
	}
	if g.intn(4) == 0 {
		spec["terminationGracePeriodSeconds"] = int64(g.intn(60))
	}
	return spec
}

func (g *gen) container(name string) map[string]any {
	c := map[string]any{"name": name, "image": g.pick("nginx:1.27", "busybox", "registry.example.com/app@sha256:"+strings.Repeat("a", 64))}
	c["ports"] = []any{map[string]any{"name": "http", "containerPort": int64(1 + g.intn(65535)), "protocol": g.pick("TCP", "UDP", "SCTP")}}
	if g.coin() {
		c["resources"] = map[string]any{
			"requests": map[string]any{"cpu": g.pick("100m", "250m"), "memory": "64Mi"},
			"limits":   map[string]any{"cpu": g.pick("500m", "1"), "memory": "128Mi"},
		}
	}
	if g.coin() {
		c["readinessProbe"] = map[string]any{"httpGet": map[string]any{"path": "/healthz", "port": int64(8080)}, "periodSeconds": int64(1 + g.intn(30))}
	}
	if g.coin() {
		c["env"] = []any{map[string]any{"name": "MODE", "value": g.pick("a", "b")}}
	}
	return c
}

// template is a valid pod template labelled app: name.
func (g *gen) template(app, restartPolicy string) map[string]any {
	return map[string]any{
		"metadata": map[string]any{"labels": map[string]any{"app": app}},
		"spec":     g.podSpec(restartPolicy),
	}
}

// podMutations are mutations of the pod spec at path.
func podMutations(path ...string) []mutation {
	spec := func(o map[string]any) map[string]any { return mapAt(o, path...) }
	first := func(o map[string]any) map[string]any { return spec(o)["containers"].([]any)[0].(map[string]any) }
	port := func(o map[string]any) map[string]any { return first(o)["ports"].([]any)[0].(map[string]any) }
	return []mutation{
		{name: "container name invalid", apply: func(g *gen, o map[string]any) {
			first(o)["name"] = g.pick("Web_Server", "a.b", "", strings.Repeat("c", 64))
		}},
		{name: "containers share a name", apply: func(g *gen, o map[string]any) {
			s := spec(o)
			s["containers"] = append(s["containers"].([]any), deepCopyValue(first(o)))
		}},
		{name: "no containers", apply: func(g *gen, o map[string]any) { spec(o)["containers"] = []any{} }},
		{name: "image missing", apply: func(g *gen, o map[string]any) { delete(first(o), "image") }},
		{name: "image changed", apply: func(g *gen, o map[string]any) { first(o)["image"] = g.pick("nginx:1.28", "busybox:latest") }},
		{name: "containerPort out of range", apply: func(g *gen, o map[string]any) { port(o)["containerPort"] = int64(g.pick2(0, -1, 65536, 70000)) }},
		{name: "hostPort out of range", apply: func(g *gen, o map[string]any) { port(o)["hostPort"] = int64(g.pick2(-1, 65536, 80)) }},
		{name: "port name invalid", apply: func(g *gen, o map[string]any) {
			port(o)["name"] = g.pick("a-very-long-port-name", "HTTP", "9090", "a--b", "")
		}},
		{name: "protocol unsupported", apply: func(g *gen, o map[string]any) { port(o)["protocol"] = g.pick("tcp", "HTTP", "") }},
		{name: "requests above limits", apply: func(g *gen, o map[string]any) {
			first(o)["resources"] = map[string]any{"requests": map[string]any{"cpu": "2"}, "limits": map[string]any{"cpu": g.pick("1", "2", "500m")}}
		}},
		{name: "resource quantity negative", apply: func(g *gen, o map[string]any) {
			first(o)["resources"] = map[string]any{"requests": map[string]any{g.pick("cpu", "memory", "example.com/gpu"): g.pick("-1", "-100m")}}
		}},
		{name: "resource name invalid", apply: func(g *gen, o map[string]any) {
			first(o)["resources"] = map[string]any{"limits": map[string]any{g.pick("gpu", "bad name", "example.com/gpu"): "1"}}
		}},
		{name: "probe without a handler", apply: func(g *gen, o map[string]any) { first(o)["livenessProbe"] = map[string]any{"periodSeconds": int64(5)} }},
		{name: "probe with two handlers", apply: func(g *gen, o map[string]any) {
			first(o)["livenessProbe"] = map[string]any{"exec": map[string]any{"command": []any{"true"}}, "tcpSocket": map[string]any{"port": int64(80)}}
		}},
		{name: "probe numbers invalid", apply: func(g *gen, o map[string]any) {
			first(o)["readinessProbe"] = map[string]any{"tcpSocket": map[string]any{"port": int64(80)}, g.pick("periodSeconds", "timeoutSeconds", "failureThreshold", "initialDelaySeconds"): int64(g.pick2(-1, 0))}
		}},
		{name: "probe port invalid", apply: func(g *gen, o map[string]any) {
			first(o)["readinessProbe"] = map[string]any{"httpGet": map[string]any{"port": g.pickAny(int64(0), int64(70000), "no_such", "")}}
		}},
		{name: "env name invalid", apply: func(g *gen, o map[string]any) {
			first(o)["env"] = []any{map[string]any{"name": g.pick("A=B", "", "1ABC", "a b"), "value": "x"}}
		}},
		{name: "env value and valueFrom", apply: func(g *gen, o map[string]any) {
			first(o)["env"] = []any{map[string]any{"name": "A", "value": "x", "valueFrom": map[string]any{"fieldRef": map[string]any{"fieldPath": g.pick("metadata.name", "spec.nope")}}}}
		}},
		{name: "volumeMount of no volume", apply: func(g *gen, o map[string]any) {
			first(o)["volumeMounts"] = []any{map[string]any{"name": g.pick("missing", "data"), "mountPath": g.pick("/m", "", "relative")}}
		}},
		{name: "volumes share a name", apply: func(g *gen, o map[string]any) {
			v := map[string]any{"name": "v", "emptyDir": map[string]any{}}
			spec(o)["volumes"] = []any{v, deepCopyValue(v)}
		}},
		{name: "volume without a source", apply: func(g *gen, o map[string]any) {
			spec(o)["volumes"] = []any{map[string]any{"name": g.pick("v", "Bad_Vol")}}
		}},
		{name: "volume with two sources", apply: func(g *gen, o map[string]any) {
			spec(o)["volumes"] = []any{map[string]any{"name": "v", "emptyDir": map[string]any{}, "configMap": map[string]any{"name": "c"}}}
		}},
		{name: "restartPolicy unsupported", apply: func(g *gen, o map[string]any) {
			spec(o)["restartPolicy"] = g.pick("Sometimes", "always", "Never", "OnFailure", "Always")
		}},
		{name: "dnsPolicy unsupported", apply: func(g *gen, o map[string]any) { spec(o)["dnsPolicy"] = g.pick("Nope", "None", "Default") }},
		{name: "imagePullPolicy unsupported", apply: func(g *gen, o map[string]any) { first(o)["imagePullPolicy"] = g.pick("Sometimes", "Always", "") }},
		{name: "terminationGracePeriodSeconds negative", apply: func(g *gen, o map[string]any) { spec(o)["terminationGracePeriodSeconds"] = int64(g.pick2(-1, -30, 0)) }},
		{name: "runAsUser negative", apply: func(g *gen, o map[string]any) {
			setAt(spec(o), int64(g.pick2(-1, 0, 1000)), "securityContext", g.pick("runAsUser", "runAsGroup", "fsGroup"))
		}},
		{name: "nodeSelector key invalid", apply: func(g *gen, o map[string]any) {
			spec(o)["nodeSelector"] = map[string]any{g.pick("bad key", "disk"): g.pick("ssd", "-x")}
		}},
		{name: "toleration invalid", apply: func(g *gen, o map[string]any) {
			spec(o)["tolerations"] = []any{map[string]any{"key": g.pick("k", "bad key", ""), "operator": g.pick("Equal", "Exists", "Maybe"), "value": g.pick("v", ""), "effect": g.pick("NoSchedule", "Never", "")}}
		}},
		{name: "imagePullSecret without a name", apply: func(g *gen, o map[string]any) {
			spec(o)["imagePullSecrets"] = []any{map[string]any{"name": g.pick("", "regcred")}}
		}},
		{name: "hostname invalid", apply: func(g *gen, o map[string]any) { spec(o)["hostname"] = g.pick("Bad_Host", "a.b", "ok") }},
		{name: "serviceAccountName invalid", apply: func(g *gen, o map[string]any) { spec(o)["serviceAccountName"] = g.pick("Bad_SA", "a:b") }},
	}
}

func (g *gen) pick2(values ...int) int   { return values[g.intn(len(values))] }
func (g *gen) pickAny(values ...any) any { return values[g.intn(len(values))] }

// selectorMutations are mutations of a selector at path matching the
// template's labels.
func selectorMutations(path ...string) []mutation {
	return []mutation{
		{name: "selector misses the labels", apply: func(g *gen, o map[string]any) {
			setAt(o, map[string]any{"app": g.pick("other", "web2")}, append(path, "matchLabels")...)
		}},
		{name: "selector empty", apply: func(g *gen, o map[string]any) { setAt(o, map[string]any{}, path...) }},
		{name: "selector expression invalid", apply: func(g *gen, o map[string]any) {
			setAt(o, []any{map[string]any{"key": "app", "operator": g.pick("In", "Exists", "Near"), "values": []any{}}}, append(path, "matchExpressions")...)
		}},
	}
}

// workload is a kind with a selector and a pod template.
func workload(group, version, kind, resource string, spec func(g *gen, app string) map[string]any, own ...mutation) *diffKind {
	k := &diffKind{resource: resource, namespaced: true}
	k.gvk.Group, k.gvk.Version, k.gvk.Kind = group, version, kind
	k.valid = func(g *gen) map[string]any {
		app := fmt.Sprintf("app%d", g.intn(100))
		return map[string]any{"spec": spec(g, app)}
	}
	k.mutations = append(podMutations("spec", "template", "spec"), own...)
	return k
}

// replicatedSpec is the spec of a workload with replicas.
func replicatedSpec(g *gen, app, restartPolicy string) map[string]any {
	return map[string]any{
		"replicas": int64(g.intn(5)),
		"selector": map[string]any{"matchLabels": map[string]any{"app": app}},
		"template": g.template(app, restartPolicy),
	}
}
