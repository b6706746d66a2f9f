package e2e

import (
	"k8s.io/apimachinery/pkg/types"
)

// lifecycleSequences: the status subresource and deletion.
func lifecycleSequences() []sequence {
	withStatus := databaseObject("orders", dbSpec(nil))
	withStatus.Object["status"] = map[string]any{"phase": "Creating"}
	finalized := databaseObject("orders", dbSpec(nil))
	finalized.SetFinalizers([]string{"example.kval.dev/keep"})
	return []sequence{{
		name: "status subresource",
		steps: []step{
			creates(withStatus), // the status is dropped
			updatesStatus("phase", orders, setField("Ready", "status", "phase")),
			updatesStatus("spec through status (ignored)", orders, setField("17", "spec", "version")),
			updates("status through the object (ignored)", orders, setField("Failed", "status", "phase")),
			patchesStatus("endpoint", orders, types.MergePatchType, `{"status": {"endpoint": "db:5432"}}`),
			fails(invalid, patchesStatus("phase not a string", orders, types.MergePatchType, `{"status": {"phase": 5}}`)),
			reads(orders),
		},
	}, {
		name: "delete with finalizers",
		steps: []step{
			creates(finalized),
			deletes(orders),
			reads(orders), // deletionTimestamp set, generation bumped
			fails(invalid, updates("a finalizer added while deleting", orders, setField([]any{"example.kval.dev/keep", "example.kval.dev/more"}, "metadata", "finalizers"))),
			updates("spec while deleting", orders, setField("17", "spec", "version")),
			updates("finalizers emptied", orders, unsetField("metadata", "finalizers")),
			fails(notFound, reads(orders)),
			fails(notFound, deletes(orders)),
		},
	}, {
		name: "delete preconditions",
		steps: []step{
			creates(databaseObject("orders", dbSpec(nil))),
			keeps("first", orders),
			updates("version", orders, setField("17", "spec", "version")),
			fails(conflict, deletesKept("first", orders)),
			keeps("second", orders),
			deletesKept("second", orders),
			fails(notFound, reads(orders)),
		},
	}}
}

// gatewaySequences: writes of Gateway API objects (experimental channel).
func gatewaySequences() []sequence {
	backends := []any{map[string]any{"name": "svc", "port": int64(80)}}
	route := gatewayObject("HTTPRoute", "route", map[string]any{
		"parentRefs": []any{map[string]any{"name": "gw"}},
		"hostnames":  []any{"a.example"},
		"rules":      []any{map[string]any{"backendRefs": backends}},
	})
	redirect := []any{map[string]any{"type": "RequestRedirect", "requestRedirect": map[string]any{"scheme": "https", "statusCode": int64(301)}}}
	gateway := gatewayObject("Gateway", "gw", map[string]any{
		"gatewayClassName": "example",
		"listeners":        []any{map[string]any{"name": "http", "protocol": "HTTP", "port": int64(80)}},
	})
	class := gatewayObject("GatewayClass", "agreement", map[string]any{"controllerName": "example.com/gateway"})
	class.SetNamespace("") // cluster-scoped
	return []sequence{{
		name: "HTTPRoute",
		steps: []step{
			creates(route), // defaults: matches, weights, kinds
			reads(route),
			fails(invalid, updates("a redirect beside backendRefs (CEL)", route, setField([]any{map[string]any{"filters": redirect, "backendRefs": backends}}, "spec", "rules"))),
			fails(invalid, patches("an invalid hostname", route, types.MergePatchType, `{"spec": {"hostnames": ["-bad-"]}}`)),
			patches("a second rule", route, types.JSONPatchType, `[{"op": "add", "path": "/spec/rules/-", "value": {"backendRefs": [{"name": "other", "port": 8080}]}}]`),
			reads(route),
		},
	}, {
		name: "Gateway",
		steps: []step{
			creates(gateway),
			fails(invalid, patches("a listener of the same name", gateway, types.JSONPatchType, `[{"op": "add", "path": "/spec/listeners/-", "value": {"name": "http", "protocol": "HTTP", "port": 8080}}]`)),
			fails(invalid, patches("TLS on a TCP listener (CEL)", gateway, types.JSONPatchType, `[{"op": "add", "path": "/spec/listeners/0/tls", "value": {"certificateRefs": [{"name": "cert"}]}}, {"op": "replace", "path": "/spec/listeners/0/protocol", "value": "TCP"}]`)),
			applies("an HTTPS listener", gatewayObject("Gateway", "gw", map[string]any{"listeners": []any{map[string]any{"name": "https", "protocol": "HTTPS", "port": int64(443), "tls": map[string]any{"certificateRefs": []any{map[string]any{"name": "cert"}}}}}}), "tls", false),
			reads(gateway),
		},
	}, {
		name: "GatewayClass",
		steps: []step{
			creates(class),
			fails(invalid, updates("controllerName (transition rule)", class, setField("example.com/other", "spec", "controllerName"))),
			updates("description", class, setField("a class", "spec", "description")),
			reads(class),
		},
	}}
}
