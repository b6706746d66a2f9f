package openapi

// Document is an OpenAPI v3 document as kube-apiserver serves it at
// /openapi/v3/apis/<group>/<version>. The JSON field order follows
// kube-openapi's spec3 types, so that output reads like the apiserver's.
type Document struct {
	OpenAPI    string               `json:"openapi"`
	Info       Info                 `json:"info"`
	Paths      map[string]*PathItem `json:"paths"`
	Components Components           `json:"components"`
}

// Info is the document's info object.
type Info struct {
	Title   string `json:"title"`
	Version string `json:"version"`
}

// Components holds the schemas the document defines, by model name.
type Components struct {
	Schemas map[string]*Schema `json:"schemas"`
}

// PathItem is the set of operations on one path.
type PathItem struct {
	Get        *Operation   `json:"get,omitempty"`
	Put        *Operation   `json:"put,omitempty"`
	Post       *Operation   `json:"post,omitempty"`
	Delete     *Operation   `json:"delete,omitempty"`
	Patch      *Operation   `json:"patch,omitempty"`
	Parameters []*Parameter `json:"parameters,omitempty"`
}

// Operation is one HTTP method on a path.
type Operation struct {
	Tags        []string             `json:"tags,omitempty"`
	Description string               `json:"description,omitempty"`
	OperationID string               `json:"operationId,omitempty"`
	Parameters  []*Parameter         `json:"parameters,omitempty"`
	RequestBody *RequestBody         `json:"requestBody,omitempty"`
	Responses   map[string]*Response `json:"responses"`
	// Action is x-kubernetes-action: the apiserver's verb of the route.
	Action string `json:"x-kubernetes-action,omitempty"`
	// GVK is x-kubernetes-group-version-kind: the kind the route serves.
	GVK *GroupVersionKind `json:"x-kubernetes-group-version-kind,omitempty"`
}

// GroupVersionKind names a kind in the x-kubernetes-group-version-kind
// extension of an operation.
type GroupVersionKind struct {
	Group   string `json:"group"`
	Version string `json:"version"`
	Kind    string `json:"kind"`
}

// Parameter is a path or query parameter.
type Parameter struct {
	Name        string  `json:"name"`
	In          string  `json:"in"`
	Description string  `json:"description,omitempty"`
	Required    bool    `json:"required,omitempty"`
	Schema      *Schema `json:"schema,omitempty"`
}

// RequestBody is the body an operation reads.
type RequestBody struct {
	Content  map[string]*MediaType `json:"content"`
	Required bool                  `json:"required,omitempty"`
}

// Response is the response of one status code.
type Response struct {
	Description string                `json:"description"`
	Content     map[string]*MediaType `json:"content,omitempty"`
}

// MediaType is the schema of a body in one content type.
type MediaType struct {
	Schema *Schema `json:"schema"`
}
