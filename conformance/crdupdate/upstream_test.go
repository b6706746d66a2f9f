package crdupdate

import (
	"context"
	"encoding/json"
	"fmt"

	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions"
	"k8s.io/apiextensions-apiserver/pkg/apis/apiextensions/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/conformance/upstream"
)

// upstreamErrors is kube-apiserver's verdict on updating old to obj.
func upstreamErrors(old, obj map[string]any) (errs field.ErrorList, err error) {
	oldCRD, err := decode(old)
	if err != nil {
		return nil, fmt.Errorf("old: %w", err)
	}
	newCRD, err := decode(obj)
	if err != nil {
		return nil, fmt.Errorf("new: %w", err)
	}
	prepareOld(oldCRD)
	prepareForUpdate(newCRD, oldCRD)
	defer func() {
		if v := recover(); v != nil {
			err = fmt.Errorf("upstream panicked: %v", v)
		}
	}()
	return validation.ValidateCustomResourceDefinitionUpdate(context.Background(), newCRD, oldCRD), nil
}

func decode(obj map[string]any) (*apiextensions.CustomResourceDefinition, error) {
	data, err := json.Marshal(withoutMutability(obj))
	if err != nil {
		return nil, err
	}
	return upstream.DecodeCRD(data)
}

// prepareOld gives an old CRD without a status the status kval assumes for
// it (schema.CRD.IsEstablished, UpdateStoredVersions), and a resourceVersion.
func prepareOld(old *apiextensions.CustomResourceDefinition) {
	if old.ResourceVersion == "" {
		old.ResourceVersion = "1"
	}
	if len(old.Status.StoredVersions) == 0 {
		for _, v := range old.Spec.Versions {
			if v.Storage {
				old.Status.StoredVersions = []string{v.Name}
				break
			}
		}
	}
	if findCondition(old, apiextensions.Established) == nil && len(old.Status.Conditions) == 0 {
		old.Status.Conditions = []apiextensions.CustomResourceDefinitionCondition{{Type: apiextensions.Established, Status: apiextensions.ConditionTrue}}
	}
}

func findCondition(crd *apiextensions.CustomResourceDefinition, t apiextensions.CustomResourceDefinitionConditionType) *apiextensions.CustomResourceDefinitionCondition {
	for i := range crd.Status.Conditions {
		if crd.Status.Conditions[i].Type == t {
			return &crd.Status.Conditions[i]
		}
	}
	return nil
}

// prepareForUpdate does what kube-apiserver does to the new CRD before
// validating an update: BeforeUpdate's metadata carried over from the stored
// object, and the strategy's PrepareForUpdate (the old status, the new
// storage version stored).
func prepareForUpdate(crd, old *apiextensions.CustomResourceDefinition) {
	crd.Namespace = ""
	crd.ResourceVersion = old.ResourceVersion
	crd.Generation = old.Generation
	if crd.UID == "" {
		crd.UID = old.UID
	}
	crd.CreationTimestamp = old.CreationTimestamp
	if old.DeletionTimestamp != nil {
		crd.DeletionTimestamp = old.DeletionTimestamp
	}
	if old.DeletionGracePeriodSeconds != nil && crd.DeletionGracePeriodSeconds == nil {
		crd.DeletionGracePeriodSeconds = old.DeletionGracePeriodSeconds
	}
	crd.ManagedFields = nil
	crd.Status = *old.Status.DeepCopy()
	for _, v := range crd.Spec.Versions {
		if v.Storage {
			if !isStored(crd.Status.StoredVersions, v.Name) {
				crd.Status.StoredVersions = append(crd.Status.StoredVersions, v.Name)
			}
			break
		}
	}
}

func isStored(stored []string, name string) bool {
	for _, s := range stored {
		if s == name {
			return true
		}
	}
	return false
}
