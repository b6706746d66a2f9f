package engine

import "context"

// readBack changes a stored object into the one kube-apiserver returns when
// it reads the object from storage: in a create's or an update's response
// (dry runs included: the dry-run storage encodes and decodes too), and as
// the old object of an update. Storage keeps objects in the CRD's storage
// version; reading decodes them with that version's schema, applies its
// defaults again (so a status the create strategy dropped comes back as
// far as it has defaults), repairs a missing generation to 1, and converts
// to the requested version, pruning with its schema. Once ctx ends it
// stops early.
func (v *Validator) readBack(ctx context.Context, obj map[string]any) {
	storage := v.storage
	if storage == &v.codec {
		storage.defaulter.DefaultContext(ctx, obj)
		repairGeneration(obj)
		return
	}
	apiVersion, hasAPIVersion := obj["apiVersion"]
	obj["apiVersion"] = storage.apiVersion
	storage.coerce(ctx, obj)
	storage.defaulter.DefaultContext(ctx, obj)
	repairGeneration(obj)
	v.codec.coerce(ctx, obj)
	if hasAPIVersion {
		obj["apiVersion"] = apiVersion
	} else {
		delete(obj, "apiVersion")
	}
}

// repairGeneration gives an object without a generation the generation 1,
// as kube-apiserver's storage decoder does for objects stored before
// generations existed.
func repairGeneration(obj map[string]any) {
	meta, found := obj["metadata"].(map[string]any)
	if found && generationOf(meta) == 0 {
		meta["generation"] = int64(1)
	}
}

// readBackDecoded is readBack for an object DecodeContext has just
// decoded: when the validator's version is the storage version, the
// object holds that version's defaults already (defaulting a defaulted
// object changes nothing: FuzzDecode), and only its generation is
// repaired. The second walk was a tenth of the webhook's work on an
// update (issue 30).
func (v *Validator) readBackDecoded(ctx context.Context, obj map[string]any) {
	if v.storage == &v.codec {
		repairGeneration(obj)
		return
	}
	v.readBack(ctx, obj)
}
