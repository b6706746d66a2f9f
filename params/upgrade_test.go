package params

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestUpgrade(t *testing.T) {
	ov := kudoOV("foo-operator")
	addImmutable := func(p Parameter) *OperatorVersion {
		next := kudoOV("foo-operator-2.0")
		next.Parameters = append(next.Parameters, p)
		return next
	}
	setImmutable := func(immutable bool) func(Parameter) Parameter {
		return func(p Parameter) Parameter { p.Immutable = immutable; return p }
	}
	carried := func(extra map[string]string) map[string]string {
		out := idle()
		for k, v := range extra {
			out[k] = v
		}
		return out
	}
	cases := []struct {
		name         string
		oldOV, newOV *OperatorVersion
		old, new     map[string]string
		want         map[string]string
		errs         []wantErr
	}{{
		name:  "an upgrade carrying every value over is allowed",
		oldOV: ov, newOV: kudoOV("foo-operator-2.0"), old: idle(), new: idle(), want: idle(),
	}, {
		name:  "KUDO: ov upgrade with a new immutable param and no explicit value IS NOT allowed",
		oldOV: ov, newOV: addImmutable(immutable("newImmutable")), old: idle(), new: idle(),
		errs: []wantErr{{field.ErrorTypeRequired, "spec.parameters[newImmutable]", "parameter was added as immutable in OperatorVersion foo-operator-2.0, but no value was provided"}},
	}, {
		name:  "a new immutable parameter needs a value even with a default, and the error shows the default",
		oldOV: ov, newOV: addImmutable(immutable("newImmutable").def("42")), old: idle(), new: idle(),
		errs: []wantErr{{field.ErrorTypeRequired, "spec.parameters[newImmutable]", `but no value was provided (default would be "42")`}},
	}, {
		name:  "KUDO: ov upgrade with a new immutable param and explicit value IS allowed",
		oldOV: ov, newOV: addImmutable(immutable("newImmutable")), old: idle(), new: carried(map[string]string{"newImmutable": "someValue"}),
		want: carried(map[string]string{"newImmutable": "someValue"}),
	}, {
		name:  "KUDO: ov upgrade with a removed immutable param IS allowed, and its value leaves the Instance",
		oldOV: ov, newOV: ov.without("foo-operator-2.0", "readonly"), old: idle(), new: idle(),
		want: map[string]string{"foo": "foo"},
	}, {
		name:  "KUDO: ov upgrade where a param with a value is made immutable IS allowed (the stored value is carried over)",
		oldOV: ov, newOV: ov.with("foo-operator-2.0", "foo", setImmutable(true)), old: idle(), new: idle(), want: idle(),
	}, {
		name:  "a param made immutable whose stored value the upgrade removes has no value",
		oldOV: ov, newOV: ov.with("foo-operator-2.0", "foo", setImmutable(true)), old: idle(), new: map[string]string{"readonly": "oldvalue"},
		errs: []wantErr{{field.ErrorTypeRequired, "spec.parameters[foo]", "parameter was changed to immutable in OperatorVersion foo-operator-2.0, but no value was provided"}},
	}, {
		name:  "KUDO: ov upgrade where a param without a value is made immutable IS NOT allowed",
		oldOV: ov, newOV: ov.with("foo-operator-2.0", "unnamed", setImmutable(true)), old: idle(), new: idle(),
		errs: []wantErr{{field.ErrorTypeRequired, "spec.parameters[unnamed]", "parameter was changed to immutable in OperatorVersion foo-operator-2.0, but no value was provided"}},
	}, {
		name:  "a param without a value made immutable: the error shows its default",
		oldOV: ov.with("foo-operator", "unnamed", func(p Parameter) Parameter { return p.def("u") }),
		newOV: ov.with("foo-operator-2.0", "unnamed", func(p Parameter) Parameter { return setImmutable(true)(p.def("u")) }),
		old:   idle(), new: idle(),
		errs: []wantErr{{field.ErrorTypeRequired, "spec.parameters[unnamed]", `(default would be "u")`}},
	}, {
		name:  "KUDO: ov upgrade where a param without a value is made immutable IS allowed when the value is provided",
		oldOV: ov, newOV: ov.with("foo-operator-2.0", "unnamed", setImmutable(true)), old: idle(), new: carried(map[string]string{"unnamed": "newValue"}),
		want: carried(map[string]string{"unnamed": "newValue"}),
	}, {
		name:  "KUDO: ov upgrade where a param is made mutable IS allowed, keeping its value",
		oldOV: ov, newOV: ov.with("foo-operator-2.0", "readonly", setImmutable(false)), old: idle(), new: idle(), want: idle(),
	}, {
		name:  "a param made mutable may change during the upgrade, without consent",
		oldOV: ov, newOV: ov.with("foo-operator-2.0", "readonly", setImmutable(false)), old: idle(), new: carried(map[string]string{"readonly": "new"}),
		want: carried(map[string]string{"readonly": "new"}),
	}, {
		name:  "no hole: an immutable parameter keeps its value in an upgrade even when removed from the request",
		oldOV: ov, newOV: kudoOV("foo-operator-2.0"), old: idle(), new: map[string]string{"foo": "foo"},
		errs: []wantErr{{field.ErrorTypeForbidden, "spec.parameters[readonly]", `its value "oldvalue" was removed`}},
	}, {
		name:  "no hole: an immutable default that is not stored may not change with the OperatorVersion",
		oldOV: newOV("a-1", immutable("TOKENS").def("256")), newOV: newOV("a-2", immutable("TOKENS").def("512")),
		old: map[string]string{}, new: map[string]string{},
		errs: []wantErr{{field.ErrorTypeForbidden, "spec.parameters[TOKENS]", `its default "256" in OperatorVersion a-1 would change to "512" in a-2; set it to "256" to keep it`}},
	}, {
		name:  "... and storing the old default in the upgrade keeps it",
		oldOV: newOV("a-1", immutable("TOKENS").def("256")), newOV: newOV("a-2", immutable("TOKENS").def("512")),
		old: map[string]string{}, new: map[string]string{"TOKENS": "256"}, want: map[string]string{"TOKENS": "256"},
	}, {
		name:  "no hole: an immutable default that is not stored may not disappear",
		oldOV: newOV("a-1", immutable("TOKENS").def("256")), newOV: newOV("a-2", immutable("TOKENS").required()),
		old: map[string]string{}, new: map[string]string{},
		errs: []wantErr{
			{field.ErrorTypeForbidden, "spec.parameters[TOKENS]", `its default "256" in OperatorVersion a-1 is gone in a-2`},
			{field.ErrorTypeRequired, "spec.parameters[TOKENS]", "parameter is required but has no value set"},
		},
	}, {
		name:  "a parameter defined in neither OperatorVersion and set in the upgrade is refused",
		oldOV: ov, newOV: kudoOV("foo-operator-2.0"), old: idle(), new: carried(map[string]string{"bazz": "1"}),
		errs: []wantErr{{field.ErrorTypeInvalid, "spec.parameters[bazz]", "not defined in OperatorVersion foo-operator-2.0"}},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, errs := Upgrade(c.oldOV, c.newOV, c.old, c.new)
			checkErrors(t, errs, c.errs)
			checkParams(t, got, c.want)
		})
	}
}

// TestUpgradeHasNoHoleWhateverThePlan is the regression test for KUDO's
// hole: its webhook skipped the immutability check on upgrades, so an
// immutable parameter could change together with an upgrade whenever the
// parameter update fell back to the deploy plan. Here no trigger, whatever
// the plan, lets it change.
func TestUpgradeHasNoHoleWhateverThePlan(t *testing.T) {
	for _, trigger := range []string{"", "deploy", "update", "upgrade", "backup"} {
		t.Run("trigger="+trigger, func(t *testing.T) {
			oldOV := newOV("foo-operator", immutable("readonly").trigger(trigger))
			newOV := newOV("foo-operator-2.0", immutable("readonly").trigger(trigger))
			_, errs := Upgrade(oldOV, newOV, map[string]string{"readonly": "oldvalue"}, map[string]string{"readonly": "newFoo"})
			checkErrors(t, errs, []wantErr{{field.ErrorTypeForbidden, "spec.parameters[readonly]", `parameter is immutable but was changed from "oldvalue" to "newFoo"`}})
		})
	}
}

// TestImmutableParameterRemovedThenAddedBackNeedsConsent pins the one
// two-step sequence seed 002 allows for an immutable parameter: an upgrade
// to an OperatorVersion without it drops its value, and a later upgrade
// that adds it back as a new immutable parameter takes a value only when
// the user gives one explicitly (the default alone is refused): the value
// may change, but never without the user's consent.
func TestImmutableParameterRemovedThenAddedBackNeedsConsent(t *testing.T) {
	v1 := newOV("db-1.0", immutable("size").def("10Gi"))
	v2 := newOV("db-2.0")
	v3 := newOV("db-3.0", immutable("size").def("20Gi"))
	kept, errs := Upgrade(v1, v2, map[string]string{"size": "10Gi"}, map[string]string{"size": "10Gi"})
	checkErrors(t, errs, nil)
	checkParams(t, kept, map[string]string{})
	_, errs = Upgrade(v2, v3, kept, map[string]string{})
	checkErrors(t, errs, []wantErr{{field.ErrorTypeRequired, "spec.parameters[size]", `parameter was added as immutable in OperatorVersion db-3.0, but no value was provided (default would be "20Gi")`}})
	got, errs := Upgrade(v2, v3, kept, map[string]string{"size": "50Gi"})
	checkErrors(t, errs, nil)
	checkParams(t, got, map[string]string{"size": "50Gi"})
}
