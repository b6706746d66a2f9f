package hostile

import (
	"strings"
	"testing"
	"time"
)

// TestAnAliasedScalarIsBoundedByBytes: a 2.4 MB scalar aliased 6,000 times
// (14 GB once expanded) is refused as larger than kube-apiserver's limit
// after reading at most that many bytes of its expansion (it took 28 s of
// CPU when every alias was expanded).
func TestAnAliasedScalarIsBoundedByBytes(t *testing.T) {
	doc := "apiVersion: v1\nkind: ConfigMap\nmetadata: {name: c, namespace: ns}\ndata:\n  big: &a " + strings.Repeat("x", 2400000) +
		"\nitems:\n" + strings.Repeat("  - *a\n", 6000)
	check(t, run{args: []string{"validate", file(t, "alias.yaml", doc)}}, expect{
		code: 1, stdout: []string{"document is larger than 3145728 bytes as JSON"}, within: 5 * time.Second, maxRSSMB: 200,
	})
}
