package params

import (
	"k8s.io/apimachinery/pkg/util/validation/field"
)

// Parameter is one parameter definition, from params.yaml or from an
// OperatorVersion's spec.parameters, with its values as Instance text.
type Parameter struct {
	Name        string  `json:"name"`
	DisplayName string  `json:"displayName,omitempty"`
	Description string  `json:"description,omitempty"`
	Default     *string `json:"default,omitempty"`
	Required    bool    `json:"required"`
	Immutable   bool    `json:"immutable"`
	// Type is never empty after loading: a parameter without one is String.
	Type    Type     `json:"type"`
	Enum    []string `json:"enum,omitempty"`
	Trigger string   `json:"trigger,omitempty"`
	// Group, Hint and Advanced are params.yaml's descriptive fields; an
	// OperatorVersion does not keep them.
	Group    string `json:"group,omitempty"`
	Hint     string `json:"hint,omitempty"`
	Advanced bool   `json:"advanced,omitempty"`
}

// Group is a group of params.yaml.
type Group struct {
	Name        string `json:"name"`
	DisplayName string `json:"displayName,omitempty"`
	Description string `json:"description,omitempty"`
	Priority    int64  `json:"prio,omitempty"`
}

// OperatorVersion is what the rules need of one version of an operator,
// read from a package directory or a kudo.dev/v1beta1 OperatorVersion.
type OperatorVersion struct {
	// Name is the OperatorVersion's metadata.name; for a package, the name
	// KUDO gives it: "<operator>-<appVersion>-<operatorVersion>", or
	// "<operator>-<operatorVersion>" without an appVersion.
	Name       string      `json:"name"`
	Namespace  string      `json:"namespace,omitempty"`
	Operator   string      `json:"operator"`
	Version    string      `json:"version,omitempty"`
	AppVersion string      `json:"appVersion,omitempty"`
	Plans      []string    `json:"plans,omitempty"`
	Groups     []Group     `json:"groups,omitempty"`
	Parameters []Parameter `json:"parameters"`

	// Source names where the parameters were read (params.yaml or the
	// OperatorVersion's file and line), for messages.
	Source string `json:"-"`
	// root is the path of the parameter list in Source: "parameters" in
	// params.yaml, "spec.parameters" in an OperatorVersion.
	root *field.Path
	// problems are the definitions' faults found while reading them
	// (unknown fields, values of the wrong type); Verify reports them.
	problems field.ErrorList
}

// Parameter returns the definition named name, or nil.
func (ov *OperatorVersion) Parameter(name string) *Parameter {
	for i := range ov.Parameters {
		if ov.Parameters[i].Name == name {
			return &ov.Parameters[i]
		}
	}
	return nil
}

// definitionPath is where a parameter is defined in ov's source, by name:
// "parameters[DISK_SIZE]".
func (ov *OperatorVersion) definitionPath(name string) *field.Path {
	root := ov.root
	if root == nil {
		root = field.NewPath("spec", "parameters")
	}
	return root.Key(name)
}
