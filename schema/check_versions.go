package schema

import (
	"fmt"
	"strings"
	"unicode"
	"unicode/utf8"

	"k8s.io/apimachinery/pkg/api/equality"
	utilvalidation "k8s.io/apimachinery/pkg/util/validation"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// checkVersions checks every entry of spec.versions. With
// opts.ReuseVerdicts, a version that repeats one that passed passes
// unchecked (passedVersions).
func checkVersions(spec *CRDSpec, ctx validationContext, path *field.Path, opts CheckOptions) field.ErrorList {
	var errs field.ErrorList
	passed := passedVersions{reuse: opts.ReuseVerdicts && ctx.tol == nil}
	for i := range spec.Versions {
		v := &spec.Versions[i]
		p := path.Child("versions").Index(i)
		if msgs := utilvalidation.IsDNS1035Label(v.Name); len(msgs) > 0 {
			errs = append(errs, field.Invalid(p.Child("name"), v.Name, strings.Join(msgs, ",")))
		}
		versionCtx := ctx
		versionCtx.statusEnabled = statusEnabled(spec.subresourcesOf(v.Name))
		versionCtx.version = v.Name
		if passed.repeats(v, versionCtx) {
			continue
		}
		found := checkVersion(v, versionCtx, p, opts)
		passed.record(v, versionCtx, found)
		errs = append(errs, found...)
	}
	return errs
}

// checkVersion checks the fields of one version.
func checkVersion(v *Version, ctx validationContext, path *field.Path, opts CheckOptions) field.ErrorList {
	var errs field.ErrorList
	for _, msg := range deprecationWarningProblems(v.Deprecated, v.DeprecationWarning) {
		errs = append(errs, field.Invalid(path.Child("deprecationWarning"), v.DeprecationWarning, msg))
	}
	errs = append(errs, checkValidation(v.Schema, ctx, path.Child("schema"), opts)...)
	errs = append(errs, checkSubresources(v.Subresources, path.Child("subresources"))...)
	for i := range v.PrinterColumns {
		errs = append(errs, checkPrinterColumn(&v.PrinterColumns[i], path.Child("additionalPrinterColumns").Index(i))...)
	}
	errs = append(errs, checkVersionSelectableFields(v, path, ctx.tol)...)
	return errs
}

// deprecationWarningProblems lists what is wrong with a version's deprecationWarning.
func deprecationWarningProblems(deprecated bool, warning *string) []string {
	if !deprecated && warning != nil {
		return []string{"can only be set for deprecated versions"}
	}
	if warning == nil {
		return nil
	}
	var msgs []string
	if len(*warning) > 256 {
		msgs = append(msgs, "must be <= 256 characters long")
	}
	if len(*warning) == 0 {
		msgs = append(msgs, "must not be an empty string")
	}
	if msg := firstUnprintable(*warning); msg != "" {
		msgs = append(msgs, msg)
	}
	if !utf8.ValidString(*warning) {
		msgs = append(msgs, "must only contain printable UTF-8 characters")
	}
	return msgs
}

// firstUnprintable describes the first character of s that is not printable
// or is a control character; the index is the byte offset.
func firstUnprintable(s string) string {
	for i, r := range s {
		if !unicode.IsPrint(r) {
			return fmt.Sprintf("must only contain printable UTF-8 characters; non-printable character found at index %d", i)
		}
		if unicode.IsControl(r) {
			return fmt.Sprintf("must only contain printable UTF-8 characters; control character found at index %d", i)
		}
	}
	return ""
}

// checkExclusiveVersionFields forbids top-level fields next to per-version
// ones, and per-version fields that are all the same.
func checkExclusiveVersionFields(spec *CRDSpec, path *field.Path) field.ErrorList {
	var errs field.ErrorList
	if spec.Validation != nil && spec.hasPerVersionSchema() {
		errs = append(errs, field.Forbidden(path.Child("validation"), "top-level and per-version schemas are mutually exclusive"))
	}
	if spec.Subresources != nil && spec.hasPerVersionSubresources() {
		errs = append(errs, field.Forbidden(path.Child("subresources"), "top-level and per-version subresources are mutually exclusive"))
	}
	if len(spec.PrinterColumns) > 0 && spec.hasPerVersionColumns() {
		errs = append(errs, field.Forbidden(path.Child("additionalPrinterColumns"), "top-level and per-version additionalPrinterColumns are mutually exclusive"))
	}
	identical := []struct {
		what, topLevel string
		get            func(v *Version) (value any, set bool)
	}{
		{"schemas", "validation", func(v *Version) (any, bool) { return v.Schema, v.Schema != nil }},
		{"subresources", "subresources", func(v *Version) (any, bool) { return v.Subresources, v.Subresources != nil }},
		{"additionalPrinterColumns", "additionalPrinterColumns", func(v *Version) (any, bool) { return v.PrinterColumns, len(v.PrinterColumns) > 0 }},
	}
	for _, f := range identical {
		if allSetAndEqual(spec.Versions, f.get) {
			errs = append(errs, field.Invalid(path.Child("versions"), internalVersions(spec.Versions), fmt.Sprintf(
				"per-version %s may not all be set to identical values (top-level %s should be used instead)", f.what, f.topLevel)))
		}
	}
	return errs
}

// allSetAndEqual reports whether every version sets the field and all values
// are semantically equal (nil and empty collections are equal).
func allSetAndEqual(versions []Version, get func(v *Version) (any, bool)) bool {
	if len(versions) == 0 {
		return false
	}
	first, _ := get(&versions[0])
	for i := range versions {
		value, set := get(&versions[i])
		if !set || !equality.Semantic.DeepEqual(value, first) {
			return false
		}
	}
	return true
}
