package lower

import (
	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/internal/jsonvalue"
	"github.com/kval-dev/kval/schema"
)

// build lowers every version's schema of a copy of crd, leaving out the
// constructs in left, and returns the copy.
func build(decoded *schema.CRD, crd map[string]any, left map[string]Unlowered, opts Options) (map[string]any, *built) {
	out := jsonvalue.DeepCopyObject(crd)
	b := &built{crd: decoded.Name(), rules: map[string]placedRule{}, failed: map[string]Unlowered{}}
	for id, u := range left {
		b.failed[id] = u
	}
	spec, _ := out["spec"].(map[string]any)
	versions, _ := spec["versions"].([]any)
	for i, v := range versions {
		version, _ := v.(map[string]any)
		name, _ := version["name"].(string)
		holder, _ := version["schema"].(map[string]any)
		doc, _ := holder["openAPIV3Schema"].(map[string]any)
		s := decoded.VersionSchema(name)
		if doc == nil || s == nil {
			continue
		}
		root := link{kind: atRoot, s: s, doc: doc, path: field.NewPath("spec", "versions").Index(i).Child("schema", "openAPIV3Schema")}
		b.version(name, i, chain{root}, left)
		if !opts.KeepExtensions {
			dropExtensions(doc)
		}
	}
	return out, b
}

// version plans and places the rules of one version's schema.
func (b *built) version(name string, index int, root chain, left map[string]Unlowered) {
	p := &planner{failed: map[*construct]*failure{}}
	p.skip = func(k *construct) bool {
		_, skipped := left[constructID(name, k)]
		return skipped
	}
	p.plan(root)
	for _, k := range p.all {
		id := constructID(name, k)
		if f, failed := p.failed[k]; failed {
			b.failed[id] = b.unlowered(name, k, f.reason, f.fixes)
		} else if _, skipped := left[id]; !skipped {
			b.lowered++
		}
	}
	for _, r := range p.rules {
		b.rules[appendRule(r)] = placedRule{version: name, index: index, of: r.of}
		b.count++
	}
}

func (b *built) unlowered(version string, k *construct, reason string, fixes []string) Unlowered {
	return Unlowered{
		CRD: b.crd, Version: version, Path: k.at.path.String(), Pointer: k.at.pointer,
		Keyword: k.keyword, Value: k.value, Reason: reason, Fixes: fixes,
	}
}

// appendRule adds r to its anchor's x-kubernetes-validations and returns
// the path of its rule, as kval lint reports it.
func appendRule(r rule) string {
	entry := map[string]any{
		"rule":    r.expr,
		"message": r.message,
		"reason":  "FieldValueForbidden",
	}
	if r.fieldPath != "" {
		entry["fieldPath"] = r.fieldPath
	}
	rules, _ := r.anchor.doc["x-kubernetes-validations"].([]any)
	r.anchor.doc["x-kubernetes-validations"] = append(rules, entry)
	return r.anchor.path.Child("x-kubernetes-validations").Index(len(rules)).Child("rule").String()
}

// dropExtensions removes both extensions from a schema's structure (the
// only place kval lint lets them be).
func dropExtensions(doc map[string]any) {
	delete(doc, MutabilityKeyword)
	delete(doc, KeyMutabilityKeyword)
	if props, ok := doc["properties"].(map[string]any); ok {
		for _, p := range props {
			if child, ok := p.(map[string]any); ok {
				dropExtensions(child)
			}
		}
	}
	for _, key := range []string{"items", "additionalProperties"} {
		if child, ok := doc[key].(map[string]any); ok {
			dropExtensions(child)
		}
	}
}
