package openapi

import (
	"fmt"
	"sort"
)

// paths builds the path items of a resource. A parameter that every
// operation of a path takes (same name and location) moves to the path, as
// kube-openapi does; the rest stay on their operations. Both lists are
// sorted by name, then location.
func (r *resource) paths() (map[string]*PathItem, error) {
	byPath := map[string][]route{}
	var order []string
	for _, rt := range r.routes() {
		if _, seen := byPath[rt.path]; !seen {
			order = append(order, rt.path)
		}
		byPath[rt.path] = append(byPath[rt.path], rt)
	}
	out := make(map[string]*PathItem, len(order))
	for _, path := range order {
		item, err := r.pathItem(byPath[path])
		if err != nil {
			return nil, fmt.Errorf("path %s: %w", path, err)
		}
		out[path] = item
	}
	return out, nil
}

// paramKey identifies a parameter within a route.
type paramKey struct{ name, in string }

func (r *resource) pathItem(routes []route) (*PathItem, error) {
	item := &PathItem{}
	ops := make([]*Operation, len(routes))
	params := make([][]*Parameter, len(routes))
	count := map[paramKey]int{}
	common := map[paramKey]*Parameter{} // the last route's wins, as in kube-openapi
	for i, rt := range routes {
		op, ps, err := r.operation(rt)
		if err != nil {
			return nil, err
		}
		ops[i], params[i] = op, ps
		for _, p := range ps {
			k := paramKey{p.Name, p.In}
			count[k]++
			common[k] = p
		}
	}
	for k, p := range common {
		if count[k] == len(routes) {
			item.Parameters = append(item.Parameters, p)
		}
	}
	sortParameters(item.Parameters)
	for i, op := range ops {
		for _, p := range params[i] {
			if count[paramKey{p.Name, p.In}] != len(routes) {
				op.Parameters = append(op.Parameters, p)
			}
		}
		sortParameters(op.Parameters)
		if err := item.set(routes[i].method, op); err != nil {
			return nil, err
		}
	}
	return item, nil
}

func sortParameters(ps []*Parameter) {
	sort.SliceStable(ps, func(i, j int) bool {
		if ps[i].Name != ps[j].Name {
			return ps[i].Name < ps[j].Name
		}
		return ps[i].In < ps[j].In
	})
}

// set puts an operation under its method.
func (p *PathItem) set(method string, op *Operation) error {
	slot := map[string]**Operation{"GET": &p.Get, "PUT": &p.Put, "POST": &p.Post, "DELETE": &p.Delete, "PATCH": &p.Patch}[method]
	if slot == nil {
		return fmt.Errorf("unsupported method %s", method)
	}
	if *slot != nil {
		return fmt.Errorf("two %s operations", method)
	}
	*slot = op
	return nil
}
