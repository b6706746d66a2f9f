package openapi

import (
	"strings"
	"unicode"
)

// Media types of the requests and responses of custom resources.
var (
	jsonAndYAML = []string{"application/json", "application/yaml"}
	// patchTypes are the patches a custom resource accepts: no strategic
	// merge patch, which needs Go types.
	patchTypes = []string{"application/json-patch+json", "application/merge-patch+json", "application/apply-patch+yaml"}
)

// operation builds the operation of a route, with every parameter it takes;
// paths moves the parameters common to a path to the path.
func (r *resource) operation(rt route) (*Operation, []*Parameter, error) {
	id, tags := operationIDAndTags(r.operationName(rt), rt.path)
	params, err := r.parameters(rt)
	if err != nil {
		return nil, nil, err
	}
	op := &Operation{
		Tags:        tags,
		Description: r.describe(rt),
		OperationID: id,
		RequestBody: requestBody(rt),
		Responses:   responses(rt),
		Action:      rt.action,
		GVK:         &GroupVersionKind{Group: r.group, Version: r.version, Kind: r.kind},
	}
	return op, params, nil
}

// describe is the operation's description, in the apiserver's words.
func (r *resource) describe(rt route) string {
	sub := ""
	if rt.subresource != "" {
		sub = " " + rt.subresource + " of"
	}
	switch rt.verb {
	case "list":
		return "list" + sub + " objects of kind " + r.kind
	case "read", "replace":
		return rt.verb + sub + " the specified " + r.kind
	case "patch":
		return "partially update" + sub + " the specified " + r.kind
	case "create", "delete":
		return rt.verb + sub + articleFor(r.kind) + r.kind
	case "deletecollection":
		if sub != "" {
			sub += " a"
		}
		return "delete collection of" + sub + " " + r.kind
	}
	return rt.verb + sub + " " + r.kind
}

// articleFor is " a ", " an ", or " " before a noun that looks plural (ends
// in s but not ss), as the apiserver writes it.
func articleFor(noun string) string {
	if strings.HasSuffix(noun, "s") && !strings.HasSuffix(noun, "ss") {
		return " "
	}
	if noun != "" && strings.ContainsRune("aeiouAEIOU", rune(noun[0])) {
		return " an "
	}
	return " a "
}

// operationName is the route's operation before group and version are
// folded in, e.g. readNamespacedWidgetStatus.
func (r *resource) operationName(rt route) string {
	if rt.operationName != "" {
		return rt.operationName
	}
	scope := ""
	if r.namespaced {
		scope = "Namespaced"
	}
	return rt.verb + scope + r.kind + capitalize(rt.subresource)
}

// operationVerbs are the verbs kube-apiserver recognizes at the start of an
// operation name; the shortest match wins (deletecollection is "delete").
var operationVerbs = []string{"get", "log", "read", "replace", "patch", "delete", "deletecollection", "watch", "connect", "proxy", "list", "create"}

// operationIDAndTags folds group and version of the path into the
// operation name (readNamespacedWidget on /apis/shapes.example.com/v1/...
// becomes readShapesExampleComV1NamespacedWidget) and names the tag of the
// group-version (shapesExampleCom_v1), as kube-apiserver does to keep
// operation IDs unique across groups.
func operationIDAndTags(name, path string) (string, []string) {
	prefix := verbPrefix(name)
	rest := name[len(prefix):]
	parts := strings.Split(strings.Trim(path, "/"), "/")
	if len(parts) < 2 || parts[0] != "apis" {
		return prefix + validOperationID(rest, prefix != ""), nil
	}
	group := strings.TrimSuffix(parts[1], ".k8s.io")
	prefix += validOperationID(group, prefix != "")
	tag := validOperationID(group, false)
	if len(parts) > 2 {
		prefix += validOperationID(parts[2], prefix != "")
		tag += "_" + validOperationID(parts[2], false)
	}
	return prefix + validOperationID(rest, prefix != ""), []string{tag}
}

func verbPrefix(name string) string {
	best := ""
	for _, v := range operationVerbs {
		if strings.HasPrefix(name, v) && (best == "" || len(v) < len(best)) {
			best = v
		}
	}
	return best
}

// validOperationID keeps letters, underscores and (not first) digits, and
// capitalizes the letter after anything dropped: "example.kval.dev" becomes
// "ExampleKvalDev" when capitalizeFirst is set.
func validOperationID(s string, capitalizeFirst bool) string {
	var b strings.Builder
	capitalizeNext := capitalizeFirst
	for i, c := range s {
		if !unicode.IsLetter(c) && c != '_' && (i == 0 || !unicode.IsDigit(c)) {
			capitalizeNext = true
			continue
		}
		if capitalizeNext {
			c = unicode.ToUpper(c)
			capitalizeNext = false
		}
		b.WriteRune(c)
	}
	return b.String()
}

func capitalize(s string) string {
	if s == "" {
		return ""
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// requestBody is the body a route reads, in each media type it consumes.
func requestBody(rt route) *RequestBody {
	if rt.body == "" {
		return nil
	}
	consumes := jsonAndYAML
	if rt.method == "PATCH" {
		consumes = patchTypes
	}
	return &RequestBody{Content: mediaTypes(consumes, rt.body), Required: !rt.bodyOptional}
}

// responses are 200 for every route, 201 and 202 where the apiserver
// declares them, and the common 401.
func responses(rt route) map[string]*Response {
	out := map[string]*Response{
		"200": {Description: "OK", Content: mediaTypes(jsonAndYAML, rt.response)},
		"401": {Description: "Unauthorized"},
	}
	switch rt.action {
	case "post":
		out["201"] = &Response{Description: "Created", Content: mediaTypes(jsonAndYAML, rt.response)}
		out["202"] = &Response{Description: "Accepted", Content: mediaTypes(jsonAndYAML, rt.response)}
	case "put":
		out["201"] = &Response{Description: "Created", Content: mediaTypes(jsonAndYAML, rt.response)}
	case "delete":
		out["202"] = &Response{Description: "Accepted", Content: mediaTypes(jsonAndYAML, rt.response)}
	}
	return out
}

func mediaTypes(types []string, model string) map[string]*MediaType {
	out := make(map[string]*MediaType, len(types))
	for _, t := range types {
		out[t] = &MediaType{Schema: refTo(model)}
	}
	return out
}
