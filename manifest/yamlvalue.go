package manifest

import (
	"strconv"

	yamlv2 "go.yaml.in/yaml/v2"
)

// decodeYAML decodes a YAML document into the values decodeViaJSON gives,
// without writing and reading JSON. Most documents take the fast path,
// decodeBlockYAML, which answers exactly as decodeYAMLv2 would or declines.
func decodeYAML(raw []byte, line int) (any, error) {
	if value, ok := decodeBlockYAML(raw); ok {
		return value, nil
	}
	return decodeYAMLv2(raw, line)
}

// decodeYAMLv2 is decodeYAML for any document: yaml.v2 parses it exactly
// as sigs.k8s.io/yaml does, and yamlWalk then does in one walk what
// convertToJSONableObject, json.Marshal and decodeJSON did (see doc.go).
// Whatever the walk does not model exactly (any error of yaml.v2, a key
// JSON cannot hold, NaN or infinity, two keys that become one) is handed to
// decodeViaJSON, so the answer, errors included, is always the round trip's.
func decodeYAMLv2(raw []byte, line int) (any, error) {
	var parsed any
	if err := yamlv2.UnmarshalStrict(raw, &parsed); err != nil {
		return decodeViaJSON(raw, line)
	}
	var w yamlWalk
	value := w.value(parsed, 1)
	switch {
	case w.size > MaxDocumentBytes:
		// Checked first: the walk stopped at the limit, so aliases cost
		// no more than it in bytes, and the round trip would expand every
		// alias (a 2.4 MB scalar aliased 6,000 times is 14 GB) to tell what
		// else is wrong with the document.
		return nil, errTooLarge
	case w.unmodelled:
		return decodeViaJSON(raw, line)
	case w.depth > MaxDepth:
		return nil, errDepth
	}
	return value, nil
}

// decodeViaJSON is the reference: the document converted to JSON by
// sigs.k8s.io/yaml and decoded as JSON, as kubectl sends and kube-apiserver
// decodes it.
func decodeViaJSON(raw []byte, line int) (any, error) {
	js, err := yamlToJSON(raw)
	if err != nil {
		return nil, yamlError(err, line)
	}
	if len(js) > MaxDocumentBytes {
		return nil, errTooLarge
	}
	return decodeJSON(js, line, false)
}

// yamlWalk converts yaml.v2's values to the JSON decoder's and measures
// the JSON json.Marshal would have written.
type yamlWalk struct {
	size       int  // bytes of the JSON, as json.Marshal writes it
	depth      int  // the deepest nesting of objects and arrays
	unmodelled bool // the round trip would do what the walk does not model
	scratch    [32]byte
}

// value converts v, a value at nesting level depth. Past MaxDocumentBytes
// of JSON it converts nothing more: yaml.v2 shares an aliased value among
// its aliases, and the walk must not expand them beyond the limit.
func (w *yamlWalk) value(v any, depth int) any {
	if w.size > MaxDocumentBytes {
		return nil
	}
	switch v := v.(type) {
	case nil:
		w.size += len("null")
		return nil
	case bool:
		w.size += len(strconv.FormatBool(v))
		return v
	case string:
		return w.string(v)
	case int:
		return w.int(int64(v))
	case int64:
		return w.int(v)
	case uint64:
		return w.number(strconv.AppendUint(w.scratch[:0], v, 10))
	case float64:
		return w.float(v)
	case []any:
		return w.array(v, depth)
	case map[any]any:
		return w.object(v, depth)
	}
	w.unmodelled = true // yaml.v2 gives no other type into an interface{}
	return nil
}

func (w *yamlWalk) int(i int64) any {
	w.size += len(strconv.AppendInt(w.scratch[:0], i, 10))
	return i
}

func (w *yamlWalk) array(items []any, depth int) any {
	w.enter(depth, len(items))
	out := make([]any, len(items))
	for i, item := range items {
		out[i] = w.value(item, depth+1)
	}
	return out
}

func (w *yamlWalk) object(m map[any]any, depth int) any {
	w.enter(depth, len(m))
	out := make(map[string]any, len(m))
	for k, v := range m {
		key, ok := w.key(k)
		if !ok {
			return nil
		}
		w.size += len(":")
		out[key] = w.value(v, depth+1)
	}
	if len(out) != len(m) {
		// Two keys became one ("1" and 1, or two invalid UTF-8 strings):
		// the round trip keeps either value, or refuses a duplicate.
		w.unmodelled = true
	}
	return out
}

// enter counts an object or array of n members at nesting level depth:
// its brackets and the commas between its members.
func (w *yamlWalk) enter(depth, n int) {
	w.depth = max(w.depth, depth)
	w.size += len("[]") + max(n-1, 0)
}

// key converts a map key to the string JSON has, as
// convertToJSONableObject does; not ok for a key it refuses.
func (w *yamlWalk) key(k any) (string, bool) {
	switch k := k.(type) {
	case string:
		return w.string(k), true
	case int:
		return w.keyText(strconv.Itoa(k)), true
	case int64:
		return w.keyText(strconv.FormatInt(k, 10)), true
	case float64:
		return w.keyText(floatKey(k)), true
	case bool:
		return w.keyText(strconv.FormatBool(k)), true
	}
	w.unmodelled = true // null or a number beyond int64: an error
	return "", false
}

// keyText counts a key made of plain ASCII characters.
func (w *yamlWalk) keyText(s string) string {
	w.size += len(`""`) + len(s)
	return s
}

// floatKey is how sigs.k8s.io/yaml writes a float key: at float32
// precision, with YAML's names for the infinities and NaN.
func floatKey(f float64) string {
	s := strconv.FormatFloat(f, 'g', -1, 32)
	switch s {
	case "+Inf":
		return ".inf"
	case "-Inf":
		return "-.inf"
	case "NaN":
		return ".nan"
	}
	return s
}
