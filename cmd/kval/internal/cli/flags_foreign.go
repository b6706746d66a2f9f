package cli

import (
	"strings"
)

// Users come to kval from kubeconform, whose flags take one dash
// (-strict, -output json), and from kubectl-validate. pflag reads a single
// dash as shorthand flags: "-output json" would be "-o utput", "-strict"
// an unknown "-s". Such a flag ends the run (exit 2) with kval's flag
// instead, so that nothing typed is silently read as something else.

// foreignFlags are kubeconform's and kubectl-validate's flags kval does not
// have under that name, with what to use instead.
var foreignFlags = map[string]string{
	"-output":                   "kval's is -o/--output (text, json, yaml, junit, tap, sarif, github)",
	"-strict":                   "kval refuses unknown fields by default (--field-validation Strict)",
	"-summary":                  "kval prints the summary by default",
	"-ignore-missing-schemas":   "kval's is --ignore-missing-schemas",
	"-schema-location":          "kval reads CRDs with --crd (files, directories, charts, URLs, cluster:) and has the built-in kinds' schemas embedded",
	"-kubernetes-version":       "kval's is --kubernetes-version",
	"-skip":                     "kval's is --skip",
	"-reject":                   "kval has none: every kind with a schema is validated (--skip leaves kinds out)",
	"-ignore-filename-pattern":  "kval's is --exclude GLOB",
	"-verbose":                  "kval prints every object by default; --failures-only prints only the others",
	"-exit-on-error":            "kval has none: it reports every document",
	"-cache":                    "kval caches --crd URLs in the user's cache directory by itself",
	"-insecure-skip-tls-verify": "kval has none: --crd URLs are fetched over verified TLS",
	"-debug":                    "kval has none",
	"--local-crds":              "kval's is --crd (kubectl-validate's --local-crds)",
	"--local-schemas":           "kval has the built-in kinds' schemas embedded (--kubernetes-version); custom resources come from --crd",
	"--schema-patches":          "kval has none",
}

// checkForeignFlags refuses the arguments (before "--") that are
// kubeconform's or kubectl-validate's flags, and kubeconform's "-n N"
// (workers), which kval would read as namespace N.
func checkForeignFlags(args []string) error {
	for i, arg := range args {
		if arg == "--" {
			return nil
		}
		name, _, _ := strings.Cut(arg, "=")
		if hint, found := foreignFlags[name]; found {
			return badInput("%s is kubeconform's or kubectl-validate's flag, not kval's: %s", name, hint)
		}
		if n := workersValue(args, i); n != "" {
			return badInput("-n %s: kval's -n is the namespace (--namespace); kubeconform's -n (workers) is kval's -j/--jobs %s; for a namespace named %s, write --namespace %s", n, n, n, n)
		}
	}
	return nil
}

// workersValue is N when args[i] is kubeconform's -n N (-n N, -n=N or
// -nN with N all digits). A namespace may be a bare number, so it is
// refused rather than guessed: --namespace N says it is one.
func workersValue(args []string, i int) string {
	value, isN := strings.CutPrefix(args[i], "-n")
	if !isN {
		return ""
	}
	value = strings.TrimPrefix(value, "=")
	if value == "" && i+1 < len(args) {
		value = args[i+1]
	}
	if value == "" || strings.Trim(value, "0123456789") != "" {
		return ""
	}
	return value
}
