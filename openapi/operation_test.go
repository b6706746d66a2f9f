package openapi

import (
	"maps"
	"reflect"
	"slices"
	"strings"
	"testing"

	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
)

func TestOperationIDsFoldGroupAndVersionIn(t *testing.T) {
	cases := []struct {
		name, path, wantID, wantTag string
	}{
		{"readNamespacedWidget", "/apis/shapes.example.com/v1/namespaces/{namespace}/widgets/{name}", "readShapesExampleComV1NamespacedWidget", "shapesExampleCom_v1"},
		{"listWidgetForAllNamespaces", "/apis/shapes.example.com/v1/widgets", "listShapesExampleComV1WidgetForAllNamespaces", "shapesExampleCom_v1"},
		{"deletecollectionWidget", "/apis/shapes.example.com/v1/widgets", "deleteShapesExampleComV1CollectionWidget", "shapesExampleCom_v1"},
		{"patchNamespacedHTTPRouteStatus", "/apis/gateway.networking.k8s.io/v1beta1/x", "patchGatewayNetworkingV1beta1NamespacedHTTPRouteStatus", "gatewayNetworking_v1beta1"},
		{"createThing", "/apis/x-k8s.io.k8s.io/v2alpha1/things", "createXK8sIoV2alpha1Thing", "xK8sIo_v2alpha1"},
		{"replaceThing", "/apis/9lives.example/v1/things", "replaceLivesExampleV1Thing", "LivesExample_v1"},
	}
	for _, c := range cases {
		id, tags := operationIDAndTags(c.name, c.path)
		if id != c.wantID || !reflect.DeepEqual(tags, []string{c.wantTag}) {
			t.Errorf("%s on %s: got %s %v, want %s [%s]", c.name, c.path, id, tags, c.wantID, c.wantTag)
		}
	}
}

func TestDescriptionsUseTheApiserversArticles(t *testing.T) {
	cases := []struct {
		kind string
		rt   route
		want string
	}{
		{"Widget", route{verb: "create"}, "create a Widget"},
		{"Index", route{verb: "create"}, "create an Index"},
		{"Glass", route{verb: "delete"}, "delete a Glass"},
		{"Metrics", route{verb: "delete"}, "delete Metrics"},
		{"Widget", route{verb: "list"}, "list objects of kind Widget"},
		{"Widget", route{verb: "deletecollection"}, "delete collection of Widget"},
		{"Widget", route{verb: "read", subresource: "status"}, "read status of the specified Widget"},
		{"Widget", route{verb: "replace", subresource: "scale"}, "replace scale of the specified Widget"},
		{"Widget", route{verb: "patch", subresource: "scale"}, "partially update scale of the specified Widget"},
		{"Widget", route{verb: "patch"}, "partially update the specified Widget"},
	}
	for _, c := range cases {
		r := &resource{kind: c.kind}
		if got := r.describe(c.rt); got != c.want {
			t.Errorf("%s %+v: got %q, want %q", c.kind, c.rt, got, c.want)
		}
	}
}

// TestRoutesOfScopesAndSubresources lists the operations of each shape.
func TestRoutesOfScopesAndSubresources(t *testing.T) {
	cases := []struct {
		name string
		r    resource
		want []string
	}{
		{"namespaced", resource{group: "g.io", version: "v1", kind: "W", listKind: "WList", plural: "ws", namespaced: true}, []string{
			"GET /apis/g.io/v1/ws listGIoV1WForAllNamespaces",
			"GET /apis/g.io/v1/namespaces/{namespace}/ws listGIoV1NamespacedW",
			"POST /apis/g.io/v1/namespaces/{namespace}/ws createGIoV1NamespacedW",
			"DELETE /apis/g.io/v1/namespaces/{namespace}/ws deleteGIoV1CollectionNamespacedW",
			"GET /apis/g.io/v1/namespaces/{namespace}/ws/{name} readGIoV1NamespacedW",
			"PUT /apis/g.io/v1/namespaces/{namespace}/ws/{name} replaceGIoV1NamespacedW",
			"DELETE /apis/g.io/v1/namespaces/{namespace}/ws/{name} deleteGIoV1NamespacedW",
			"PATCH /apis/g.io/v1/namespaces/{namespace}/ws/{name} patchGIoV1NamespacedW",
		}},
		{"cluster with subresources", resource{group: "g.io", version: "v1", kind: "W", listKind: "WList", plural: "ws", status: true, scale: true}, []string{
			"GET /apis/g.io/v1/ws listGIoV1W",
			"POST /apis/g.io/v1/ws createGIoV1W",
			"DELETE /apis/g.io/v1/ws deleteGIoV1CollectionW",
			"GET /apis/g.io/v1/ws/{name} readGIoV1W",
			"PUT /apis/g.io/v1/ws/{name} replaceGIoV1W",
			"DELETE /apis/g.io/v1/ws/{name} deleteGIoV1W",
			"PATCH /apis/g.io/v1/ws/{name} patchGIoV1W",
			"GET /apis/g.io/v1/ws/{name}/status readGIoV1WStatus",
			"PUT /apis/g.io/v1/ws/{name}/status replaceGIoV1WStatus",
			"PATCH /apis/g.io/v1/ws/{name}/status patchGIoV1WStatus",
			"GET /apis/g.io/v1/ws/{name}/scale readGIoV1WScale",
			"PUT /apis/g.io/v1/ws/{name}/scale replaceGIoV1WScale",
			"PATCH /apis/g.io/v1/ws/{name}/scale patchGIoV1WScale",
		}},
	}
	for _, c := range cases {
		var got []string
		for _, rt := range c.r.routes() {
			id, _ := operationIDAndTags(c.r.operationName(rt), rt.path)
			got = append(got, rt.method+" "+rt.path+" "+id)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s:\ngot  %s\nwant %s", c.name, strings.Join(got, "\n     "), strings.Join(c.want, "\n     "))
		}
	}
}

// TestScaleRoutesReadAndWriteScale: the scale subresource serves
// autoscaling/v1 Scale and is patched with Patch.
func TestScaleRoutesReadAndWriteScale(t *testing.T) {
	r := &resource{group: "g.io", version: "v1", kind: "W", listKind: "WList", plural: "ws", scale: true}
	for _, rt := range r.routes() {
		if rt.subresource != "scale" {
			continue
		}
		op, _, err := r.operation(rt)
		if err != nil {
			t.Fatal(err)
		}
		if got := op.Responses["200"].Content["application/json"].Schema.Ref; got != componentRef(scaleModel) {
			t.Errorf("%s: responds with %s", rt.method, got)
		}
		wantBody := map[string]string{"PUT": scaleModel, "PATCH": patchModel}[rt.method]
		if wantBody == "" {
			continue
		}
		for mediaType, m := range op.RequestBody.Content {
			if m.Schema.Ref != componentRef(wantBody) {
				t.Errorf("%s %s: reads %s", rt.method, mediaType, m.Schema.Ref)
			}
		}
	}
}

func TestResponsesAndBodiesPerAction(t *testing.T) {
	r := &resource{group: "g.io", version: "v1", kind: "W", listKind: "WList", plural: "ws"}
	want := map[string]struct {
		codes    string
		body     string // media types of the body, "" for none
		required bool
	}{
		"GET /apis/g.io/v1/ws":           {"200 401", "", false},
		"POST /apis/g.io/v1/ws":          {"200 201 202 401", "application/json application/yaml", true},
		"DELETE /apis/g.io/v1/ws":        {"200 401", "", false},
		"GET /apis/g.io/v1/ws/{name}":    {"200 401", "", false},
		"PUT /apis/g.io/v1/ws/{name}":    {"200 201 401", "application/json application/yaml", true},
		"DELETE /apis/g.io/v1/ws/{name}": {"200 202 401", "application/json application/yaml", false},
		"PATCH /apis/g.io/v1/ws/{name}":  {"200 401", "application/apply-patch+yaml application/json-patch+json application/merge-patch+json", true},
	}
	for _, rt := range r.routes() {
		op, _, err := r.operation(rt)
		if err != nil {
			t.Fatal(err)
		}
		w := want[rt.method+" "+rt.path]
		if got := strings.Join(slices.Sorted(maps.Keys(op.Responses)), " "); got != w.codes {
			t.Errorf("%s %s: responses %s, want %s", rt.method, rt.path, got, w.codes)
		}
		body, required := "", false
		if op.RequestBody != nil {
			body, required = strings.Join(slices.Sorted(maps.Keys(op.RequestBody.Content)), " "), op.RequestBody.Required
		}
		if body != w.body || required != w.required {
			t.Errorf("%s %s: body %q required %v, want %q %v", rt.method, rt.path, body, required, w.body, w.required)
		}
		if op.Responses["401"].Description != "Unauthorized" || op.Responses["401"].Content != nil {
			t.Errorf("%s %s: 401 is %+v", rt.method, rt.path, op.Responses["401"])
		}
	}
}

// TestCommonParametersMoveToThePath: namespace, name and pretty, which
// every operation of a path takes, are the path's; the rest stay.
func TestCommonParametersMoveToThePath(t *testing.T) {
	r := &resource{group: "g.io", version: "v1", kind: "W", listKind: "WList", plural: "ws", namespaced: true}
	paths, err := r.paths()
	if err != nil {
		t.Fatal(err)
	}
	names := func(ps []*Parameter) string {
		var out []string
		for _, p := range ps {
			out = append(out, p.Name+"/"+p.In)
		}
		return strings.Join(out, " ")
	}
	object := paths["/apis/g.io/v1/namespaces/{namespace}/ws/{name}"]
	if got := names(object.Parameters); got != "name/path namespace/path pretty/query" {
		t.Errorf("object path parameters: %s", got)
	}
	if got := names(object.Get.Parameters); got != "resourceVersion/query" {
		t.Errorf("read parameters: %s", got)
	}
	if got := names(object.Delete.Parameters); got != "dryRun/query gracePeriodSeconds/query ignoreStoreReadErrorWithClusterBreakingPotential/query orphanDependents/query propagationPolicy/query" {
		t.Errorf("delete parameters: %s", got)
	}
	// A path with one operation has all its parameters on the path.
	all := paths["/apis/g.io/v1/ws"]
	if len(all.Get.Parameters) != 0 || !strings.Contains(names(all.Parameters), "watch/query") {
		t.Errorf("list for all namespaces: path %s, operation %s", names(all.Parameters), names(all.Get.Parameters))
	}
	if p := object.Parameters[0]; !p.Required || p.Description != "name of the W" {
		t.Errorf("name parameter: %+v", p)
	}
}

func TestOptionParametersComeFromApimachinery(t *testing.T) {
	params, err := optionParameters(&metav1.ListOptions{})
	if err != nil {
		t.Fatal(err)
	}
	byName := map[string]*Parameter{}
	for _, p := range params {
		byName[p.Name] = p
	}
	for name, typ := range map[string]string{"watch": "boolean", "limit": "integer", "labelSelector": "string", "timeoutSeconds": "integer", "resourceVersionMatch": "string"} {
		p := byName[name]
		if p == nil || p.Schema.Type != typ || !p.Schema.UniqueItems || p.Description != (metav1.ListOptions{}).SwaggerDoc()[name] {
			t.Errorf("%s: %+v", name, p)
		}
	}
	if _, ok := byName["kind"]; ok {
		t.Error("TypeMeta's fields are not parameters")
	}
	del, err := optionParameters(&metav1.DeleteOptions{})
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range del {
		if p.Name == "preconditions" {
			t.Error("a reference to a struct is not a parameter")
		}
		if p.Name == "dryRun" && p.Schema.Type != "string" {
			t.Errorf("a list of strings is a repeated string: %s", p.Schema.Type)
		}
	}
}

func TestOptionParametersRejectUnknownTypes(t *testing.T) {
	type odd struct {
		Pairs map[string]string `json:"pairs"`
	}
	if _, err := optionParameters(&odd{}); err == nil || !strings.Contains(err.Error(), "unsupported parameter type") {
		t.Errorf("got %v", err)
	}
	if _, err := optionParameters(odd{}); err == nil {
		t.Error("a struct value, not a pointer, is an error")
	}
}
