package manifest

import (
	"bytes"
	"fmt"
	"strconv"
	"strings"

	yamlv3 "go.yaml.in/yaml/v3"
	"sigs.k8s.io/yaml"
)

// yamlToJSON converts a YAML document to JSON as kubectl does, refusing
// duplicate keys. A key that overrides one brought in by a merge key
// ("<<: *base") is not a duplicate: kubectl's decoder accepts it, and so
// does kval, with the value kubectl's decoder gives.
func yamlToJSON(raw []byte) ([]byte, error) {
	js, err := yaml.YAMLToJSONStrict(raw)
	switch {
	case err == nil:
		return js, nil
	case strings.Contains(err.Error(), "unsupported value"):
		return nil, nonFiniteError(raw, err)
	case !strings.Contains(err.Error(), "already set in map") || !bytes.Contains(raw, []byte("<<")):
		return nil, err
	}
	root, parseErr := parseNodes(raw)
	if parseErr != nil {
		return nil, err
	}
	if dup := duplicateKey(root); dup != nil {
		return nil, fmt.Errorf("line %d: key %q already set in map", dup.Line, dup.Value)
	}
	return yaml.YAMLToJSON(raw)
}

// parseNodes parses a document into yaml.v3 nodes, only to explain an
// error of the converter.
func parseNodes(raw []byte) (*yamlv3.Node, error) {
	var root yamlv3.Node
	err := yamlv3.Unmarshal(raw, &root)
	return &root, err
}

// nonFiniteError names the field of a .inf or .nan, which JSON cannot hold.
func nonFiniteError(raw []byte, err error) error {
	root, parseErr := parseNodes(raw)
	if parseErr != nil {
		return err
	}
	found := findNode(root, "", func(n *yamlv3.Node) bool {
		value := strings.TrimLeft(strings.ToLower(n.Value), "+-")
		return n.Kind == yamlv3.ScalarNode && n.ShortTag() == "!!float" && (value == ".inf" || value == ".nan")
	})
	if found == nil {
		return err
	}
	return fmt.Errorf("line %d: %s: %s is not a number JSON can hold", found.node.Line, found.path, found.node.Value)
}

// foundNode is a node and the field path to it.
type foundNode struct {
	node *yamlv3.Node
	path string
}

// findNode returns the first node (in document order) that match accepts;
// it does not follow aliases.
func findNode(n *yamlv3.Node, path string, match func(n *yamlv3.Node) bool) *foundNode {
	for i, child := range n.Content {
		childPath := path
		switch n.Kind {
		case yamlv3.MappingNode:
			childPath = joinPath(path, n.Content[i-i%2].Value)
		case yamlv3.SequenceNode:
			childPath = path + "[" + strconv.Itoa(i) + "]"
		}
		if match(child) {
			return &foundNode{node: child, path: childPath}
		}
		if found := findNode(child, childPath, match); found != nil {
			return found
		}
	}
	return nil
}

func joinPath(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// duplicateKey returns the first key written twice in a mapping (keys
// merged in with "<<" do not count); it does not follow aliases.
func duplicateKey(n *yamlv3.Node) *yamlv3.Node {
	if n.Kind == yamlv3.MappingNode {
		seen := map[[2]string]bool{}
		for i := 0; i+1 < len(n.Content); i += 2 {
			k := n.Content[i]
			if k.Kind != yamlv3.ScalarNode || k.ShortTag() == "!!merge" {
				continue
			}
			id := [2]string{k.ShortTag(), k.Value}
			if seen[id] {
				return k
			}
			seen[id] = true
		}
	}
	for _, child := range n.Content {
		if dup := duplicateKey(child); dup != nil {
			return dup
		}
	}
	return nil
}
