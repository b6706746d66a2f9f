package e2e

import (
	"slices"
	"strings"
)

// The workload kinds of the built-in differential's generator.

func field(name string, values ...any) mutation {
	path := strings.Split(name, ".")
	return mutation{name: name + " " + setOrDrawn(values), apply: func(g *gen, o map[string]any) { setAt(o, g.pickAny(values...), path...) }}
}

func setOrDrawn(values []any) string {
	if len(values) == 1 {
		return "set"
	}
	return "drawn"
}

func without(name string) mutation {
	path := strings.Split(name, ".")
	return mutation{name: name + " missing", apply: func(g *gen, o map[string]any) { delete(mapAt(o, path[:len(path)-1]...), path[len(path)-1]) }}
}

func deploymentKind() *diffKind {
	k := workload("apps", "v1", "Deployment", "deployments", func(g *gen, app string) map[string]any {
		s := replicatedSpec(g, app, "")
		if g.coin() {
			s["strategy"] = map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxSurge": g.pickAny(int64(1), "25%"), "maxUnavailable": g.pickAny(int64(0), "25%")}}
		}
		return s
	},
		field("spec.replicas", int64(-1), int64(-5), int64(3)),
		field("spec.strategy.type", "Sometimes", "Recreate", "recreate"),
		field("spec.strategy.rollingUpdate", map[string]any{"maxSurge": int64(0), "maxUnavailable": int64(0)}, map[string]any{"maxSurge": "150%"}, map[string]any{"maxUnavailable": "110%"}, map[string]any{"maxUnavailable": int64(-1)}),
		field("spec.minReadySeconds", int64(-1), int64(30)),
		field("spec.revisionHistoryLimit", int64(-1), int64(0)),
		field("spec.progressDeadlineSeconds", int64(0), int64(-1), int64(600)),
		field("spec.template.spec.restartPolicy", "Never", "OnFailure"),
		field("spec.paused", true),
	)
	k.mutations = append(k.mutations, selectorMutations("spec", "selector")...)
	k.updates = []mutation{field("spec.replicas", int64(7)), field("spec.template.metadata.labels.version", "v2"), without("spec.strategy")}
	return k
}

func statefulSetKind() *diffKind {
	k := workload("apps", "v1", "StatefulSet", "statefulsets", func(g *gen, app string) map[string]any {
		s := replicatedSpec(g, app, "")
		s["serviceName"] = app
		if g.coin() {
			s["volumeClaimTemplates"] = []any{claimTemplate("data", "1Gi")}
		}
		return s
	},
		field("spec.replicas", int64(-1), int64(2)),
		field("spec.podManagementPolicy", "Random", "Parallel", "parallel"),
		field("spec.updateStrategy", map[string]any{"type": "Sometimes"}, map[string]any{"type": "OnDelete", "rollingUpdate": map[string]any{"partition": int64(1)}}, map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"partition": int64(-1)}}),
		field("spec.volumeClaimTemplates", []any{map[string]any{"metadata": map[string]any{"name": "d"}, "spec": map[string]any{"accessModes": []any{"ReadWriteOnce"}}}}, []any{claimTemplate("Bad_Name", "1Gi")}),
		field("spec.ordinals.start", int64(-1), int64(3)),
		field("spec.minReadySeconds", int64(-1)),
		field("spec.persistentVolumeClaimRetentionPolicy.whenDeleted", "Keep", "Maybe"),
		field("spec.template.spec.restartPolicy", "Never"),
	)
	k.mutations = append(k.mutations, selectorMutations("spec", "selector")...)
	k.updates = []mutation{
		field("spec.replicas", int64(4)),
		field("spec.serviceName", "renamed"),
		field("spec.volumeClaimTemplates", []any{claimTemplate("other", "2Gi")}),
		field("spec.podManagementPolicy", "Parallel"),
		field("spec.template.metadata.labels.version", "v2"),
	}
	return k
}

func claimTemplate(name, size string) map[string]any {
	return map[string]any{
		"metadata": map[string]any{"name": name},
		"spec":     map[string]any{"accessModes": []any{"ReadWriteOnce"}, "resources": map[string]any{"requests": map[string]any{"storage": size}}},
	}
}

func daemonSetKind() *diffKind {
	k := workload("apps", "v1", "DaemonSet", "daemonsets", func(g *gen, app string) map[string]any {
		s := replicatedSpec(g, app, "")
		delete(s, "replicas")
		return s
	},
		field("spec.updateStrategy", map[string]any{"type": "Sometimes"}, map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxUnavailable": int64(0), "maxSurge": int64(0)}}, map[string]any{"type": "RollingUpdate", "rollingUpdate": map[string]any{"maxUnavailable": "120%"}}),
		field("spec.minReadySeconds", int64(-1)),
		field("spec.revisionHistoryLimit", int64(-2)),
		field("spec.template.spec.restartPolicy", "OnFailure", "Always"),
	)
	k.mutations = append(k.mutations, selectorMutations("spec", "selector")...)
	k.updates = []mutation{field("spec.template.metadata.labels.version", "v2"), field("spec.minReadySeconds", int64(10))}
	return k
}

func replicaSetKind() *diffKind {
	k := workload("apps", "v1", "ReplicaSet", "replicasets", func(g *gen, app string) map[string]any {
		return replicatedSpec(g, app, "")
	}, field("spec.replicas", int64(-1), int64(2)), field("spec.minReadySeconds", int64(-3)))
	k.mutations = append(k.mutations, selectorMutations("spec", "selector")...)
	k.updates = []mutation{field("spec.replicas", int64(9)), field("spec.template.metadata.labels.version", "v2")}
	return k
}

func jobSpec(g *gen, app string) map[string]any {
	s := map[string]any{"template": g.template(app, g.pick("Never", "OnFailure"))}
	if g.coin() {
		s["backoffLimit"] = int64(g.intn(6))
	}
	if g.coin() {
		s["completions"], s["parallelism"] = int64(1+g.intn(3)), int64(1+g.intn(3))
	}
	return s
}

var jobMutations = []mutation{
	field("spec.parallelism", int64(-1), int64(0)),
	field("spec.completions", int64(-1), int64(0)),
	field("spec.backoffLimit", int64(-1), int64(2147483647)),
	field("spec.activeDeadlineSeconds", int64(0), int64(-5), int64(60)),
	field("spec.ttlSecondsAfterFinished", int64(-1), int64(100)),
	field("spec.completionMode", "Sometimes", "Indexed", "NonIndexed"),
	field("spec.manualSelector", true),
	field("spec.backoffLimitPerIndex", int64(1), int64(-1)),
	field("spec.suspend", true),
	field("spec.podReplacementPolicy", "Sometimes", "Failed"),
	field("spec.template.spec.restartPolicy", "Always", ""),
	field("spec.selector", map[string]any{"matchLabels": map[string]any{"a": "b"}}),
}

func jobKind() *diffKind {
	k := workload("batch", "v1", "Job", "jobs", jobSpec, jobMutations...)
	k.updates = []mutation{
		{name: "container image changed", apply: func(g *gen, o map[string]any) {
			mapAt(o, "spec", "template", "spec")["containers"].([]any)[0].(map[string]any)["image"] = "changed"
		}},
		field("spec.template.metadata.labels.version", "v2"),
		field("spec.parallelism", int64(5)),
		field("spec.completions", int64(9)),
		field("spec.backoffLimit", int64(1)),
		field("spec.suspend", true),
	}
	return k
}

func cronJobKind() *diffKind {
	k := &diffKind{resource: "cronjobs", namespaced: true}
	k.gvk.Group, k.gvk.Version, k.gvk.Kind = "batch", "v1", "CronJob"
	k.valid = func(g *gen) map[string]any {
		s := map[string]any{
			"schedule":    g.pick("*/5 * * * *", "0 0 * * *", "@hourly", "30 2 * * 1-5"),
			"jobTemplate": map[string]any{"spec": jobSpec(g, "cron")},
		}
		if g.coin() {
			s["concurrencyPolicy"] = g.pick("Allow", "Forbid", "Replace")
		}
		return map[string]any{"spec": s}
	}
	k.mutations = append(podMutations("spec", "jobTemplate", "spec", "template", "spec"),
		field("spec.schedule", "every day", "* * * *", "61 * * * *", "@sometimes", "TZ=UTC 0 0 * * *", ""),
		field("spec.concurrencyPolicy", "Sometimes", "forbid"),
		field("spec.startingDeadlineSeconds", int64(-1), int64(0)),
		field("spec.successfulJobsHistoryLimit", int64(-1), int64(3)),
		field("spec.failedJobsHistoryLimit", int64(-1)),
		field("spec.timeZone", "Mars/Phobos", "Europe/Paris", "UTC", " "),
		field("spec.jobTemplate.spec.template.spec.restartPolicy", "Always"),
		field("spec.jobTemplate.spec.parallelism", int64(-1)),
		field("spec.jobTemplate.spec.completionMode", "Sometimes"),
	)
	k.updates = []mutation{field("spec.schedule", "0 1 * * *"), field("spec.suspend", true), field("spec.jobTemplate.spec.backoffLimit", int64(2))}
	return k
}

func podKind() *diffKind {
	k := &diffKind{resource: "pods", namespaced: true}
	k.gvk.Version, k.gvk.Kind = "v1", "Pod"
	k.valid = func(g *gen) map[string]any {
		s := g.podSpec(g.pick("", "Always", "Never", "OnFailure"))
		s["automountServiceAccountToken"] = false
		return map[string]any{"spec": s}
	}
	k.mutations = append(withoutMutation(podMutations("spec"), "serviceAccountName invalid"),
		field("spec.activeDeadlineSeconds", int64(0), int64(-1), int64(30)),
		field("spec.nodeName", "Bad_Node", "node-1"),
		field("spec.hostNetwork", true),
	)
	k.updates = []mutation{
		field("spec.activeDeadlineSeconds", int64(100)),
		{name: "container image changed", apply: func(g *gen, o map[string]any) {
			mapAt(o, "spec")["containers"].([]any)[0].(map[string]any)["image"] = "changed"
		}},
		field("spec.tolerations", []any{map[string]any{"key": "k", "operator": "Exists"}}),
		field("spec.restartPolicy", "Never"),
	}
	return k
}

// withoutMutation leaves out the mutation named name: a Pod's service
// account is looked up by admission (403 when missing) before validation.
func withoutMutation(ms []mutation, name string) []mutation {
	return slices.DeleteFunc(ms, func(m mutation) bool { return m.name == name })
}
