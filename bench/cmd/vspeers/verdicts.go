package main

import (
	"bytes"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"slices"
	"strings"
)

// verdicts runs each tool once more on a tree with JSON output and compares
// the files each finds invalid with kval's: the timings mean something only
// if the tools agree on what they check.
func (s *setup) verdicts(tree string, tools []string) ([]string, error) {
	invalid := map[string]map[string]bool{}
	for _, t := range tools {
		set, err := s.invalidFiles(t, tree)
		if err != nil {
			return nil, err
		}
		invalid[t] = set
	}
	var lines []string
	for _, t := range tools {
		line := fmt.Sprintf("verdicts on %s: %s finds %d files invalid", tree, t, len(invalid[t]))
		if t != kval && invalid[kval] != nil {
			line += "; " + difference(invalid[kval], invalid[t], t)
		}
		lines = append(lines, line)
	}
	return lines, nil
}

func difference(want, got map[string]bool, tool string) string {
	var missing, extra []string
	for f := range want {
		if !got[f] {
			missing = append(missing, f)
		}
	}
	for f := range got {
		if !want[f] {
			extra = append(extra, f)
		}
	}
	if len(missing)+len(extra) == 0 {
		return "the same files as kval"
	}
	slices.Sort(missing)
	slices.Sort(extra)
	return fmt.Sprintf("%d invalid for kval only (e.g. %s), %d for %s only (e.g. %s)",
		len(missing), first(missing), len(extra), tool, first(extra))
}

func first(files []string) string {
	if len(files) == 0 {
		return "none"
	}
	return files[0]
}

// invalidFiles runs a tool with JSON output and returns the files it
// finds invalid (or cannot read).
func (s *setup) invalidFiles(tool, tree string) (map[string]bool, error) {
	jsonFlag := "-o"
	if tool == kubeconform {
		jsonFlag = "-output"
	}
	args := s.args(toolRun{tool: tool}, tree, jsonFlag, "json")
	cmd := exec.Command(args[0], args[1:]...)
	cmd.Env = append(os.Environ(), s.env(tool)...)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if _, exit := err.(*exec.ExitError); err != nil && !exit {
		return nil, fmt.Errorf("%s: %w", strings.Join(args, " "), err)
	}
	set, perr := parseVerdicts(tool, out)
	if perr != nil {
		return nil, fmt.Errorf("%s: reading its JSON: %w\n%s", tool, perr, stderr.String())
	}
	return set, nil
}

func parseVerdicts(tool string, out []byte) (map[string]bool, error) {
	set := map[string]bool{}
	switch tool {
	case kval:
		var doc struct {
			Results []struct {
				File  string
				Valid bool
			}
		}
		if err := json.Unmarshal(out, &doc); err != nil {
			return nil, err
		}
		for _, r := range doc.Results {
			if !r.Valid {
				set[r.File] = true
			}
		}
	case kubeconform:
		// Without -verbose it lists only the resources not valid.
		var doc struct {
			Resources []struct{ Filename, Status string }
		}
		if err := json.Unmarshal(out, &doc); err != nil {
			return nil, err
		}
		for _, r := range doc.Resources {
			if r.Status == "statusInvalid" || r.Status == "statusError" {
				set[r.Filename] = true
			}
		}
	default:
		var doc map[string][]struct{ Status string }
		if err := json.Unmarshal(out, &doc); err != nil {
			return nil, err
		}
		for file, statuses := range doc {
			for _, st := range statuses {
				if st.Status != "Success" {
					set[file] = true
				}
			}
		}
	}
	return set, nil
}
