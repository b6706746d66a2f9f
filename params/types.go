package params

import (
	"fmt"
	"reflect"
	"strconv"
	"strings"

	"sigs.k8s.io/yaml"
)

// Type is the type of a parameter's value, as params.yaml's "type" and an
// OperatorVersion's "value-type" name it.
type Type string

// The parameter types KUDO defines. An empty type is String.
const (
	String  Type = "string"
	Integer Type = "integer"
	Number  Type = "number"
	Boolean Type = "boolean"
	Array   Type = "array"
	Map     Type = "map"
)

// Types is every parameter type: the one list that parsing, verification
// and messages use.
var Types = []Type{String, Integer, Number, Boolean, Array, Map}

// Known reports whether t is one of Types (or empty, meaning String).
func (t Type) Known() bool {
	if t == "" {
		return true
	}
	for _, k := range Types {
		if t == k {
			return true
		}
	}
	return false
}

// typeNames lists Types for messages: "string", "integer", ...
func typeNames() []string {
	names := make([]string, len(Types))
	for i, t := range Types {
		names[i] = string(t)
	}
	return names
}

// structured reports whether values of t are YAML text that templates see
// as structures (arrays and maps) rather than as the text itself.
func (t Type) structured() bool { return t == Array || t == Map }

// Parse returns the value templates see for text, a value of type t as an
// Instance stores it: the text itself for scalars (after checking that it
// is a valid integer, number or boolean), the decoded YAML for arrays and
// maps.
func (t Type) Parse(text string) (any, error) {
	switch t {
	case Integer:
		return text, checkScalar(t, text, func(s string) error { _, err := strconv.ParseInt(s, 10, 64); return err })
	case Number:
		return text, checkScalar(t, text, func(s string) error { _, err := strconv.ParseFloat(s, 64); return err })
	case Boolean:
		return text, checkScalar(t, text, func(s string) error { _, err := strconv.ParseBool(s); return err })
	case Array, Map:
		return parseStructured(t, text)
	}
	return text, nil
}

func checkScalar(t Type, text string, parse func(string) error) error {
	if parse(text) != nil {
		return fmt.Errorf("%q is not a valid %s", text, t)
	}
	return nil
}

// parseStructured decodes YAML text into the array or map it must hold.
func parseStructured(t Type, text string) (any, error) {
	var v any
	if err := yaml.Unmarshal([]byte(text), &v); err != nil {
		return nil, fmt.Errorf("%q is not a valid %s: %v", text, t, err)
	}
	ok := false
	switch v.(type) {
	case []any:
		ok = t == Array
	case map[string]any:
		ok = t == Map
	}
	if !ok {
		return nil, fmt.Errorf("%q is not a valid %s: YAML text of %s expected", text, t, article(t))
	}
	return v, nil
}

func article(t Type) string {
	if t == Array {
		return "an array"
	}
	return "a map"
}

// Equal reports whether two texts are the same value of type t, as
// templates see them: arrays and maps compare as decoded YAML (a reformatted
// list is the same list), scalars as text ("01" and "1" render differently).
func (t Type) Equal(a, b string) bool {
	if a == b || !t.structured() {
		return a == b
	}
	va, errA := t.Parse(a)
	vb, errB := t.Parse(b)
	return errA == nil && errB == nil && reflect.DeepEqual(va, vb)
}

// Text turns a YAML value (a default or an enum value of params.yaml, a
// value of a values file) into the text an Instance stores: YAML text for
// arrays and maps, the scalar written out otherwise. A value that does not
// fit t (a list for an integer) is an error.
func (t Type) Text(v any) (string, error) {
	if t.structured() {
		return structuredText(t, v)
	}
	switch s := v.(type) {
	case string:
		_, err := t.Parse(s)
		return s, err
	case bool, int64, float64, int:
		text := fmt.Sprint(s)
		_, err := t.Parse(text)
		return text, err
	case nil:
		return "", fmt.Errorf("null is not a valid %s", t.orString())
	}
	return "", fmt.Errorf("%s is not a valid %s", describeYAML(v), t.orString())
}

func structuredText(t Type, v any) (string, error) {
	if s, ok := v.(string); ok {
		_, err := t.Parse(s)
		return s, err
	}
	_, isList := v.([]any)
	_, isMap := v.(map[string]any)
	if (t == Array && !isList) || (t == Map && !isMap) {
		return "", fmt.Errorf("%s is not a valid %s", describeYAML(v), t)
	}
	out, err := yaml.Marshal(v)
	return strings.TrimSuffix(string(out), "\n"), err
}

func (t Type) orString() Type {
	if t == "" {
		return String
	}
	return t
}

// describeYAML names a decoded YAML value's kind for messages.
func describeYAML(v any) string {
	switch v.(type) {
	case []any:
		return "a list"
	case map[string]any:
		return "a map"
	}
	return fmt.Sprintf("%v", v)
}
