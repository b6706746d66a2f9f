package cli

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/spf13/pflag"
)

// skipPathOptions are kval validate's --skip-json-path: fields removed
// from objects before validation, as flux-schema's flag of that name.
type skipPathOptions struct {
	skipJSONPaths []string
	skipPaths     []skipPath
}

func (o *skipPathOptions) addFlags(f *pflag.FlagSet) {
	f.StringArrayVar(&o.skipJSONPaths, "skip-json-path", nil,
		`[KIND:|APIVERSION/KIND:]/JSON/POINTER (repeatable): remove this field (RFC 6901; * matches every key or item) from the objects, of that kind only if named, before validation, e.g. "v1/Secret:/metadata/annotations/x" (SOPS metadata is removed without it)`)
}

// skipPath is one --skip-json-path: an optional apiVersion and kind, and
// the pointer's tokens.
type skipPath struct {
	apiVersion, kind string
	tokens           []string
}

// parseSkipPaths reads every --skip-json-path; a malformed one is unusable
// input.
func (o *skipPathOptions) parseSkipPaths() error {
	for _, spec := range o.skipJSONPaths {
		p, err := parseSkipPath(spec)
		if err != nil {
			return badInput("--skip-json-path %q: %v", spec, err)
		}
		o.skipPaths = append(o.skipPaths, p)
	}
	return nil
}

// parseSkipPath reads "[APIVERSION/KIND:]/pointer" or "[KIND:]/pointer".
func parseSkipPath(spec string) (skipPath, error) {
	var p skipPath
	pointer := spec
	if !strings.HasPrefix(spec, "/") {
		selector, rest, found := strings.Cut(spec, ":")
		if !found || selector == "" {
			return p, fmt.Errorf("want [KIND:]/pointer or [APIVERSION/KIND:]/pointer")
		}
		p.apiVersion, p.kind = splitKindSelector(selector)
		pointer = rest
	}
	tokens, err := pointerTokens(pointer)
	p.tokens = tokens
	return p, err
}

// splitKindSelector splits "apps/v1/Deployment" into its apiVersion and
// kind; "Secret" is a kind of any apiVersion.
func splitKindSelector(selector string) (apiVersion, kind string) {
	if i := strings.LastIndex(selector, "/"); i >= 0 {
		return selector[:i], selector[i+1:]
	}
	return "", selector
}

// pointerTokens splits an RFC 6901 pointer into its unescaped tokens.
func pointerTokens(pointer string) ([]string, error) {
	if !strings.HasPrefix(pointer, "/") || pointer == "/" {
		return nil, fmt.Errorf("the JSON pointer %q must start with / and name a field", pointer)
	}
	tokens := strings.Split(pointer[1:], "/")
	for i, t := range tokens {
		tokens[i] = strings.NewReplacer("~1", "/", "~0", "~").Replace(t)
	}
	return tokens, nil
}

func (p skipPath) matches(apiVersion, kind string) bool {
	return (p.kind == "" || p.kind == kind) && (p.apiVersion == "" || p.apiVersion == apiVersion)
}

// stripFields removes the fields --skip-json-path names from an object,
// and SOPS' metadata from a SOPS-encrypted one.
func (o *skipPathOptions) stripFields(obj map[string]any, apiVersion, kind string) {
	stripSOPS(obj)
	for _, p := range o.skipPaths {
		if p.matches(apiVersion, kind) {
			removeAt(obj, p.tokens)
		}
	}
}

// stripOld is stripFields for the old object of an update, by its own
// apiVersion and kind.
func (o *skipPathOptions) stripOld(old map[string]any) {
	apiVersion, _ := old["apiVersion"].(string)
	kind, _ := old["kind"].(string)
	o.stripFields(old, apiVersion, kind)
}

// removeAt removes what tokens point at under v, if it is there.
func removeAt(v any, tokens []string) {
	last := len(tokens) == 1
	switch v := v.(type) {
	case map[string]any:
		removeInMap(v, tokens, last)
	case []any:
		for _, i := range itemIndexes(v, tokens[0]) {
			if !last {
				removeAt(v[i], tokens[1:])
			}
		}
	}
}

func removeInMap(m map[string]any, tokens []string, last bool) {
	for key, child := range m {
		if tokens[0] != "*" && tokens[0] != key {
			continue
		}
		if last {
			delete(m, key)
		} else {
			removeAt(child, tokens[1:])
		}
	}
}

// itemIndexes are the items a token names in a list: one index or every
// item. Removing an item would shift the others, so a pointer to items
// removes only fields inside them.
func itemIndexes(items []any, token string) []int {
	if token == "*" {
		out := make([]int, len(items))
		for i := range items {
			out[i] = i
		}
		return out
	}
	if i, err := strconv.Atoi(token); err == nil && i >= 0 && i < len(items) {
		return []int{i}
	}
	return nil
}
