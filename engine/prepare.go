package engine

import (
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// generatedSuffix stands in for the random suffix kube-apiserver appends to
// generateName; kval is deterministic.
const generatedSuffix = "xxxxx"

// The notes of the status subresource (Result.Notes): kval's own,
// kube-apiserver drops the status silently.
const (
	WarningStatusIgnoredOnCreate = "status is ignored on create: the status subresource is enabled"
	WarningStatusChangesIgnored  = "status changes are ignored: the status subresource is enabled (write the status subresource to change it)"
)

// maxGeneratedNameBase is how much of generateName kube-apiserver keeps (63 - 5).
const maxGeneratedNameBase = 58

// prepareCreate changes a new object as kube-apiserver does before it
// validates a create: system fields are wiped, status is dropped when the
// status subresource is on, the generation is 1, a name is generated from
// generateName, and cluster-scoped objects lose their namespace.
// userStatus says whether the request itself carried a status: one that
// only defaults gave the object is dropped without a word.
func (v *Validator) prepareCreate(obj map[string]any, res *Result, userStatus bool) {
	if _, has := obj["status"]; has && v.statusSubresource {
		delete(obj, "status")
		if userStatus {
			res.Notes = append(res.Notes, WarningStatusIgnoredOnCreate)
		}
	}
	meta := metadataOf(obj)
	WipeSystemFields(meta)
	meta["generation"] = int64(1)
	if name, _ := meta["name"].(string); name == "" {
		if base, _ := meta["generateName"].(string); base != "" {
			meta["name"] = base[:min(len(base), maxGeneratedNameBase)] + generatedSuffix
		}
	}
	v.clearClusterNamespace(obj)
}

// clearClusterNamespace removes a cluster-scoped object's namespace, as
// kube-apiserver does on every write. The old object of an update needs it
// too: a stored cluster-scoped object has none, while an old manifest (a
// Helm chart stamping namespace on every object) may.
func (v *Validator) clearClusterNamespace(obj map[string]any) {
	if !v.crd.Namespaced() {
		delete(metadataOf(obj), "namespace")
	}
}

// systemFields are the metadata fields kube-apiserver's create handler
// wipes from a request (rest.WipeObjectMetaSystemFields) before anything
// else sees it; storage then sets a new uid and creationTimestamp, which
// kval, having no storage, leaves out (a frontend with storage, kvaltest,
// sets them).
var systemFields = []string{"creationTimestamp", "uid", "deletionTimestamp", "deletionGracePeriodSeconds", "selfLink"}

// WipeSystemFields removes systemFields from an object's metadata, as a
// create does.
func WipeSystemFields(meta map[string]any) {
	for _, k := range systemFields {
		delete(meta, k)
	}
}

// prepareUpdate changes an updated object as kube-apiserver does before it
// validates an update: status keeps its old value when the status
// subresource is on, the generation is the old one, plus one when anything
// but metadata changed, and system fields come from the old object.
func (v *Validator) prepareUpdate(obj, old map[string]any, res *Result) {
	if v.statusSubresource {
		keepOldStatus(obj, old, res)
	}
	v.clearClusterNamespace(obj)
	v.clearClusterNamespace(old)
	setGeneration(metadataOf(obj), nextGeneration(obj, old))
	keepSystemFields(metadataOf(obj), metadataOf(old))
}

// keepOldStatus gives obj the status of old, as the strategy's
// PrepareForUpdate does when the status subresource is on, and warns when
// that drops a change. A status equal to the old one in every value and Go
// type, as kube-apiserver sends a webhook and as most updates carry it,
// is already the old one's and is kept: copying it was a twentieth of what
// the webhook allocated for a route with a status (issue 30).
func keepOldStatus(obj, old map[string]any, res *Result) {
	newStatus, hasNew := obj["status"]
	oldStatus, hasOld := old["status"]
	switch {
	case hasNew == hasOld && jsonvalue.Equal(newStatus, oldStatus):
		return
	case hasNew != hasOld || !jsonvalue.SemanticEqual(newStatus, oldStatus):
		res.Notes = append(res.Notes, WarningStatusChangesIgnored)
	}
	if hasOld {
		obj["status"] = jsonvalue.DeepCopy(oldStatus)
	} else {
		delete(obj, "status")
	}
}

// nextGeneration is the generation an update stores: rest.BeforeUpdate sets
// the old one, and the strategy's PrepareForUpdate adds one when anything
// but metadata changed (status included, after keepOldStatus).
func nextGeneration(obj, old map[string]any) int64 {
	generation := generationOf(metadataOf(old))
	if changedBesidesMetadata(obj, old) {
		generation++
	}
	return generation
}

// generationOf reads metadata.generation as Unstructured.GetGeneration does:
// 0 when absent or not an int64.
func generationOf(meta map[string]any) int64 {
	generation, _ := meta["generation"].(int64)
	return generation
}

// setGeneration writes metadata.generation as Unstructured.SetGeneration
// does: 0 removes the field.
func setGeneration(meta map[string]any, generation int64) {
	if generation == 0 {
		delete(meta, "generation")
		return
	}
	meta["generation"] = generation
}

// changedBesidesMetadata compares obj and old without metadata, as the
// strategy compares copies of them with equality.Semantic.DeepEqual.
func changedBesidesMetadata(obj, old map[string]any) bool {
	for k, v := range obj {
		if k == "metadata" {
			continue
		}
		if oldV, found := old[k]; !found || !jsonvalue.SemanticEqual(v, oldV) {
			return true
		}
	}
	for k := range old {
		if _, found := obj[k]; !found && k != "metadata" {
			return true
		}
	}
	return false
}

// placeholderResourceVersion stands in for the resourceVersion every stored
// object has, when the old object was given without one.
const placeholderResourceVersion = "1"

// lendResourceVersion gives an updated object the old object's
// resourceVersion, as an apply or patch does, so that the update is
// validated like one the apiserver accepts for storage. It reports whether
// obj's resourceVersion was borrowed and must be removed after validation.
func lendResourceVersion(obj, old map[string]any) bool {
	meta, oldMeta := metadataOf(obj), metadataOf(old)
	if rv, _ := meta["resourceVersion"].(string); rv != "" {
		return false
	}
	if rv, _ := oldMeta["resourceVersion"].(string); rv == "" {
		oldMeta["resourceVersion"] = placeholderResourceVersion
	}
	meta["resourceVersion"] = oldMeta["resourceVersion"]
	return true
}

// prepareStatusUpdate builds the object a status update stores: the old
// object with the new status (and managed fields).
func prepareStatusUpdate(obj, old map[string]any) map[string]any {
	out := jsonvalue.DeepCopyObject(old)
	if status, has := obj["status"]; has {
		out["status"] = status
	} else {
		delete(out, "status")
	}
	meta := metadataOf(out)
	if managed, has := metadataOf(obj)["managedFields"]; has {
		meta["managedFields"] = managed
	} else {
		delete(meta, "managedFields")
	}
	return out
}

// keepSystemFields copies the fields an update cannot change from the old
// object's metadata, as kube-apiserver's BeforeUpdate does.
func keepSystemFields(meta, oldMeta map[string]any) {
	if uid, _ := meta["uid"].(string); uid == "" {
		copyField(meta, oldMeta, "uid")
	}
	if oldMeta["creationTimestamp"] != nil {
		copyField(meta, oldMeta, "creationTimestamp")
	}
	if oldMeta["deletionTimestamp"] != nil {
		copyField(meta, oldMeta, "deletionTimestamp")
	}
	if oldMeta["deletionGracePeriodSeconds"] != nil && meta["deletionGracePeriodSeconds"] == nil {
		copyField(meta, oldMeta, "deletionGracePeriodSeconds")
	}
}

func copyField(to, from map[string]any, key string) {
	if v, ok := from[key]; ok {
		to[key] = jsonvalue.DeepCopy(v)
	} else {
		delete(to, key)
	}
}

// metadataOf returns obj["metadata"], creating it when absent.
func metadataOf(obj map[string]any) map[string]any {
	if meta, ok := obj["metadata"].(map[string]any); ok {
		return meta
	}
	meta := map[string]any{}
	obj["metadata"] = meta
	return meta
}
