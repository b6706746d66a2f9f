package manifest

import (
	"strconv"
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
)

// FieldLines finds, in the text the Raw holds, the line of the file of
// each field path of the document decoded from it at src (src.Item says
// which item of a List), as field.Error names fields ("spec.ports[0].port",
// "metadata.labels[app.kubernetes.io/name]"): the line of its key, or of
// its item in a list. A field the document does not have (a missing
// required field) gets the line of its nearest ancestor that it has; 0
// when not even the path's first field is there. Decoding keeps no
// positions, to stay fast: this parses the text once more, with yaml.v3's
// nodes (JSON is YAML too), only for documents with errors to point at.
func (d Raw) FieldLines(src Source, paths []string) []int {
	return fieldLines(parseText(d.data), src, paths)
}

// fieldLines walks each path down from root, the document's top node (nil
// when its text could not be parsed: every line 0).
func fieldLines(root *yamlv3.Node, src Source, paths []string) []int {
	lines := make([]int, len(paths))
	if root == nil {
		return lines
	}
	for i, path := range paths {
		segments := splitFieldPath(path)
		if src.Item >= 0 {
			segments = append([]string{"items", "[" + strconv.Itoa(src.Item) + "]"}, segments...)
		}
		if line := nodeLine(root, segments); line > 0 {
			lines[i] = line + src.Line - 1
		}
	}
	return lines
}

// parseText parses a document's text into its top node; nil when it does
// not parse.
func parseText(raw []byte) *yamlv3.Node {
	var doc yamlv3.Node
	if yamlv3.Unmarshal(raw, &doc) != nil || len(doc.Content) != 1 {
		return nil
	}
	return doc.Content[0]
}

// nodeLine walks segments down from n and returns the line (in the
// document) of the deepest one found: 0 if not even the first is.
func nodeLine(n *yamlv3.Node, segments []string) int {
	line := 0
	for i := 0; i < len(segments); i++ {
		key, value, used := dottedChild(n, segments[i:])
		if value == nil {
			return line
		}
		line, n = key.Line, value
		i += used - 1
	}
	return line
}

// dottedChild is child for the first segment, or, when there is no such
// key, for a key with dots in it that a dotted path split
// ("data.webhook.github.secret" names the key "webhook.github.secret" of
// a Secret's data): used is the number of segments the key took.
func dottedChild(n *yamlv3.Node, segments []string) (at, value *yamlv3.Node, used int) {
	if at, value = child(n, segments[0]); value != nil {
		return at, value, 1
	}
	for used = 2; used <= len(segments) && !strings.HasPrefix(segments[used-1], "["); used++ {
		if at, value = child(n, strings.Join(segments[:used], ".")); value != nil {
			return at, value, used
		}
	}
	return nil, nil, 0
}

// child finds seg under n: a mapping's key ("name" or "[key]") or a
// sequence's item ("[0]"). It returns the node whose line names the
// child (the key, or the item) and the child's value.
func child(n *yamlv3.Node, seg string) (at, value *yamlv3.Node) {
	if n.Kind == yamlv3.AliasNode && n.Alias != nil {
		n = n.Alias
	}
	bracketed := len(seg) >= 2 && seg[0] == '[' && seg[len(seg)-1] == ']'
	name := seg
	if bracketed {
		name = seg[1 : len(seg)-1]
	}
	switch n.Kind {
	case yamlv3.MappingNode:
		for i := 0; i+1 < len(n.Content); i += 2 {
			if n.Content[i].Value == name {
				return n.Content[i], deref(n.Content[i+1])
			}
		}
	case yamlv3.SequenceNode:
		if index, err := strconv.Atoi(name); err == nil && bracketed && index >= 0 && index < len(n.Content) {
			return n.Content[index], deref(n.Content[index])
		}
	}
	return nil, nil
}

func deref(n *yamlv3.Node) *yamlv3.Node {
	if n.Kind == yamlv3.AliasNode && n.Alias != nil {
		return n.Alias
	}
	return n
}

// splitFieldPath cuts a field path into its fields ("spec", "ports") and
// subscripts ("[0]", "[app.kubernetes.io/name]": a key's dots are not
// separators).
func splitFieldPath(path string) []string {
	var out []string
	for i := 0; i < len(path); {
		switch path[i] {
		case '.':
			i++
		case '[':
			end := i + 1
			for end < len(path) && path[end] != ']' {
				end++
			}
			out = append(out, path[i:min(end+1, len(path))])
			i = end + 1
		default:
			end := i
			for end < len(path) && path[end] != '.' && path[end] != '[' {
				end++
			}
			out = append(out, path[i:end])
			i = end
		}
	}
	return out
}
