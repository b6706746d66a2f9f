package values

import (
	"flag"
	"fmt"
	"hash/fnv"
	"sort"
	"strings"
	"testing"

	"github.com/kval-dev/kval/internal/objgen"
)

var (
	generatedObjects = flag.Int("generated", 200, "generated objects per CRD version (each also violated)")
	generatedUpdates = flag.Int("updates", 200, "generated updates per CRD version")
)

// genStats counts what the generated inputs exercised.
type genStats struct {
	valid, invalid int            // generated objects upstream accepts and rejects
	violated       map[string]int // violations injected, by keyword
	updates        int
	ratcheted      int // updates where upstream ratcheted errors
}

// TestGeneratedObjects compares kval and upstream on generated objects of
// every corpus CRD version: valid ones, the same with one to three keywords
// violated, and updates (random mutations of valid and violated objects).
func TestGeneratedObjects(t *testing.T) {
	var c tally
	stats := genStats{violated: map[string]int{}}
	for _, cv := range corpusVersions(t) {
		if cv.upstream == nil {
			continue
		}
		t.Run(cv.name, func(t *testing.T) {
			p := newPair(t, cv.kval, cv.upstream)
			g := objgen.New(seedOf(cv.name), objgen.ValidOnly)
			apiVersion := cv.group + "/" + cv.version
			for i := 0; i < *generatedObjects; i++ {
				obj := g.Resource(cv.kval, apiVersion, cv.kind)
				p.create(t, &c, fmt.Sprintf("%s valid #%d", cv.name, i), obj)
				stats.count(p, obj)
				bad := g.Mutate(cv.kval, obj)
				for n := 1 + i%3; n > 0; n-- {
					if v, ok := g.Violate(cv.kval, bad); ok {
						stats.violated[v.Keyword]++
					}
				}
				p.create(t, &c, fmt.Sprintf("%s violated #%d", cv.name, i), bad)
				stats.count(p, bad)
			}
			for i := 0; i < *generatedUpdates; i++ {
				old := g.Resource(cv.kval, apiVersion, cv.kind)
				if i%2 == 1 {
					g.Violate(cv.kval, old)
				}
				obj := g.Mutate(cv.kval, old)
				p.update(t, &c, fmt.Sprintf("%s update #%d", cv.name, i), obj, old)
				stats.updates++
				if _, ratcheted := p.upstream.update(nil, obj, old); len(ratcheted) > 0 {
					stats.ratcheted++
				}
			}
		})
	}
	report(t, "generated objects and updates", c)
	msg := fmt.Sprintf("conformance/values: generated %d objects upstream accepts and %d it rejects (%d+%d per CRD version); %d updates, %d with ratcheted errors; violations injected: %s",
		stats.valid, stats.invalid, *generatedObjects, *generatedObjects, stats.updates, stats.ratcheted, stats.violations())
	t.Log(msg)
	fmt.Println(msg)
}

func (s *genStats) count(p *pair, obj map[string]any) {
	if len(p.upstream.create(nil, obj)) == 0 && len(p.upstream.listTypes(obj)) == 0 {
		s.valid++
	} else {
		s.invalid++
	}
}

func (s *genStats) violations() string {
	var parts []string
	for k, n := range s.violated {
		parts = append(parts, fmt.Sprintf("%s %d", k, n))
	}
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}

func seedOf(name string) int64 {
	h := fnv.New64a()
	h.Write([]byte(name))
	return int64(h.Sum64() >> 1)
}
