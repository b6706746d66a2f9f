package tags

// +k8s:required
type Name string

type Misused struct {
	// A typo.
	// +k8s:optional
	// +k8s:maxLenght=5
	Typo string `json:"typo"`

	// The wrong type of value.
	// +k8s:optional
	// +k8s:maxLength=5
	Count int `json:"count"`
	// +k8s:optional
	// +k8s:minimum=5
	Label string `json:"label"`

	// Bad values.
	// +k8s:optional
	// +k8s:minimum=abc
	A int32 `json:"a"`
	// +k8s:optional
	// +k8s:maxItems=-1
	B []string `json:"b"`
	// +k8s:optional
	// +k8s:format=k8s-nope
	C string `json:"c"`
	// +k8s:optional
	// +k8s:maximum=300
	D int8 `json:"d"`
	// +k8s:optional
	// +k8s:listType=tree
	E []string `json:"e"`

	// A syntax error.
	// +k8s:optional
	// +k8s:item(name: "a"=+k8s:immutable
	F []Item `json:"f"`

	// Contradictions.
	// +k8s:required
	// +k8s:optional
	G *string `json:"g"`
	// +k8s:required
	// +default="x"
	H string `json:"h"`
	// +k8s:optional
	// +k8s:maxLength=3
	// +k8s:maxLength=3
	I string `json:"i"`

	// Rules without requiredness.
	// +k8s:maxLength=3
	J string `json:"j"`

	// A tag less stable than its rule, and a stability prefix in the middle.
	// +k8s:optional
	// +k8s:neq=0
	K int32 `json:"k"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:alpha=+k8s:minimum=1
	L []int32 `json:"l"`

	// Lists and items.
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=missing
	M []Item `json:"m"`
	// +k8s:optional
	// +k8s:item(name: "a")=+k8s:immutable
	N []Item `json:"n"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:maxLength=3
	O string `json:"o"`

	// Cross-field rules.
	// +k8s:unionMember
	P Item `json:"p"`

	// +k8s:optional
	// +k8s:customValidation
	Q string `json:"q"`
}

type Item struct {
	// +k8s:optional
	Name string `json:"name"`
}

// FieldRefs misuses field references (+k8s:minimum(constraint: ...)).
type FieldRefs struct {
	// +k8s:optional
	Limit int32 `json:"limit"`
	// +k8s:optional
	Wide int64 `json:"wide"`
	Item Item  `json:"item"`

	// +k8s:optional
	// +k8s:minimum(constraint: missing)
	A int32 `json:"a"`
	// +k8s:optional
	// +k8s:minimum(constraint: wide)
	B int32 `json:"b"`
	// +k8s:optional
	// +k8s:maximum(constraint: limit)=5
	C int32 `json:"c"`
	// +k8s:optional
	// +k8s:maximum(constraint: d)
	D int32 `json:"d"`
	// +k8s:optional
	// +k8s:maximum(constraint: item.name)
	E int32 `json:"e"`
	// +k8s:optional
	// +k8s:maximum(constraint: limit.x)
	F int32 `json:"f"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:maximum(constraint: limit)
	G []int32 `json:"g"`
	// +k8s:optional
	// +k8s:minLength(constraint: limit)
	H string `json:"h"`
}

// ItemRules misuses KEP-5073's item-level rules.
type ItemRules struct {
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:beta=+k8s:eachVal=+k8s:forbidden
	A []Item `json:"a"`
	// +k8s:optional
	// +k8s:listType=atomic
	// +k8s:eachVal=+k8s:update=NoSet
	B []string `json:"b"`
	// +k8s:optional
	// +k8s:eachVal=+k8s:update=NoAddItem
	C map[string]string `json:"c"`
	// +k8s:optional
	// +k8s:listType=map
	// +k8s:listMapKey=name
	// +k8s:item(name: "a")=+k8s:update=NoSet,Sometimes
	D []Item `json:"d"`
}
