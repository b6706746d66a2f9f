package e2e

import (
	"strings"
	"testing"
)

// TestAPIServicesAgreeWithKubeAPIServer is the differential of the
// aggregator's APIService (k8s.io/kube-aggregator's strategy), apart from
// TestBuiltinsAgreeWithKubeAPIServer so that the 53 kinds' cases, and the
// figures recorded from them, stay as they were. Creates only, as server
// dry runs: an APIService stored for real, even for a moment, makes the
// aggregator proxy its group to a service that does not exist, and the
// cluster's discovery fails for every test after it.
func TestAPIServicesAgreeWithKubeAPIServer(t *testing.T) {
	d := &differential{cat: builtinCatalog(t), client: diffClient(t)}
	g, k := newGen(uint64(envInt(t, "KVAL_BUILTIN_DIFF_SEED", 1))), apiServiceKind()
	cases := make([]diffCase, 200)
	for i := range cases {
		cases[i] = g.draw(k, false)
		nameAPIService(cases[i].obj)
	}
	report(t, cases, d.runAll(t.Context(), cases))
}

func apiServiceKind() *diffKind {
	k := newKind("apiregistration.k8s.io", "v1", "APIService", "apiservices", false, func(g *gen) map[string]any {
		s := map[string]any{"version": g.pick("v1", "v1beta1", "v2alpha1"),
			"groupPriorityMinimum": int64(1 + g.intn(19999)), "versionPriority": int64(1 + g.intn(999))}
		if g.intn(4) > 0 {
			s["service"] = map[string]any{"name": "metrics", "namespace": diffNamespace, "port": int64(1 + g.intn(65535))}
			if g.coin() {
				delete(mapAt(s, "service"), "port") // defaulted to 443
			}
			if g.coin() {
				s["insecureSkipTLSVerify"] = true
			} else {
				s["caBundle"] = "Zm9v"
			}
		}
		return map[string]any{"spec": s}
	})
	k.mutations = []mutation{
		field("spec.groupPriorityMinimum", int64(0), int64(20000), int64(-1)),
		field("spec.versionPriority", int64(0), int64(1000)),
		field("spec.version", "", "V1", "v1.0"),
		field("spec.service.port", int64(0), int64(65536)),
		field("spec.service.name", "", "Bad_Name"),
		field("spec.service.namespace", ""),
		{name: "caBundle beside insecureSkipTLSVerify", apply: func(g *gen, o map[string]any) {
			setAt(o, true, "spec", "insecureSkipTLSVerify")
			setAt(o, "Zm9v", "spec", "caBundle")
		}},
		{name: "group other than the name's", apply: func(g *gen, o map[string]any) {
			setAt(o, g.pick("other.example.com", "", "Bad_Group"), "spec", "group")
		}},
	}
	return k
}

// nameAPIService names an APIService as it must be named, its version and
// group, the group made from the name the generator gave it. A group a
// mutation set is kept, so that the name then names another group, and a
// name a mutation set is kept too.
func nameAPIService(obj map[string]any) {
	meta, spec := mapAt(obj, "metadata"), mapAt(obj, "spec")
	name, _ := meta["name"].(string)
	group := name + ".kval.dev"
	if _, mutated := spec["group"]; !mutated {
		spec["group"] = group
	}
	if strings.HasPrefix(name, "kval-diff-") {
		version, _ := spec["version"].(string)
		meta["name"] = version + "." + group
	}
}
