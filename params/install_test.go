package params

import (
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestInstall(t *testing.T) {
	ov := newOV("cassandra-1.0",
		immutable("NUM_TOKENS").def("256"),
		immutable("STORAGE_CLASS").required(),
		mutable("NODE_COUNT").def("3"),
		mutable("CPUS").typed(Number).def("0.5"),
		mutable("MODE").enum("fast", "safe").def("safe"),
	)
	cases := []struct {
		name  string
		ov    *OperatorVersion
		given map[string]string
		want  map[string]string
		errs  []wantErr
	}{{
		name:  "the default of an immutable parameter without a value is copied into the Instance, mutable defaults are not",
		ov:    ov,
		given: map[string]string{"STORAGE_CLASS": "fast"},
		want:  map[string]string{"STORAGE_CLASS": "fast", "NUM_TOKENS": "256"},
	}, {
		name:  "a given value of an immutable parameter is kept over its default",
		ov:    ov,
		given: map[string]string{"STORAGE_CLASS": "fast", "NUM_TOKENS": "16"},
		want:  map[string]string{"STORAGE_CLASS": "fast", "NUM_TOKENS": "16"},
	}, {
		name:  "a required immutable parameter without a value refuses the install",
		ov:    ov,
		given: map[string]string{},
		errs:  []wantErr{{field.ErrorTypeRequired, "spec.parameters[STORAGE_CLASS]", "parameter is required but has no value set"}},
	}, {
		name:  "an immutable parameter with neither default nor requirement (a package verify rejects) cannot be left without a value",
		ov:    newOV("bad-1.0", immutable("DISK")),
		given: map[string]string{},
		errs:  []wantErr{{field.ErrorTypeRequired, "spec.parameters[DISK]", "needs a value at installation"}},
	}, {
		name:  "values are checked against type and enum, and undefined parameters are refused",
		ov:    ov,
		given: map[string]string{"STORAGE_CLASS": "fast", "CPUS": "many", "MODE": "reckless", "NODE_CUONT": "5"},
		errs: []wantErr{
			{field.ErrorTypeInvalid, "spec.parameters[NODE_CUONT]", "parameter is not defined in OperatorVersion cassandra-1.0"},
			{field.ErrorTypeInvalid, "spec.parameters[CPUS]", `"many" is not a valid number`},
			{field.ErrorTypeNotSupported, "spec.parameters[MODE]", ""},
		},
	}}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			before := clone(c.given)
			got, errs := Install(c.ov, c.given)
			checkErrors(t, errs, c.errs)
			checkParams(t, got, c.want)
			checkParams(t, c.given, before) // the argument is not modified
		})
	}
}
