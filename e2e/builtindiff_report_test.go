package e2e

import (
	"encoding/json"
	"fmt"
	"os"
	"slices"
	"sort"
	"strings"
	"testing"
)

// What the built-in differential reports: its figures, its differences
// (which fail it) and the wording differences of messages (logged).

// difference is how kval's answer differs from kube-apiserver's: in
// verdict, in the causes' fields and types, or in wording only.
type difference string

const (
	agree       difference = ""
	inVerdict   difference = "verdict"
	inCauses    difference = "field or type"
	inWording   difference = "wording"
	notCompared difference = "not compared"
	inRelease   difference = "release difference"
	// inAllocation: serviceAllocation or podAdmission explains it.
	inAllocation difference = "storage allocation or admission"
)

func compare(o diffOutcome) difference {
	k, s := o.kval, o.server
	switch {
	case s.code == codeSetUp:
		return notCompared
	case k.code != s.code:
		return inVerdict
	case k.code == 422 && !slices.Equal(causeKeys(k.causes, false), causeKeys(s.causes, false)):
		return inCauses
	case k.code == 422 && !slices.Equal(causeKeys(k.causes, true), causeKeys(s.causes, true)):
		return inWording
	case k.code != 200 && k.code != 422 && k.message != s.message:
		return inWording
	}
	return agree
}

// causeKeys are the causes as sorted "type field" strings, with their
// messages when withMessage.
func causeKeys(causes []cause, withMessage bool) []string {
	out := make([]string, 0, len(causes))
	for _, c := range causes {
		key := c.typ + " " + c.field
		if withMessage {
			key += ": " + c.message
		}
		out = append(out, key)
	}
	sort.Strings(out)
	return out
}

// report logs the figures and the wording differences, and fails the test
// on each difference in verdict, field or type.
func report(t *testing.T, cases []diffCase, outcomes []diffOutcome) {
	counts := map[string]int{}
	byDiff := map[difference]int{}
	wordings := map[string]int{}
	for i, c := range cases {
		counts[c.kind.gvk.Kind+" "+op(c)]++
		d := compare(outcomes[i])
		if d == inVerdict || d == inCauses {
			if name := releaseDifferenceOf(c, outcomes[i]); name != "" {
				counts["release difference: "+name]++
				d = inRelease
			} else if isServiceAllocation(c, outcomes[i]) || isPodAdmission(c, outcomes[i]) {
				d = inAllocation
			}
		}
		byDiff[d]++
		counts[fmt.Sprintf("server %d", outcomes[i].server.code)]++
		switch d {
		case inVerdict, inCauses, notCompared:
			t.Errorf("%s: %s\n kval:           %s\n kube-apiserver: %s\n%s", d, describeCase(c), outcomes[i].kval, outcomes[i].server, caseJSON(c))
		case inWording:
			wordings[wording(outcomes[i])]++
		}
	}
	logFigures(t, len(cases), counts, byDiff)
	logWordings(t, wordings)
	for _, r := range releaseDifferences {
		t.Logf("release difference %q: %s", r.name, r.reason)
	}
	t.Log(serviceAllocation)
	t.Log(podAdmission)
	writeOutcomes(t, cases, outcomes)
}

func op(c diffCase) string {
	if c.update {
		return "update"
	}
	return "create"
}

func describeCase(c diffCase) string {
	return fmt.Sprintf("%s %s (%s)", op(c), c.kind.gvk.Kind, c.mutation)
}

func caseJSON(c diffCase) string {
	obj, _ := json.Marshal(c.obj)
	if !c.update {
		return " object: " + string(obj)
	}
	old, _ := json.Marshal(c.old)
	return " old: " + string(old) + "\n new: " + string(obj)
}

// wording is a wording difference, the messages side by side.
func wording(o diffOutcome) string {
	if o.kval.code != 422 {
		return fmt.Sprintf("%d\n   kval:           %s\n   kube-apiserver: %s", o.kval.code, o.kval.message, o.server.message)
	}
	k, s := causeKeys(o.kval.causes, true), causeKeys(o.server.causes, true)
	var out []string
	for i := range k {
		if k[i] != s[i] {
			out = append(out, fmt.Sprintf("\n   kval:           %s\n   kube-apiserver: %s", k[i], s[i]))
		}
	}
	return "422" + strings.Join(out, "")
}

func logFigures(t *testing.T, n int, counts map[string]int, byDiff map[difference]int) {
	keys := make([]string, 0, len(counts))
	for k := range counts {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	var b strings.Builder
	fmt.Fprintf(&b, "%d requests; agree %d, wording only %d, v1.36/v1.37 release differences %d, Service allocation or Pod admission %d, verdict %d, field or type %d, not compared %d\n",
		n, byDiff[agree], byDiff[inWording], byDiff[inRelease], byDiff[inAllocation], byDiff[inVerdict], byDiff[inCauses], byDiff[notCompared])
	for _, k := range keys {
		fmt.Fprintf(&b, "  %-40s %d\n", k, counts[k])
	}
	t.Log(b.String())
}

func logWordings(t *testing.T, wordings map[string]int) {
	keys := make([]string, 0, len(wordings))
	for k := range wordings {
		keys = append(keys, k)
	}
	sort.Strings(keys)
	for _, k := range keys {
		t.Logf("wording difference (%d times): %s", wordings[k], k)
	}
}

// writeOutcomes writes every case and both answers to the file
// KVAL_BUILTIN_DIFF_OUT names, when it is set.
func writeOutcomes(t *testing.T, cases []diffCase, outcomes []diffOutcome) {
	path := os.Getenv("KVAL_BUILTIN_DIFF_OUT")
	if path == "" {
		return
	}
	var b strings.Builder
	for i, c := range cases {
		fmt.Fprintf(&b, "%d %s [%s]\n kval:           %s\n kube-apiserver: %s\n%s\n", i, describeCase(c), compare(outcomes[i]), outcomes[i].kval, outcomes[i].server, caseJSON(c))
	}
	if err := os.WriteFile(path, []byte(b.String()), 0o644); err != nil {
		t.Error(err)
	}
}
