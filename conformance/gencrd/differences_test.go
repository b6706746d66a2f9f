package gencrd

import (
	"regexp"
	"strings"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// difference is one tag whose errors legitimately differ between the Go
// code and the CRD: engine errors matching it, and the Go errors of the
// same field, are compared by type and field only.
type difference struct {
	tag    string
	reason string
	// engineType and engineDetail match the engine's error.
	engineType   field.ErrorType
	engineDetail *regexp.Regexp
	// goType is the type of the Go code's error, when it differs.
	goType field.ErrorType
}

// differences are every tag whose errors differ, with the reason; each is
// documented where gen/crd maps the tag.
var differences = []difference{
	{tag: "k8s:minimum, k8s:maximum, k8s:exclusiveMinimum, k8s:exclusiveMaximum",
		reason:     "mapped to OpenAPI's minimum and maximum: kube-apiserver's wording (\"<path> in body should be greater than or equal to 1\")",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(` in body should be (greater|less) than`)},
	{tag: "k8s:minLength", reason: "mapped to minLength: kube-apiserver's error is Invalid, the Go code's TooShort",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(` in body should be at least \d+ chars long$`), goType: field.ErrorTypeTooShort},
	{tag: "k8s:minItems", reason: "mapped to minItems: kube-apiserver's error is Invalid, the Go code's TooFew",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(` in body should have at least \d+ items$`), goType: field.ErrorTypeTooFew},
	{tag: "k8s:minProperties", reason: "mapped to minProperties: kube-apiserver's error is Invalid, the Go code's TooFew",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(` in body should have at least \d+ properties$`), goType: field.ErrorTypeTooFew},
	{tag: "k8s:maxProperties", reason: "mapped to maxProperties: kube-apiserver's error is Invalid, the Go code's TooMany",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(` in body should have at most \d+ properties$`), goType: field.ErrorTypeTooMany},
	{tag: "k8s:monotonic",
		reason:     "a rule: its message cannot name the old value (a messageExpression doing so exceeds the cost budget)",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(`^may not be decreased$`)},
	{tag: "k8s:maxLength, k8s:maxItems",
		reason:     "mapped to maxLength and maxItems: kube-apiserver counts characters and words the message its way",
		engineType: field.ErrorTypeTooLong, engineDetail: regexp.MustCompile(``)},
	{tag: "k8s:maxItems", reason: "mapped to maxItems: kube-apiserver's wording",
		engineType: field.ErrorTypeTooMany, engineDetail: regexp.MustCompile(``)},
	{tag: "k8s:enum", reason: "mapped to enum: kube-apiserver lists the values its way",
		engineType: field.ErrorTypeNotSupported, engineDetail: regexp.MustCompile(``)},
	{tag: "k8s:required", reason: "mapped to the struct's required list: kube-apiserver's wording",
		engineType: field.ErrorTypeRequired, engineDetail: regexp.MustCompile(``)},
	{tag: "k8s:maxBytes",
		reason:     "a rule (no OpenAPI keyword counts bytes): a rule's error is Invalid, where the Go code's is TooLong",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(`^may not be more than \d+ bytes$`), goType: field.ErrorTypeTooLong},
	{tag: "k8s:format",
		reason:     "a rule calling the CEL format library: one error naming the format, where the Go code reports each problem of the value",
		engineType: field.ErrorTypeInvalid, engineDetail: regexp.MustCompile(`^must be a valid k8s-`)},
	{tag: "k8s:forbidden",
		reason:     "a rule, which needs a message (\"may not be set\"), where the Go code's Forbidden error has none",
		engineType: field.ErrorTypeForbidden, engineDetail: regexp.MustCompile(`^may not be set$`)},
}

func (d difference) matches(e *field.Error) bool {
	return e.Type == d.engineType && d.engineDetail.MatchString(e.Detail)
}

// normalizer turns errors into comparison keys: type, field and message,
// with the message replaced by the tag where the engine's error at the
// field is a documented difference.
type normalizer map[string]string // "<go type> <field>" -> tag

func newNormalizer(engineErrs field.ErrorList) normalizer {
	n := normalizer{}
	for _, e := range engineErrs {
		for _, d := range differences {
			if d.matches(e) {
				t := d.goType
				if t == "" {
					t = e.Type
				}
				n[string(t)+" "+e.Field] = d.tag
				break
			}
		}
	}
	return n
}

// engineKey is the key of an engine error, in the Go code's terms.
func (n normalizer) engineKey(e *field.Error) string {
	for _, d := range differences {
		if d.matches(e) {
			t := d.goType
			if t == "" {
				t = e.Type
			}
			return string(t) + " " + e.Field + ": <" + d.tag + ">"
		}
	}
	return string(e.Type) + " " + e.Field + ": " + e.Detail
}

func (n normalizer) goKey(e *field.Error) string {
	k := string(e.Type) + " " + mapKey.ReplaceAllString(e.Field, ".$1")
	if tag, ok := n[k]; ok {
		return k + ": <" + tag + ">"
	}
	return k + ": " + e.Detail
}

// Semantic differences, which no rewording explains; diff skips the
// errors they cause and counts them (see skipped).
const (
	// shortCircuitReason: +k8s:maxItems and +k8s:maxProperties are short
	// circuits in the Go code (upstream's semantics: a list or map too long
	// is not validated further), where kube-apiserver validates the items
	// of a list or map whatever its size. Errors below such a field are
	// not compared.
	// The item constraints of +k8s:update (NoAddItem, NoRemoveItem) are
	// short circuits too: the Go code does not validate the items of a
	// list that gained or lost one.
	shortCircuitReason = "k8s:maxItems, k8s:maxProperties, k8s:update=NoAddItem|NoRemoveItem: the Go code stops at a list or map too long or whose items changed, the CRD validates its items"
	// addedParentReason: on update, the Go code checks the transition tags
	// (+k8s:immutable, +k8s:update) of the fields of a struct the update
	// adds, as if each were unset before, and of a value the update sets or
	// clears when the type is +k8s:immutable; a CRD transition rule runs
	// only where its value is in both objects (x-kubernetes-mutability
	// likewise). The Go code's errors there are not compared.
	addedParentReason = "k8s:immutable, k8s:update: the Go code checks fields of a struct an update adds or a type-level immutable value set or cleared, CRD transition rules only correlated values"
	// parentLifecycleReason: seed 000's extensions hold along the chain of
	// object properties up to the nearest correlating ancestor, so a
	// parent the update adds or removes adds or removes the fields in it
	// (package mutability, "Correlation"); the +k8s: twins are scoped to
	// the parent's lifecycle (KEP-5073: a new parent starts a new one, a
	// removed one takes its fields' constraints with it), which kval gen
	// keeps. The engine's errors of the extensions there are not compared.
	parentLifecycleReason = "x-kubernetes-mutability, x-kubernetes-key-mutability: the extensions judge the fields of a parent an update adds or removes, the +k8s: tags are scoped to the parent's lifecycle"
	// emptyReason: the Go code takes an empty list or map for unset, and an
	// optional field's checks skip it; kube-apiserver checks minItems and
	// minProperties on an empty list or map present in the object.
	emptyReason = "k8s:minItems, k8s:minProperties: an empty list or map is unset to the Go code, a value to the CRD"
	// emptyPresenceReason: +k8s:immutable's rule on a list or map (and
	// seed 000's +immutable beside it) compares presence, and an empty
	// list or map is present to kube-apiserver; to the Go code it is
	// unset, so an update between absent and empty changes nothing.
	emptyPresenceReason = "k8s:immutable on a list or map: an update between absent and empty changes presence for the CRD's rule, nothing for the Go code"
	// ratchetReason: an error the old object already had, which the
	// update kept. The Go code ratchets per field (a union per set of
	// members): an unchanged field is not validated again. A rule kval gen
	// crd writes on the parent struct (+k8s:forbidden, the dependent and
	// union tags) ratchets per struct, as kube-apiserver ratchets a rule
	// where it is written: any change in the struct runs it again.
	ratchetReason = "k8s:forbidden, k8s:dependentRequired, k8s:dependentForbidden, unions: the Go code ratchets per field, a CRD rule on the struct per struct"
	// nullReason: see nullItem.
	nullReason = "null list items: the Go type decodes them as zero values, the CRD rejects them (decoding, not a tag)"
)

// shortCircuited are the fields where the Go code stopped at a short
// circuit of a size limit.
func shortCircuited(goErrs field.ErrorList) []string {
	var out []string
	for _, e := range goErrs {
		if e.Origin == "maxItems" || e.Origin == "maxProperties" || itemDetails[e.Detail] {
			out = append(out, e.Field)
		}
	}
	return out
}

func below(path string, parents []string) bool {
	for _, p := range parents {
		if strings.HasPrefix(path, p+"[") || strings.HasPrefix(path, p+".") {
			return true
		}
	}
	return false
}

// uncorrelated says whether a Go transition error is at a value a CRD
// transition rule cannot see: the value is absent from the old or the new
// object (a rule of its parent sees it only where the parent is in both).
func uncorrelated(e *field.Error, obj, old map[string]any) bool {
	if e.Origin != "immutable" && e.Origin != "update" || old == nil {
		return false
	}
	return valueAt(obj, e.Field) == nil || valueAt(old, e.Field) == nil
}

// throughParent says whether an engine error is one of the extensions'
// on a field (or a key of one) whose parent, or a parent above it, the
// update adds or removes.
func throughParent(e *field.Error, obj, old map[string]any) bool {
	if old == nil || !strings.HasPrefix(e.Origin, "mutability=") && !strings.HasPrefix(e.Origin, "keyMutability=") {
		return false
	}
	path, _, _ := strings.Cut(e.Field, "[")
	for i := strings.LastIndex(path, "."); i > 0; i = strings.LastIndex(path[:i], ".") {
		if valueAt(obj, path[:i]) == nil || valueAt(old, path[:i]) == nil {
			return true
		}
	}
	return false
}

// emptyAt says whether the value at a field is an empty list or map: the
// Go code takes it for unset, and an optional field's checks skip it,
// where kube-apiserver validates the value present.
func emptyAt(obj map[string]any, path string) bool {
	switch v := valueAt(obj, path).(type) {
	case []any:
		return len(v) == 0
	case map[string]any:
		return len(v) == 0
	}
	return false
}

// itemDetails are the Go code's details for +k8s:update=NoAddItem and
// NoRemoveItem.
var itemDetails = map[string]bool{"item may not be added": true, "item may not be removed": true}

// atList moves the Go code's errors of NoAddItem and NoRemoveItem, at each
// item's index or key, to the list or map: kval gen crd's rule is on the
// parent struct (where presence counts) and its error names the field.
// The detail and the type are the same.
func atList(goErrs field.ErrorList) field.ErrorList {
	out := make(field.ErrorList, len(goErrs))
	for i, e := range goErrs {
		if itemDetails[e.Detail] && strings.HasSuffix(e.Field, "]") {
			moved := *e
			moved.Field = e.Field[:strings.LastIndex(e.Field, "[")]
			e = &moved
		}
		out[i] = e
	}
	return out
}

// emptyPresence says whether an engine error is an immutability rule's on
// a list or map that is absent or empty in both objects of an update.
func emptyPresence(e *field.Error, obj, old map[string]any) bool {
	if old == nil || e.Detail != "field is immutable" || strings.Contains(e.Field, "[") {
		return false
	}
	return emptyOrAbsent(obj, e.Field) && emptyOrAbsent(old, e.Field)
}

func emptyOrAbsent(obj map[string]any, path string) bool {
	return valueAt(obj, path) == nil || emptyAt(obj, path)
}

// minCount says whether an engine error's key is minItems' or
// minProperties'.
func minCount(key string) bool {
	return strings.HasSuffix(key, "<k8s:minItems>") || strings.HasSuffix(key, "<k8s:minProperties>")
}

// valueAt finds a value by a field path of struct fields (nil when a part
// is absent or the path has an index).
func valueAt(obj map[string]any, path string) any {
	if strings.Contains(path, "[") {
		return nil
	}
	var cur any = obj
	for _, name := range strings.Split(path, ".") {
		m, ok := cur.(map[string]any)
		if !ok {
			return nil
		}
		cur = m[name]
	}
	return cur
}

// mapKey matches the Go code's spelling of a map value's path
// (limits[a]); kube-apiserver's OpenAPI errors spell it limits.a.
var mapKey = regexp.MustCompile(`\[([^\]0-9][^\]]*)\]`)

// nullItem matches kube-apiserver's error on a null list item, which Go's
// JSON decoding (kube-apiserver's for built-in types too) turns into the
// zero value: a difference of decoding, not of any tag.
var nullItem = regexp.MustCompile(`in body must be of type \w+: "null"$`)
