package params

import (
	"strings"
	"testing"

	"github.com/kval-dev/kval/manifest"
)

// FuzzParamsFile: any params.yaml is read, verified and installed from
// without a panic, and a verified one installs its immutable defaults.
func FuzzParamsFile(f *testing.F) {
	f.Add("parameters:\n  - name: A\n    default: 1\n    immutable: true\n    type: integer\n")
	f.Add("parameters:\n  - name: L\n    type: array\n    default: [a, {b: 1}]\n    enum: [[a]]\n")
	f.Add("groups: 3\nparameters: {a: 1}\n")
	f.Fuzz(func(t *testing.T, text string) {
		docs, _ := manifest.ReadAll("params.yaml", strings.NewReader(text))
		if len(docs) != 1 {
			return
		}
		ov := &OperatorVersion{Name: "fuzz"}
		if ov.readParamsFile(docs[0]) != nil {
			return
		}
		verified := len(Verify(ov)) == 0
		result, _ := Install(ov, map[string]string{})
		_, _ = Upgrade(ov, ov, result, map[string]string{})
		for _, p := range ov.Parameters {
			if _, ok := result[p.Name]; verified && p.Immutable && p.Default != nil && !ok {
				t.Errorf("immutable default of %s not installed", p.Name)
			}
		}
	})
}
