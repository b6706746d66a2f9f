package schema

import (
	"encoding/base64"
	"encoding/json"
	"fmt"
	"math"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/util/validation/field"
	kjson "sigs.k8s.io/json"

	"github.com/kval-dev/kval/manifest"
)

// API versions of CustomResourceDefinition.
const (
	CRDGroup          = "apiextensions.k8s.io"
	CRDKind           = "CustomResourceDefinition"
	CRDAPIVersionV1   = CRDGroup + "/v1"
	CRDAPIVersionBeta = CRDGroup + "/v1beta1"
)

// IsCRD reports whether an object is a CustomResourceDefinition of a version kval reads.
func IsCRD(obj map[string]any) bool {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	return kind == CRDKind && (apiVersion == CRDAPIVersionV1 || apiVersion == CRDAPIVersionBeta)
}

// DecodeCRD reads a CustomResourceDefinition document into the internal form,
// defaulted and converted as kube-apiserver does on create. Unknown fields and
// values of the wrong type are errors with their field path.
func DecodeCRD(doc manifest.Document) (*CRD, field.ErrorList) {
	d := &decoder{}
	obj := doc.Object
	apiVersion, _ := obj["apiVersion"].(string)
	if !IsCRD(obj) {
		return nil, field.ErrorList{field.Invalid(field.NewPath("kind"), obj["kind"],
			fmt.Sprintf("must be %s of %s or %s", CRDKind, CRDAPIVersionV1, CRDAPIVersionBeta))}
	}
	top, _ := d.fields(nil, obj, "apiVersion", "kind", "metadata", "spec", "status")
	crd := &CRD{Source: doc.Source, APIVersion: apiVersion}
	crd.Metadata = decodeObjectMeta(d, field.NewPath("metadata"), top["metadata"])
	specPath := field.NewPath("spec")
	if apiVersion == CRDAPIVersionV1 {
		crd.Spec = decodeV1Spec(d, specPath, top["spec"])
		defaultV1(&crd.Spec)
		collapseIdenticalVersionFields(&crd.Spec)
	} else {
		crd.Spec = decodeV1beta1Spec(d, specPath, top["spec"])
		defaultV1beta1(&crd.Spec)
	}
	crd.StoredVersions = storageVersions(crd.Spec.Versions)
	crd.Live = decodeLiveStatus(top["status"])
	return crd, d.errs
}

// decodeObjectMeta reads metadata strictly into metav1.ObjectMeta.
func decodeObjectMeta(d *decoder, path *field.Path, value any) metav1.ObjectMeta {
	var meta metav1.ObjectMeta
	if value == nil {
		return meta
	}
	raw, err := json.Marshal(value)
	if err != nil {
		d.errs = append(d.errs, field.Invalid(path, field.OmitValueType{}, err.Error()))
		return meta
	}
	strict, err := kjson.UnmarshalStrict(raw, &meta)
	if err != nil {
		d.errs = append(d.errs, field.Invalid(path, field.OmitValueType{}, err.Error()))
		return meta
	}
	for _, e := range strict {
		if fe, ok := e.(kjson.FieldError); ok {
			d.errs = append(d.errs, field.Forbidden(path.Child(fe.FieldPath()), "unknown field"))
			continue
		}
		d.errs = append(d.errs, field.Invalid(path, field.OmitValueType{}, e.Error()))
	}
	return meta
}

func decodeV1Spec(d *decoder, path *field.Path, value any) CRDSpec {
	m, ok := d.fields(path, value, "group", "names", "scope", "versions", "conversion", "preserveUnknownFields")
	if !ok {
		return CRDSpec{}
	}
	spec := CRDSpec{
		Group:      d.str(path.Child("group"), m["group"]),
		Names:      decodeNames(d, path.Child("names"), m["names"]),
		Scope:      d.str(path.Child("scope"), m["scope"]),
		Versions:   decodeVersions(d, path.Child("versions"), m["versions"], "jsonPath"),
		Conversion: decodeV1Conversion(d, path.Child("conversion"), m["conversion"]),
	}
	if m["preserveUnknownFields"] != nil {
		b := d.boolean(path.Child("preserveUnknownFields"), m["preserveUnknownFields"])
		spec.PreserveUnknownFields = &b
	}
	return spec
}

func decodeV1beta1Spec(d *decoder, path *field.Path, value any) CRDSpec {
	m, ok := d.fields(path, value, "group", "version", "names", "scope", "validation", "subresources", "versions",
		"additionalPrinterColumns", "selectableFields", "conversion", "preserveUnknownFields")
	if !ok {
		return CRDSpec{}
	}
	spec := CRDSpec{
		Group:            d.str(path.Child("group"), m["group"]),
		Version:          d.str(path.Child("version"), m["version"]),
		Names:            decodeNames(d, path.Child("names"), m["names"]),
		Scope:            d.str(path.Child("scope"), m["scope"]),
		Validation:       decodeValidation(d, path.Child("validation"), m["validation"]),
		Subresources:     decodeSubresources(d, path.Child("subresources"), m["subresources"]),
		Versions:         decodeVersions(d, path.Child("versions"), m["versions"], "JSONPath"),
		PrinterColumns:   decodePrinterColumns(d, path.Child("additionalPrinterColumns"), m["additionalPrinterColumns"], "JSONPath"),
		SelectableFields: decodeSelectableFields(d, path.Child("selectableFields"), m["selectableFields"]),
		Conversion:       decodeV1beta1Conversion(d, path.Child("conversion"), m["conversion"]),
	}
	if m["preserveUnknownFields"] != nil {
		b := d.boolean(path.Child("preserveUnknownFields"), m["preserveUnknownFields"])
		spec.PreserveUnknownFields = &b
	}
	return spec
}

func decodeNames(d *decoder, path *field.Path, value any) Names {
	m, ok := d.fields(path, value, "plural", "singular", "shortNames", "kind", "listKind", "categories")
	if !ok {
		return Names{}
	}
	return Names{
		Plural:     d.str(path.Child("plural"), m["plural"]),
		Singular:   d.str(path.Child("singular"), m["singular"]),
		ShortNames: d.strings(path.Child("shortNames"), m["shortNames"]),
		Kind:       d.str(path.Child("kind"), m["kind"]),
		ListKind:   d.str(path.Child("listKind"), m["listKind"]),
		Categories: d.strings(path.Child("categories"), m["categories"]),
	}
}

// decodeVersions reads spec.versions; jsonPathKey is the printer column key
// of the API version ("jsonPath" in v1, "JSONPath" in v1beta1).
func decodeVersions(d *decoder, path *field.Path, value any, jsonPathKey string) []Version {
	list := d.array(path, value)
	if list == nil {
		return nil // absent, as upstream reports it (null, not [])
	}
	versions := make([]Version, 0, len(list))
	for i, v := range list {
		p := path.Index(i)
		m, ok := d.fields(p, v, "name", "served", "storage", "deprecated", "deprecationWarning", "schema",
			"subresources", "additionalPrinterColumns", "selectableFields")
		if !ok {
			continue
		}
		versions = append(versions, Version{
			Name:               d.str(p.Child("name"), m["name"]),
			Served:             d.boolean(p.Child("served"), m["served"]),
			Storage:            d.boolean(p.Child("storage"), m["storage"]),
			Deprecated:         d.boolean(p.Child("deprecated"), m["deprecated"]),
			DeprecationWarning: d.optionalStr(p.Child("deprecationWarning"), m["deprecationWarning"]),
			Schema:             decodeValidation(d, p.Child("schema"), m["schema"]),
			Subresources:       decodeSubresources(d, p.Child("subresources"), m["subresources"]),
			PrinterColumns:     decodePrinterColumns(d, p.Child("additionalPrinterColumns"), m["additionalPrinterColumns"], jsonPathKey),
			SelectableFields:   decodeSelectableFields(d, p.Child("selectableFields"), m["selectableFields"]),
		})
	}
	return versions
}

func decodeValidation(d *decoder, path *field.Path, value any) *Validation {
	if value == nil {
		return nil
	}
	m, ok := d.fields(path, value, "openAPIV3Schema")
	if !ok {
		return nil
	}
	v := &Validation{}
	if raw := m["openAPIV3Schema"]; raw != nil {
		s, errs := Parse(path.Child("openAPIV3Schema"), raw)
		d.errs = append(d.errs, errs...)
		v.OpenAPIV3Schema = s
	}
	return v
}

func decodeSubresources(d *decoder, path *field.Path, value any) *Subresources {
	if value == nil {
		return nil
	}
	m, ok := d.fields(path, value, "status", "scale")
	if !ok {
		return nil
	}
	sub := &Subresources{}
	if m["status"] != nil {
		_, sub.Status = d.fields(path.Child("status"), m["status"])
	}
	if m["scale"] != nil {
		p := path.Child("scale")
		if s, ok := d.fields(p, m["scale"], "specReplicasPath", "statusReplicasPath", "labelSelectorPath"); ok {
			sub.Scale = &Scale{
				SpecReplicasPath:   d.str(p.Child("specReplicasPath"), s["specReplicasPath"]),
				StatusReplicasPath: d.str(p.Child("statusReplicasPath"), s["statusReplicasPath"]),
				LabelSelectorPath:  d.optionalStr(p.Child("labelSelectorPath"), s["labelSelectorPath"]),
			}
		}
	}
	return sub
}

func decodePrinterColumns(d *decoder, path *field.Path, value any, jsonPathKey string) []PrinterColumn {
	list := d.array(path, value)
	if list == nil {
		return nil
	}
	cols := make([]PrinterColumn, 0, len(list))
	for i, v := range list {
		p := path.Index(i)
		m, ok := d.fields(p, v, "name", "type", "format", "description", "priority", jsonPathKey)
		if !ok {
			continue
		}
		cols = append(cols, PrinterColumn{
			Name:        d.str(p.Child("name"), m["name"]),
			Type:        d.str(p.Child("type"), m["type"]),
			Format:      d.str(p.Child("format"), m["format"]),
			Description: d.str(p.Child("description"), m["description"]),
			Priority:    d.int32(p.Child("priority"), m["priority"]),
			JSONPath:    d.str(p.Child(jsonPathKey), m[jsonPathKey]),
		})
	}
	return cols
}

func decodeSelectableFields(d *decoder, path *field.Path, value any) []SelectableField {
	list := d.array(path, value)
	if list == nil {
		return nil
	}
	out := make([]SelectableField, 0, len(list))
	for i, v := range list {
		p := path.Index(i)
		if m, ok := d.fields(p, v, "jsonPath"); ok {
			out = append(out, SelectableField{JSONPath: d.str(p.Child("jsonPath"), m["jsonPath"])})
		}
	}
	return out
}

func decodeV1Conversion(d *decoder, path *field.Path, value any) *Conversion {
	if value == nil {
		return nil
	}
	m, ok := d.fields(path, value, "strategy", "webhook")
	if !ok {
		return nil
	}
	c := &Conversion{Strategy: d.str(path.Child("strategy"), m["strategy"])}
	if m["webhook"] != nil {
		p := path.Child("webhook")
		if w, ok := d.fields(p, m["webhook"], "clientConfig", "conversionReviewVersions"); ok {
			c.WebhookClientConfig = decodeClientConfig(d, p.Child("clientConfig"), w["clientConfig"])
			c.ConversionReviewVersions = d.strings(p.Child("conversionReviewVersions"), w["conversionReviewVersions"])
		}
	}
	return c
}

func decodeV1beta1Conversion(d *decoder, path *field.Path, value any) *Conversion {
	if value == nil {
		return nil
	}
	m, ok := d.fields(path, value, "strategy", "webhookClientConfig", "conversionReviewVersions")
	if !ok {
		return nil
	}
	return &Conversion{
		Strategy:                 d.str(path.Child("strategy"), m["strategy"]),
		WebhookClientConfig:      decodeClientConfig(d, path.Child("webhookClientConfig"), m["webhookClientConfig"]),
		ConversionReviewVersions: d.strings(path.Child("conversionReviewVersions"), m["conversionReviewVersions"]),
	}
}

func decodeClientConfig(d *decoder, path *field.Path, value any) *WebhookClientConfig {
	if value == nil {
		return nil
	}
	m, ok := d.fields(path, value, "url", "service", "caBundle")
	if !ok {
		return nil
	}
	cc := &WebhookClientConfig{URL: d.optionalStr(path.Child("url"), m["url"])}
	if bundle := d.str(path.Child("caBundle"), m["caBundle"]); bundle != "" {
		b, err := base64.StdEncoding.DecodeString(bundle)
		if err != nil {
			d.errs = append(d.errs, field.Invalid(path.Child("caBundle"), field.OmitValueType{}, "must be base64: "+err.Error()))
		}
		cc.CABundle = b
	}
	if m["service"] != nil {
		p := path.Child("service")
		if s, ok := d.fields(p, m["service"], "namespace", "name", "path", "port"); ok {
			cc.Service = &ServiceReference{
				Namespace: d.str(p.Child("namespace"), s["namespace"]),
				Name:      d.str(p.Child("name"), s["name"]),
				Path:      d.optionalStr(p.Child("path"), s["path"]),
				Port:      443, // the default of both API versions
			}
			if s["port"] != nil {
				cc.Service.Port = d.int32(p.Child("port"), s["port"])
			}
		}
	}
	return cc
}

func (d *decoder) int32(path *field.Path, value any) int32 {
	i := d.integer(path, value)
	if i == nil {
		return 0
	}
	if *i < math.MinInt32 || *i > math.MaxInt32 {
		d.errs = append(d.errs, field.Invalid(path, *i, "must fit in a 32-bit integer"))
		return 0
	}
	return int32(*i)
}

// storageVersions is status.storedVersions as set on create: the first storage version.
func storageVersions(versions []Version) []string {
	for _, v := range versions {
		if v.Storage {
			return []string{v.Name}
		}
	}
	return nil
}
