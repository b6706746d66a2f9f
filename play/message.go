package play

import (
	"strings"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// message is the verdict as kubectl prints kube-apiserver's answer: the
// 400 of a request refused before validation, or the Invalid status
// (engine.InvalidMessage).
func message(obj map[string]any, res *engine.Result) string {
	if res.BadRequest != nil {
		return "Error from server (BadRequest): " + res.BadRequest.Error()
	}
	if len(res.Errors) == 0 {
		return ""
	}
	kind, _ := obj["kind"].(string)
	meta, _ := obj["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	return engine.NewInvalidMessage(kind, name, res.Errors).String()
}

// accepted is what kubectl apply prints for an accepted request:
// "database.example.kval.dev/orders created", "configured", or
// "unchanged" when the update changes nothing.
func accepted(obj, old map[string]any, operation string) string {
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	meta, _ := obj["metadata"].(map[string]any)
	name, _ := meta["name"].(string)
	resource := strings.ToLower(kind)
	if group, _, ok := strings.Cut(apiVersion, "/"); ok {
		resource += "." + group
	}
	verb := "created"
	switch {
	case operation == "update" && jsonvalue.Equal(obj, old):
		verb = "unchanged"
	case operation == "update":
		verb = "configured"
	}
	return resource + "/" + name + " " + verb
}
