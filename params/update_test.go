package params

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

// kudoOV is the OperatorVersion of KUDO's instance_admission_test.go: plans
// and triggers do not matter to the parameter rules.
func kudoOV(name string) *OperatorVersion {
	return newOV(name,
		mutable("foo").trigger("deploy"),
		mutable("other-foo").trigger("deploy"),
		mutable("bar").trigger("update"),
		mutable("backup").trigger("backup"),
		immutable("readonly").trigger("deploy"),
		mutable("unnamed").trigger("deploy"),
	)
}

// idle is the parameters of KUDO's idle Instance.
func idle() map[string]string { return map[string]string{"foo": "foo", "readonly": "oldvalue"} }

func TestUpdate(t *testing.T) {
	ov := kudoOV("foo-operator")
	defaults := newOV("zk-1.0", immutable("DISK_SIZE").def("5Gi"), immutable("LIST").typed(Array).def("[a, b]"), mutable("CPUS").def("250m"))
	cases := []struct {
		name     string
		ov       *OperatorVersion
		old, new map[string]string
		errs     []wantErr
	}{{
		name: "changing a mutable parameter is allowed",
		ov:   ov, old: idle(), new: map[string]string{"foo": "newFoo", "readonly": "oldvalue", "bar": "x"},
	}, {
		name: "sending the same values again is allowed (one values file for install and update)",
		ov:   ov, old: idle(), new: idle(),
	}, {
		name: "KUDO: parameter update to an immutable param IS NOT allowed (old and new value named)",
		ov:   ov, old: idle(), new: map[string]string{"readonly": "newFoo"},
		errs: []wantErr{{field.ErrorTypeForbidden, "spec.parameters[readonly]", `parameter is immutable but was changed from "oldvalue" to "newFoo"`}},
	}, {
		name: "removing the value of an immutable parameter is a change",
		ov:   ov, old: idle(), new: map[string]string{"foo": "foo"},
		errs: []wantErr{{field.ErrorTypeForbidden, "spec.parameters[readonly]", `parameter is immutable but its value "oldvalue" was removed`}},
	}, {
		name: "setting an immutable parameter that had no value is a change",
		ov:   ov, old: map[string]string{}, new: map[string]string{"readonly": "x"},
		errs: []wantErr{{field.ErrorTypeForbidden, "spec.parameters[readonly]", `parameter is immutable but was set to "x" (it had no value)`}},
	}, {
		name: "setting an immutable parameter without a stored value to another value than its default is a change",
		ov:   defaults, old: map[string]string{}, new: map[string]string{"DISK_SIZE": "10Gi"},
		errs: []wantErr{{field.ErrorTypeForbidden, "spec.parameters[DISK_SIZE]", `was set to "10Gi" (it had no value: its default "5Gi" applied)`}},
	}, {
		name: "storing the default that applied pins it and changes nothing",
		ov:   defaults, old: map[string]string{}, new: map[string]string{"DISK_SIZE": "5Gi"},
	}, {
		name: "every changed immutable parameter is named, and one refuses the whole update",
		ov:   defaults, old: map[string]string{"DISK_SIZE": "5Gi", "LIST": "[a, b]"}, new: map[string]string{"DISK_SIZE": "6Gi", "LIST": "[b, a]", "CPUS": "1"},
		errs: []wantErr{
			{field.ErrorTypeForbidden, "spec.parameters[DISK_SIZE]", `from "5Gi" to "6Gi"`},
			{field.ErrorTypeForbidden, "spec.parameters[LIST]", `from "[a, b]" to "[b, a]"`},
		},
	}, {
		name: "an array written differently is the same value",
		ov:   defaults, old: map[string]string{"DISK_SIZE": "5Gi", "LIST": "[a, b]"}, new: map[string]string{"DISK_SIZE": "5Gi", "LIST": "- a\n- b\n"},
	}, {
		name: "KUDO: parameter update triggering a non-existing OV parameter IS NOT allowed",
		ov:   ov, old: idle(), new: map[string]string{"foo": "foo", "readonly": "oldvalue", "bazz": "newBazz"},
		errs: []wantErr{{field.ErrorTypeInvalid, "spec.parameters[bazz]", "parameter is not defined in OperatorVersion foo-operator"}},
	}, {
		name: "a stored value the OperatorVersion does not define, left as it was, is not the update's doing",
		ov:   ov, old: map[string]string{"readonly": "oldvalue", "stale": "1"}, new: map[string]string{"readonly": "oldvalue", "stale": "1", "foo": "x"},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got, errs := Update(c.ov, c.old, c.new)
			checkErrors(t, errs, c.errs)
			checkParams(t, got, c.new)
		})
	}
}
