package cli

import (
	"fmt"
	"strings"
)

// tally counts the results of a run, in all and per kind; it is the
// summary of the JSON and YAML outputs.
type tally struct {
	Valid   int `json:"valid"`
	Invalid int `json:"invalid"`
	// Deleted counts the objects only the --base revision has.
	Deleted int `json:"deleted,omitempty"`
	// WithWarnings counts the objects validated with warnings (an unknown
	// field under --field-validation Warn, a ratcheted error), valid or not.
	WithWarnings int          `json:"withWarnings,omitempty"`
	Kinds        []*kindTally `json:"kinds"`

	unusable, skipped, count int
	kindIndex                map[string]*kindTally
}

// kindTally counts the results of one apiVersion and kind.
type kindTally struct {
	APIVersion string `json:"apiVersion"`
	Kind       string `json:"kind"`
	Valid      int    `json:"valid"`
	Invalid    int    `json:"invalid"`
	Skipped    int    `json:"skipped"`
	Deleted    int    `json:"deleted,omitempty"`
	// NotValidated counts the objects that could not be validated (their
	// CRD cannot be used, say).
	NotValidated int `json:"notValidated,omitempty"`
}

func newTally() *tally {
	return &tally{Kinds: []*kindTally{}, kindIndex: map[string]*kindTally{}}
}

// add counts one result, whose verdict is set.
func (t *tally) add(r *objectResult) {
	t.count++
	k := t.kind(r)
	switch r.verdict {
	case verdictUnusable:
		t.unusable++
		k.NotValidated++
	case verdictSkipped:
		t.skipped++
		k.Skipped++
	case verdictDeleted:
		t.Deleted++
		k.Deleted++
	case verdictInvalid:
		t.Invalid++
		k.Invalid++
		t.countWarnings(r)
	default:
		t.Valid++
		k.Valid++
		t.countWarnings(r)
	}
}

func (t *tally) countWarnings(r *objectResult) {
	if len(r.shownWarnings) > 0 {
		t.WithWarnings++
	}
}

// kind returns the counts of the result's kind; a document with no kind
// (it did not parse) counts in a throwaway.
func (t *tally) kind(r *objectResult) *kindTally {
	if r.Kind == "" && r.APIVersion == "" {
		return &kindTally{}
	}
	key := r.APIVersion + " " + r.Kind
	k, ok := t.kindIndex[key]
	if !ok {
		k = &kindTally{APIVersion: r.APIVersion, Kind: r.Kind}
		t.kindIndex[key] = k
		t.Kinds = append(t.Kinds, k)
	}
	return k
}

// line is the summary in words: "2 valid, 1 invalid, 3 skipped".
func (t *tally) line() string {
	line := fmt.Sprintf("%d valid, %d invalid", t.Valid, t.Invalid)
	for _, c := range []struct {
		n    int
		what string
	}{{t.WithWarnings, "with warnings"}, {t.unusable, "not validated"}, {t.skipped, "skipped"}, {t.Deleted, "deleted"}} {
		if c.n > 0 {
			line += fmt.Sprintf(", %d %s", c.n, c.what)
		}
	}
	return line
}

// kindLines are the counts per kind, one line each, when the run saw more
// than one kind (with one, they would repeat the summary).
func (t *tally) kindLines() []string {
	if len(t.Kinds) < 2 {
		return nil
	}
	var lines []string
	for _, k := range t.Kinds {
		var parts []string
		for _, c := range []struct {
			n    int
			what string
		}{{k.Valid, "valid"}, {k.Invalid, "invalid"}, {k.Skipped, "skipped"}, {k.Deleted, "deleted"}, {k.NotValidated, "not validated"}} {
			if c.n > 0 {
				parts = append(parts, fmt.Sprintf("%d %s", c.n, c.what))
			}
		}
		lines = append(lines, fmt.Sprintf("  %s %s: %s", printable(k.Kind), printable(k.APIVersion), strings.Join(parts, ", ")))
	}
	return lines
}
