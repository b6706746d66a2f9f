package cli

import (
	"fmt"
	"strconv"
	"strings"
)

// Warnings of kube-apiserver name their field first, and often the value
// ("metadata.finalizers: \"x\": prefer a domain-qualified finalizer name"):
// they are located at that field's line, or at the item of a list with
// that value, rather than at the document's first line.

// warningPaths are the field paths the warnings name, one for one, with
// the item's index when the field is a list holding the quoted value; ""
// where a warning names none. obj is the object as sent.
func warningPaths(obj map[string]any, warnings []string) []string {
	paths := make([]string, len(warnings))
	for i, w := range warnings {
		path, rest, found := strings.Cut(w, ": ")
		if !found || strings.ContainsAny(path, " \"") || !strings.Contains(path, ".") {
			continue
		}
		paths[i] = path + itemIndex(obj, path, rest)
	}
	return paths
}

// itemIndex is "[i]" when path names a list of obj whose item i is the
// value quoted at the start of rest; "" otherwise.
func itemIndex(obj map[string]any, path, rest string) string {
	quoted, err := strconv.QuotedPrefix(rest)
	if err != nil {
		return ""
	}
	value, _ := strconv.Unquote(quoted)
	list, _ := valueAt(obj, strings.Split(path, ".")).([]any)
	for i, item := range list {
		if item == value {
			return fmt.Sprintf("[%d]", i)
		}
	}
	return ""
}

// valueAt is the value of obj at the keys; nil when there is none.
func valueAt(obj map[string]any, keys []string) any {
	var v any = obj
	for _, k := range keys {
		m, isMap := v.(map[string]any)
		if !isMap {
			return nil
		}
		v = m[k]
	}
	return v
}
