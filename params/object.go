package params

import (
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/util/validation/field"

	"github.com/kval-dev/kval/manifest"
)

// The kinds of kudo.dev/v1beta1 this package reads.
const (
	OperatorVersionKind = "OperatorVersion"
	InstanceKind        = "Instance"
)

// Instance is what the rules need of a kudo.dev/v1beta1 Instance.
type Instance struct {
	Name, Namespace string
	// OperatorVersion is spec.operatorVersion.name.
	OperatorVersion string
	// Parameters is spec.parameters: every value is text, arrays and maps
	// as YAML.
	Parameters map[string]string
	Source     string
}

// IsInstance reports whether obj is a kudo.dev/v1beta1 Instance.
func IsInstance(obj map[string]any) bool { return isKind(obj, InstanceKind) }

// isKind reports whether doc is a kudo.dev/v1beta1 object of kind.
func isKind(obj map[string]any, kind string) bool {
	return obj["apiVersion"] == APIVersion && obj["kind"] == kind
}

// DecodeOperatorVersion reads a kudo.dev/v1beta1 OperatorVersion object.
// An error means it is not one; faults of its parameters are kept for
// Verify.
func DecodeOperatorVersion(doc manifest.Document) (*OperatorVersion, error) {
	if !isKind(doc.Object, OperatorVersionKind) {
		return nil, fmt.Errorf("%s: not a %s %s", doc.Source, APIVersion, OperatorVersionKind)
	}
	ov := &OperatorVersion{Source: doc.Source.String(), root: field.NewPath("spec", "parameters")}
	in := fields{obj: doc.Object, errs: &ov.problems}
	meta := in.object("metadata")
	ov.Name, ov.Namespace = meta.str("name"), meta.str("namespace")
	spec := in.object("spec")
	ov.Operator = spec.object("operator").str("name")
	ov.Version, ov.AppVersion = spec.str("version"), spec.str("appVersion")
	ov.Plans = sortedKeys(spec.object("plans").obj)
	ov.Parameters = decodeParameters(spec.list("parameters"), ov.root, operatorVersionFormat, &ov.problems)
	if ov.Name == "" {
		return nil, fmt.Errorf("%s: %s without metadata.name", doc.Source, OperatorVersionKind)
	}
	return ov, nil
}

// DecodeInstance reads a kudo.dev/v1beta1 Instance object.
func DecodeInstance(doc manifest.Document) (*Instance, error) {
	if !isKind(doc.Object, InstanceKind) {
		return nil, fmt.Errorf("%s: not a %s %s", doc.Source, APIVersion, InstanceKind)
	}
	inst, errs := decodeInstanceFields(doc)
	if len(errs) > 0 {
		return nil, fmt.Errorf("%s: Instance %q: %w", doc.Source, inst.Name, errs.ToAggregate())
	}
	return inst, nil
}

// decodeInstanceFields reads an Instance's fields, and their faults.
func decodeInstanceFields(doc manifest.Document) (*Instance, field.ErrorList) {
	var errs field.ErrorList
	in := fields{obj: doc.Object, errs: &errs}
	meta, spec := in.object("metadata"), in.object("spec")
	inst := &Instance{Name: meta.str("name"), Namespace: meta.str("namespace"), Source: doc.Source.String()}
	inst.OperatorVersion = spec.object("operatorVersion").str("name")
	inst.Parameters = stringMap(spec.object("parameters"))
	if inst.OperatorVersion == "" {
		errs = append(errs, field.Required(operatorVersionPath, "an Instance names its OperatorVersion"))
	}
	return inst, errs
}

// stringMap reads spec.parameters, a map of text.
func stringMap(in fields) map[string]string {
	out := make(map[string]string, len(in.obj))
	for _, key := range sortedKeys(in.obj) {
		out[key] = in.str(key)
	}
	return out
}

// Load reads the OperatorVersion at path: a package directory, or a file
// holding one kudo.dev/v1beta1 OperatorVersion.
func Load(path string) (*OperatorVersion, error) {
	if info, err := os.Stat(path); err == nil && info.IsDir() {
		return LoadPackage(path)
	}
	doc, err := readKind(path, OperatorVersionKind)
	if err != nil {
		return nil, err
	}
	return DecodeOperatorVersion(doc)
}

// LoadInstance reads the one Instance in the file at path.
func LoadInstance(path string) (*Instance, error) {
	doc, err := readKind(path, InstanceKind)
	if err != nil {
		return nil, err
	}
	return DecodeInstance(doc)
}

// readKind returns the one kudo.dev/v1beta1 object of kind in the file;
// other documents are ignored, so a file may hold a whole installation.
func readKind(path, kind string) (manifest.Document, error) {
	docs, errs := manifest.ReadFile(path)
	if len(errs) > 0 {
		return manifest.Document{}, errs[0]
	}
	var found []manifest.Document
	for _, doc := range docs {
		if isKind(doc.Object, kind) {
			found = append(found, doc)
		}
	}
	if len(found) != 1 {
		return manifest.Document{}, fmt.Errorf("%s: want one %s %s, found %d", path, APIVersion, kind, len(found))
	}
	return found[0], nil
}

// RefersTo checks that the Instance is of ov: an Instance whose
// OperatorVersion is missing cannot be checked.
func (i *Instance) RefersTo(ov *OperatorVersion) error {
	if i.OperatorVersion == ov.Name {
		return nil
	}
	return fmt.Errorf("%s: Instance %q refers to OperatorVersion %q, which is missing: the OperatorVersion given is %q (%s)",
		i.Source, i.Name, i.OperatorVersion, ov.Name, ov.Source)
}
