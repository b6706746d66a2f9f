package crd

import (
	"strings"
	"unicode"
)

// DefaultPlural is the resource name a kind gets without
// +kubebuilder:resource:path: its English plural, lower-cased, by the
// rules controller-gen follows (it pluralizes with the gobuffalo/flect
// library), so that both generators name a CRD alike:
// MapAppendOnlyKeys gives mapappendonlykeys, Policy policies, Gateway
// gateways, ClusterClass clusterclasses.
//
// Only the kind's last word (CamelCase, a run of capitals ending before
// the next word's capital: IPAddress is IP and Address) is inflected:
//   - an irregular noun (plural_words.go) takes its plural, and a word
//     already plural (keys, data, indices) is left alone;
//   - else the first suffix rule whose singular or plural ending the word
//     has decides, the irregular nouns' endings first, in the table's
//     reverse order, then the regular endings (pluralSuffixes): a plural
//     ending leaves the word alone, a singular ending is replaced;
//   - else a word ending in s is taken for a plural, and any other gets s.
//
// flect splits a run of capitals only after the acronyms it knows (IP,
// HTTP, DNS...), this function after any run: the two differ only where
// an unknown acronym precedes an irregular noun (XYZAlias).
func DefaultPlural(kind string) string {
	return strings.ToLower(pluralWord(kind))
}

func pluralWord(kind string) string {
	word := lastWord(kind)
	if word == "" {
		return kind
	}
	if p, ok := irregularPlural[kind]; ok {
		return p
	}
	lower := strings.ToLower(word)
	if knownPlural[kind] || knownPlural[lower] {
		return kind
	}
	stem := strings.TrimSuffix(kind, word)
	if p, ok := irregularPlural[lower]; ok {
		if isCapitalized(word) {
			p = capitalize(p)
		}
		return stem + p
	}
	for _, r := range pluralRules {
		if before, ok := strings.CutSuffix(word, r.from); ok {
			return stem + before + r.to
		}
	}
	if strings.HasSuffix(lower, "s") {
		return kind
	}
	return kind + "s"
}

// lastWord is the last CamelCase word of an identifier.
func lastWord(s string) string {
	runes := []rune(s)
	start := 0
	for i := 1; i < len(runes); i++ {
		upper := unicode.IsUpper(runes[i])
		switch {
		case upper && !unicode.IsUpper(runes[i-1]):
			start = i // fooBar: B starts a word
		case !upper && unicode.IsLower(runes[i]) && unicode.IsUpper(runes[i-1]) && i-1 > start:
			start = i - 1 // IPAddress: A starts a word
		}
	}
	return string(runes[start:])
}

func isCapitalized(s string) bool { return s == capitalize(s) }

func capitalize(s string) string {
	r := []rune(s)
	if len(r) == 0 {
		return s
	}
	r[0] = unicode.ToTitle(r[0])
	return string(r)
}

// pluralRule replaces a word's ending from with to; from == to leaves a
// word that already has the plural ending alone.
type pluralRule struct{ from, to string }

// pluralRules are the suffix rules in the order they are tried: each
// irregular noun's, last noun first, then each regular ending's, the
// plural ending before the singular one.
var pluralRules = func() []pluralRule {
	var rules []pluralRule
	for i := len(irregularNouns) - 1; i >= 0; i-- {
		n := irregularNouns[i]
		if !n.wholeWord {
			rules = append(rules, pluralRule{n.plural, n.plural}, pluralRule{n.singular, n.plural})
		}
	}
	for _, e := range pluralSuffixes {
		rules = append(rules, pluralRule{e[1], e[1]}, pluralRule{e[0], e[1]})
	}
	return rules
}()

// irregularPlural maps each irregular noun to its plural; knownPlural
// holds the plurals (and accepted alternatives) that are taken as such.
var irregularPlural, knownPlural = func() (map[string]string, map[string]bool) {
	plural, known := map[string]string{}, map[string]bool{}
	for _, n := range irregularNouns {
		plural[n.singular] = n.plural
		if !n.oneWay {
			known[n.plural] = true
			for _, a := range n.alternatives {
				known[a] = true
			}
		}
	}
	return plural, known
}()
