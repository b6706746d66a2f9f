package params

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sort"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
)

// The files of a KUDO package directory.
const (
	OperatorFile  = "operator.yaml"
	ParamsFile    = "params.yaml"
	TemplatesDir  = "templates"
	APIVersion    = "kudo.dev/v1beta1"
	deployPlan    = "deploy"
	operatorField = "operatorVersion"
)

// LoadPackage reads a KUDO operator package directory: operator.yaml (name,
// versions, plans) and params.yaml (groups, parameters). An error means the
// package cannot be used at all (a file missing or not YAML, a wrong
// apiVersion); faults of the definitions are kept for Verify.
func LoadPackage(dir string) (*OperatorVersion, error) {
	if info, err := os.Stat(filepath.Join(dir, TemplatesDir)); err != nil || !info.IsDir() {
		return nil, fmt.Errorf("%s: not a KUDO package: no %s directory", dir, TemplatesDir)
	}
	operator, err := readSingle(filepath.Join(dir, OperatorFile))
	if err != nil {
		return nil, err
	}
	paramsDoc, err := readSingle(filepath.Join(dir, ParamsFile))
	if err != nil {
		return nil, err
	}
	ov := &OperatorVersion{root: field.NewPath("parameters")}
	if err := ov.readOperatorFile(operator); err != nil {
		return nil, err
	}
	return ov, ov.readParamsFile(paramsDoc)
}

// readSingle reads a file that must hold exactly one YAML mapping.
func readSingle(path string) (manifest.Document, error) {
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 {
		return manifest.Document{}, unwrapNotExist(path, errs[0])
	}
	if len(docs) != 1 {
		return manifest.Document{}, fmt.Errorf("%s: want one YAML document, found %d", path, len(docs))
	}
	return docs[0], nil
}

func unwrapNotExist(path string, err error) error {
	if errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("%s: file not found: a KUDO package needs %s and %s", path, OperatorFile, ParamsFile)
	}
	return err
}

// checkAPIVersion accepts a file without apiVersion, as KUDO does.
func checkAPIVersion(doc manifest.Document) error {
	if v, ok := doc.Object["apiVersion"]; ok && v != APIVersion {
		return fmt.Errorf("%s: apiVersion must be %s, not %v", doc.Source, APIVersion, v)
	}
	return nil
}

func (ov *OperatorVersion) readOperatorFile(doc manifest.Document) error {
	if err := checkAPIVersion(doc); err != nil {
		return err
	}
	var errs field.ErrorList
	in := fields{obj: doc.Object, errs: &errs}
	ov.Operator, ov.Version, ov.AppVersion = in.str("name"), in.str(operatorField), in.str("appVersion")
	ov.Plans = sortedKeys(in.object("plans").obj)
	if len(errs) > 0 {
		return sourceError(doc.Source.String(), errs.ToAggregate())
	}
	if ov.Operator == "" || ov.Version == "" {
		return fmt.Errorf("%s: name and %s are required", doc.Source, operatorField)
	}
	ov.Name = packageVersionName(ov.Operator, ov.AppVersion, ov.Version)
	return nil
}

// packageVersionName is the name KUDO gives the OperatorVersion it creates
// from a package.
func packageVersionName(operator, appVersion, version string) string {
	if appVersion == "" {
		return operator + "-" + version
	}
	return operator + "-" + appVersion + "-" + version
}

func (ov *OperatorVersion) readParamsFile(doc manifest.Document) error {
	if err := checkAPIVersion(doc); err != nil {
		return err
	}
	ov.Source = doc.Source.File
	in := fields{obj: doc.Object, errs: &ov.problems}
	in.only("apiVersion", "groups", "parameters")
	ov.Groups = decodeGroups(in.list("groups"), field.NewPath("groups"), &ov.problems)
	ov.Parameters = decodeParameters(in.list("parameters"), ov.root, paramsFileFormat, &ov.problems)
	return nil
}

func decodeGroups(items []any, path *field.Path, errs *field.ErrorList) []Group {
	var out []Group
	for i, item := range items {
		obj, ok := item.(map[string]any)
		if !ok {
			*errs = append(*errs, field.TypeInvalid(path.Index(i), item, "must be of type object"))
			continue
		}
		in := fields{obj: obj, path: path.Index(i), errs: errs}
		out = append(out, Group{Name: in.str("name"), DisplayName: in.str("displayName"), Description: in.str("description"), Priority: in.integer("prio")})
		in.only("name", "displayName", "description", "prio")
	}
	return out
}

func sortedKeys(m map[string]any) []string {
	keys := make([]string, 0, len(m))
	for k := range m {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	return keys
}
