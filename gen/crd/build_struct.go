package crd

import (
	"go/types"
	"reflect"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
	"github.com/kval-dev/kval/tags"
)

// object is the schema of a struct: a property per exported field with its
// JSON name, inlined structs' properties merged in.
func (b *builder) object(st *types.Struct, decl *typeDecl, pos tags.Pos) *schema.Schema {
	s := &schema.Schema{Type: "object"}
	for i := range st.NumFields() {
		fd := fieldDecl{pos: pos}
		if decl != nil && i < len(decl.fields) {
			fd = decl.fields[i]
		}
		b.field(s, st.Field(i), reflect.StructTag(st.Tag(i)), fd)
	}
	b.unionRules(s)
	// controller-gen sorts the required list; kube-apiserver reads it as a
	// set, so sorting changes nothing but the diff with its CRDs.
	slices.Sort(s.Required)
	return s
}

// jsonTag is a field's json struct tag.
type jsonTag struct {
	name            string
	omitempty, skip bool
	inline          bool
}

func parseJSONTag(f *types.Var, tag reflect.StructTag) jsonTag {
	v, ok := tag.Lookup("json")
	if v == "-" {
		return jsonTag{skip: true}
	}
	name, opts, _ := strings.Cut(v, ",")
	jt := jsonTag{name: name}
	for _, o := range strings.Split(opts, ",") {
		switch o {
		case "omitempty", "omitzero":
			jt.omitempty = true
		case "inline":
			jt.inline = true
		}
	}
	// encoding/json inlines an embedded struct without a JSON name.
	jt.inline = jt.inline || (f.Embedded() && (!ok || name == ""))
	if jt.name == "" {
		jt.name = f.Name()
	}
	return jt
}

func (b *builder) field(parent *schema.Schema, f *types.Var, tag reflect.StructTag, fd fieldDecl) {
	jt := parseJSONTag(f, tag)
	foreign := b.prog.foreign(f.Pkg().Path())
	if jt.skip || (!f.Exported() && !jt.inline) {
		if !foreign {
			b.unusedMarkers(f, jt, fd)
		}
		return
	}
	if jt.inline {
		b.inline(parent, f, fd)
		return
	}
	markers := markersIn(fd.doc, onField, b.ps, foreign)
	s := b.fieldSchema(f, markers, fd.pos)
	if d := description(fd.doc); d != "" {
		s.Description = d
	}
	b.declared(s, fd.pos)
	n := &node{b: b, s: s, t: f.Type(), parent: parent, field: jt.name, pkg: f.Pkg()}
	for _, u := range markers {
		n.apply(u)
	}
	if parent.Properties == nil {
		parent.Properties = map[string]*schema.Schema{}
	}
	parent.Properties[jt.name] = n.s
	if b.isRequired(f, jt, n) {
		parent.Required = append(parent.Required, jt.name)
	}
}

// fieldSchema is the schema of a field's type, or none for a field marked
// +kubebuilder:validation:Schemaless: as controller-gen does, the type is
// then not looked at, so a recursive type (Cluster API's JSONSchemaProps)
// or a map[string]any may be given its schema by the field's other
// markers, whatever order they are written in.
func (b *builder) fieldSchema(f *types.Var, markers []use, pos tags.Pos) *schema.Schema {
	for _, u := range markers {
		if u.m.name == schemalessMarker {
			return &schema.Schema{}
		}
	}
	return b.schemaOf(f.Type(), pos)
}

// isRequired decides as controller-gen does: markers first, then
// omitempty (or omitzero) makes a field optional, then the package's
// default (required unless +kubebuilder:validation:Optional).
func (b *builder) isRequired(f *types.Var, jt jsonTag, n *node) bool {
	if n.required != nil {
		return *n.required
	}
	if jt.omitempty {
		return false
	}
	return !b.prog.packageInfo(f.Pkg()).optionalByDefault
}

// inline merges an embedded struct's properties, required fields and rules
// into its parent.
func (b *builder) inline(parent *schema.Schema, f *types.Var, fd fieldDecl) {
	s := b.schemaOf(f.Type(), fd.pos)
	if s.Type != "object" || s.AdditionalProperties != nil {
		b.ps.add(fd.pos, "inlined field %s is not a struct", f.Name())
		return
	}
	for name, p := range s.Properties {
		if parent.Properties == nil {
			parent.Properties = map[string]*schema.Schema{}
		}
		parent.Properties[name] = p
	}
	parent.Required = append(parent.Required, s.Required...)
	parent.Validations = append(parent.Validations, s.Validations...)
	inheritKeywords(parent, s)
}

// inheritKeywords gives the parent the object keywords of an inlined
// struct's type it has none of, as controller-gen's flattening of the
// embedded schema does: corev1.ConfigMapEnvSource inlines
// LocalObjectReference, +structType=atomic, and is atomic too. The
// parent's own markers, applied after, override them.
func inheritKeywords(parent, s *schema.Schema) {
	if parent.MapType == nil {
		parent.MapType = s.MapType
	}
	if parent.MinProperties == nil {
		parent.MinProperties = s.MinProperties
	}
	if parent.MaxProperties == nil {
		parent.MaxProperties = s.MaxProperties
	}
	if parent.PreserveUnknownFields == nil {
		parent.PreserveUnknownFields = s.PreserveUnknownFields
	}
}

// unusedMarkers reports the markers of a field that is not in the JSON
// form (json:"-", or unexported): the field has no schema, so, as with
// controller-gen, which skips such fields, a marker there does nothing;
// a silent no-op would hide a rule the author meant.
func (b *builder) unusedMarkers(f *types.Var, jt jsonTag, fd fieldDecl) {
	why := `json:"-" leaves the field out of the JSON form and the schema`
	if !jt.skip {
		why = "the field is unexported, so in neither the JSON form nor the schema"
	}
	for _, m := range tags.Extract(fd.doc, "") {
		if !b.ps.ignored(m.Name) {
			b.ps.add(m.Pos, "+%s on field %s does nothing: %s (controller-gen skips such fields too); remove the marker", m.Name, f.Name(), why)
		}
	}
}
