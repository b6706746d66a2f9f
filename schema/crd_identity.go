package schema

import (
	"bytes"
	"regexp"
)

// CRDIdentity is the group and kind a CustomResourceDefinition defines.
type CRDIdentity struct{ Group, Kind string }

// ScanCRDIdentity reads the identity of a CRD from its YAML text without
// decoding it: decoding a large CRD is most of a short run's time, and a
// run needs only the CRDs its objects use. It reads only the block style
// every generator writes (controller-gen, kubebuilder, Helm): apiVersion,
// kind and spec as keys of the top mapping, group and names as keys of
// spec, kind as a key of names, each a plain or simply quoted scalar on
// its line. ok is false for anything else (flow style, anchors, aliases,
// tags, merge keys, a key written twice, a scalar continued on the next
// line, a document that is not a CRD): the caller then decodes the
// document. The scan is exact or it declines:
// TestScanCRDIdentityAgreesWithTheDecoder holds it to the decoder on every
// CRD of the test data, and FuzzScanCRDIdentity on fuzzed text.
func ScanCRDIdentity(text []byte) (id CRDIdentity, ok bool) {
	s := identityScan{specIndent: -1, namesIndent: -1, scalarIndent: -1, found: map[string]string{}}
	for line := range bytes.Lines(text) {
		if !s.line(line) {
			return CRDIdentity{}, false
		}
	}
	return s.identity()
}

// identityScan is the state of ScanCRDIdentity: which block the lines are
// in, and what was found.
type identityScan struct {
	inSpec, inNames bool
	// specIndent and namesIndent are the indentation of the keys of spec
	// and names; -1 until their first key.
	specIndent, namesIndent int
	// scalarIndent is the indentation of the last scalar the scan kept:
	// a deeper line right after it would continue it.
	scalarIndent int
	// found maps "apiVersion", "kind", "spec.group" and "spec.names.kind"
	// to their values, and "block spec" and "block names" to "" once those
	// blocks opened (a second one declines).
	found map[string]string
	// items says, for the top, spec and names mappings, whether a list item
	// may follow at the indentation of their keys: a compact list is the
	// value of the key before it ("versions:" then "- name: v1").
	items [3]bool
}

// The mappings whose keys the scan reads.
const (
	topLevel = iota
	specLevel
	namesLevel
)

// line takes one line; false declines the document.
func (s *identityScan) line(line []byte) bool {
	line = bytes.TrimRight(line, "\r\n")
	content := bytes.TrimLeft(line, " ")
	indent := len(line) - len(content)
	if len(content) == 0 || content[0] == '#' {
		return true
	}
	if content[0] == '\t' || (indent == 0 && (content[0] == '%' || bytes.HasPrefix(content, []byte("---")) || bytes.HasPrefix(content, []byte("...")))) {
		return false
	}
	if s.scalarIndent >= 0 && indent > s.scalarIndent {
		return false // the scalar kept goes on: a multi-line value
	}
	s.scalarIndent = -1
	return s.place(indent, content)
}

// place takes a content line at indent according to the block it is in.
func (s *identityScan) place(indent int, content []byte) bool {
	if indent == 0 {
		s.inSpec, s.inNames = false, false
		return s.key(topLevel, indent, content, map[string]bool{"apiVersion": true, "kind": true}, "spec")
	}
	if !s.inSpec {
		return true // under a top key the scan does not read
	}
	if s.specIndent < 0 {
		s.specIndent = indent
	}
	switch {
	case indent < s.specIndent:
		return false
	case indent == s.specIndent:
		s.inNames = false
		return s.key(specLevel, indent, content, map[string]bool{"group": true}, "names")
	case !s.inNames:
		return true
	}
	if s.namesIndent < 0 {
		s.namesIndent = indent
	}
	if indent < s.namesIndent {
		return false
	}
	if indent > s.namesIndent {
		return true
	}
	return s.key(namesLevel, indent, content, map[string]bool{"kind": true}, "")
}

// simpleKey is a key the scan reads: plain, then ":" and a space or the
// end of the line. Any other line among the keys it reads (a quoted or
// complex key, a list item, "<<") declines the document.
var simpleKey = regexp.MustCompile(`^([A-Za-z][A-Za-z0-9_.-]*):(?:[ ]+(.*))?$`)

// keyPrefixes name the keys of each level in found.
var keyPrefixes = [3]string{"", "spec.", "spec.names."}

// key reads a line of the keys of the mapping of level: scalars keeps the
// values of those keys, block opens the block of that key.
func (s *identityScan) key(level, indent int, content []byte, scalars map[string]bool, block string) bool {
	if isListItem(content) {
		return s.items[level]
	}
	m := simpleKey.FindSubmatch(content)
	if m == nil {
		return false
	}
	name, value := string(m[1]), withoutComment(m[2])
	s.items[level] = false
	switch {
	case name == block && block != "":
		return s.open(block, value)
	case scalars[name]:
		return s.keep(keyPrefixes[level]+name, value, indent)
	}
	s.items[level] = len(value) == 0
	return true
}

// isListItem reports whether a line is an item of a block list.
func isListItem(content []byte) bool {
	return bytes.Equal(content, []byte("-")) || bytes.HasPrefix(content, []byte("- "))
}

// open starts the block of spec or names, which must not have a value on
// its line (a flow mapping, an anchor or an alias would).
func (s *identityScan) open(block string, value []byte) bool {
	if len(value) > 0 {
		return false
	}
	if _, twice := s.found["block "+block]; twice {
		return false
	}
	s.found["block "+block] = ""
	if block == "spec" {
		s.inSpec = true
	} else {
		s.inNames = true
	}
	return true
}

// keep records a scalar once.
func (s *identityScan) keep(key string, value []byte, indent int) bool {
	v, ok := scalarValue(value)
	if _, twice := s.found[key]; twice || !ok {
		return false
	}
	s.found[key] = v
	s.scalarIndent = indent
	return true
}

// plainScalar is a value the scan reads: the characters of apiVersions,
// groups and kinds.
var plainScalar = regexp.MustCompile(`^[A-Za-z][A-Za-z0-9._/-]*$`)

// notStrings are the plain scalars YAML 1.1 (yaml.v2, which kval and
// kubectl decode with) reads as booleans or null, not as strings.
var notStrings = regexp.MustCompile(`^(?i:y|n|yes|no|on|off|true|false|null)$`)

// scalarValue reads a plain scalar that YAML reads as a string, or one in
// single or double quotes without escapes or quotes inside.
func scalarValue(value []byte) (string, bool) {
	if len(value) >= 2 {
		q := value[0]
		inner := value[1 : len(value)-1]
		if (q == '"' || q == '\'') && value[len(value)-1] == q {
			return string(inner), plainScalar.Match(inner)
		}
	}
	return string(value), plainScalar.Match(value) && !notStrings.Match(value)
}

// withoutComment drops a comment (" #...") and the spaces around a value.
func withoutComment(value []byte) []byte {
	if len(value) > 0 && value[0] == '#' {
		return nil
	}
	if i := bytes.Index(value, []byte(" #")); i >= 0 {
		value = value[:i]
	}
	return bytes.TrimSpace(value)
}

// identity is what the scan found, if it found a CRD's whole identity.
func (s *identityScan) identity() (CRDIdentity, bool) {
	apiVersion, kind := s.found["apiVersion"], s.found["kind"]
	id := CRDIdentity{Group: s.found["spec.group"], Kind: s.found["spec.names.kind"]}
	isCRD := kind == CRDKind && (apiVersion == CRDAPIVersionV1 || apiVersion == CRDAPIVersionBeta)
	return id, isCRD && id.Group != "" && id.Kind != ""
}
