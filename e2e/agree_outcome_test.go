package e2e

import (
	"encoding/json"
	"errors"
	"fmt"
	"regexp"
	"slices"
	"strconv"
	"strings"

	apierrors "k8s.io/apimachinery/pkg/api/errors"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	"k8s.io/apimachinery/pkg/apis/meta/v1/unstructured"
	"k8s.io/apimachinery/pkg/runtime"
)

// outcome is what one step gave on one side, made comparable: the object
// answered without its random values, the error as kube-apiserver's
// Status says it, and the warnings delivered with the response.
type outcome struct {
	Object   map[string]any `json:"object,omitempty"`
	Error    *statusOutcome `json:"error,omitempty"`
	Warnings []string       `json:"warnings,omitempty"`
}

// statusOutcome is an error's Status (a StatusError's), or its text alone
// for an error that has none.
type statusOutcome struct {
	Text    string                `json:"text"`
	Reason  metav1.StatusReason   `json:"reason,omitempty"`
	Code    int32                 `json:"code,omitempty"`
	Details *metav1.StatusDetails `json:"details,omitempty"`
}

func (n *normalizer) error(err error) *statusOutcome {
	if err == nil {
		return nil
	}
	out := &statusOutcome{Text: err.Error(), Reason: apierrors.ReasonForError(err)}
	var status apierrors.APIStatus
	if errors.As(err, &status) {
		out.Code, out.Details = status.Status().Code, status.Status().Details
	}
	out.sortCauses()
	out.Text = sortedErrorLines(out.Text)
	n.quotedObjects(out)
	out.Text = n.versionsIn(out.Text)
	return out
}

// quotedObjects normalizes the objects errors quote: kube-apiserver's
// strict decoding error of a patch quotes the patched object whole, uid
// and timestamps included.
func (n *normalizer) quotedObjects(s *statusOutcome) {
	if s.Details == nil {
		return
	}
	for i, c := range s.Details.Causes {
		rest, ok := strings.CutPrefix(c.Message, "Invalid value: ")
		if !ok {
			continue
		}
		quoted, err := strconv.QuotedPrefix(rest)
		if err != nil {
			continue
		}
		text, _ := strconv.Unquote(quoted)
		var obj map[string]any
		if json.Unmarshal([]byte(text), &obj) != nil {
			continue
		}
		normalized := strconv.Quote(jsonString(n.object(&unstructured.Unstructured{Object: obj})))
		s.Details.Causes[i].Message = strings.Replace(c.Message, quoted, normalized, 1)
		s.Text = strings.Replace(s.Text, quoted, normalized, 1)
	}
}

// parenthesized are numbers in parentheses, as conflicts quote
// resourceVersions.
var parenthesized = regexp.MustCompile(`\(([0-9]+)\)`)

// versionsIn replaces the resourceVersions a text quotes in parentheses
// by their names, when the sequence has seen them.
func (n *normalizer) versionsIn(text string) string {
	return parenthesized.ReplaceAllStringFunc(text, func(m string) string {
		if name, ok := n.versions[m[1:len(m)-1]]; ok {
			return "(" + name + ")"
		}
		return m
	})
}

// sortCauses puts the causes of an Invalid error, and their list in its
// text, in a fixed order. kube-apiserver's order is random: kube-openapi's
// validator ranges over a schema's properties, a Go map, so the value
// errors of sibling properties come in any order (kval's engine gives
// them in a fixed one). A text that is not the list of its causes is left
// as it is, to show as a difference.
func (s *statusOutcome) sortCauses() {
	if s.Details == nil || len(s.Details.Causes) < 2 {
		return
	}
	causes := s.Details.Causes
	prefix, ok := strings.CutSuffix(s.Text, causeList(causes))
	if !ok {
		return
	}
	slices.SortStableFunc(causes, func(a, b metav1.StatusCause) int {
		return strings.Compare(a.Field+": "+a.Message, b.Field+": "+b.Message)
	})
	s.Text = prefix + causeList(causes)
}

// sortedErrorLines puts the lines of a text that ends with a list of
// errors, one per line ("errors:\n  .spec.a: ...\n  .spec.b: ..."), in a
// fixed order. structured-merge-diff lists the errors of an object that
// does not fit its schema as it walks the object's maps, in Go's random
// order, on both sides.
func sortedErrorLines(text string) string {
	head, list, ok := strings.Cut(text, "errors:\n  ")
	if !ok {
		return text
	}
	lines := strings.Split(list, "\n  ")
	slices.Sort(lines)
	return head + "errors:\n  " + strings.Join(lines, "\n  ")
}

// causeList is the list of causes as an Invalid error's text ends with it
// (field.ErrorList's aggregate).
func causeList(causes []metav1.StatusCause) string {
	parts := make([]string, len(causes))
	for i, c := range causes {
		parts[i] = c.Field + ": " + c.Message
	}
	return "[" + strings.Join(parts, ", ") + "]"
}

// normalizer replaces a side's random values by stable ones. Resource
// versions become their order of appearance in the sequence (rv1, rv2...),
// so that a write that changes nothing, and keeps the resourceVersion, is
// told from one that stores a new one.
type normalizer struct {
	versions map[string]string
}

func newNormalizer() *normalizer { return &normalizer{versions: map[string]string{}} }

func (n *normalizer) object(u *unstructured.Unstructured) map[string]any {
	if u == nil {
		return nil
	}
	obj := runtime.DeepCopyJSON(u.Object)
	meta, _ := obj["metadata"].(map[string]any)
	if meta == nil {
		return obj
	}
	for _, k := range []string{"uid", "creationTimestamp", "deletionTimestamp"} {
		if v, ok := meta[k]; ok && v != nil {
			meta[k] = "<set>"
		}
	}
	if rv, ok := meta["resourceVersion"].(string); ok {
		meta["resourceVersion"] = n.version(rv)
	}
	if prefix, ok := meta["generateName"].(string); ok && strings.HasPrefix(meta["name"].(string), prefix) {
		meta["name"] = prefix + "<random>"
	}
	if fields, ok := meta["managedFields"].([]any); ok {
		for _, f := range fields {
			delete(f.(map[string]any), "time") // the second of the write
		}
		sortManagedFields(fields)
	}
	return obj
}

func (n *normalizer) version(rv string) string {
	if _, ok := n.versions[rv]; !ok {
		n.versions[rv] = fmt.Sprintf("rv%d", len(n.versions)+1)
	}
	return n.versions[rv]
}

// sortManagedFields puts managedFields entries in an order that does not
// depend on their times. kube-apiserver orders them by operation, then
// time (to the second), then manager, so two entries written in the same
// second on one side and in two seconds on the other come in different
// orders.
func sortManagedFields(fields []any) {
	key := func(f any) string {
		m, _ := f.(map[string]any)
		return fmt.Sprint(m["operation"], "/", m["manager"], "/", m["subresource"])
	}
	slices.SortStableFunc(fields, func(a, b any) int { return strings.Compare(key(a), key(b)) })
}
