package main

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"sort"
	"strings"

	"k8s.io/apimachinery/pkg/api/operation"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// callDirect calls the function itself, with a nil path as the scheme does.
func callDirect(e entry, obj, old any, opts map[string]bool, sub string) (errs field.ErrorList, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	op := operation.Operation{Type: operation.Create, Options: toOptions(opts), Request: operation.Request{Subresources: split(sub)}}
	if old != nil {
		op.Type = operation.Update
	}
	return e.call(context.Background(), op, obj, old), ""
}

// callScheme validates through the scheme RegisterValidations filled.
func callScheme(obj, old any, opts map[string]bool, sub string) (errs field.ErrorList, panicked string) {
	defer func() {
		if r := recover(); r != nil {
			panicked = fmt.Sprint(r)
		}
	}()
	if old == nil {
		return scheme.Validate(context.Background(), toOptions(opts), obj.(runtime.Object), split(sub)...), ""
	}
	return scheme.ValidateUpdate(context.Background(), toOptions(opts), obj.(runtime.Object), old.(runtime.Object), split(sub)...), ""
}

func split(sub string) []string {
	if sub == "" {
		return nil
	}
	return strings.Split(strings.TrimPrefix(sub, "/"), "/")
}

// render prints errors one per field, separated by \x1e, fields by \x1f:
// type, path, detail, origin, bad value, stability level.
func render(errs field.ErrorList, panicked string) string {
	if panicked != "" {
		return "panic: " + panicked
	}
	out := make([]string, 0, len(errs))
	for _, e := range errs {
		out = append(out, strings.Join([]string{string(e.Type), e.Field, e.Detail, e.Origin,
			value(reflect.ValueOf(e.BadValue)), fmt.Sprint(e.ValidationStabilityLevel)}, "\x1f"))
	}
	return strings.Join(out, "\x1e")
}

// value prints a bad value without addresses: its type and its JSON.
func value(v reflect.Value) string {
	if !v.IsValid() {
		return "<nil>"
	}
	data, err := json.Marshal(v.Interface())
	if err != nil {
		return fmt.Sprintf("%T:%v", v.Interface(), err)
	}
	return fmt.Sprintf("%T:%s", v.Interface(), data)
}

// keys are the names of the options that are on, sorted.
func keys(opts map[string]bool) []string {
	var out []string
	for k := range opts {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// optionSets are no option on, and every option the function reads on.
func optionSets(e entry) []map[string]bool {
	sets := []map[string]bool{nil}
	if len(e.options) > 0 {
		all := map[string]bool{}
		for _, o := range e.options {
			all[o] = true
		}
		sets = append(sets, all)
	}
	return sets
}

// subresourcesOf are the main resource and the registered subresources.
func subresourcesOf(e entry) []string {
	return append([]string{""}, e.subresources...)
}
