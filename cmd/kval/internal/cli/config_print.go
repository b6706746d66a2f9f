package cli

import (
	"encoding/json"
	"fmt"
	"io"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// printFlags prints cmd's flags as a config file, each with where its
// value comes from: the command line, the config file, or the default.
func (o *configOptions) printFlags(s streams, cmd *cobra.Command) {
	fmt.Fprintf(s.out, "# kval %s: the command line, then %s, then the defaults\n", commandKey(cmd), o.source())
	fmt.Fprintf(s.out, "%s:\n", commandKey(cmd))
	cmd.Flags().VisitAll(func(f *pflag.Flag) {
		if !notFromConfig[f.Name] && !f.Hidden {
			printFlag(s.out, f, o.origin(f))
		}
	})
}

func (o *configOptions) source() string {
	if o.file == "" {
		return "no config file"
	}
	return o.file
}

func (o *configOptions) origin(f *pflag.Flag) string {
	switch {
	case f.Changed:
		return "command line"
	case o.fromFile[f.Name]:
		return "config file"
	}
	return "default"
}

// printFlag prints a flag as a YAML line: a list for a repeatable flag, a
// number or boolean as such, anything else quoted (JSON is YAML).
func printFlag(w io.Writer, f *pflag.Flag, origin string) {
	var value any = f.Value.String()
	switch v := f.Value.(type) {
	case pflag.SliceValue:
		value = append([]string{}, v.GetSlice()...) // [] rather than null
	default:
		if isScalarType(f.Value.Type()) {
			fmt.Fprintf(w, "  %s: %s # %s\n", f.Name, f.Value.String(), origin)
			return
		}
	}
	text, _ := json.Marshal(value)
	fmt.Fprintf(w, "  %s: %s # %s\n", f.Name, text, origin)
}

func isScalarType(typ string) bool {
	switch typ {
	case "bool", "int", "int8", "int16", "int32", "int64", "uint", "uint8", "uint16", "uint32", "uint64", "float32", "float64", "count":
		return true
	}
	return false
}

// relaxArgs lets every command run with --print-config and no arguments
// (kval validate --print-config needs no files).
func relaxArgs(cmd *cobra.Command, o *configOptions) {
	if check := cmd.Args; check != nil {
		cmd.Args = func(c *cobra.Command, args []string) error {
			if o.print {
				return nil
			}
			return check(c, args)
		}
	}
	for _, sub := range cmd.Commands() {
		relaxArgs(sub, o)
	}
}
