package upgrade

import (
	"fmt"
	"maps"
	"slices"
	"strings"

	"github.com/kval-dev/kval/schema"
)

// differ compares the schemas of one version.
type differ struct {
	version string
	changes []Change
}

func (d *differ) add(sev Severity, kind Kind, path, format string, args ...any) {
	d.changes = append(d.changes, Change{Severity: sev, Kind: kind, Version: d.version, Path: path, Message: fmt.Sprintf(format, args...)})
}

// node compares one schema node of both versions and everything below it.
func (d *differ) node(old, now *schema.Schema, path string) {
	if old == nil || now == nil {
		return
	}
	if !d.typeChange(old, now, path) {
		return // what is below a new type is a new schema
	}
	d.enum(old, now, path)
	d.pattern(old, now, path)
	d.bounds(old, now, path)
	d.rules(old, now, path)
	d.listType(old, now, path)
	d.mutability(old, now, path)
	d.properties(old, now, path)
	d.node(old.Items, now.Items, path+"[*]")
	d.node(old.AdditionalPropertiesSchema(), now.AdditionalPropertiesSchema(), path+"[*]")
}

// properties reports removed, added and newly required fields.
func (d *differ) properties(old, now *schema.Schema, path string) {
	for _, name := range slices.Sorted(maps.Keys(old.Properties)) {
		if _, ok := now.Properties[name]; !ok && !now.PreservesUnknownFields() {
			d.add(Warning, FieldRemoved, path+"."+name, "field removed: its stored values are pruned when objects are read")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(now.Properties)) {
		if _, ok := old.Properties[name]; !ok {
			d.add(Info, FieldAdded, path+"."+name, "new field")
		}
	}
	for _, name := range now.Required {
		if !slices.Contains(old.Required, name) {
			d.add(Error, FieldRequired, path+"."+name, "newly required: clients that leave it out are rejected")
		}
	}
	for _, name := range slices.Sorted(maps.Keys(old.Properties)) {
		if child, ok := now.Properties[name]; ok {
			d.node(old.Properties[name], child, path+"."+name)
		}
	}
}

// enum reports values an enum no longer allows, or an enum where there was
// none, comparing the effective enums (allOf's included).
func (d *differ) enum(old, now *schema.Schema, path string) {
	nowEnum, nowConstrained := effectiveEnum(now)
	if !nowConstrained {
		return
	}
	oldEnum, oldConstrained := effectiveEnum(old)
	if !oldConstrained {
		d.add(Error, EnumNarrowed, path, "enum added: only %s allowed", values(nowEnum))
		return
	}
	var dropped []any
	for _, v := range oldEnum {
		if !containsValue(nowEnum, v) {
			dropped = append(dropped, v)
		}
	}
	if len(dropped) > 0 {
		d.add(Error, EnumNarrowed, path, "enum narrowed: %s no longer allowed", values(dropped))
	}
}

func (d *differ) pattern(old, now *schema.Schema, path string) {
	if now.Pattern != "" && old.Pattern != now.Pattern {
		d.add(Warning, PatternChanged, path, "pattern changed from %q to %q", old.Pattern, now.Pattern)
	}
}

// listType reports a changed list type or list-map keys.
func (d *differ) listType(old, now *schema.Schema, path string) {
	oldType, newType := deref(old.ListType, "atomic"), deref(now.ListType, "atomic")
	if old.Type == "array" && oldType != newType {
		d.add(Error, ListTypeChanged, path, "list type changed from %s to %s: server-side apply merges differently, and stored lists may break its rules", oldType, newType)
	}
	if oldType == "map" && newType == "map" && !slices.Equal(old.ListMapKeys, now.ListMapKeys) {
		d.add(Error, MapKeysChanged, path, "list map keys changed from %v to %v", old.ListMapKeys, now.ListMapKeys)
	}
}

// mutability reports the mutability extensions added, tightened (some
// change they allowed is rejected: Immutable after AddOnly, RemoveOnly
// after AddOnly) or relaxed (none is rejected any more).
func (d *differ) mutability(old, now *schema.Schema, path string) {
	d.mutabilityOf("x-kubernetes-mutability", old.Mutability, now.Mutability, path,
		[3]Kind{MutabilityAdded, MutabilityTightened, MutabilityRelaxed})
	d.mutabilityOf("x-kubernetes-key-mutability", old.KeyMutability, now.KeyMutability, path,
		[3]Kind{KeyMutabilityAdded, KeyMutabilityTightened, KeyMutabilityRelaxed})
}

// mutabilityOf reports the change of one extension from old to now (nil:
// none); kinds are its added, tightened and relaxed change kinds.
func (d *differ) mutabilityOf(ext string, old, now *schema.Mutability, path string, kinds [3]Kind) {
	if mutabilityName(old) == mutabilityName(now) {
		return
	}
	oldAllows, nowAllows := allowedChanges(old), allowedChanges(now)
	switch {
	case old == nil:
		d.add(Warning, kinds[0], path, "%s %s added: changes that were allowed are rejected", ext, *now)
	case oldAllows&^nowAllows != 0:
		d.add(Warning, kinds[1], path, "%s tightened from %s to %s: changes that were allowed are rejected", ext, *old, *now)
	case now == nil:
		d.add(Info, kinds[2], path, "%s %s removed: changes that were rejected are allowed", ext, *old)
	default:
		d.add(Info, kinds[2], path, "%s relaxed from %s to %s: changes that were rejected are allowed", ext, *old, *now)
	}
}

// The changes a mutability allows: a value (or key) added where there was
// none, removed, or changed in place.
const (
	allowsAdd = 1 << iota
	allowsRemove
	allowsChange
)

// allowedChanges is what a mutability lets an update do; nil (none) lets
// it do anything.
func allowedChanges(m *schema.Mutability) int {
	switch mutabilityName(m) {
	case "":
		return allowsAdd | allowsRemove | allowsChange
	case string(schema.AddOnly):
		return allowsAdd
	case string(schema.RemoveOnly):
		return allowsRemove
	}
	return 0
}

func mutabilityName(m *schema.Mutability) string {
	if m == nil {
		return ""
	}
	return string(*m)
}

func deref(s *string, def string) string {
	if s == nil {
		return def
	}
	return *s
}

func values(list []any) string {
	parts := make([]string, len(list))
	for i, v := range list {
		parts[i] = fmt.Sprintf("%q", fmt.Sprint(v))
	}
	return strings.Join(parts, ", ")
}
