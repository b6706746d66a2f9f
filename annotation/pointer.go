package annotation

import (
	"errors"
	"fmt"
	"strconv"
	"strings"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// JSON Pointer (RFC 6901) tokens escape ~ as ~0 and / as ~1; unescaping
// replaces ~1 before ~0, which a one-pass Replacer does.
var (
	tokenEscaper   = strings.NewReplacer("~", "~0", "/", "~1")
	tokenUnescaper = strings.NewReplacer("~1", "/", "~0", "~")
)

func escapeToken(token string) string {
	return tokenEscaper.Replace(token)
}

// parsePointer splits a JSON Pointer into its unescaped tokens; "" is the
// root.
func parsePointer(pointer string) ([]string, error) {
	if pointer == "" {
		return nil, nil
	}
	if !strings.HasPrefix(pointer, "/") {
		return nil, errors.New(`a JSON Pointer is "" or starts with "/"`)
	}
	tokens := strings.Split(pointer[1:], "/")
	for i, token := range tokens {
		if hasBadEscape(token) {
			return nil, fmt.Errorf("token %q: ~ must be followed by 0 or 1", token)
		}
		tokens[i] = tokenUnescaper.Replace(token)
	}
	return tokens, nil
}

func hasBadEscape(token string) bool {
	for i := 0; i < len(token); i++ {
		if token[i] == '~' && (i+1 == len(token) || token[i+1] != '0' && token[i+1] != '1') {
			return true
		}
	}
	return false
}

// resolve returns the schema object at pointer in root, the same kind of
// node Pack takes extensions from (see childRole).
func resolve(root map[string]any, pointer string) (map[string]any, error) {
	tokens, err := parsePointer(pointer)
	if err != nil {
		return nil, err
	}
	var node any = root
	r := schemaRole
	for i, token := range tokens {
		if node, r, err = step(node, r, token); err != nil {
			return nil, fmt.Errorf("does not resolve to a schema object: %s: %w", prefix(tokens[:i]), err)
		}
	}
	schemaObject, isObject := node.(map[string]any)
	if !isObject || r != schemaRole {
		return nil, fmt.Errorf("does not resolve to a schema object, but to %s", describe(node, r))
	}
	return schemaObject, nil
}

// step goes from node (of role r) to its child token.
func step(node any, r role, token string) (any, role, error) {
	if r == dataRole {
		return nil, r, errors.New("default, example and enum hold values, not schemas")
	}
	switch node := node.(type) {
	case map[string]any:
		child, ok := node[token]
		if !ok {
			return nil, r, fmt.Errorf("no %q", token)
		}
		return child, childRole(r, token), nil
	case []any:
		i, err := strconv.Atoi(token)
		if err != nil || strconv.Itoa(i) != token || i < 0 || i >= len(node) {
			return nil, r, fmt.Errorf("%q is not an index of an array of %d", token, len(node))
		}
		return node[i], r, nil
	}
	return nil, r, fmt.Errorf("%q is inside a %s", token, jsonvalue.TypeName(node))
}

// prefix renders the pointer of tokens, for messages.
func prefix(tokens []string) string {
	var b strings.Builder
	for _, token := range tokens {
		b.WriteString("/" + escapeToken(token))
	}
	return strconv.Quote(b.String())
}

func describe(node any, r role) string {
	switch {
	case r == dataRole:
		return "a value of default, example or enum"
	case r == namesRole:
		return "a map of names to schemas"
	}
	return "a " + jsonvalue.TypeName(node)
}
