package params

import (
	"context"
	"errors"
	"fmt"
	"maps"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// APIGroup is the API group of KUDO's objects.
const APIGroup = "kudo.dev"

// operatorVersionPath is where an Instance names its OperatorVersion.
var operatorVersionPath = field.NewPath("spec", operatorField, "name")

// InstanceCheck is the engine extension that applies the rules to writes
// of kudo.dev/v1beta1 Instances (not of their status), with the
// OperatorVersions ovs finds: every frontend lists it in its catalog's
// engine options, so the CLI, the webhook and kvaltest check Instances in
// the engine's order and answer with the engine's one Invalid status. An
// Instance that cannot be decoded, or whose OperatorVersion is not found,
// is a field error there too: without it nothing can be checked.
func InstanceCheck(ovs Finder) engine.Extension {
	return func(crd *schema.CRD, version string) ([]engine.Check, error) {
		if crd.Spec.Group != APIGroup || crd.Spec.Names.Kind != InstanceKind {
			return nil, nil
		}
		check := func(ctx context.Context, in engine.CheckInput) field.ErrorList {
			return checkObjects(ctx, ovs, in.Object, in.OldObject)
		}
		return []engine.Check{{Name: "KUDO parameters", On: engine.OnCreate | engine.OnUpdate, Validate: check}}, nil
	}
}

// Defaulted is the mutation of an Instance write (obj; old nil on create):
// the spec.parameters the request gave, and those Admit says the Instance
// keeps, nil when they are the same or when the rules refuse the write
// (validation refuses it with their errors). err says why the write cannot
// be checked: the Instance cannot be decoded or its OperatorVersion is not
// found (a MissingOperatorVersionError).
func Defaulted(ctx context.Context, ovs Finder, obj, old map[string]any) (given, result map[string]string, err error) {
	inst, oldInst, errs := decodeWrite(obj, old)
	if len(errs) > 0 {
		return nil, nil, errs.ToAggregate()
	}
	result, errs, err = Admit(ctx, ovs, inst.Namespace, oldInst, inst)
	if err != nil || len(errs) > 0 || maps.Equal(result, inst.Parameters) {
		return inst.Parameters, nil, err
	}
	return inst.Parameters, result, nil
}

// checkObjects applies Admit's rule to the objects of a write, with every
// problem as a field error.
func checkObjects(ctx context.Context, ovs Finder, obj, old map[string]any) field.ErrorList {
	inst, oldInst, errs := decodeWrite(obj, old)
	if len(errs) > 0 {
		return errs
	}
	_, errs, err := Admit(ctx, ovs, inst.Namespace, oldInst, inst)
	if err != nil {
		return field.ErrorList{lookupError(err)}
	}
	return errs
}

// decodeWrite decodes the Instances of a write; the stored one's faults
// are said to be its own.
func decodeWrite(obj, old map[string]any) (inst, oldInst *Instance, errs field.ErrorList) {
	if inst, errs = decodeInstance(obj, "request"); len(errs) > 0 || old == nil {
		return inst, nil, errs
	}
	oldInst, errs = decodeInstance(old, "stored object")
	for _, e := range errs {
		e.Detail = "the stored Instance: " + e.Detail
	}
	return inst, oldInst, errs
}

// lookupError is a Finder's failure as the field error of the Instance's
// OperatorVersion name.
func lookupError(err error) *field.Error {
	var missing *MissingOperatorVersionError
	if !errors.As(err, &missing) {
		return field.InternalError(operatorVersionPath, err)
	}
	e := field.NotFound(operatorVersionPath, missing.Name)
	e.Detail = fmt.Sprintf("no %s of that name in namespace %q (%s), so the parameters cannot be checked", OperatorVersionKind, missing.Namespace, missing.From)
	return e
}

// MissingOperatorVersionError says that no OperatorVersion of that name is
// known in the namespace: an Instance of it cannot be checked.
type MissingOperatorVersionError struct {
	Namespace, Name string
	// From says where OperatorVersions were looked for.
	From string
}

func (e *MissingOperatorVersionError) Error() string {
	return fmt.Sprintf("%s %q not found in namespace %q (%s)", OperatorVersionKind, e.Name, e.Namespace, e.From)
}

// decodeInstance is DecodeInstance of an object, its faults as field errors.
func decodeInstance(obj map[string]any, source string) (*Instance, field.ErrorList) {
	return decodeInstanceFields(manifest.Document{Source: manifest.Source{File: source, Item: -1}, Object: obj})
}

// instanceCRD is the least CRD of KUDO's Instances: every field kept, the
// status a subresource, as KUDO serves them. Checks see the Instance as
// written.
const instanceCRD = `{"apiVersion": "apiextensions.k8s.io/v1", "kind": "CustomResourceDefinition",
"metadata": {"name": "instances.kudo.dev"},
"spec": {"group": "kudo.dev", "scope": "Namespaced",
  "names": {"kind": "Instance", "listKind": "InstanceList", "plural": "instances", "singular": "instance"},
  "versions": [{"name": "v1beta1", "served": true, "storage": true, "subresources": {"status": {}},
    "schema": {"openAPIV3Schema": {"type": "object", "x-kubernetes-preserve-unknown-fields": true}}}]}}`

// InstanceCRD is a CRD of KUDO's Instances that keeps every field, for a
// frontend that checks Instances with InstanceCheck without KUDO's own CRD
// (kval serve --kudo-instances with no --crd: catalog.Options.Fallback).
func InstanceCRD() *schema.CRD {
	obj, err := manifest.DecodeObject([]byte(instanceCRD))
	if err != nil {
		panic(err) // a constant
	}
	crd, errs := schema.DecodeCRD(manifest.Document{Source: manifest.Source{File: "params.InstanceCRD", Item: -1}, Object: obj})
	if len(errs) > 0 {
		panic(errs.ToAggregate()) // a constant
	}
	return crd
}
