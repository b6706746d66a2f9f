package upgrade

import (
	"strings"
	"testing"
)

// TestCompareReportsEachKind: one change of each kind, and what it is reported as.
func TestCompareReportsEachKind(t *testing.T) {
	v1 := version("v1", true, true, defaultSpec)
	edit := func(old, repl string) string {
		return version("v1", true, true, strings.Replace(defaultSpec, old, repl, 1))
	}
	cases := []struct {
		name     string
		scope    string
		versions []string
		want     []string // Change.String() of every change, in order
	}{
		{"nothing", "Namespaced", []string{v1}, nil},
		{"stored version removed", "Namespaced", []string{version("v2", true, true, defaultSpec)}, []string{
			"error: StoredVersionRemoved v1: removed, but objects may still be stored in it: migrate them and remove it from status.storedVersions first",
			"info: VersionAdded v2: new version"}},
		{"served version no longer served", "Namespaced", []string{version("v1", false, true, defaultSpec)}, []string{
			"error: VersionNotServed v1: no longer served: its clients get 404"}},
		{"scope", "Cluster", []string{v1}, []string{"error: ScopeChanged: scope changed from Namespaced to Cluster"}},
		{"field removed", "Namespaced", []string{edit("  tags: {type: array, items: {type: string}}\n", "")}, []string{
			"warning: FieldRemoved v1 .spec.tags: field removed: its stored values are pruned when objects are read"}},
		{"field added", "Namespaced", []string{edit("properties:\n", "properties:\n  extra: {type: string}\n")}, []string{
			"info: FieldAdded v1 .spec.extra: new field"}},
		{"field newly required", "Namespaced", []string{edit("required: [size]", "required: [size, color]")}, []string{
			"error: FieldNewlyRequired v1 .spec.color: newly required: clients that leave it out are rejected"}},
		{"enum narrowed", "Namespaced", []string{edit("[red, green, blue]", "[red, green]")}, []string{
			`error: EnumNarrowed v1 .spec.color: enum narrowed: "blue" no longer allowed`}},
		{"enum added", "Namespaced", []string{edit("name: {type: string,", "name: {type: string, enum: [a],")}, []string{
			`error: EnumNarrowed v1 .spec.name: enum added: only "a" allowed`}},
		{"pattern changed", "Namespaced", []string{edit("'^[a-z]+$'", "'^[a-z]{1,5}$'")}, []string{
			`warning: PatternChanged v1 .spec.name: pattern changed from "^[a-z]+$" to "^[a-z]{1,5}$"`}},
		{"maximum tightened", "Namespaced", []string{edit("maximum: 10", "maximum: 5")}, []string{
			"warning: BoundTightened v1 .spec.size: maximum tightened from 10 to 5"}},
		{"minimum tightened", "Namespaced", []string{edit("minimum: 1", "minimum: 2")}, []string{
			"warning: BoundTightened v1 .spec.size: minimum tightened from 1 to 2"}},
		{"maxLength relaxed", "Namespaced", []string{edit("maxLength: 20", "maxLength: 30")}, []string{
			"info: BoundRelaxed v1 .spec.name: maxLength relaxed from 20 to 30"}},
		{"maxItems added", "Namespaced", []string{edit("tags: {type: array,", "tags: {type: array, maxItems: 3,")}, []string{
			"warning: BoundTightened v1 .spec.tags: maxItems 3 added"}},
		{"type changed", "Namespaced", []string{edit("size: {type: integer, minimum: 1, maximum: 10}", "size: {type: string}")}, []string{
			"error: TypeChanged v1 .spec.size: type changed from integer to string: stored integer values are refused"}},
		{"type widened to untyped", "Namespaced", []string{edit("size: {type: integer, minimum: 1, maximum: 10}", "size: {x-kubernetes-preserve-unknown-fields: true}")}, []string{
			"info: TypeWidened v1 .spec.size: type widened from integer to any (x-kubernetes-preserve-unknown-fields): every stored value still validates",
			"info: BoundRelaxed v1 .spec.size: maximum 10 removed", "info: BoundRelaxed v1 .spec.size: minimum 1 removed"}},
		{"type widened to int-or-string", "Namespaced", []string{edit("size: {type: integer, minimum: 1, maximum: 10}", "size: {x-kubernetes-int-or-string: true}")}, []string{
			"info: TypeWidened v1 .spec.size: type widened from integer to int-or-string: every stored value still validates",
			"info: BoundRelaxed v1 .spec.size: maximum 10 removed", "info: BoundRelaxed v1 .spec.size: minimum 1 removed"}},
		{"type widened to number", "Namespaced", []string{edit("size: {type: integer, minimum: 1, maximum: 10}", "size: {type: number, minimum: 1, maximum: 10}")}, []string{
			"info: TypeWidened v1 .spec.size: type widened from integer to number: every stored value still validates"}},
		{"new rule", "Namespaced", []string{edit("- {rule: 'self.size <= 10', message: too big}", "- {rule: 'self.size <= 10', message: too big}\n- {rule: 'self.size > 2'}")}, []string{
			`warning: RuleAdded v1 .spec: new rule "self.size > 2": objects that break it are rejected on create, and on update once the value changes`}},
		{"changed rule", "Namespaced", []string{edit("'self.size <= 10'", "'self.size <= 5'")}, []string{
			`warning: RuleChanged v1 .spec: rule "self.size <= 10" changed to "self.size <= 5": objects that break the new rule are rejected on create, and on update once the value changes`}},
		// A relaxed rule with a new message takes the old one's place: one change, not an addition and a removal.
		{"relaxed rule", "Namespaced", []string{edit("{rule: 'self.size <= 10', message: too big}", "{rule: 'self.size <= 20', message: way too big}")}, []string{
			`warning: RuleChanged v1 .spec: rule "self.size <= 10" changed to "self.size <= 20": objects that break the new rule are rejected on create, and on update once the value changes`}},
		{"new transition rule", "Namespaced", []string{edit("- {rule: 'self.size <= 10', message: too big}", "- {rule: 'self.size <= 10', message: too big}\n- {rule: 'self.size >= oldSelf.size'}")}, []string{
			`warning: RuleAdded v1 .spec: new rule "self.size >= oldSelf.size": updates that break it are rejected (a transition rule: creates are not checked)`}},
		{"new transition rule with optionalOldSelf", "Namespaced", []string{edit("- {rule: 'self.size <= 10', message: too big}", "- {rule: 'self.size <= 10', message: too big}\n- {rule: '!oldSelf.hasValue() || self.size >= oldSelf.value().size', optionalOldSelf: true}")}, []string{
			`warning: RuleAdded v1 .spec: new rule "!oldSelf.hasValue() || self.size >= oldSelf.value().size": objects that break it are rejected on create, and on update once the value changes`}},
		{"oldSelf in a string is no transition rule", "Namespaced", []string{edit("- {rule: 'self.size <= 10', message: too big}", "- {rule: 'self.size <= 10', message: too big}\n- {rule: 'self.name != \"oldSelf\"'}")}, []string{
			`warning: RuleAdded v1 .spec: new rule "self.name != \"oldSelf\"": objects that break it are rejected on create, and on update once the value changes`}},
		{"changed message", "Namespaced", []string{edit("message: too big", "message: way too big")}, []string{
			`warning: RuleChanged v1 .spec: rule "self.size <= 10" changed its message, reason, fieldPath or optionalOldSelf`}},
		{"list type changed", "Namespaced", []string{edit("tags: {type: array,", "tags: {type: array, x-kubernetes-list-type: set,")}, []string{
			"error: ListTypeChanged v1 .spec.tags: list type changed from atomic to set: server-side apply merges differently, and stored lists may break its rules"}},
		{"map keys changed", "Namespaced", []string{edit("[port]\n", "[port, protocol]\n")}, []string{
			"error: ListMapKeysChanged v1 .spec.ports: list map keys changed from [port] to [port protocol]"}},
		{"new mutability", "Namespaced", []string{edit("color: {type: string,", "color: {type: string, x-kubernetes-mutability: Immutable,")}, []string{
			"warning: MutabilityAdded v1 .spec.color: x-kubernetes-mutability Immutable added: changes that were allowed are rejected"}},
		{"new key mutability", "Namespaced", []string{edit("tags: {type: array,", "tags: {type: array, x-kubernetes-key-mutability: AddOnly,")}, []string{
			"warning: KeyMutabilityAdded v1 .spec.tags: x-kubernetes-key-mutability AddOnly added: changes that were allowed are rejected"}},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			old := loadCRD(t, "Namespaced", v1)
			changes := Compare(old, loadCRD(t, tc.scope, tc.versions...))
			var got []string
			for _, c := range changes {
				got = append(got, c.String())
			}
			if strings.Join(got, "\n") != strings.Join(tc.want, "\n") {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), strings.Join(tc.want, "\n"))
			}
		})
	}
}

// TestServedVersionRemoved: a served version that is not stored may go,
// but its clients break.
func TestServedVersionRemoved(t *testing.T) {
	old := loadCRD(t, "Namespaced", version("v1", true, true, defaultSpec), version("v2", true, false, defaultSpec))
	changes := Compare(old, loadCRD(t, "Namespaced", version("v1", true, true, defaultSpec)))
	if len(changes) != 1 || changes[0].Kind != VersionRemoved || changes[0].Severity != Error || Worst(changes) != Error {
		t.Errorf("got %v", changes)
	}
}

// TestCompareMutability: each change of a mutability extension is reported
// by what it does to updates: added or tightened (a change that was
// allowed is rejected) is a warning, relaxed or removed is info.
func TestCompareMutability(t *testing.T) {
	field := func(ext, value string) string {
		spec := defaultSpec
		if value != "" {
			spec = strings.Replace(spec, "tags: {type: array,", "tags: {type: array, "+ext+": "+value+",", 1)
		}
		return version("v1", true, true, spec)
	}
	const mut, key = "x-kubernetes-mutability", "x-kubernetes-key-mutability"
	cases := []struct {
		name     string
		ext      string
		old, now string
		want     string // the one change, "" for none
	}{
		{"unchanged", mut, "Immutable", "Immutable", ""},
		{"added", mut, "", "AddOnly", "warning: MutabilityAdded v1 .spec.tags: x-kubernetes-mutability AddOnly added: changes that were allowed are rejected"},
		{"AddOnly to Immutable is tightened", mut, "AddOnly", "Immutable", "warning: MutabilityTightened v1 .spec.tags: x-kubernetes-mutability tightened from AddOnly to Immutable: changes that were allowed are rejected"},
		{"RemoveOnly to Immutable is tightened", mut, "RemoveOnly", "Immutable", "warning: MutabilityTightened v1 .spec.tags: x-kubernetes-mutability tightened from RemoveOnly to Immutable: changes that were allowed are rejected"},
		{"AddOnly to RemoveOnly rejects additions", mut, "AddOnly", "RemoveOnly", "warning: MutabilityTightened v1 .spec.tags: x-kubernetes-mutability tightened from AddOnly to RemoveOnly: changes that were allowed are rejected"},
		{"Immutable to AddOnly is relaxed", mut, "Immutable", "AddOnly", "info: MutabilityRelaxed v1 .spec.tags: x-kubernetes-mutability relaxed from Immutable to AddOnly: changes that were rejected are allowed"},
		{"removed is relaxed", mut, "RemoveOnly", "", "info: MutabilityRelaxed v1 .spec.tags: x-kubernetes-mutability RemoveOnly removed: changes that were rejected are allowed"},
		{"key mutability added", key, "", "AddOnly", "warning: KeyMutabilityAdded v1 .spec.tags: x-kubernetes-key-mutability AddOnly added: changes that were allowed are rejected"},
		{"key mutability tightened", key, "AddOnly", "Immutable", "warning: KeyMutabilityTightened v1 .spec.tags: x-kubernetes-key-mutability tightened from AddOnly to Immutable: changes that were allowed are rejected"},
		{"key mutability relaxed", key, "Immutable", "RemoveOnly", "info: KeyMutabilityRelaxed v1 .spec.tags: x-kubernetes-key-mutability relaxed from Immutable to RemoveOnly: changes that were rejected are allowed"},
		{"key mutability removed", key, "Immutable", "", "info: KeyMutabilityRelaxed v1 .spec.tags: x-kubernetes-key-mutability Immutable removed: changes that were rejected are allowed"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			changes := Compare(loadCRD(t, "Namespaced", field(tc.ext, tc.old)), loadCRD(t, "Namespaced", field(tc.ext, tc.now)))
			var got []string
			for _, c := range changes {
				got = append(got, c.String())
			}
			if strings.Join(got, "\n") != tc.want {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}

// TestCompareKindChanged: objects are stored under their kind, so a new
// kind is an error.
func TestCompareKindChanged(t *testing.T) {
	v1 := version("v1", true, true, defaultSpec)
	now := loadCRD(t, "Namespaced", v1)
	now.Spec.Names.Kind = "Gadget"
	changes := Compare(loadCRD(t, "Namespaced", v1), now)
	want := "error: KindChanged: kind changed from Widget to Gadget"
	if len(changes) != 1 || changes[0].String() != want || Worst(changes) != Error {
		t.Errorf("got %v, want [%s]", changes, want)
	}
}

// TestCompareEffectiveConstraints: an enum or a bound moved between a node
// and its allOf branches (prometheus-operator 0.80 to 0.93 moved
// ovhcloudSDConfigs[*].service's enum from allOf to the node) changes
// nothing a value must satisfy, so it is no change; a narrowing made
// through allOf still is one.
func TestCompareEffectiveConstraints(t *testing.T) {
	spec := func(service string) string {
		return version("v1", true, true, "type: object\nproperties:\n  service: "+service+"\n")
	}
	cases := []struct {
		name, old, now string
		want           string // the one change, "" for none
	}{
		{"enum moved out of allOf", "{type: string, allOf: [{enum: [VPS, DedicatedServer]}]}", "{type: string, enum: [VPS, DedicatedServer]}", ""},
		{"enum moved into allOf", "{type: string, enum: [VPS, DedicatedServer]}", "{type: string, allOf: [{enum: [DedicatedServer, VPS]}]}", ""},
		{"allOf narrows the enum", "{type: string, enum: [VPS, DedicatedServer]}", "{type: string, enum: [VPS, DedicatedServer], allOf: [{enum: [VPS]}]}",
			`error: EnumNarrowed v1 .spec.service: enum narrowed: "DedicatedServer" no longer allowed`},
		{"enum added in allOf", "{type: string}", "{type: string, allOf: [{enum: [VPS]}]}",
			`error: EnumNarrowed v1 .spec.service: enum added: only "VPS" allowed`},
		{"bound moved out of allOf", "{type: string, allOf: [{maxLength: 8}]}", "{type: string, maxLength: 8}", ""},
		{"allOf tightens a bound", "{type: string, maxLength: 8}", "{type: string, maxLength: 8, allOf: [{maxLength: 4}]}",
			"warning: BoundTightened v1 .spec.service: maxLength tightened from 8 to 4"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			var got []string
			for _, c := range Compare(loadCRD(t, "Namespaced", spec(tc.old)), loadCRD(t, "Namespaced", spec(tc.now))) {
				got = append(got, c.String())
			}
			if strings.Join(got, "\n") != tc.want {
				t.Errorf("got\n%s\nwant\n%s", strings.Join(got, "\n"), tc.want)
			}
		})
	}
}

// TestCompareTypeNarrowed: from an untyped or int-or-string field to one
// type, the stored values of the other types are refused.
func TestCompareTypeNarrowed(t *testing.T) {
	spec := func(size string) string {
		return version("v1", true, true, "type: object\nproperties:\n  size: "+size+"\n")
	}
	cases := []struct{ old, now, want string }{
		{"{x-kubernetes-int-or-string: true}", "{type: string}",
			"error: TypeChanged v1 .spec.size: type changed from int-or-string to string: stored values that are not string are refused"},
		{"{type: number}", "{type: integer}",
			"error: TypeChanged v1 .spec.size: type changed from number to integer: stored numbers that are not whole are refused"},
		{"{x-kubernetes-preserve-unknown-fields: true}", "{type: array, items: {type: string}}",
			"error: TypeChanged v1 .spec.size: type changed from any (x-kubernetes-preserve-unknown-fields) to array: stored values that are not array are refused"},
	}
	for _, tc := range cases {
		var got []string
		for _, c := range Compare(loadCRD(t, "Namespaced", spec(tc.old)), loadCRD(t, "Namespaced", spec(tc.now))) {
			got = append(got, c.String())
		}
		if strings.Join(got, "\n") != tc.want {
			t.Errorf("%s to %s: got\n%s\nwant\n%s", tc.old, tc.now, strings.Join(got, "\n"), tc.want)
		}
	}
}
