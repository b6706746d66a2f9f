package cli

import (
	"errors"
	"io"
	"os"
	"reflect"
	"regexp"
	"strconv"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/manifest"
	"github.com/kval-dev/kval/schema"
)

// kube-apiserver validates a CRD in its internal form, where the schema,
// subresources and columns that every version of a v1 CRD shares are
// moved to spec.validation, spec.subresources and
// spec.additionalPrinterColumns, and a rule is a Go struct. kval lint
// names each error's field as the file writes it
// (spec.versions[0].schema.openAPIV3Schema.properties.spec...), its value
// as the file holds it, and its line.

// locate rewrites the errors of an invalid CRD as its file writes them
// and finds their lines; the errors stay as they are when the file cannot
// be read again (stdin, a URL).
func (r *lintResult) locate() {
	errs, lines, found := asWritten(r.source, r.APIVersion, r.object, r.fieldErrs)
	if !found {
		return
	}
	r.fieldErrs, r.Errors, r.fieldLines = errs, toFieldErrors(errs), lines
	for i, line := range lines {
		r.Errors[i].Line = line
	}
}

// asWritten is errs of the CRD at src (of apiVersion, obj as written) with
// each field as the file writes it and, for a value kube-apiserver shows
// as a Go struct, the value the file holds there; lines are their lines.
// found is false when the file cannot be read again.
func asWritten(src manifest.Source, apiVersion string, obj map[string]any, errs field.ErrorList) (out field.ErrorList, lines []int, found bool) {
	raw, found := rawDocument(src)
	if !found || len(errs) == 0 {
		return errs, nil, false
	}
	out = make(field.ErrorList, len(errs))
	paths := make([]string, len(errs))
	for i, e := range errs {
		c := *e
		c.Field = fileFieldPath(c.Field, apiVersion)
		if v, at := valueAtPath(obj, c.Field); at && isGoStruct(c.BadValue) {
			c.BadValue = v
		}
		out[i], paths[i] = &c, c.Field
	}
	return out, raw.FieldLines(src, paths), true
}

// sharedInV1 are the internal fields that v1 CRDs write in each version.
var sharedInV1 = []struct{ internal, v1 string }{
	{"spec.validation", "spec.versions[0].schema"},
	{"spec.subresources", "spec.versions[0].subresources"},
	{"spec.additionalPrinterColumns", "spec.versions[0].additionalPrinterColumns"},
}

// bracketedName is a key in brackets that a dotted path can write plainly.
var bracketedName = regexp.MustCompile(`\[([A-Za-z_$][A-Za-z0-9_$-]*)\]`)

// fileFieldPath is an internal field path as a CRD file of apiVersion
// writes it: properties[spec] as properties.spec, and in a v1 file the
// shared fields in versions[0].
func fileFieldPath(path, apiVersion string) string {
	if apiVersion == "apiextensions.k8s.io/v1" {
		for _, shared := range sharedInV1 {
			if rest, found := strings.CutPrefix(path, shared.internal); found && (rest == "" || rest[0] == '.' || rest[0] == '[') {
				path = shared.v1 + rest
				break
			}
		}
	}
	return bracketedName.ReplaceAllString(path, ".$1")
}

// isGoStruct reports whether v would print as a Go struct.
func isGoStruct(v any) bool {
	if _, omitted := v.(field.OmitValueType); omitted || v == nil {
		return false
	}
	t := reflect.TypeOf(v)
	if t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t.Kind() == reflect.Struct
}

// pathSegment is one step of a field path: a name, [index] or [key].
var pathSegment = regexp.MustCompile(`[^.\[\]]+|\[[^\]]*\]`)

// valueAtPath is the value of obj at a field path; found is false when
// the object has none there.
func valueAtPath(obj map[string]any, path string) (v any, found bool) {
	v = obj
	for _, seg := range pathSegment.FindAllString(path, -1) {
		if v, found = step(v, strings.TrimSuffix(strings.TrimPrefix(seg, "["), "]")); !found {
			return nil, false
		}
	}
	return v, true
}

// step goes down one key of a map or index of a list.
func step(v any, key string) (any, bool) {
	switch c := v.(type) {
	case map[string]any:
		child, found := c[key]
		return child, found
	case []any:
		i, err := strconv.Atoi(key)
		if err != nil || i < 0 || i >= len(c) {
			return nil, false
		}
		return c[i], true
	}
	return nil, false
}

// invalidCRDAsWritten is an invalid CRD's errors as kval lint prints
// them (asWritten), with the line to point at.
func invalidCRDAsWritten(e *catalog.InvalidCRDError) (manifest.Source, string) {
	src, errs, lines := e.CRD.Source, e.Errors, []int(nil)
	if raw, found := rawDocument(src); found {
		if docs := raw.Decode(); len(docs) == 1 && docs[0].Err == nil {
			errs, lines, _ = asWritten(src, e.CRD.APIVersion, docs[0].Object, errs)
		}
	}
	if line := lineOf(lines, 0); line > 0 {
		src.Line = line
	}
	return src, invalidMessageAt(schema.CRDKind, e.CRD.Name(), errs, lines, 0)
}

// rawDocument reads again the text of the document at src from its file.
func rawDocument(src manifest.Source) (manifest.Raw, bool) {
	f, err := os.Open(src.File)
	if err != nil {
		return manifest.Raw{}, false
	}
	defer f.Close()
	r := manifest.NewReader(src.File, f)
	for {
		raw, err := r.NextRaw()
		var readErr *manifest.ReadError
		switch {
		case err == io.EOF, errors.As(err, &readErr):
			return manifest.Raw{}, false
		case err == nil && raw.Source.Index == src.Index:
			return raw, true
		}
	}
}

// firstErrorSource is where the text output points: the first error's
// line, or the document's.
func (r *lintResult) firstErrorSource() manifest.Source {
	src := r.source
	if line := lineOf(r.fieldLines, 0); line > 0 {
		src.Line = line
	}
	return src
}
