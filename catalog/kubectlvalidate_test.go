package catalog

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/kval-dev/kval/builtin"
	"github.com/kval-dev/kval/engine"
	"github.com/kval-dev/kval/manifest"
)

// kubectlValidateDir holds kubectl-validate's own test cases
// (sigs.k8s.io/kubectl-validate, testcases/; see its README there).
const kubectlValidateDir = "../testdata/kubectl-validate"

// kvExpectation is the expected result kubectl-validate's test cases write
// in the leading comment of each document: a metav1.Status.
type kvExpectation struct {
	Status  string `json:"status"`
	Message string `json:"message"`
	Details *struct {
		Causes []struct {
			Reason string `json:"reason"`
			Field  string `json:"field"`
		} `json:"causes"`
	} `json:"details"`
}

// kvVerdict is what kval says of one document.
type kvVerdict struct {
	skipped bool     // a custom resource whose CRD is not among the test data
	valid   bool     // no error of any kind
	causes  []string // "reason field" of each field error
	message string   // a document or request error
}

// kvDifferences are the documents where kval's verdict or causes differ
// from kubectl-validate's expectations, and why. Each is checked to still
// differ, so that a fix shows up here.
var kvDifferences = map[string]string{
	"error_enum_invalid.yaml#0":          kvPatched,
	"error_invalid_protocol_type.yaml#0": kvPatched,
	"error_missing_image.yaml#0":         kvPatched,
}

// kvPatched explains the documents whose expectations come from a schema
// patch, not from Kubernetes' published schemas; TestKubectlValidatePatchedCases
// applies the patch and finds kval's verdicts and causes equal.
const kvPatched = "kubectl-validate's test runs with --schema-patches patches/1.23 " +
	"(patches-1.23-api-v1.json here), which makes a container's image required and gives a port's protocol an enum; " +
	"Kubernetes' published schemas have neither (kube-apiserver checks them in Go), so kval accepts what the patch refuses"

// TestKubectlValidateCases runs kubectl-validate's test cases through the
// catalog with the built-in kinds of the newest Kubernetes version and
// strict field validation (kubectl-validate's only mode), and compares
// every document's verdict, and its causes where the expectation lists
// them, with kubectl-validate's expected result.
func TestKubectlValidateCases(t *testing.T) {
	n := kvRun(t, kvCatalog(t), "*.yaml", func(name string) (string, bool) { why, known := kvDifferences[name]; return why, known })
	n.atLeast(t, kvCounts{compared: 36, builtins: 27})
}

// kvCounts are how many documents a run compared, and how many of them
// are of built-in kinds.
type kvCounts struct{ compared, builtins int }

// atLeast fails a run that compared fewer documents than the test data
// holds: documents skipped (a CRD no longer loaded, built-in kinds no
// longer served) or files no longer found would otherwise pass unseen.
func (n kvCounts) atLeast(t *testing.T, floor kvCounts) {
	t.Helper()
	if n.compared < floor.compared || n.builtins < floor.builtins {
		t.Errorf("%d documents compared (%d of built-in kinds), want at least %d (%d)", n.compared, n.builtins, floor.compared, floor.builtins)
	}
}

// TestKubectlValidatePatchedCases runs the cases whose expectations need
// kubectl-validate's schema patch with that patch applied to kval's Pod
// schema: they then agree too.
func TestKubectlValidatePatchedCases(t *testing.T) {
	cat := kvCatalog(t)
	pod, err := cat.ForObject(context.Background(), "v1", "Pod")
	if err != nil {
		t.Fatal(err)
	}
	patched, err := engine.Compile(kvPatchPod(t, pod.CRD()), "v1", engine.Options{})
	if err != nil {
		t.Fatal(err)
	}
	n := kvRun(t, &kvPatchedCatalog{Catalog: cat, pod: patched}, "error_*.yaml", func(name string) (string, bool) { return "", false })
	n.atLeast(t, kvCounts{compared: 23, builtins: 20})
}

// kvLookup is what the cases need of a catalog.
type kvLookup interface {
	ForObject(ctx context.Context, apiVersion, kind string) (*engine.Validator, error)
}

// kvPatchedCatalog serves the patched Pod and the rest as the catalog does.
type kvPatchedCatalog struct {
	*Catalog
	pod *engine.Validator
}

func (c *kvPatchedCatalog) ForObject(ctx context.Context, apiVersion, kind string) (*engine.Validator, error) {
	if apiVersion == "v1" && kind == "Pod" {
		return c.pod, nil
	}
	return c.Catalog.ForObject(ctx, apiVersion, kind)
}

// kvRun compares the verdicts of the cases matching glob; known says
// which documents are expected to differ, and why. It returns how many
// documents it compared.
func kvRun(t *testing.T, cat kvLookup, glob string, known func(name string) (string, bool)) kvCounts {
	files, err := filepath.Glob(filepath.Join(kubectlValidateDir, "manifests", glob))
	if err != nil || len(files) == 0 {
		t.Fatalf("no test cases: %v", err)
	}
	var compared, builtins, same int
	for _, file := range files {
		for i, doc := range kvDocuments(t, file) {
			name := filepath.Base(file) + "#" + string(rune('0'+i))
			want := kvExpected(t, name, doc)
			got := kvValidate(cat, doc)
			if got.skipped {
				t.Logf("%s: skipped (custom resource without its CRD in the test data)", name)
				continue
			}
			compared++
			if builtinDocument(doc) {
				builtins++
			}
			diff := kvCompare(want, got)
			why, known := known(name)
			switch {
			case diff == "" && known:
				t.Errorf("%s: now agrees with kubectl-validate; remove it from kvDifferences (%s)", name, why)
			case diff == "":
				same++
			case known:
				t.Logf("%s: differs as documented: %s (%s)", name, diff, why)
			default:
				t.Errorf("%s: %s", name, diff)
			}
		}
	}
	t.Logf("%d documents compared (%d of built-in kinds), %d agree with kubectl-validate", compared, builtins, same)
	return kvCounts{compared: compared, builtins: builtins}
}

// kvCatalog serves the built-in kinds and the test cases' CRD.
func kvCatalog(t *testing.T) *Catalog {
	t.Helper()
	set, err := builtin.Version(builtin.Newest())
	if err != nil {
		t.Fatal(err)
	}
	cat := New(Options{Builtins: set})
	if problems, err := cat.LoadFiles(filepath.Join(kubectlValidateDir, "crds")); err != nil {
		t.Fatalf("%v %v", problems, err)
	}
	return cat
}

// kvDocuments splits a test case file into its YAML documents, as
// kubectl-validate's test does, keeping empty ones (expected to succeed).
func kvDocuments(t *testing.T, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return regexp.MustCompile(`(?m)^---[ \t]*$\n?`).Split(string(data), -1)
}

// kvExpected reads the expectation of a document: the JSON in its leading
// comment lines; a document with nothing but comments is expected valid.
func kvExpected(t *testing.T, name, doc string) kvExpectation {
	t.Helper()
	var comment strings.Builder
	for _, line := range strings.Split(doc, "\n") {
		if comment.Len() == 0 && strings.TrimSpace(line) == "" {
			continue
		}
		if !strings.HasPrefix(line, "#") {
			break
		}
		comment.WriteString(line[1:] + "\n")
	}
	var want kvExpectation
	if err := json.Unmarshal([]byte(comment.String()), &want); err != nil {
		if isEmptyDocument(doc) {
			return kvExpectation{Status: "Success"}
		}
		t.Fatalf("%s: expectation: %v", name, err)
	}
	return want
}

func isEmptyDocument(doc string) bool {
	for _, line := range strings.Split(doc, "\n") {
		if trimmed := strings.TrimSpace(line); trimmed != "" && !strings.HasPrefix(trimmed, "#") {
			return false
		}
	}
	return true
}

// builtinDocument reports whether a document is of a built-in kind: its
// apiVersion has no group or a Kubernetes one.
func builtinDocument(doc string) bool {
	m := regexp.MustCompile(`(?m)^apiVersion:\s*(\S+)`).FindStringSubmatch(doc)
	if m == nil {
		return false
	}
	group, _, found := strings.Cut(m[1], "/")
	return !found || !strings.Contains(group, ".") || strings.HasSuffix(group, ".k8s.io")
}

// kvValidate validates one document as a create with strict field validation.
func kvValidate(cat kvLookup, doc string) kvVerdict {
	docs, errs := manifest.ReadAll("case.yaml", strings.NewReader(doc))
	switch {
	case len(errs) > 0:
		return kvVerdict{message: errs[0].Error()}
	case len(docs) == 0:
		return kvVerdict{valid: true}
	}
	obj := docs[0].Object
	apiVersion, _ := obj["apiVersion"].(string)
	kind, _ := obj["kind"].(string)
	v, err := cat.ForObject(context.Background(), apiVersion, kind)
	if _, notCovered := err.(*NotCoveredError); notCovered {
		return kvVerdict{skipped: true}
	}
	if err != nil {
		return kvVerdict{message: err.Error()}
	}
	if _, hasMeta := obj["metadata"]; !hasMeta {
		obj["metadata"] = map[string]any{}
	}
	if meta, _ := obj["metadata"].(map[string]any); v.CRD().Namespaced() && meta != nil && meta["namespace"] == nil {
		meta["namespace"] = "default" // as kubectl-validate and kval's CLI do
	}
	res, err := v.Validate(context.Background(), engine.Request{Operation: engine.Create, Object: obj, FieldValidation: engine.FieldValidationStrict})
	switch {
	case err != nil:
		return kvVerdict{message: err.Error()}
	case res.BadRequest != nil:
		return kvVerdict{message: res.BadRequest.Error()}
	}
	got := kvVerdict{valid: res.Valid()}
	for _, e := range res.Errors {
		got.causes = append(got.causes, string(e.Type)+" "+e.Field)
		got.message += e.Error() + "; "
	}
	return got
}

// kvCompare says how a verdict differs from the expectation, "" if not:
// the verdict, then the causes (reason and field) when the expectation
// lists field errors and kval reports field errors. kubectl-validate
// reports an unknown field as a field error, kval as kube-apiserver's
// strict decoding does (a bad request naming the field): the field must
// then be named in the message.
func kvCompare(want kvExpectation, got kvVerdict) string {
	wantValid := want.Status == "Success"
	if wantValid != got.valid {
		return "kubectl-validate says " + want.Status + ", kval says valid=" + boolString(got.valid) + " " + strings.Join(got.causes, ", ") + got.message
	}
	if wantValid || want.Details == nil {
		return ""
	}
	var causes []string
	for _, c := range want.Details.Causes {
		if c.Reason != "" {
			causes = append(causes, c.Reason+" "+c.Field)
		}
	}
	switch {
	case len(causes) == 0:
		return ""
	case len(got.causes) == 0:
		for _, c := range want.Details.Causes {
			if c.Field != "" && !strings.Contains(got.message, c.Field) {
				return "kval's error does not name " + c.Field + ": " + got.message
			}
		}
		return ""
	}
	slices.Sort(causes)
	slices.Sort(got.causes)
	if !slices.Equal(causes, got.causes) {
		return "causes: kubectl-validate " + strings.Join(causes, ", ") + "; kval " + strings.Join(got.causes, ", ")
	}
	return ""
}

func boolString(b bool) string {
	if b {
		return "true"
	}
	return "false"
}
