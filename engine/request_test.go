package engine

import (
	"context"
	"errors"
	"reflect"
	"strings"
	"testing"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/schema"
)

const immutableSchema = `
type: object
properties:
  spec:
    type: object
    properties:
      engine: {type: string, maxLength: 5, x-kubernetes-mutability: Immutable}
`

func TestValidateRefusesRequestsItCannotRun(t *testing.T) {
	v := compileSchema(t, immutableSchema)
	obj := yamlObject(t, seedMeta)
	tests := []struct {
		name string
		req  Request
		want string
	}{
		{"no object", Request{Operation: Create}, "the request has no object"},
		{"update without old object", Request{Operation: Update, Object: obj}, "an update needs the old object"},
		{"delete", Request{Operation: "DELETE", Object: obj}, `unsupported operation "DELETE"`},
		{"scale subresource", Request{Operation: Update, Subresource: "scale", Object: obj, OldObject: obj}, `unsupported subresource "scale"`},
		{"create of the status", Request{Operation: Create, Subresource: StatusSubresource, Object: obj}, `unsupported operation "CREATE"`},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := v.Validate(context.Background(), tc.req)
			if err == nil || !strings.Contains(err.Error(), tc.want) || res != nil {
				t.Errorf("got %v, %v; want the error %q and no result", res, err, tc.want)
			}
		})
	}
}

func TestStrictFieldValidationRefusesUnknownFields(t *testing.T) {
	v := compileSchema(t, immutableSchema)
	in := seedMeta + "spec: {engine: pg, color: red, size: 1}"
	res := validate(t, v, Request{Operation: Create, Object: yamlObject(t, in), FieldValidation: FieldValidationStrict})
	want := `strict decoding error: unknown field "spec.color", unknown field "spec.size"`
	if res.Valid() || res.BadRequest == nil || res.BadRequest.Error() != want || res.Object != nil {
		t.Errorf("got valid=%v, bad request %v, object %v; want %q and no object", res.Valid(), res.BadRequest, res.Object, want)
	}
	for _, mode := range []FieldValidation{"", FieldValidationWarn, FieldValidationIgnore} {
		res := validate(t, v, Request{Operation: Create, Object: yamlObject(t, in), FieldValidation: mode})
		if !res.Valid() || !reflect.DeepEqual(res.Pruned, []string{"spec.color", "spec.size"}) {
			t.Errorf("%q: got valid=%v pruned %q; want them pruned and reported", mode, res.Valid(), res.Pruned)
		}
	}
}

func TestScopeBeyondKubeAPIServerRunsOnlyKvalsChecks(t *testing.T) {
	v := compileSchema(t, immutableSchema)
	old := yamlObject(t, seedMeta+"spec: {engine: pg}")
	// Too long for maxLength (kube-apiserver's check) and a change of an
	// immutable field (kval's). With all checks, kval's run as a webhook
	// does: kube-apiserver rejects the request before it calls one.
	changed := seedMeta + "spec: {engine: mysql-8}"
	all := update(t, v, old, yamlObject(t, changed))
	beyond := validate(t, v, Request{Operation: Update, Object: yamlObject(t, changed), OldObject: old, Scope: BeyondKubeAPIServer})
	if got := errorStrings(all); len(got) != 1 || !strings.Contains(got[0], "Too long") {
		t.Errorf("all checks: got %q, want the length error only", got)
	}
	if got := errorStrings(beyond); !reflect.DeepEqual(got, []string{"spec.engine: Forbidden: field is immutable"}) {
		t.Errorf("beyond kube-apiserver: got %q, want only the immutability error", got)
	}
}

// TestKvalChecksAfterErrors: a request that asks for both rounds at once
// gets kube-apiserver's errors, then kval's, and KvalErrors names kval's.
func TestKvalChecksAfterErrors(t *testing.T) {
	v := compileSchema(t, immutableSchema)
	old := yamlObject(t, seedMeta+"spec: {engine: pg}")
	res := validate(t, v, Request{Operation: Update, Object: yamlObject(t, seedMeta+"spec: {engine: mysql-8}"), OldObject: old, KvalChecksAfterErrors: true})
	got := errorStrings(res)
	if len(got) != 2 || !strings.Contains(got[0], "Too long") || got[1] != "spec.engine: Forbidden: field is immutable" {
		t.Errorf("got %q, want the length error, then the immutability error", got)
	}
	if len(res.KvalErrors) != 1 || res.KvalErrors[0] != res.Errors[1] {
		t.Errorf("KvalErrors %v, want the immutability error alone", res.KvalErrors)
	}
}

// TestKvalChecksAfterAStrictRejection: strict field validation's refusal
// and kval's own errors, in one run; no object is returned.
func TestKvalChecksAfterAStrictRejection(t *testing.T) {
	v := compileSchema(t, immutableSchema)
	old := yamlObject(t, seedMeta+"spec: {engine: pg}")
	res := validate(t, v, Request{Operation: Update, Object: yamlObject(t, seedMeta+"spec: {engine: my, typo: 1}"), OldObject: old,
		FieldValidation: FieldValidationStrict, KvalChecksAfterErrors: true})
	if res.BadRequest == nil || res.Object != nil {
		t.Errorf("bad request %v, object %v: want the strict rejection and no object", res.BadRequest, res.Object)
	}
	if got := errorStrings(res); !reflect.DeepEqual(got, []string{"spec.engine: Forbidden: field is immutable"}) || len(res.KvalErrors) != 1 {
		t.Errorf("errors %q, kval's %v: want the immutability error alone", got, res.KvalErrors)
	}
	plain := validate(t, v, Request{Operation: Update, Object: yamlObject(t, seedMeta+"spec: {engine: my, typo: 1}"), OldObject: yamlObject(t, seedMeta+"spec: {engine: pg}"),
		FieldValidation: FieldValidationStrict})
	if len(plain.Errors) != 0 || plain.BadRequest == nil {
		t.Errorf("without KvalChecksAfterErrors: errors %v, want the strict rejection alone", plain.Errors)
	}
}

func TestExtensionsAddChecksToTheRequestsTheyName(t *testing.T) {
	var seen []string
	ext := func(crd *schema.CRD, version string) ([]Check, error) {
		return []Check{{Name: "no red", On: OnUpdate, Validate: func(_ context.Context, in CheckInput) field.ErrorList {
			seen = append(seen, string(in.Operation)+" "+in.CRD.Spec.Names.Kind+"/"+version)
			if in.Object["spec"].(map[string]any)["engine"] == "red" {
				return field.ErrorList{field.Forbidden(field.NewPath("spec", "engine"), "no red")}
			}
			return nil
		}}}, nil
	}
	v := compileSchemaWith(t, `{type: object, properties: {spec: {type: object, properties: {engine: {type: string}}}}}`,
		Options{Extensions: []Extension{ext}})
	create(t, v, yamlObject(t, seedMeta+"spec: {engine: red}"))
	old := yamlObject(t, seedMeta+"spec: {}")
	res := validate(t, v, Request{Operation: Update, Object: yamlObject(t, seedMeta+"spec: {engine: red}"), OldObject: old, Scope: BeyondKubeAPIServer})
	if got := errorStrings(res); !reflect.DeepEqual(got, []string{"spec.engine: Forbidden: no red"}) {
		t.Errorf("got %q, want the extension's error", got)
	}
	if !reflect.DeepEqual(seen, []string{"UPDATE Foo/v1"}) {
		t.Errorf("the check ran on %q, want only the update", seen)
	}
}

func TestExtensionErrorsFailCompile(t *testing.T) {
	broken := func(*schema.CRD, string) ([]Check, error) { return nil, errors.New("no parameters") }
	s := compileSchema(t, immutableSchema)
	if _, err := Compile(s.crd, "v1", Options{Extensions: []Extension{broken}}); err == nil || !strings.Contains(err.Error(), "no parameters") {
		t.Errorf("got %v, want the extension's error", err)
	}
}

func TestACanceledContextEndsTheRequestWithItsError(t *testing.T) {
	v := compileSchema(t, `{type: object, properties: {spec: {type: string, x-kubernetes-validations: [{rule: "self.size() < 3"}]}}}`)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	_, err := v.Validate(ctx, Request{Operation: Create, Object: yamlObject(t, seedMeta+"spec: ab")})
	if !errors.Is(err, context.Canceled) {
		t.Errorf("got %v, want context.Canceled", err)
	}
}

// TestStepsArePinned lists the pipeline in order with the requests each step
// applies to: a change to the pipeline changes this list on purpose.
func TestStepsArePinned(t *testing.T) {
	var got []string
	for _, s := range steps {
		got = append(got, s.name+" "+opsString(s.on))
	}
	want := []string{
		"object meta update (registry) update,status",
		"apiVersion and kind create,update,status",
		"object meta create,update,status",
		"values create,update",
		"status values status",
		"scale spec replicas create,update",
		"scale status create,update,status",
		"embedded resources create,update",
		"list types create,update,status",
		"x-kubernetes-validations create,update,status",
		"object meta (registry) create",
		"mutability extensions update,status",
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("steps:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func opsString(o Ops) string {
	var names []string
	for _, op := range []struct {
		bit  Ops
		name string
	}{{OnCreate, "create"}, {OnUpdate, "update"}, {OnStatusUpdate, "status"}} {
		if o&op.bit != 0 {
			names = append(names, op.name)
		}
	}
	return strings.Join(names, ",")
}

// TestListTypeErrorsToleratedBecauseOfTheOldObjectSayWhy: kube-apiserver
// lets an update keep or add list-type errors when the old object had any;
// a new duplicate in a field the old object lacks is tolerated, not
// "unchanged".
func TestListTypeErrorsToleratedBecauseOfTheOldObjectSayWhy(t *testing.T) {
	v := compileSchema(t, `{type: object, properties: {
	  a: {type: array, x-kubernetes-list-type: set, items: {type: string}},
	  b: {type: array, x-kubernetes-list-type: set, items: {type: string}}}}`)
	old := yamlObject(t, seedMeta+"a: [x, x]")
	res := update(t, v, old, yamlObject(t, seedMeta+"a: [x, x]\nb: [z, z]"))
	if !res.Valid() || len(res.Ratcheted) != 0 {
		t.Fatalf("errors %v, ratcheted %v", res.Errors, res.Ratcheted)
	}
	want := []string{
		`a[1]: Duplicate value: "x" (allowed: the old object already had list-type errors)`,
		`b[1]: Duplicate value: "z" (allowed: the old object already had list-type errors)`,
	}
	if got := res.RatchetedWarnings(); !reflect.DeepEqual(got, want) {
		t.Errorf("warnings %q, want %q", got, want)
	}
}

// TestOnlyAStatusTheUserSentIsWarnedAbout: a status that only defaults
// gave the object (Gateway API's Gateways get one) is dropped on create
// without a warning, and comes back defaulted when the object is read back;
// the status a user sent is warned about, and is replaced by the default
// too. A webhook behind kube-apiserver never sees a user's status on create.
func TestOnlyAStatusTheUserSentIsWarnedAbout(t *testing.T) {
	v := compileWith(t, `{type: object, properties: {status: {type: object, default: {phase: Pending}, properties: {phase: {type: string}}}}}`,
		&schema.Subresources{Status: true}, schema.NamespaceScoped)
	obj := `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}}`
	pending := map[string]any{"phase": "Pending"}
	for _, scope := range []Scope{AllChecks, BeyondKubeAPIServer} {
		res := validate(t, v, Request{Operation: Create, Object: yamlObject(t, obj), Scope: scope})
		if !reflect.DeepEqual(res.Object["status"], pending) || len(res.Notes) != 0 {
			t.Errorf("scope %d: status %v, notes %q; want the default status, no note", scope, res.Object["status"], res.Notes)
		}
	}
	res := create(t, v, yamlObject(t, `{apiVersion: example.com/v1, kind: Foo, metadata: {name: a, namespace: ns}, status: {phase: Up}}`))
	if want := []string{"status is ignored on create: the status subresource is enabled"}; !reflect.DeepEqual(res.Notes, want) || len(res.Warnings) != 0 {
		t.Errorf("a user's status: notes %q, warnings %q, want the note %q only", res.Notes, res.Warnings, want)
	}
	if !reflect.DeepEqual(res.Object["status"], pending) {
		t.Errorf("a user's status: stored %v, want the default %v", res.Object["status"], pending)
	}
}

func TestTheOldObjectIsLeftAloneUnlessDisposable(t *testing.T) {
	v := compileSchema(t, immutableSchema)
	old := yamlObject(t, seedMeta+"spec: {engine: pg, color: red}")
	update(t, v, old, yamlObject(t, seedMeta+"spec: {engine: pg}"))
	if old["spec"].(map[string]any)["color"] != "red" {
		t.Errorf("the caller's old object was pruned: %v", old)
	}
	res := validate(t, v, Request{Operation: Update, Object: yamlObject(t, seedMeta+"spec: {engine: mysql}"), OldObject: old, OldObjectDisposable: true})
	if got := errorStrings(res); !reflect.DeepEqual(got, []string{"spec.engine: Forbidden: field is immutable"}) {
		t.Errorf("a disposable old object is validated the same: %q", got)
	}
}

// TestAValidatorForBeyondKubeAPIServerAlone: compiled with Options.Scope
// BeyondKubeAPIServer, a validator has no value validation and no rules
// compiled, answers every request of that scope as a validator of every
// scope does, and refuses a request of all checks.
func TestAValidatorForBeyondKubeAPIServerAlone(t *testing.T) {
	const s = `{type: object, properties: {spec: {type: object,
	  x-kubernetes-validations: [{rule: "self.size < 10", message: "too big"}],
	  properties: {engine: {type: string, maxLength: 5, x-kubernetes-mutability: Immutable}, size: {type: integer, default: 1}}}}}`
	every, beyond := compileSchema(t, s), compileSchemaWith(t, s, Options{Scope: BeyondKubeAPIServer})
	if beyond.values != nil || beyond.rules != nil || every.values == nil || every.rules == nil {
		t.Fatalf("compiled stages: values %v rules %v, want none (and both for every scope)", beyond.values, beyond.rules)
	}
	requests := func() []Request {
		obj := func(spec string) map[string]any { return yamlObject(t, seedMeta+"spec: "+spec) }
		return []Request{
			{Operation: Create, Object: obj("{engine: pg, size: 50}")},
			{Operation: Update, Object: obj("{engine: mysql-8, size: 50}"), OldObject: obj("{engine: pg}")},
			{Operation: Update, Object: obj("{engine: pg, size: 50}"), OldObject: obj("{engine: pg}")},
			{Operation: Update, Subresource: StatusSubresource, Object: obj("{engine: my}"), OldObject: obj("{engine: pg}")},
		}
	}
	for i, req := range requests() {
		req.Scope = BeyondKubeAPIServer
		want := validate(t, every, req)
		if immutable := containsString(errorStrings(want), "spec.engine: Forbidden: field is immutable"); immutable != (i == 1) {
			t.Errorf("request %d: errors %q", i, errorStrings(want))
		}
		req = requests()[i]
		req.Scope = BeyondKubeAPIServer
		if got := validate(t, beyond, req); !reflect.DeepEqual(got, want) {
			t.Errorf("request %d: %+v, want %+v", i, got, want)
		}
	}
	res, err := beyond.Validate(t.Context(), requests()[1])
	if err == nil || !strings.Contains(err.Error(), "Options.Scope") || res != nil {
		t.Errorf("a request of all checks: %v, %v; want the error and no result", res, err)
	}
}
