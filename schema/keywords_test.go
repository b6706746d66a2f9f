package schema

import (
	"reflect"
	"slices"
	"testing"
)

// reviewedFields are the fields of Schema whose treatment by IsOnlyType and
// onlyRestrictsNames (the ignore tables below) has been decided. The
// comparisons count every field unless told otherwise, which is right for
// upstream's keywords; a new kval extension, unknown upstream, must be
// ignored instead. TestSchemaFieldsReviewed fails until a new field is here.
var reviewedFields = []string{
	"Type", "Format", "Title", "Description", "Default", "Example", "Nullable", "ExternalDocs",
	"Properties", "Items", "AdditionalProperties",
	"Enum", "Maximum", "ExclusiveMaximum", "Minimum", "ExclusiveMinimum", "MultipleOf",
	"MaxLength", "MinLength", "Pattern", "MaxItems", "MinItems", "UniqueItems",
	"MaxProperties", "MinProperties", "Required", "AllOf", "AnyOf", "OneOf", "Not",
	"PreserveUnknownFields", "EmbeddedResource", "IntOrString", "ListType", "ListMapKeys", "MapType",
	"Validations", "Mutability", "KeyMutability", "Unsupported",
}

// ignore says that a comparison of schemas ignores a field of Schema, and why.
type ignore struct {
	always bool // whatever its value; else only in its empty form (see nonZeroValues)
	why    string
}

// convertedAway are the fields asConverted drops.
var convertedAway = map[string]ignore{
	"Mutability":    {true, "kval's own extension, unknown upstream; checked separately"},
	"KeyMutability": {true, "kval's own extension, unknown upstream; checked separately"},
	"Unsupported":   {true, "the structural checks report the set ones; empty ones are not converted"},
	"Enum":          {false, "upstream's conversion rebuilds enum by appending: empty becomes nil"},
	"AllOf":         {false, "rebuilt by appending, as enum"},
	"AnyOf":         {false, "rebuilt by appending, as enum"},
	"OneOf":         {false, "rebuilt by appending, as enum"},
}

// ignoredByIsOnlyType: Type is not here because the test sets it to another type.
var ignoredByIsOnlyType = withIgnored(convertedAway, map[string]ignore{
	"AdditionalProperties": {false, "additionalProperties: false has no place in upstream's value validations"},
})

var ignoredByOnlyRestrictsNames = withIgnored(convertedAway, map[string]ignore{
	"Type":       {true, "checkMetadataSchema checks it (object)"},
	"Default":    {true, "checked with the other defaults"},
	"Properties": {false, "properties: {} restricts nothing (name and generateName: TestOnlyRestrictsNames)"},
})

func withIgnored(base, extra map[string]ignore) map[string]ignore {
	out := map[string]ignore{}
	for _, m := range []map[string]ignore{base, extra} {
		for name, ig := range m {
			out[name] = ig
		}
	}
	return out
}

func TestSchemaFieldsReviewed(t *testing.T) {
	for f := range reflect.TypeFor[Schema]().Fields() {
		if !slices.Contains(reviewedFields, f.Name) {
			t.Errorf("Schema.%s is new: decide whether IsOnlyType and onlyRestrictsNames ignore it "+
				"(kval's own extensions: yes, see asConverted), then add it to reviewedFields", f.Name)
		}
	}
}

func TestIsZeroNoticesEveryField(t *testing.T) {
	if !(*Schema)(nil).IsZero() || !(&Schema{}).IsZero() {
		t.Error("a nil or empty Schema is not zero")
	}
	forEachFieldValue(t, Schema{}, func(t *testing.T, s *Schema, _ fieldValue) {
		if s.IsZero() {
			t.Error("IsZero does not notice the field")
		}
	})
}

func TestIsOnlyTypeCountsEveryField(t *testing.T) {
	if !(&Schema{Type: "integer"}).IsOnlyType("integer") {
		t.Error("type: integer alone is not only type: integer")
	}
	forEachFieldValue(t, Schema{Type: "integer"}, func(t *testing.T, s *Schema, v fieldValue) {
		if got, want := s.IsOnlyType("integer"), ignored(ignoredByIsOnlyType, v); got != want {
			t.Errorf("IsOnlyType = %v, want %v (%s)", got, want, ignoredByIsOnlyType[v.field].why)
		}
	})
}

func TestOnlyRestrictsNamesCountsEveryField(t *testing.T) {
	forEachFieldValue(t, Schema{}, func(t *testing.T, s *Schema, v fieldValue) {
		if got, want := onlyRestrictsNames(s), ignored(ignoredByOnlyRestrictsNames, v); got != want {
			t.Errorf("onlyRestrictsNames = %v, want %v (%s)", got, want, ignoredByOnlyRestrictsNames[v.field].why)
		}
	})
}

func TestOnlyRestrictsNames(t *testing.T) {
	names := map[string]*Schema{"name": {Type: "string"}, "generateName": {MaxLength: new(int64(3))}}
	if !onlyRestrictsNames(&Schema{Type: "object", Properties: names}) {
		t.Error("name and generateName are not allowed")
	}
	names["namespace"] = &Schema{}
	if onlyRestrictsNames(&Schema{Type: "object", Properties: names}) {
		t.Error("namespace is allowed")
	}
}

func ignored(table map[string]ignore, v fieldValue) bool {
	ig, ok := table[v.field]
	return ok && (ig.always || v.empty)
}

// fieldValue is a non-zero value of a field of Schema; empty says it is the
// field's empty form: an empty list or map, or a pointer to a zero value
// (additionalProperties: false for AdditionalProperties).
type fieldValue struct {
	field string
	v     reflect.Value
	empty bool
}

// forEachFieldValue runs f, as a subtest, on base with one field set to one
// of its non-zero values, for every field of Schema and each such value.
func forEachFieldValue(t *testing.T, base Schema, f func(*testing.T, *Schema, fieldValue)) {
	for sf := range reflect.TypeFor[Schema]().Fields() {
		for _, v := range nonZeroValues(sf.Name, sf.Type) {
			t.Run(v.name(), func(t *testing.T) {
				s := base
				reflect.ValueOf(&s).Elem().FieldByIndex(sf.Index).Set(v.v)
				f(t, &s, v)
			})
		}
	}
}

func (v fieldValue) name() string {
	if v.empty {
		return v.field + "/empty"
	}
	return v.field
}

// nonZeroValues returns the empty form of type t, if it has one, and a full value.
func nonZeroValues(field string, t reflect.Type) []fieldValue {
	var empty reflect.Value
	switch t.Kind() {
	case reflect.Slice:
		empty = reflect.MakeSlice(t, 0, 0)
	case reflect.Map:
		empty = reflect.MakeMap(t)
	case reflect.Pointer:
		empty = reflect.New(t.Elem())
	default:
		return []fieldValue{{field, full(t), false}}
	}
	return []fieldValue{{field, empty, true}, {field, full(t), false}}
}

// full returns a value of type t with everything set: scalars non-zero,
// one element in lists and maps, every field of structs. A *Schema points
// to an empty Schema, which ends the recursion.
func full(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.Pointer:
		v.Set(reflect.New(t.Elem()))
		if t.Elem() != reflect.TypeFor[Schema]() {
			v.Elem().Set(full(t.Elem()))
		}
	case reflect.Slice:
		v.Set(reflect.Append(v, full(t.Elem())))
	case reflect.Map:
		v.Set(reflect.MakeMap(t))
		v.SetMapIndex(reflect.ValueOf("x").Convert(t.Key()), full(t.Elem()))
	case reflect.Struct:
		for i := range t.NumField() {
			v.Field(i).Set(full(t.Field(i).Type))
		}
	default:
		setScalar(v)
	}
	return v
}

func setScalar(v reflect.Value) {
	switch v.Kind() {
	case reflect.Bool:
		v.SetBool(true)
	case reflect.String:
		v.SetString("x")
	case reflect.Int64:
		v.SetInt(1)
	case reflect.Float64:
		v.SetFloat(1)
	case reflect.Interface:
		v.Set(reflect.ValueOf("x"))
	default:
		panic("full: no value for a field of kind " + v.Kind().String())
	}
}
