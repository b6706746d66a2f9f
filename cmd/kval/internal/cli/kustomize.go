package cli

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"sigs.k8s.io/kustomize/api/krusty"
	"sigs.k8s.io/kustomize/kyaml/filesys"
)

// kustomizeOptions are kval validate's --kustomize: Kustomize overlays
// rendered in process, with the library of kustomize build and kubectl
// kustomize (sigs.k8s.io/kustomize/api, pinned in go.mod), and validated
// as more input.
type kustomizeOptions struct {
	kustomize []string
}

func (o *kustomizeOptions) addFlags(f *pflag.FlagSet) {
	f.StringArrayVar(&o.kustomize, "kustomize", nil,
		"a Kustomize directory (an overlay) to render as kustomize build does and validate (repeatable); its objects are reported as DIR (kustomize build)")
}

// renderKustomize renders every --kustomize directory into a file of a
// temporary directory, and returns the files, to be validated as input,
// with the names they are reported by, and the function that removes
// them.
func (o *kustomizeOptions) renderKustomize() (files []string, names map[string]string, cleanup func(), err error) {
	cleanup = func() {}
	if len(o.kustomize) == 0 {
		return nil, nil, cleanup, nil
	}
	tmp, err := os.MkdirTemp("", "kval-kustomize-*")
	if err != nil {
		return nil, nil, cleanup, badInput("--kustomize: %v", err)
	}
	cleanup = func() { os.RemoveAll(tmp) }
	names = map[string]string{}
	for i, dir := range o.kustomize {
		file := filepath.Join(tmp, fmt.Sprintf("%d.yaml", i))
		if err := renderTo(dir, file); err != nil {
			cleanup()
			return nil, nil, func() {}, badInput("--kustomize %s: %v", dir, err)
		}
		files, names[file] = append(files, file), dir+" (kustomize build)"
	}
	return files, names, cleanup, nil
}

// renderTo writes what kustomize build dir prints into file.
func renderTo(dir, file string) error {
	k := krusty.MakeKustomizer(krusty.MakeDefaultOptions())
	resources, err := k.Run(filesys.MakeFsOnDisk(), dir)
	if err != nil {
		return err
	}
	text, err := resources.AsYaml()
	if err != nil {
		return err
	}
	if strings.TrimSpace(string(text)) == "" {
		return fmt.Errorf("it renders no object")
	}
	return os.WriteFile(file, text, 0o600)
}

// requireInput is kval validate's arguments rule: files, or --kustomize.
func (o *kustomizeOptions) requireInput(cmd *cobra.Command, args []string) error {
	if len(o.kustomize) > 0 {
		return nil
	}
	return cobra.MinimumNArgs(1)(cmd, args)
}

// withRendered adds the rendered --kustomize directories to the paths to
// validate, reported by their names (s.names).
func (o *kustomizeOptions) withRendered(s *streams, args []string) ([]string, func(), error) {
	files, names, cleanup, err := o.renderKustomize()
	if err != nil {
		return nil, nil, err
	}
	s.names = names
	return append(slices.Clip(args), files...), cleanup, nil
}
