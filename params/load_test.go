package params

import (
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"
)

func TestLoadPackage(t *testing.T) {
	ov, err := Load("../examples/params/v1")
	if err != nil {
		t.Fatal(err)
	}
	if ov.Name != "zookeeper-3.4.14-0.1.0" || ov.Source != "../examples/params/v1/params.yaml" || len(ov.Plans) != 1 {
		t.Errorf("ov = %+v", ov)
	}
	disk, port, legacy := ov.Parameter("DISK_SIZE"), ov.Parameter("CLIENT_PORT"), ov.Parameter("LEGACY_MODE")
	if !disk.Immutable || !disk.Required || *disk.Default != "5Gi" || disk.Type != String {
		t.Errorf("DISK_SIZE = %+v: want immutable, required by default, default 5Gi, string", disk)
	}
	if port.Type != Integer || *port.Default != "2181" || legacy.Required || *legacy.Default != "false" {
		t.Errorf("CLIENT_PORT = %+v, LEGACY_MODE = %+v", port, legacy)
	}
	checkErrors(t, Verify(ov), nil)
}

func TestLoadOperatorVersion(t *testing.T) {
	ov, err := Load("testdata/operatorversion.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if ov.Name != "zookeeper-3.4.14-0.1.0" || ov.Namespace != "default" || ov.Operator != "zookeeper" {
		t.Errorf("ov = %+v", ov)
	}
	if p := ov.Parameter("DISK_SIZE"); p.Required || !p.Immutable {
		t.Errorf("DISK_SIZE = %+v: required is false when left out in an OperatorVersion", p)
	}
	if p := ov.Parameter("LIST"); p.Type != Array || *p.Default != "- a\n- b" {
		t.Errorf("LIST = %+v", p)
	}
	checkErrors(t, Verify(ov), []wantErr{{field.ErrorTypeTypeInvalid, "spec.parameters[BAD].default", "must be of type string"}})
}

// TestVerifyReportsEveryFault: each fault names the parameter; the CLI
// prefixes the file.
func TestVerifyReportsEveryFault(t *testing.T) {
	ov, err := Load("testdata/bad")
	if err != nil {
		t.Fatal(err)
	}
	if ov.Source != "testdata/bad/params.yaml" {
		t.Errorf("Source = %q", ov.Source)
	}
	checkErrors(t, Verify(ov), []wantErr{
		{field.ErrorTypeInvalid, "parameters[PORT].default", `"http" is not a valid integer`},
		{field.ErrorTypeNotSupported, "parameters[RATIO].type", `supported values: "string", "integer", "number", "boolean", "array", "map"`},
		{field.ErrorTypeInvalid, "parameters[SERVERS].default", "a map is not a valid array"},
		{field.ErrorTypeNotSupported, "parameters[TYPO].immutible", ""},
		{field.ErrorTypeRequired, "parameters[9].name", "every parameter needs a name"},
		{field.ErrorTypeDuplicate, "parameters[disk_size]", ""},
		{field.ErrorTypeInvalid, "parameters[DISK_SIZE].immutable", "parameter is immutable but is not marked as required or has a default value"},
		{field.ErrorTypeNotSupported, "parameters[MODE].default", `supported values: "fast", "safe"`},
		{field.ErrorTypeRequired, "parameters[EMPTY].enum", "parameter is an enum but has no allowed values"},
		{field.ErrorTypeNotFound, "parameters[PLAN].trigger", ""},
		{field.ErrorTypeInvalid, "parameters[PLAN].group", "group is not defined"},
	})
}

func TestLoadErrorsNameTheFile(t *testing.T) {
	cases := []struct{ path, want string }{
		{"testdata/malformed", "testdata/malformed/params.yaml"},
		{"testdata/noparams", "testdata/noparams/params.yaml: file not found"},
		{"testdata", "testdata: not a KUDO package: no templates directory"},
		{"testdata/missing.yaml", "testdata/missing.yaml"},
		{"../examples/params/instance.yaml", "want one kudo.dev/v1beta1 OperatorVersion, found 0"},
	}
	for _, c := range cases {
		if _, err := Load(c.path); err == nil || !strings.Contains(err.Error(), c.want) {
			t.Errorf("Load(%s) = %v, want an error containing %q", c.path, err, c.want)
		}
	}
}

func TestLoadInstance(t *testing.T) {
	inst, err := LoadInstance("../examples/params/instance.yaml")
	if err != nil {
		t.Fatal(err)
	}
	if inst.Name != "zk" || inst.OperatorVersion != "zookeeper-3.4.14-0.1.0" || inst.Parameters["NODE_COUNT"] != "5" {
		t.Errorf("instance = %+v", inst)
	}
	if _, err := LoadInstance("testdata/operatorversion.yaml"); err == nil {
		t.Error("an OperatorVersion read as an Instance")
	}
}

func TestInstanceRefersToMissingOperatorVersion(t *testing.T) {
	inst, _ := LoadInstance("../examples/params/instance.yaml")
	v1, _ := Load("../examples/params/v1")
	v2, _ := Load("../examples/params/v2")
	if err := inst.RefersTo(v1); err != nil {
		t.Error(err)
	}
	err := inst.RefersTo(v2)
	want := `../examples/params/instance.yaml:1: Instance "zk" refers to OperatorVersion "zookeeper-3.4.14-0.1.0", which is missing: the OperatorVersion given is "zookeeper-3.4.14-0.2.0" (../examples/params/v2/params.yaml)`
	if err == nil || err.Error() != want {
		t.Errorf("err = %v\nwant  %s", err, want)
	}
}
