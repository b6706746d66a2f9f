package openapi

import (
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

// route is one operation kube-apiserver installs for a custom resource.
type route struct {
	path        string
	method      string // GET, POST, PUT, PATCH, DELETE
	action      string // x-kubernetes-action
	verb        string // the verb of the description and the operation name
	subresource string // "", "status" or "scale"
	// operationName is the name before group and version are folded in;
	// empty for the default, verb + [Namespaced] + Kind + Subresource.
	operationName string
	response      string // model of the responses
	body          string // model of the request body; "" for none
	bodyOptional  bool
	options       any // the metav1 options type whose fields are query parameters
}

// routes lists the operations of a resource in kube-apiserver's order: the
// collection, the object, then the status and scale subresources.
func (r *resource) routes() []route {
	kind, list := r.kindModel(), r.listModel()
	collection := "/apis/" + r.group + "/" + r.version + "/" + r.plural
	var routes []route
	if r.namespaced {
		routes = append(routes, route{path: collection, method: "GET", action: "list", verb: "list",
			operationName: "list" + r.kind + "ForAllNamespaces", response: list, options: &metav1.ListOptions{}})
		collection = "/apis/" + r.group + "/" + r.version + "/namespaces/{namespace}/" + r.plural
	}
	object := collection + "/{name}"
	routes = append(routes,
		route{path: collection, method: "GET", action: "list", verb: "list", response: list, options: &metav1.ListOptions{}},
		route{path: collection, method: "POST", action: "post", verb: "create", response: kind, body: kind, options: &metav1.CreateOptions{}},
		route{path: collection, method: "DELETE", action: "deletecollection", verb: "deletecollection", response: statusModel, options: &metav1.ListOptions{}},
		route{path: object, method: "GET", action: "get", verb: "read", response: kind, options: &metav1.GetOptions{}},
		route{path: object, method: "PUT", action: "put", verb: "replace", response: kind, body: kind, options: &metav1.UpdateOptions{}},
		route{path: object, method: "DELETE", action: "delete", verb: "delete", response: statusModel,
			body: deleteOptionsModel, bodyOptional: true, options: &metav1.DeleteOptions{}},
		route{path: object, method: "PATCH", action: "patch", verb: "patch", response: kind, body: patchModel, options: &metav1.PatchOptions{}},
	)
	if r.status {
		routes = append(routes, subresourceRoutes(object, "status", kind)...)
	}
	if r.scale {
		routes = append(routes, subresourceRoutes(object, "scale", scaleModel)...)
	}
	return routes
}

// subresourceRoutes are read, replace and patch of a subresource whose
// objects are of model.
func subresourceRoutes(object, subresource, model string) []route {
	path := object + "/" + subresource
	return []route{
		{path: path, method: "GET", action: "get", verb: "read", subresource: subresource, response: model, options: &metav1.GetOptions{}},
		{path: path, method: "PUT", action: "put", verb: "replace", subresource: subresource, response: model, body: model, options: &metav1.UpdateOptions{}},
		{path: path, method: "PATCH", action: "patch", verb: "patch", subresource: subresource, response: model, body: patchModel, options: &metav1.PatchOptions{}},
	}
}
