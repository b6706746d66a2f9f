package crd

import (
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/gen/validators"
	"github.com/kval-dev/kval/tags"
)

const itemsPrefix = "kubebuilder:validation:items:"

// parseMarker parses one marker line. +k8s: tags follow package tags'
// grammar; the other markers controller-gen's: +name, +name=value or
// +name:arg=value,arg=value.
func parseMarker(f tags.Found) (use, error) {
	text := f.Text
	if i := strings.Index(text, " #"); i >= 0 && strings.HasPrefix(text, "k8s:") {
		text = strings.TrimSpace(text[:i])
	}
	lookupText := text
	if rest, ok := strings.CutPrefix(text, itemsPrefix); ok {
		lookupText = "kubebuilder:validation:" + rest
	}
	m, rest, ok := lookup(lookupText)
	if msg, hint, refused := validators.Refusal(f.Name); !ok && refused {
		return use{}, fmt.Errorf("+%s: %s (%s)", f.Text, msg, hint)
	}
	if !ok {
		return use{}, fmt.Errorf("unknown marker +%s", f.Name)
	}
	u := use{m: m, pos: f.Pos, text: text}
	if lookupText != text {
		u.m = itemsMarker(m)
	}
	if m.ignored != "" {
		return u, nil
	}
	if strings.HasPrefix(m.name, "k8s:") {
		return parseTag(u, f)
	}
	return parseRest(u, rest)
}

// parseTag parses a +k8s: tag with the generator's own tag parser, so a
// tag means the same to both generators.
func parseTag(u use, f tags.Found) (use, error) {
	t, err := tags.Parse(f.Text, f.Pos)
	if err != nil {
		return use{}, err
	}
	u.tag = t
	return u, nil
}

func parseRest(u use, rest string) (use, error) {
	// controller-gen reads +name:=value as +name=value (an unnamed
	// argument), a spelling Gateway API uses.
	if v, ok := strings.CutPrefix(rest, ":="); ok && u.m.args == nil {
		rest = "=" + v
	}
	switch {
	case strings.HasPrefix(rest, "="):
		u.value, u.hasValue = rest[1:], true
	case strings.HasPrefix(rest, ":"):
		if u.m.args == nil {
			return use{}, u.errorf("takes no arguments")
		}
		args, err := splitArgs(rest[1:])
		if err != nil {
			return use{}, u.errorf("%v", err)
		}
		u.args = args
	}
	return u, checkShape(u)
}

func checkShape(u use) error {
	switch {
	case u.m.value == needValue && !u.hasValue && u.m.args == nil:
		return u.errorf("needs a value (+%s=...)", u.m.name)
	case u.m.value == noValue && u.hasValue && !isTrue(u.value):
		return u.errorf("takes no value")
	}
	for name := range u.args {
		if !slices.Contains(u.m.args, name) {
			return u.errorf("unknown argument %q (arguments: %s)", name, strings.Join(u.m.args, ", "))
		}
	}
	return nil
}

// isTrue accepts controller-gen's spelling of flags: +marker=true.
func isTrue(v string) bool { return v == "true" }

// splitArgs splits `a=1,b="x,y",c={p,q}` at the commas outside quotes and
// braces.
func splitArgs(s string) (map[string]string, error) {
	args := map[string]string{}
	for _, part := range splitTop(s, ',') {
		name, value, ok := strings.Cut(part, "=")
		if !ok {
			value = "true" // a bare name is a flag, as in controller-gen
		}
		name = strings.TrimSpace(name)
		if _, dup := args[name]; dup {
			return nil, fmt.Errorf("argument %q given twice", name)
		}
		args[name] = strings.TrimSpace(value)
	}
	return args, nil
}

// splitTop splits s at sep outside quotes, backquotes, braces and brackets.
func splitTop(s string, sep rune) []string {
	var parts []string
	var quote rune
	depth, start := 0, 0
	for i, r := range s {
		switch {
		case quote != 0:
			if r == quote && (quote == '`' || i == 0 || s[i-1] != '\\') {
				quote = 0
			}
		case r == '"' || r == '`':
			quote = r
		case r == '{' || r == '[':
			depth++
		case r == '}' || r == ']':
			depth--
		case r == sep && depth == 0:
			parts = append(parts, s[start:i])
			start = i + 1
		}
	}
	return append(parts, s[start:])
}

// stringValue reads a string: quoted ("..." with JSON escapes, `...`
// verbatim) or bare.
func stringValue(v string) (string, error) {
	v = strings.TrimSpace(v)
	switch {
	case strings.HasPrefix(v, "`"):
		if len(v) < 2 || !strings.HasSuffix(v, "`") {
			return "", fmt.Errorf("unterminated raw string %s", v)
		}
		return v[1 : len(v)-1], nil
	case strings.HasPrefix(v, `"`):
		s, err := strconv.Unquote(v)
		if err != nil {
			return "", fmt.Errorf("bad string %s", v)
		}
		return s, nil
	}
	return v, nil
}

func intValue(v string) (int64, error) {
	n, err := strconv.ParseInt(strings.TrimSpace(v), 0, 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not an integer", v)
	}
	return n, nil
}

func numberValue(v string) (float64, error) {
	n, err := strconv.ParseFloat(strings.TrimSpace(v), 64)
	if err != nil {
		return 0, fmt.Errorf("%q is not a number", v)
	}
	return n, nil
}

// listValue reads controller-gen's lists: `a;b;c` or `{a,b,c}`.
func listValue(v string) []string {
	v = strings.TrimSpace(v)
	sep := ';'
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		v, sep = v[1:len(v)-1], ','
	}
	var out []string
	for _, p := range splitTop(v, sep) {
		if p = strings.TrimSpace(p); p != "" {
			out = append(out, p)
		}
	}
	return out
}

// anyValue reads a value of any JSON type: JSON itself, controller-gen's
// {a,b} lists and {k: v} maps, or a bare word as a string.
func anyValue(v string) (any, error) {
	v = strings.TrimSpace(v)
	var out any
	if err := json.Unmarshal([]byte(v), &out); err == nil {
		return normalizeNumbers(out), nil
	}
	if strings.HasPrefix(v, "{") && strings.HasSuffix(v, "}") {
		return braceValue(v[1 : len(v)-1])
	}
	return stringValue(v)
}

// braceValue reads {a,b} (a list) or {k: v, ...} (a map).
func braceValue(inner string) (any, error) {
	parts := splitTop(inner, ',')
	if strings.TrimSpace(inner) == "" {
		return []any{}, nil
	}
	if _, _, isMap := cutKey(parts[0]); !isMap {
		list := make([]any, 0, len(parts))
		for _, p := range parts {
			x, err := anyValue(p)
			if err != nil {
				return nil, err
			}
			list = append(list, x)
		}
		return list, nil
	}
	m := map[string]any{}
	for _, p := range parts {
		k, val, ok := cutKey(p)
		if !ok {
			return nil, fmt.Errorf("%q mixes map entries and list items", inner)
		}
		x, err := anyValue(val)
		if err != nil {
			return nil, err
		}
		m[k] = x
	}
	return m, nil
}

func cutKey(p string) (string, string, bool) {
	k, v, ok := strings.Cut(p, ":")
	if !ok || strings.ContainsAny(k, `{["`) {
		return "", "", false
	}
	k, err := stringValue(k)
	return k, v, err == nil
}

// normalizeNumbers turns integral JSON numbers into int64, as objects
// decode (package manifest), so defaults compare equal to values.
func normalizeNumbers(v any) any {
	switch x := v.(type) {
	case float64:
		if x == float64(int64(x)) {
			return int64(x)
		}
	case []any:
		for i := range x {
			x[i] = normalizeNumbers(x[i])
		}
	case map[string]any:
		for k := range x {
			x[k] = normalizeNumbers(x[k])
		}
	}
	return v
}
