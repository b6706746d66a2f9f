package hostile

import (
	"strings"
	"testing"
	"time"
)

// Item 6: no input reaches a Go fatal error. Every case of this suite
// checks that stderr holds no "fatal error:", "panic:" or goroutine stack;
// these are the inputs that a parser is most likely to die on, all of them
// reported as invalid documents (exit 1) in bounded time and memory.
func TestInputsThatCouldCrash(t *testing.T) {
	laughs := "a: &a [x, x, x, x, x, x, x, x, x]\n"
	for i := 'b'; i <= 'k'; i++ {
		laughs += string(i) + ": &" + string(i) + " [*" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + ", *" + string(i-1) + "]\n"
	}
	for name, tc := range map[string]struct{ stdin, want string }{
		"alias bomb":        {laughs, "<stdin>:1: invalid document: yaml: document contains excessive aliasing"},
		"deep yaml":         {"a: " + strings.Repeat("[", 100000) + strings.Repeat("]", 100000) + "\n", "nesting is deeper than 10000 levels"},
		"deep json":         {strings.Repeat(`{"a":`, 100000) + "1" + strings.Repeat("}", 100000), "nesting is deeper than 10000 levels"},
		"unterminated json": {`{"a": [` + strings.Repeat(`"x", `, 100000), "unexpected end of JSON input"},
		"not utf-8":         {"a: \xff\xfe\n", "<stdin>:1: invalid document: yaml: invalid leading UTF-8 octet"},
		"nul bytes":         {"a: 1\x00\x00\n", "<stdin>:1: invalid document: yaml: control characters are not allowed"},
		"infinity":          {"apiVersion: example.kval.dev/v1\nkind: Database\nmetadata: {name: x}\nspec:\n  replicas: .inf\n", "line 5: spec.replicas: .inf is not a number JSON can hold"},
	} {
		t.Run(name, func(t *testing.T) {
			check(t, run{args: []string{"validate", "--crd", crd(), "-"}, stdin: tc.stdin}, expect{
				code: 1, onceOut: tc.want, within: 20 * time.Second, maxRSSMB: 150,
			})
		})
	}
}
