package stdgen

import (
	"encoding/json"
	"fmt"
	"os/exec"
	"reflect"
	"strings"

	autoscalingv1 "k8s.io/api/autoscaling/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"

	"github.com/kval-dev/kval/openapi"
)

// roots are the types a CRD's document references directly (TypeMeta for
// its apiVersion and kind); their dependencies follow.
var roots = []any{
	metav1.TypeMeta{},
	metav1.ObjectMeta{},
	metav1.ListMeta{},
	metav1.Status{},
	metav1.DeleteOptions{},
	metav1.Patch{},
	autoscalingv1.Scale{},
}

// modules are the modules whose types and registrations the output comes from.
var modules = []string{"k8s.io/apimachinery", "k8s.io/api", "k8s.io/client-go"}

// File is the layout of standard_definitions.json.
type File struct {
	Generator   string                     `json:"generator"`
	Modules     map[string]string          `json:"modules"`
	Definitions map[string]*openapi.Schema `json:"definitions"`
}

// Generate returns the content of standard_definitions.json.
func Generate() ([]byte, error) {
	g, err := newGenerator()
	if err != nil {
		return nil, err
	}
	for _, r := range roots {
		g.want(reflect.TypeOf(r))
	}
	if err := g.run(); err != nil {
		return nil, err
	}
	versions, err := moduleVersions()
	if err != nil {
		return nil, err
	}
	f := File{
		Generator:   "github.com/kval-dev/kval/conformance/openapi/stdgen",
		Modules:     versions,
		Definitions: g.definitions,
	}
	data, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		return nil, err
	}
	return append(data, '\n'), nil
}

// moduleVersions asks the go command for the versions of the modules in
// the build (test binaries carry no module information of their own).
func moduleVersions() (map[string]string, error) {
	args := append([]string{"list", "-m", "-f", "{{.Path}} {{.Version}}"}, modules...)
	out, err := exec.Command("go", args...).Output()
	if err != nil {
		return nil, fmt.Errorf("go list -m: %w", err)
	}
	versions := map[string]string{}
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		path, version, _ := strings.Cut(line, " ")
		versions[path] = version
	}
	return versions, nil
}

// generator builds the definitions of the wanted types and of every struct
// type they refer to.
type generator struct {
	comments    *comments
	gvks        map[string][]map[string]any
	definitions map[string]*openapi.Schema
	pending     []reflect.Type
}

func newGenerator() (*generator, error) {
	c, err := readComments([]string{
		"k8s.io/apimachinery/pkg/apis/meta/v1",
		"k8s.io/apimachinery/pkg/types",
		"k8s.io/api/autoscaling/v1",
	})
	if err != nil {
		return nil, err
	}
	return &generator{comments: c, gvks: registeredKinds(), definitions: map[string]*openapi.Schema{}}, nil
}

func (g *generator) want(t reflect.Type) { g.pending = append(g.pending, t) }

func (g *generator) run() error {
	for len(g.pending) > 0 {
		t := g.pending[0]
		g.pending = g.pending[1:]
		name := modelName(t)
		if _, done := g.definitions[name]; done {
			continue
		}
		def, err := g.definition(t)
		if err != nil {
			return fmt.Errorf("%s: %w", name, err)
		}
		if gvks := g.gvks[name]; len(gvks) > 0 {
			setExtension(def, "x-kubernetes-group-version-kind", gvks)
		}
		g.definitions[name] = def
	}
	return nil
}

func (g *generator) typeDoc(t reflect.Type) []string {
	return g.comments.types[t.PkgPath()+"."+t.Name()]
}

func (g *generator) fieldDoc(parent reflect.Type, f reflect.StructField) []string {
	return g.comments.fields[parent.PkgPath()+"."+parent.Name()+"."+f.Name]
}

func setExtension(s *openapi.Schema, key string, value any) {
	if s.Extensions == nil {
		s.Extensions = map[string]any{}
	}
	s.Extensions[key] = value
}
