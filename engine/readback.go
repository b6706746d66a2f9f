package engine

import (
	"context"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// NoteWebhookReadBack is the note of an object of a CRD that converts with
// a webhook, read back in another version than the storage version: kval
// cannot call the webhook. A conversion webhook must round-trip objects
// without loss, so kval reads the object back as it was written in the
// request version (its defaults applied again), not pruned by the storage
// version's schema; what the webhook would add or change on the way (the
// storage version's defaults it maps back) is not known.
const NoteWebhookReadBack = "read back as a lossless conversion webhook returns it: the CRD converts with a webhook kval does not call; through the storage version's schema alone the object would come back otherwise"

// convertsByWebhook reports whether a CRD converts between its versions
// with a webhook.
func convertsByWebhook(crd *schema.CRD) bool {
	return crd.Spec.Conversion != nil && crd.Spec.Conversion.Strategy == schema.WebhookConverter
}

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
	if v.storage == &v.codec || v.webhookReadBack {
		v.codec.defaulter.DefaultContext(ctx, obj)
		repairGeneration(obj)
		return
	}
	v.throughStorage(ctx, obj)
}

// throughStorage reads an object back through the storage version, as
// kube-apiserver does with the None conversion strategy.
func (v *Validator) throughStorage(ctx context.Context, obj map[string]any) {
	storage := v.storage
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

// webhookReadBackNoted reports whether an object read back as a lossless
// webhook returns it (read) differs from the same stored object read
// back through the storage version's schema alone: only then is the
// webhook's part worth a note.
func (v *Validator) webhookReadBackNoted(ctx context.Context, stored, read map[string]any) bool {
	if !v.webhookReadBack || stored == nil {
		return false
	}
	v.throughStorage(ctx, stored)
	return !jsonvalue.Equal(stored, read)
}
