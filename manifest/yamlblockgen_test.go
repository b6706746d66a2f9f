package manifest

import (
	"flag"
	"fmt"
	"math/rand"
	"strings"
	"testing"
)

var generatedDocs = flag.Int("yamlblock.docs", 3000, "documents TestBlockYAMLOnGeneratedDocuments generates")

// TestBlockYAMLOnGeneratedDocuments compares the fast path with yaml.v2 on
// random documents of the constructs it reads, where the byte-level fuzzer
// rarely goes: nesting, scalars over lines, block scalars with empty and
// more indented lines, flow collections. Half the documents have one line
// moved left or right, to probe the edges of the indentation rules.
func TestBlockYAMLOnGeneratedDocuments(t *testing.T) {
	rng := rand.New(rand.NewSource(1))
	var share blockShare
	for i := range *generatedDocs {
		g := docGenerator{rng: rng}
		g.mapping(0, 0, false)
		doc := g.b.String()
		if i%2 == 1 {
			doc = shiftLine(rng, doc)
		}
		accepted := compareBlock(t, fmt.Sprintf("generated document %d", i), []byte(doc))
		if _, err := decodeYAMLv2([]byte(doc), 1); err == nil {
			share.valid++
			share.accepted += btoi(accepted)
		}
	}
	t.Logf("fast path took %v valid generated documents", share)
	if share.accepted*10 < share.valid*6 {
		t.Errorf("fast path took only %v valid generated documents", share)
	}
}

// shiftLine moves a random line of doc one column left or right.
func shiftLine(rng *rand.Rand, doc string) string {
	lines := strings.Split(doc, "\n")
	i := rng.Intn(len(lines))
	if rng.Intn(2) == 0 || !strings.HasPrefix(lines[i], " ") {
		lines[i] = " " + lines[i]
	} else {
		lines[i] = lines[i][1:]
	}
	return strings.Join(lines, "\n")
}

// docGenerator writes a random document.
type docGenerator struct {
	rng  *rand.Rand
	b    strings.Builder
	keys int
}

func (g *docGenerator) pick(options ...string) string {
	return options[g.rng.Intn(len(options))]
}

func (g *docGenerator) line(indent int, text string) {
	g.b.WriteString(strings.Repeat(" ", indent) + text + "\n")
}

var (
	trickyKeys = []string{"on", "1", "a:b", "-x", "~", "n", "x#y", "<<", "k", "'k'", "a", "1.5", "yES", "0x1"}
	keyForms   = []string{"%s", "'%s'", `"%s"`, "%s x", "%s  "}
	scalars    = []string{"b", "8080", "-1", "0", "500m", "1Gi", "0.5", "1e3", "0x1F", "true", "No", "~", "null",
		"'it''s'", `"a\tb"`, `"x: y"`, "'#'", "a #c", "a#b", "{}", "[]", "[a, 1, 'b']", "{a: 1, b: [c]}",
		"[a, [b, {c: d}]]", "12:30", "1.2.3", "2024-01-01", "é", "a b  c", "/path", "nginx:1.2", "-c", "<<"}
	trickyScalars = []string{"x: y", "- a", "&a b", "*a", "!t b", "'", "\"", ".inf", "[a,", "{a}", "ÿ", "[a, ]",
		"{a: 1, a: 2}", "| x", "'a' b", `"\u00e9"`, "%x", "@x", "[- a]", "{a: }"}
)

// key returns a new key, or one of trickyKeys.
func (g *docGenerator) key() string {
	if g.rng.Intn(10) == 0 {
		return g.pick(trickyKeys...)
	}
	g.keys++
	return fmt.Sprintf(g.pick(keyForms...), fmt.Sprintf("k%d", g.keys))
}

// scalar returns a scalar that ends a line, rarely one the fast path
// declines or yaml.v2 refuses.
func (g *docGenerator) scalar() string {
	if g.rng.Intn(10) == 0 {
		return g.pick(trickyScalars...)
	}
	return g.pick(scalars...)
}

// mapping writes a block mapping at column indent; compact when its first
// key follows a dash already written.
func (g *docGenerator) mapping(indent, depth int, compact bool) {
	for i := range 1 + g.rng.Intn(4) {
		if g.rng.Intn(8) == 0 && !(compact && i == 0) {
			g.line(indent+g.rng.Intn(3), "# comment")
		}
		g.value(indent, g.key()+":", depth, true, compact && i == 0)
	}
}

// sequence writes a block sequence at column indent.
func (g *docGenerator) sequence(indent, depth int) {
	for range 1 + g.rng.Intn(3) {
		dash := "-" + strings.Repeat(" ", 1+g.rng.Intn(2))
		if g.rng.Intn(3) == 0 && depth < 6 { // a compact mapping
			g.b.WriteString(strings.Repeat(" ", indent) + dash)
			g.mapping(indent+len(dash), depth+1, true)
			continue
		}
		g.value(indent, strings.TrimRight(dash, " "), depth, false, false)
	}
}

// value writes head (a key and ':' or a dash) at column indent, and a
// value after it, on its line or below; after the dash already written
// when compact.
func (g *docGenerator) value(indent int, head string, depth int, inMapping, compact bool) {
	prefix := strings.Repeat(" ", indent)
	if compact {
		prefix = ""
	}
	inner := indent + 1 + g.rng.Intn(3)
	switch choice := g.rng.Intn(12); {
	case choice < 4 || depth > 6:
		g.b.WriteString(prefix + head + " " + g.scalar() + g.pick("", "  ", " # c") + "\n")
	case choice == 4:
		g.b.WriteString(prefix + head + g.pick("", " ", " # c") + "\n")
		if inMapping && g.rng.Intn(2) == 0 {
			g.sequence(indent, depth+1)
		}
	case choice == 5:
		g.b.WriteString(prefix + head + "\n")
		g.mapping(inner, depth+1, false)
	case choice == 6:
		g.b.WriteString(prefix + head + "\n")
		g.sequence(inner-1, depth+1)
	case choice == 7 || choice == 8:
		g.b.WriteString(prefix + head + " " + g.pick("|", "|-", "|+", ">", ">-", ">+", "| # c") + "\n")
		g.blockLines(inner)
	default:
		g.b.WriteString(prefix + head + " " + g.pick("b", "'b", `"b`, "1", "b  ", "'b''", `"b\n`, `"b\ `) + "\n")
		g.scalarLines(inner)
	}
}

// blockLines writes the lines of a block scalar indented by indent.
func (g *docGenerator) blockLines(indent int) {
	for range g.rng.Intn(5) {
		switch g.rng.Intn(6) {
		case 0:
			g.line(0, strings.Repeat(" ", g.rng.Intn(indent+3)))
		case 1:
			g.line(indent+1+g.rng.Intn(2), g.pick("more", "# not a comment", "x  "))
		default:
			g.line(indent, g.pick("text", "a: b", "- c", "#d", "e  f ", "'g'"))
		}
	}
}

// scalarLines writes the lines that may go on with a plain or quoted
// scalar, indented by indent, and may close a quoted one.
func (g *docGenerator) scalarLines(indent int) {
	for range g.rng.Intn(4) {
		switch g.rng.Intn(5) {
		case 0:
			g.line(0, strings.Repeat(" ", g.rng.Intn(indent+2)))
		case 1:
			g.line(indent, g.pick("# c", "c: d", "- e"))
		default:
			g.line(indent+g.rng.Intn(2), g.pick("more", "words  here", "x'", `y"`, "z''", `\"w\"`, "v'  # c", `u" # c`, "t #c"))
		}
	}
}
