package typedefs

// +k8s:minLength=4
// +k8s:format=k8s-short-name
type Name string

// Short loses both of Name's rules: Go flattens `type Short Name` to
// string.
// +k8s:maxLength=16
type Short Name

// Restated keeps Name's rules by restating them, and narrows them: no
// problem.
// +k8s:minLength=8
// +k8s:format=k8s-short-name
// +k8s:maxLength=16
type Restated Name

// Loose restates Name's minimum length lower: it accepts names Name
// refuses.
// +k8s:minLength=2
// +k8s:format=k8s-short-name
type Loose Name

// Deep is two links down: it is checked against Short, its own base;
// Short's missing rules are Short's to fix.
type Deep Short

// +k8s:minItems=1
// +k8s:maxItems=8
type Names []string

// Many loosens the upper bound.
// +k8s:minItems=1
// +k8s:maxItems=100
type Many Names

// Nickname is Name itself: its tag is read by nobody.
// +k8s:maxLength=10
type Nickname = Name

// Plain aliases without tags, and typedefs of untagged types, are fine.
type Alias = Name
type Count int32
type Total Count

type Holder struct {
	// The field repeats its type's rule: it would run twice.
	// +k8s:optional
	// +k8s:minLength=4
	A Name `json:"a"`
	// Another value is a separate rule (the stricter wins), not a repeat.
	// +k8s:optional
	// +k8s:minLength=6
	B Name `json:"b"`
	// +k8s:optional
	C Short `json:"c"`
	// +k8s:optional
	D Restated `json:"d"`
	// +k8s:optional
	E Loose `json:"e"`
	// +k8s:optional
	F Deep `json:"f"`
	// +k8s:optional
	G Many `json:"g"`
	// +k8s:optional
	H Nickname `json:"h"`
	// +k8s:optional
	I Alias `json:"i"`
	// +k8s:optional
	// +k8s:minimum=0
	J Total `json:"j"`
	// Through a pointer too.
	// +k8s:optional
	// +k8s:format=k8s-short-name
	K *Name `json:"k"`
}
