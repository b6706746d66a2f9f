package catalog

import (
	"fmt"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

// NotCoveredError says that no CRD of the catalog defines the group of an
// object: it is not a custom resource kval was asked about (a Namespace, a
// Deployment among the manifests). What to do about it is the frontend's:
// the CLI skips it, the webhook denies it, kvaltest stores it unvalidated.
type NotCoveredError struct{ Group string }

func (e *NotCoveredError) Error() string {
	if e.Group == "" {
		return "a built-in kind of the core group, not a custom resource"
	}
	return fmt.Sprintf("no CustomResourceDefinition of group %q was given", e.Group)
}

// NotAnObjectError says that a document has no apiVersion or no kind: it
// is not a Kubernetes object (a CI workflow, a Helm values file) or one
// with its type left out, and nothing can validate it.
type NotAnObjectError struct{ NoAPIVersion, NoKind bool }

// Error is kubectl's validation wording ("apiVersion not set, kind not set").
func (e *NotAnObjectError) Error() string {
	var missing []string
	if e.NoAPIVersion {
		missing = append(missing, "apiVersion not set")
	}
	if e.NoKind {
		missing = append(missing, "kind not set")
	}
	return "not a Kubernetes object: " + strings.Join(missing, ", ")
}

// NoMatchError says that a group the catalog defines has no served version
// for an object's apiVersion and kind (or resource): kube-apiserver has no
// such resource, and kubectl fails the object with "no matches for kind".
type NoMatchError struct {
	// What names what was asked for: `kind "Database" in version
	// "example.com/v2"` or `resource "databases" in version "example.com/v2"`.
	What string
	// Reason says what is missing, e.g. `CustomResourceDefinition
	// "databases.example.com" has no version v2`.
	Reason string
}

// Error is kubectl's message, then why.
func (e *NoMatchError) Error() string { return "no matches for " + e.What + ": " + e.Reason }

// InvalidCRDError says that kube-apiserver would reject a CRD on create
// (package lint): it serves nothing.
type InvalidCRDError struct {
	CRD    *schema.CRD
	Errors field.ErrorList
}

// Error is kube-apiserver's message for an invalid object.
func (e *InvalidCRDError) Error() string {
	return fmt.Sprintf("%s.apiextensions.k8s.io %q is invalid: %v", schema.CRDKind, e.CRD.Name(), e.Errors.ToAggregate())
}

// ConflictError says that a CRD defines a kind or resource of a group that
// another CRD of the catalog already defines.
type ConflictError struct {
	CRD, Existing *schema.CRD
	What          string // "kind Database" or "resource databases"
}

func (e *ConflictError) Error() string {
	return fmt.Sprintf("%s %q defines %s of group %s again, first defined by %q at %s",
		schema.CRDKind, e.CRD.Name(), e.What, e.CRD.Spec.Group, e.Existing.Name(), e.Existing.Source)
}
