package e2e

import (
	"regexp"
	"slices"
	"strings"
)

// The e2e cluster runs kube-apiserver v1.36.3 (e2e/kubeapiserver); kval
// validates with v1.37.2's code (package strategy). Where the release
// changed what kube-apiserver answers, the differential rewrites the
// answers as the change says, and counts a case as a release difference,
// not a disagreement, when the rewritten answers agree.

// releaseDifference is one change between v1.36.3 and v1.37.2.
type releaseDifference struct {
	name, reason string
	// rewrite is kval's answer (v1.37.2) and kube-apiserver's (v1.36.3)
	// with the change undone; applies is false where it changes nothing.
	rewrite func(c diffCase, kval, server answer) (k, s answer, applies bool)
}

var releaseDifferences = []releaseDifference{
	{"ownerReferences errors", "k8s.io/apimachinery v0.37 (pkg/api/validation/objectmeta.go) names an ownerReference's " +
		"missing apiVersion, kind, name or uid FieldValueRequired at ownerReferences[i].<field>; v0.36 named them " +
		"FieldValueInvalid at ownerReferences.<field>", ownerReferencesAs136},
	{"Job updates validated as creates", "v1.36.3's Job strategy (pkg/registry/batch/job) ran ValidateJob on an update " +
		"besides ValidateJobUpdate: a changed selector also got \"`selector` not auto-generated\", and spec errors came twice; " +
		"v1.37.2 runs ValidateJobUpdate alone", jobUpdateAs136},
	{"duplicate causes", "v1.36.3 reports some errors more than once, each time a validation pass checks them " +
		"(an update's metadata by rest.BeforeUpdate's common fields and by the strategy's ValidateObjectMetaUpdate, " +
		"an HPA's metric type); v1.37.2 reports each once", dedupeServer},
	{"HPAScaleToZero", "the HPAScaleToZero feature gate is beta and on by default in v1.37 (pkg/features), alpha and off " +
		"in v1.36: v1.36.3 also refuses minReplicas 0 (spec.minReplicas: must be greater than or equal to 1)", hpaAs136},
	{"StatefulSet immutable spec fields", "v1.37.2 (pkg/apis/apps/validation) names each immutable field a StatefulSet " +
		"update changes (spec.selector, spec.volumeClaimTemplates, spec.serviceName, spec.podManagementPolicy: " +
		"FieldValueInvalid, field is immutable); v1.36.3 answered one FieldValueForbidden at spec", statefulSetSpecAs136},
	{"DeviceClass extendedResourceName", "a DeviceClass's spec.extendedResourceName is checked by declarative validation " +
		"marked beta in v1.37.2 (pkg/apis/resource/v1/zz_generated.validations.go), which answers in place of the handwritten " +
		"check, one cause for each rule the name breaks (k8s.io/apimachinery/pkg/api/validate ExtendedResourceName); in v1.36.3 " +
		"it is marked alpha and the handwritten \"must be a valid extended resource name\" answers once", extendedResourceNameAs136},
}

// releaseDifferenceOf is the names of the release differences that
// explain a disagreement, "" where they do not.
func releaseDifferenceOf(c diffCase, o diffOutcome) string {
	k, s := o.kval, o.server
	var names []string
	for _, r := range releaseDifferences {
		var applies bool
		if k, s, applies = r.rewrite(c, k, s); applies {
			names = append(names, r.name)
		}
		if applies && agreeOnCauses(k, s) {
			return strings.Join(names, ", ")
		}
	}
	return ""
}

func agreeOnCauses(a, b answer) bool {
	return a.code == b.code && slices.Equal(causeKeys(a.causes, false), causeKeys(b.causes, false))
}

var ownerReferenceField = regexp.MustCompile(`^metadata\.ownerReferences\[\d+\]\.(apiVersion|kind|name|uid)$`)

func ownerReferencesAs136(_ diffCase, k, s answer) (answer, answer, bool) {
	out, applies := k, false
	out.causes = nil
	for _, c := range k.causes {
		if m := ownerReferenceField.FindStringSubmatch(c.field); m != nil && c.typ == "FieldValueRequired" {
			c.typ, c.field, applies = "FieldValueInvalid", "metadata.ownerReferences."+m[1], true
		}
		out.causes = append(out.causes, c)
	}
	return out, s, applies
}

func dedupeServer(c diffCase, k, s answer) (answer, answer, bool) {
	out := s
	out.causes = nil
	seen := map[cause]bool{}
	for _, c := range s.causes {
		if !seen[c] {
			out.causes = append(out.causes, c)
		}
		seen[c] = true
	}
	return k, out, len(out.causes) < len(s.causes)
}

func jobUpdateAs136(c diffCase, k, s answer) (answer, answer, bool) {
	if c.kind.gvk.Kind != "Job" || !c.update {
		return k, s, false
	}
	out := s
	out.causes = slices.DeleteFunc(slices.Clone(s.causes), func(e cause) bool {
		return e.field == "spec.selector" && strings.HasSuffix(e.message, "`selector` not auto-generated")
	})
	return k, out, len(out.causes) < len(s.causes)
}

func hpaAs136(c diffCase, k, s answer) (answer, answer, bool) {
	minReplicas := cause{typ: "FieldValueInvalid", field: "spec.minReplicas", message: "Invalid value: 0: must be greater than or equal to 1"}
	if c.kind.gvk.Kind != "HorizontalPodAutoscaler" || !slices.Contains(s.causes, minReplicas) || slices.Contains(k.causes, minReplicas) {
		return k, s, false
	}
	out := k
	out.code = 422
	out.causes = append(slices.Clone(k.causes), minReplicas)
	return out, s, true
}

var statefulSetImmutable = []string{"spec.selector", "spec.volumeClaimTemplates", "spec.serviceName", "spec.podManagementPolicy"}

func statefulSetSpecAs136(c diffCase, k, s answer) (answer, answer, bool) {
	if c.kind.gvk.Kind != "StatefulSet" || !c.update {
		return k, s, false
	}
	out, applies := k, false
	out.causes = nil
	for _, e := range k.causes {
		if e.typ == "FieldValueInvalid" && slices.Contains(statefulSetImmutable, e.field) && strings.HasSuffix(e.message, "field is immutable") {
			applies = true
			continue
		}
		out.causes = append(out.causes, e)
	}
	if applies {
		out.causes = append(out.causes, cause{typ: "FieldValueForbidden", field: "spec"})
	}
	return out, s, applies
}

func extendedResourceNameAs136(c diffCase, k, s answer) (answer, answer, bool) {
	const name = "spec.extendedResourceName"
	if c.kind.gvk.Kind != "DeviceClass" {
		return k, s, false
	}
	out, seen := k, 0
	out.causes = nil
	for _, e := range k.causes {
		if e.typ == "FieldValueInvalid" && e.field == name {
			if seen++; seen > 1 {
				continue
			}
		}
		out.causes = append(out.causes, e)
	}
	return out, s, seen > 1
}

// serviceAllocation explains the disagreements that come from what
// kube-apiserver's Service storage allocates before validation (not a
// release difference, and not kval's validation): clusterIPs, IP
// families and nodePorts, from its flags (--service-cluster-ip-range,
// single-stack IPv4 in e2e/cluster), where kval has no cluster and leaves
// them unset (package strategy's doc). It holds where every cause of
// both answers is at one of those fields.
const serviceAllocation = "Service allocation: kube-apiserver's Service storage allocates clusterIPs, IP families and " +
	"nodePorts before validation, from its flags (e2e/cluster: single-stack IPv4 10.0.0.0/24); kval has no cluster " +
	"and leaves them unset, so it cannot refuse an IPv6 family, dual stack, or a clusterIP that differs from the allocated one"

var allocatedFields = []string{"spec.ipFamilies", "spec.ipFamilyPolicy", "spec.clusterIP"}

func isServiceAllocation(c diffCase, o diffOutcome) bool {
	if c.kind.gvk.Kind != "Service" || len(o.server.causes) == 0 {
		return false
	}
	for _, e := range append(slices.Clone(o.kval.causes), o.server.causes...) {
		if !slices.ContainsFunc(allocatedFields, func(f string) bool { return strings.HasPrefix(e.field, f) }) {
			return false
		}
	}
	return true
}

// podAdmission explains what the admission of a Pod's create changes
// in the stored Pod, which kval does not run: DefaultTolerationSeconds
// adds tolerations for not-ready and unreachable nodes, so an update whose
// manifest replaces the tolerations modifies existing ones (Forbidden).
const podAdmission = "Pod admission: DefaultTolerationSeconds adds two tolerations to a Pod on create, which kval does not " +
	"run; an update whose manifest replaces spec.tolerations changes them, and kube-apiserver also answers " +
	"spec.tolerations: Forbidden (existing toleration can not be modified)"

func isPodAdmission(c diffCase, o diffOutcome) bool {
	if c.kind.gvk.Kind != "Pod" || !c.update {
		return false
	}
	server := slices.DeleteFunc(slices.Clone(o.server.causes), func(e cause) bool {
		return e.typ == "FieldValueForbidden" && e.field == "spec.tolerations" && !slices.Contains(o.kval.causes, e)
	})
	k := o.kval
	if len(k.causes) == 0 {
		k.code = 422
	}
	return len(server) < len(o.server.causes) && agreeOnCauses(k, answer{code: o.server.code, causes: server})
}
