package cli

import (
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
	"sigs.k8s.io/yaml"
)

// configFileName is the file of a repository's kval flags, looked up from
// the working directory to the repository's root.
const configFileName = ".kval.yaml"

// configOptions are the root's --config and --print-config.
type configOptions struct {
	path  string
	print bool
	// file is the config file read, empty when there is none.
	file string
	// fromFile are the flags the file set.
	fromFile map[string]bool
}

// config is a config file: flags by command ("validate", "gen crd") and
// long name, with their values as on the command line (a list for a
// repeatable flag).
type config map[string]map[string]any

// installConfig adds --config and --print-config to every command that
// runs (shown in kval validate's help, hidden in the others'), and makes
// each command take the flags the config file gives it that the command
// line does not.
func installConfig(root *cobra.Command, s streams) {
	o := &configOptions{}
	addConfigFlags(root, o)
	root.PersistentPreRunE = func(cmd *cobra.Command, _ []string) error { return o.apply(s, cmd) }
	relaxArgs(root, o)
}

// addConfigFlags adds the flags to cmd, if it runs, and its subcommands.
func addConfigFlags(cmd *cobra.Command, o *configOptions) {
	if cmd.Runnable() {
		f := cmd.Flags()
		f.StringVar(&o.path, "config", "", "file of flags by command (default: "+configFileName+" in the working directory or a parent, up to the repository's root); flags on the command line win; /dev/null reads none")
		f.BoolVar(&o.print, "print-config", false, "print the command's flags as they are after the config file and the command line (YAML, a config file), and exit")
		if cmd.Name() != "validate" {
			f.MarkHidden("config")
			f.MarkHidden("print-config")
		}
	}
	for _, sub := range cmd.Commands() {
		addConfigFlags(sub, o)
	}
}

// apply reads the config file into cmd's flags, or prints them.
func (o *configOptions) apply(s streams, cmd *cobra.Command) error {
	cfg, err := o.read()
	if err != nil {
		return badInput("%v", err)
	}
	if err := cfg.check(cmd.Root()); err != nil {
		return badInput("%s: %v", o.file, err)
	}
	if err := o.set(cmd, cfg[commandKey(cmd)]); err != nil {
		return badInput("%s: %v", o.file, err)
	}
	if o.print {
		o.printFlags(s, cmd)
		return &exitError{code: ExitValid}
	}
	return nil
}

// read reads --config, or the file found from the working directory.
func (o *configOptions) read() (config, error) {
	o.file = o.path
	if o.file == "" {
		o.file = findConfig()
	}
	if o.file == "" {
		return nil, nil
	}
	data, err := os.ReadFile(o.file)
	if err != nil {
		return nil, fmt.Errorf("config file: %w", err)
	}
	var cfg config
	if err := yaml.UnmarshalStrict(data, &cfg); err != nil {
		return nil, fmt.Errorf("config file %s: %w", o.file, err)
	}
	return cfg, nil
}

// findConfig returns the config file of the working directory or a
// parent up to the repository's root (outside a repository, of the
// working directory only); empty when there is none.
func findConfig() string {
	dir, err := os.Getwd()
	if err != nil {
		return ""
	}
	for _, d := range searchDirs(dir) {
		if name := filepath.Join(d, configFileName); isRegularFile(name) {
			return name
		}
	}
	return ""
}

// searchDirs are dir and its parents up to the first that holds .git;
// dir alone when none does.
func searchDirs(dir string) []string {
	var dirs []string
	for d := dir; ; d = filepath.Dir(d) {
		dirs = append(dirs, d)
		if _, err := os.Stat(filepath.Join(d, ".git")); err == nil {
			return dirs
		}
		if filepath.Dir(d) == d {
			return dirs[:1]
		}
	}
}

// commandKey names a command in a config file: its path below the root.
func commandKey(cmd *cobra.Command) string {
	var names []string
	for c := cmd; c.HasParent(); c = c.Parent() {
		names = append([]string{c.Name()}, names...)
	}
	return strings.Join(names, " ")
}

// check refuses sections that name no command, so that a typo is not
// ignored in silence.
func (cfg config) check(root *cobra.Command) error {
	for key := range cfg {
		cmd, _, err := root.Find(strings.Fields(key))
		if err != nil || cmd == root || commandKey(cmd) != key {
			return fmt.Errorf("%q is not a kval command", key)
		}
	}
	return nil
}

// notFromConfig are the flags a config file cannot hold.
var notFromConfig = map[string]bool{"config": true, "print-config": true, "help": true}

// set gives cmd's flags the section's values, except those the command
// line set.
func (o *configOptions) set(cmd *cobra.Command, section map[string]any) error {
	o.fromFile = map[string]bool{}
	for name, value := range section {
		f := cmd.Flags().Lookup(name)
		if f == nil || notFromConfig[name] {
			return fmt.Errorf("kval %s has no flag --%s", commandKey(cmd), name)
		}
		if f.Changed {
			continue
		}
		if err := setFlag(f, value); err != nil {
			return fmt.Errorf("%s: --%s: %w", commandKey(cmd), name, err)
		}
		o.fromFile[name] = true
	}
	return nil
}

// setFlag sets a flag from a config value: a scalar as its text, a list
// as the values of a repeatable flag.
func setFlag(f *pflag.Flag, value any) error {
	switch v := value.(type) {
	case nil:
		return errors.New("no value")
	case map[string]any:
		return errors.New("a mapping, not a value")
	case []any:
		return setList(f, v)
	}
	return f.Value.Set(fmt.Sprint(value))
}

func setList(f *pflag.Flag, items []any) error {
	slice, ok := f.Value.(pflag.SliceValue)
	if !ok {
		return fmt.Errorf("a list, but the flag takes one value")
	}
	values := make([]string, len(items))
	for i, item := range items {
		if _, nested := item.([]any); nested || item == nil {
			return fmt.Errorf("item %d is not a value", i)
		}
		values[i] = fmt.Sprint(item)
	}
	return slice.Replace(values)
}
