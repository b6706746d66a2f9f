package validators

// refusal says why a tag kval knows of is not supported, and what to write
// instead.
type refusal struct{ msg, hint string }

// refusedTags are KEP-5073 tags that kval reads and refuses rather than
// report as unknown. The KEP marks virtual-field groups illustrative, and
// they cannot be given one meaning: its own example (a Job's Succeeded and
// Failed conditions in a "union") reads as at most one member, while
// "union" in the tags upstream ships (+k8s:unionMember) means exactly one;
// and groups scoped to a whole GVK do not fit checks that run on the
// struct holding the members. The tags that exist say which is meant.
var refusedTags = map[string]refusal{
	"k8s:memberOf": {
		msg: "virtual-field groups are not supported: KEP-5073 marks them illustrative and does not say whether a group allows at most one member or requires exactly one",
		hint: "write +k8s:zeroOrOneOfMember(union: <group>) for at most one member, or +k8s:unionMember(union: <group>) for exactly one; " +
			"for list-map items put it behind +k8s:listMapItem(key: \"value\")= or +k8s:item(key: \"value\")=",
	},
	"k8s:union": {
		msg:  "union declarations are not supported: KEP-5073 marks them illustrative and does not say whether a union's members are exclusive (at most one) or required (exactly one)",
		hint: "drop it: a union is declared by its members, +k8s:zeroOrOneOfMember(union: <group>) (at most one) or +k8s:unionMember(union: <group>) (exactly one)",
	},
}

// Refused reports whether name is a tag kval refuses (see refusedTags):
// the registry reports it with its reason, so callers need not report it
// as unknown.
func Refused(name string) bool {
	_, ok := refusedTags[name]
	return ok
}

// Refusal returns why kval refuses a tag and what to write instead, for
// the tags of refusedTags, so that kval gen crd refuses them with the
// same words as kval gen.
func Refusal(name string) (msg, hint string, ok bool) {
	r, ok := refusedTags[name]
	return r.msg, r.hint, ok
}
