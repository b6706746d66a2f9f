package play

import (
	"fmt"
	"strings"

	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/internal/jsonvalue"
)

// message is the verdict as kubectl prints kube-apiserver's answer: the
// 400 of a request refused before validation, or the Invalid status, one
// cause inline and several as a list, duplicates once.
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
	var causes []string
	seen := map[string]bool{}
	for _, e := range res.Errors {
		if cause := e.Field + ": " + e.ErrorBody(); !seen[cause] {
			seen[cause] = true
			causes = append(causes, cause)
		}
	}
	prefix := fmt.Sprintf("The %s %q is invalid: ", kind, name)
	if len(causes) == 1 {
		return prefix + causes[0]
	}
	return prefix + "\n* " + strings.Join(causes, "\n* ")
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
