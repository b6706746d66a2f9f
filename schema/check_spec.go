package schema

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkSpec is kube-apiserver's validateCustomResourceDefinitionSpec with the
// create-time options, in its order.
// tol is nil on create; on update it says what the old CRD lets pass.
func (c *CRD) checkSpec(opts CheckOptions, tol *tolerance) field.ErrorList {
	spec := &c.Spec
	path := field.NewPath("spec")
	var errs field.ErrorList
	errs = append(errs, checkGroup(spec.Group, path.Child("group"))...)
	errs = append(errs, checkEnum(path.Child("scope"), spec.Scope, []string{ClusterScoped, NamespaceScoped})...)
	errs = append(errs, checkSchemasPresentOnUpdate(spec, path, tol)...)
	if spec.hasDefaults() && spec.preservesUnknownFields() {
		errs = append(errs, field.Invalid(path.Child("preserveUnknownFields"), true, "must be false in order to use defaults in the schema"))
	}
	ctx := validationContext{v1: c.APIVersion == CRDAPIVersionV1, tol: tol, structural: spec.requiresStructuralSchemas(tol)}
	errs = append(errs, checkVersions(spec, ctx, path, opts)...)
	errs = append(errs, checkExclusiveVersionFields(spec, path)...)
	errs = append(errs, checkVersionList(spec, path)...)
	errs = append(errs, checkRequiredNames(&spec.Names, path.Child("names"))...)
	errs = append(errs, checkNames(&spec.Names, path.Child("names"))...)
	ctx.statusEnabled = spec.anyStatusEnabled()
	ctx.version = spec.Version
	errs = append(errs, checkValidation(spec.Validation, ctx, path.Child("validation"), opts)...)
	errs = append(errs, checkSubresources(spec.Subresources, path.Child("subresources"))...)
	for i := range spec.PrinterColumns {
		errs = append(errs, checkPrinterColumn(&spec.PrinterColumns[i], path.Child("additionalPrinterColumns").Index(i))...)
	}
	errs = append(errs, checkTopLevelSelectableFields(spec, path, tol)...)
	errs = append(errs, checkConversion(spec, path, tol)...)
	return errs
}

func checkGroup(group string, path *field.Path) field.ErrorList {
	if group == "" {
		return field.ErrorList{field.Required(path, "")}
	}
	if msgs := utilvalidation.IsDNS1123Subdomain(group); len(msgs) > 0 {
		return field.ErrorList{field.Invalid(path, group, strings.Join(msgs, ","))}
	}
	if len(strings.Split(group, ".")) < 2 {
		return field.ErrorList{field.Invalid(path, group, "should be a domain with at least one dot")}
	}
	return nil
}

// checkEnum requires value to be one of accepted.
func checkEnum(path *field.Path, value string, accepted []string) field.ErrorList {
	if value == "" {
		return field.ErrorList{field.Required(path, "")}
	}
	if contains(accepted, value) {
		return nil
	}
	return field.ErrorList{field.NotSupported(path, value, accepted)}
}

// checkSchemasPresent requires a schema for every version unless there is a
// top-level one.
func checkSchemasPresent(spec *CRDSpec, path *field.Path) field.ErrorList {
	if spec.Validation != nil && spec.Validation.OpenAPIV3Schema != nil {
		return nil
	}
	var errs field.ErrorList
	for i, v := range spec.Versions {
		if v.Schema == nil || v.Schema.OpenAPIV3Schema == nil {
			errs = append(errs, field.Required(path.Child("versions").Index(i).Child("schema").Child("openAPIV3Schema"), ""))
		}
	}
	return errs
}

// checkVersionList checks the list of versions as a whole, and the
// deprecated spec.version.
func checkVersionList(spec *CRDSpec, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	versionsPath := path.Child("versions")
	badValue := internalVersions(spec.Versions)
	if !uniqueVersionNames(spec.Versions) {
		errs = append(errs, field.Invalid(versionsPath, badValue, "must contain unique version names"))
	}
	if storageCount(spec.Versions) != 1 {
		errs = append(errs, field.Invalid(versionsPath, badValue, "must have exactly one version marked as storage version"))
	}
	if spec.Version == "" {
		return errs
	}
	if msgs := utilvalidation.IsDNS1035Label(spec.Version); len(msgs) > 0 {
		errs = append(errs, field.Invalid(path.Child("version"), spec.Version, strings.Join(msgs, ",")))
	}
	if len(spec.Versions) >= 1 && spec.Versions[0].Name != spec.Version {
		errs = append(errs, field.Invalid(path.Child("version"), spec.Version, "must match the first version in spec.versions"))
	}
	return errs
}

func uniqueVersionNames(versions []Version) bool {
	seen := map[string]bool{}
	for _, v := range versions {
		if seen[v.Name] {
			return false
		}
		seen[v.Name] = true
	}
	return true
}

func storageCount(versions []Version) int {
	n := 0
	for _, v := range versions {
		if v.Storage {
			n++
		}
	}
	return n
}

// checkRequiredNames requires the names a CRD's spec must have.
func checkRequiredNames(n *Names, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	required := []struct{ name, value string }{
		{"plural", n.Plural}, {"singular", n.Singular}, {"kind", n.Kind}, {"listKind", n.ListKind},
	}
	for _, r := range required {
		if r.value == "" {
			errs = append(errs, field.Required(path.Child(r.name), ""))
		}
	}
	return errs
}

// checkNames checks the form of the names that are set.
func checkNames(n *Names, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	errs = append(errs, checkLabel(path.Child("plural"), n.Plural, n.Plural, "")...)
	errs = append(errs, checkLabel(path.Child("singular"), n.Singular, n.Singular, "")...)
	const mixedCase = "may have mixed case, but should otherwise match: "
	errs = append(errs, checkLabel(path.Child("kind"), n.Kind, strings.ToLower(n.Kind), mixedCase)...)
	errs = append(errs, checkLabel(path.Child("listKind"), n.ListKind, strings.ToLower(n.ListKind), mixedCase)...)
	for i, short := range n.ShortNames {
		if msgs := utilvalidation.IsDNS1035Label(short); len(msgs) > 0 {
			errs = append(errs, field.Invalid(path.Child("shortNames").Index(i), short, strings.Join(msgs, ",")))
		}
	}
	if n.Kind != "" && n.Kind == n.ListKind {
		errs = append(errs, field.Invalid(path.Child("listKind"), n.ListKind, "kind and listKind may not be the same"))
	}
	for i, category := range n.Categories {
		if msgs := utilvalidation.IsDNS1035Label(category); len(msgs) > 0 {
			errs = append(errs, field.Invalid(path.Child("categories").Index(i), category, strings.Join(msgs, ",")))
		}
	}
	return errs
}

// checkLabel checks a non-empty name, in the form checked, as a DNS-1035 label.
func checkLabel(path *field.Path, name, checked, prefix string) field.ErrorList {
	if name == "" {
		return nil
	}
	if msgs := utilvalidation.IsDNS1035Label(checked); len(msgs) > 0 {
		return field.ErrorList{field.Invalid(path, name, prefix+strings.Join(msgs, ","))}
	}
	return nil
}

// checkStoredVersions checks status.storedVersions against spec.versions.
// On create it holds the storage version, so only a missing or second
// storage version can fail here.
func checkStoredVersions(stored []string, versions []Version, path *field.Path) field.ErrorList {
	if len(stored) == 0 {
		return field.ErrorList{field.Invalid(path, stored, "must have at least one stored version")}
	}
	var errs field.ErrorList
	remaining := map[string]int{}
	for i, v := range stored {
		remaining[v] = i
	}
	for _, v := range versions {
		_, isStored := remaining[v.Name]
		if v.Storage && !isStored {
			errs = append(errs, field.Invalid(path, stored, "must have the storage version "+v.Name))
		}
		delete(remaining, v.Name)
	}
	for _, name := range slices.Sorted(maps.Keys(remaining)) {
		errs = append(errs, field.Invalid(path.Index(remaining[name]), name, fmt.Sprintf(
			"missing from spec.versions; %[1]s was previously a storage version, and must remain in spec.versions until a storage migration ensures no data remains persisted in %[1]s and removes %[1]s from status.storedVersions",
			name)))
	}
	return errs
}
