package play

import (
	"strings"

	"sigs.k8s.io/yaml"
)

// maxDiffCells bounds the diff's table (lines × lines): past it, the
// diff shows the whole input removed and the whole object added.
const maxDiffCells = 4 << 20

// returned renders the object kube-apiserver returns as YAML and diffs it
// against the input object rendered the same way (sorted keys), so that
// only what kube-apiserver changed shows: pruned fields, defaults,
// metadata it sets.
func returned(input, result map[string]any) (string, []DiffLine) {
	in, errIn := yaml.Marshal(input)
	out, errOut := yaml.Marshal(result)
	if errIn != nil || errOut != nil {
		return string(out), []DiffLine{}
	}
	return string(out), diffLines(splitLines(string(in)), splitLines(string(out)))
}

func splitLines(s string) []string {
	return strings.Split(strings.TrimSuffix(s, "\n"), "\n")
}

// diffLines is a line diff of a and b along their longest common
// subsequence.
func diffLines(a, b []string) []DiffLine {
	if len(a)*len(b) > maxDiffCells {
		return replaced(a, b)
	}
	// common[i][j] is the length of the LCS of a[i:] and b[j:].
	common := make([][]int32, len(a)+1)
	for i := range common {
		common[i] = make([]int32, len(b)+1)
	}
	for i := len(a) - 1; i >= 0; i-- {
		for j := len(b) - 1; j >= 0; j-- {
			if a[i] == b[j] {
				common[i][j] = common[i+1][j+1] + 1
			} else {
				common[i][j] = max(common[i+1][j], common[i][j+1])
			}
		}
	}
	return walk(a, b, common)
}

// walk reads the diff off the LCS table, removals before additions.
func walk(a, b []string, common [][]int32) []DiffLine {
	out := make([]DiffLine, 0, max(len(a), len(b)))
	i, j := 0, 0
	for i < len(a) || j < len(b) {
		switch {
		case i < len(a) && j < len(b) && a[i] == b[j]:
			out = append(out, DiffLine{Op: " ", Text: a[i]})
			i, j = i+1, j+1
		case i < len(a) && (j == len(b) || common[i+1][j] >= common[i][j+1]):
			out = append(out, DiffLine{Op: "-", Text: a[i]})
			i++
		default:
			out = append(out, DiffLine{Op: "+", Text: b[j]})
			j++
		}
	}
	return out
}

func replaced(a, b []string) []DiffLine {
	out := make([]DiffLine, 0, len(a)+len(b))
	for _, line := range a {
		out = append(out, DiffLine{Op: "-", Text: line})
	}
	for _, line := range b {
		out = append(out, DiffLine{Op: "+", Text: line})
	}
	return out
}
