package schema

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/manifest"
)

// CRD is a CustomResourceDefinition in kube-apiserver's internal form: loaded
// from apiextensions.k8s.io/v1 or v1beta1, defaulted, and converted as the
// apiserver converts it before validation. In particular, when every version
// of a v1 CRD has the same schema (or subresources, printer columns,
// selectable fields), that value moves to the top-level field and the
// per-version fields are cleared, so checks report it under spec.validation,
// exactly as kube-apiserver does.
type CRD struct {
	Source     manifest.Source
	APIVersion string // the apiVersion of the document: apiextensions.k8s.io/v1 or /v1beta1
	Metadata   metav1.ObjectMeta
	Spec       CRDSpec
	// StoredVersions is status.storedVersions as the apiserver sets it on
	// create: the storage version. A status given in the file is ignored, as
	// kube-apiserver ignores it on create.
	StoredVersions []string
	// Live is the status given in the document (nil when there is none),
	// which matters only when this CRD is the old one of an update.
	Live *LiveStatus
}

// CRDSpec is the spec of a CRD in the internal form.
type CRDSpec struct {
	Group string
	// Version is the first version's name (v1beta1's deprecated spec.version).
	Version               string
	Names                 Names
	Scope                 string
	Versions              []Version
	PreserveUnknownFields *bool
	Conversion            *Conversion

	// Top-level fields: v1beta1's own, or v1's per-version fields when they
	// are identical for all versions.
	Validation       *Validation
	Subresources     *Subresources
	PrinterColumns   []PrinterColumn
	SelectableFields []SelectableField
}

// Names are the names of a custom resource.
type Names struct {
	Plural     string
	Singular   string
	ShortNames []string
	Kind       string
	ListKind   string
	Categories []string
}

// Version is one entry of spec.versions.
type Version struct {
	Name               string
	Served             bool
	Storage            bool
	Deprecated         bool
	DeprecationWarning *string
	Schema             *Validation
	Subresources       *Subresources
	PrinterColumns     []PrinterColumn
	SelectableFields   []SelectableField
}

// Validation is a CRD's schema holder: spec.validation or spec.versions[*].schema.
// OpenAPIV3Schema is nil when the holder is given without a schema.
type Validation struct {
	OpenAPIV3Schema *Schema
}

// Subresources are the subresources of a custom resource.
type Subresources struct {
	Status bool // status: {} is set
	Scale  *Scale
}

// Scale is the scale subresource.
type Scale struct {
	SpecReplicasPath   string
	StatusReplicasPath string
	LabelSelectorPath  *string
}

// PrinterColumn is one additionalPrinterColumns entry.
type PrinterColumn struct {
	Name        string
	Type        string
	Format      string
	Description string
	Priority    int32
	JSONPath    string
}

// SelectableField is one selectableFields entry.
type SelectableField struct {
	JSONPath string
}

// Conversion is spec.conversion.
type Conversion struct {
	Strategy                 string
	WebhookClientConfig      *WebhookClientConfig
	ConversionReviewVersions []string
}

// WebhookClientConfig says how to reach a conversion webhook.
type WebhookClientConfig struct {
	URL      *string
	Service  *ServiceReference
	CABundle []byte
}

// ServiceReference names the service of a conversion webhook.
type ServiceReference struct {
	Namespace string
	Name      string
	Path      *string
	Port      int32
}

// Scopes of a custom resource.
const (
	ClusterScoped   = "Cluster"
	NamespaceScoped = "Namespaced"
)

// Conversion strategies.
const (
	NoneConverter    = "None"
	WebhookConverter = "Webhook"
)

// Name returns metadata.name.
func (c *CRD) Name() string { return c.Metadata.Name }

// VersionSchema returns the schema of a version: its own, or the top-level
// validation. It returns nil when the version has none or does not exist.
func (c *CRD) VersionSchema(version string) *Schema {
	for i := range c.Spec.Versions {
		v := &c.Spec.Versions[i]
		if v.Name != version {
			continue
		}
		if v.Schema != nil {
			return v.Schema.OpenAPIV3Schema
		}
		break
	}
	if c.Spec.Validation != nil {
		return c.Spec.Validation.OpenAPIV3Schema
	}
	return nil
}

// VersionSubresources returns the subresources of a version: its own or the top-level ones.
func (c *CRD) VersionSubresources(version string) *Subresources {
	for _, v := range c.Spec.Versions {
		if v.Name == version && v.Subresources != nil {
			return v.Subresources
		}
	}
	return c.Spec.Subresources
}

// Namespaced reports whether the custom resource is namespaced.
func (c *CRD) Namespaced() bool { return c.Spec.Scope == NamespaceScoped }

// PrunesUnknownFields reports whether the apiserver prunes this CRD's objects:
// always for v1, and for v1beta1 unless preserveUnknownFields is true.
func (c *CRD) PrunesUnknownFields() bool {
	return c.Spec.PreserveUnknownFields == nil || !*c.Spec.PreserveUnknownFields
}
