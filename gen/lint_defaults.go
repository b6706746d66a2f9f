package gen

import (
	"bytes"
	"encoding/json"
	"fmt"
	"go/types"
	"strconv"
	"unicode/utf8"

	"github.com/kval-dev/kval/gen/shape"
	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

// defaults checks a field's default value (+default=<json>, or KEP-5073's
// +k8s:default=<json>) as the KEP asks the linter to: against the field's
// type and the rules written on the field. A default the field's own rules
// refuse would make every object that omits the field invalid; a default on
// a field forbidden under every set of options contradicts it (one
// forbidden only while a feature gate is off is defaulted while it is on).
func (l *linter) defaults(list []tags.Tag, lines []tags.Line, m *validators.Member) {
	found := validators.DefaultTags(lines)
	if len(found) == 0 {
		return
	}
	f := found[0]
	report := func(hint, msg string) {
		l.ps.add(Problem{Pos: f.Pos, Tag: "+" + f.Text, Msg: msg, Hint: hint, Lint: true})
	}
	for _, t := range list {
		if link, ok := requirednessIn(t); ok && link.Name == "k8s:forbidden" && len(gateOf(t)) == 0 {
			report("drop the default or +k8s:forbidden", "a forbidden field must stay unset, so it cannot have a default")
		}
	}
	raw, err := tags.ParseRaw(f.Text, f.Pos)
	if err != nil {
		return // the generator reports it
	}
	value, err := decodeDefault(raw.Value)
	if err != nil {
		return // +k8s:optional reports it where it reads the default
	}
	if msg := defaultTypeMismatch(m.Type, value); msg != "" {
		report("write a default of the field's type", msg)
		return
	}
	for _, t := range list {
		if rule, ok := ownRule(t); ok {
			if msg := defaultBreaks(rule, value); msg != "" {
				report("change the default or +"+rule.String(), "the default "+raw.Value+" "+msg+", so objects that omit the field are refused")
			}
		}
	}
}

// decodeDefault decodes a default, keeping numbers exact.
func decodeDefault(text string) (any, error) {
	dec := json.NewDecoder(bytes.NewReader([]byte(text)))
	dec.UseNumber()
	var v any
	if err := dec.Decode(&v); err != nil {
		return nil, err
	}
	if dec.More() {
		return nil, fmt.Errorf("more than one value")
	}
	return v, nil
}

// defaultTypeMismatch says why value cannot be a JSON value of t, or "".
// Types with their own JSON form (resource.Quantity, IntOrString) are not
// checked.
func defaultTypeMismatch(t types.Type, value any) string {
	t = shape.NonPointer(t)
	if hasCustomJSON(t) {
		return ""
	}
	var want string
	ok := true
	switch {
	case value == nil:
		return "null is no default (omit the tag)"
	case shape.IsString(t):
		_, ok = value.(string)
		want = "a string"
	case shape.IsBool(t):
		_, ok = value.(bool)
		want = "true or false"
	case shape.IsInteger(t):
		n, isNum := value.(json.Number)
		_, err := strconv.ParseInt(string(n), 10, 64)
		ok, want = isNum && err == nil, "an integer"
	case shape.IsBasic(t):
		_, ok = value.(json.Number)
		want = "a number"
	case shape.IsSlice(t):
		_, ok = value.([]any)
		want = "a JSON array"
	case shape.IsMap(t), shape.IsStruct(t):
		_, ok = value.(map[string]any)
		want = "a JSON object"
	}
	if ok {
		return ""
	}
	return fmt.Sprintf("the default does not fit the field's type %s (want %s)", types.TypeString(t, nil), want)
}

func hasCustomJSON(t types.Type) bool {
	obj, _, _ := types.LookupFieldOrMethod(types.NewPointer(t), true, nil, "UnmarshalJSON")
	return obj != nil
}

// ownRule returns the rule a tag places on the field's own value: the tag
// itself, or the rule behind +k8s:alpha= or +k8s:beta=. Conditional rules
// (+k8s:ifEnabled) and rules on elements are not the default's concern.
func ownRule(t tags.Tag) (tags.Tag, bool) {
	for _, link := range t.Chain() {
		if link.Name != "k8s:alpha" && link.Name != "k8s:beta" {
			return link, link.Kind != tags.TagValue && !isFieldReference(link)
		}
	}
	return tags.Tag{}, false
}

// defaultBreaks says how value breaks rule, or "".
func defaultBreaks(rule tags.Tag, value any) string {
	limit, err := strconv.ParseInt(rule.Value, 0, 64)
	if err != nil || rule.Name == "k8s:neq" {
		return neqBreaks(rule, value)
	}
	b, ok := bounds[rule.Name]
	if !ok {
		return ""
	}
	if size, ok := defaultSize(b.measure, value); ok && b.refuses(size, limit) {
		return "breaks +" + rule.String()
	}
	return ""
}

// defaultSize is what a bound of measure compares: the number, or the
// length of a string (in characters), list or object.
func defaultSize(m measure, value any) (int64, bool) {
	switch v := value.(type) {
	case json.Number:
		n, err := v.Int64()
		return n, m == numberValue && err == nil
	case string:
		return int64(utf8.RuneCountInString(v)), m == stringLength
	case []any:
		return int64(len(v)), m == listItems
	case map[string]any:
		return int64(len(v)), m == mapEntries
	}
	return 0, false
}

// neqBreaks compares a default with +k8s:neq of a string or bool.
func neqBreaks(rule tags.Tag, value any) string {
	if rule.Name != "k8s:neq" {
		return ""
	}
	if fmt.Sprint(value) == rule.Value {
		return "breaks +" + rule.String()
	}
	return ""
}
