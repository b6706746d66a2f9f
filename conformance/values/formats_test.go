package values

import (
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

// formatSeeds are valid and nearly valid values of each format, which the
// random edits below start from.
var formatSeeds = []string{
	"507f1f77bcf86cd799439011", "https://example.com/a?b=c#d", "/p", "mailto:x@y", "user@example.com",
	"A <a@b.c>", "example.com", "a-b.c.d", "exa_mple.com", "日本.jp", "a.b-", "192.168.0.1", "010.0.0.1",
	"2001:db8::1", "::ffff:1.2.3.4", "fe80::1%eth0", "10.0.0.0/8", "::/0", "01:23:45:67:89:ab",
	"0123.4567.89ab", "01-23-45-67-89-ab-cd-ef", "123e4567-e89b-12d3-a456-426614174000",
	"a3bb189e-8bf9-3888-9912-ace4e6543002", "f47ac10b-58cc-4372-a567-0e02b2c3d479",
	"886313e1-3b8a-5372-9b90-0c9aee199e5d", "0321751043", "0-8044-2957-X", "978-0321751041",
	"4111 1111 1111 1111", "378282246310005", "30569309025904", "6011111111111117", "3530111333300000",
	"213100000000003", "123-45-6789", "123 45 6789", "#ffeedd", "abc", "rgb(255, 0, 10)", "rgb(0,0,0)",
	"aGVsbG8=", "YQ==", "YWJj", "2024-02-29", "2023-02-29", "1h30m", "3 days", "5 µs", "7 microseconds",
	"99999999999999999999d", "1 hour 2 mins", "2024-01-02T03:04:05Z", "2024-01-02t03:04:05.123+02:00",
	"2024-01-02T03:04:05xyz", "2024-01-02T03:04:05.1Zt9", "my-name", "a.b.c", "-a", "a-", "", "x",
}

// edit applies a random insertion, deletion or replacement.
func edit(r *rand.Rand, s string) string {
	alphabet := []string{"0", "1", "9", "a", "f", "g", "X", "x", ":", ".", "-", "/", " ", "T", "t", "Z", "z",
		"+", "%", "@", "<", ">", "(", ")", ",", "=", "é", "日", "µ", "μ", "\xff", "\n", "😀", "_", "#", "[", "]"}
	b := []rune(s)
	pos := 0
	if len(b) > 0 {
		pos = r.Intn(len(b) + 1)
	}
	c := alphabet[r.Intn(len(alphabet))]
	switch op := r.Intn(3); {
	case op == 0 || len(b) == 0:
		return string(b[:pos]) + c + string(b[pos:])
	case op == 1 && pos < len(b):
		return string(b[:pos]) + string(b[pos+1:])
	case pos < len(b):
		return string(b[:pos]) + c + string(b[pos+1:])
	}
	return s + c
}

// TestFormats compares kval's format checks with kube-openapi's on seeds and
// on thousands of random edits of them, for every format.
func TestFormats(t *testing.T) {
	var c tally
	r := rand.New(rand.NewSource(1))
	inputs := append([]string(nil), formatSeeds...)
	for i := 0; i < 3000; i++ {
		s := formatSeeds[r.Intn(len(formatSeeds))]
		for n := 1 + r.Intn(3); n > 0; n-- {
			s = edit(r, s)
		}
		inputs = append(inputs, s)
	}
	for _, f := range append(formatNames, "int32", "unknown") {
		p, _ := craftedPair(t, fmt.Sprintf(`{type: string, format: %q}`, f))
		for _, s := range inputs {
			p.create(t, &c, fmt.Sprintf("format %s: %q", f, s), s)
		}
	}
	report(t, fmt.Sprintf("formats (%d strings per format)", len(inputs)), c)
}

// FuzzFormats extends TestFormats with the fuzzer: go test -fuzz FuzzFormats.
func FuzzFormats(f *testing.F) {
	for _, s := range formatSeeds {
		f.Add(s)
	}
	pairs := map[string]*pair{}
	f.Fuzz(func(t *testing.T, s string) {
		var c tally
		for _, name := range formatNames {
			p := pairs[name]
			if p == nil {
				p, _ = craftedPair(t, fmt.Sprintf(`{type: string, format: %q}`, name))
				pairs[name] = p
			}
			p.create(t, &c, fmt.Sprintf("format %s: %q", name, s), strings.Clone(s))
		}
	})
}
