package params

import (
	"fmt"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// format is how a parameter list is written: params.yaml (defaults and
// enum values of any YAML, required unless said otherwise) or an
// OperatorVersion (text values, "value-type", optional unless said
// otherwise), as KUDO reads them.
type format struct {
	typeKey         string
	requiredDefault bool
	textOnly        bool
	known           []string
}

var (
	paramsFileFormat = format{
		typeKey: "type", requiredDefault: true,
		known: []string{"name", "displayName", "description", "default", "required", "immutable", "type", "enum", "trigger", "group", "hint", "advanced"},
	}
	operatorVersionFormat = format{
		typeKey: "value-type", textOnly: true,
		known: []string{"name", "displayName", "description", "default", "required", "immutable", "value-type", "enum", "trigger"},
	}
)

// decodeParameters reads a parameter list; faults go to errs.
func decodeParameters(items []any, path *field.Path, f format, errs *field.ErrorList) []Parameter {
	out := make([]Parameter, 0, len(items))
	for i, item := range items {
		obj, ok := item.(map[string]any)
		if !ok {
			*errs = append(*errs, field.TypeInvalid(path.Index(i), item, "must be of type object"))
			continue
		}
		out = append(out, f.parameter(fields{obj: obj, path: path.Index(i), errs: errs}, path))
	}
	return out
}

// parameter reads one parameter; its faults are at root[NAME] once the
// name is known, at root[INDEX] before.
func (f format) parameter(in fields, root *field.Path) Parameter {
	p := Parameter{Name: in.str("name")}
	if p.Name == "" {
		*in.errs = append(*in.errs, field.Required(in.path.Child("name"), "every parameter needs a name"))
	} else {
		in.path = root.Key(p.Name) // errors name the parameter, not its index
	}
	p.DisplayName, p.Description = in.str("displayName"), in.str("description")
	p.Required = in.boolOr("required", f.requiredDefault)
	p.Immutable = in.boolOr("immutable", false)
	p.Trigger, p.Group, p.Hint = in.str("trigger"), in.str("group"), in.str("hint")
	p.Advanced = in.boolOr("advanced", false)
	p.Type = f.paramType(in)
	p.Default = f.defaultText(in, p.Type)
	p.Enum = f.enumTexts(in, p.Type)
	in.only(f.known...)
	return p
}

func (f format) paramType(in fields) Type {
	t := Type(in.str(f.typeKey))
	if !t.Known() {
		*in.errs = append(*in.errs, field.NotSupported(in.path.Child(f.typeKey), string(t), typeNames()))
	}
	if t == "" {
		return String
	}
	return t
}

// defaultText is the default as Instance text; a default that does not fit
// the type is reported and kept as written, so that it is listed and no
// second error ("no default") follows from it.
func (f format) defaultText(in fields, t Type) *string {
	v, ok := in.obj["default"]
	if !ok || v == nil {
		return nil
	}
	text := f.text(in, in.path.Child("default"), v, t)
	return &text
}

func (f format) enumTexts(in fields, t Type) []string {
	if _, ok := in.obj["enum"]; !ok {
		return nil
	}
	items := in.list("enum")
	out := make([]string, 0, len(items))
	for i, v := range items {
		out = append(out, f.text(in, in.path.Child("enum").Index(i), v, t))
	}
	return out
}

func (f format) text(in fields, path *field.Path, v any, t Type) string {
	if _, isText := v.(string); f.textOnly && !isText {
		*in.errs = append(*in.errs, field.TypeInvalid(path, v, "must be of type string (an OperatorVersion stores values as text)"))
		return fmt.Sprint(v)
	}
	text, err := t.Text(v)
	if err != nil {
		*in.errs = append(*in.errs, field.Invalid(path, v, err.Error()))
		return fmt.Sprint(v)
	}
	return text
}
