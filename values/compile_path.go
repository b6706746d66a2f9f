package values

import "strings"

// schemaPath is where a schema node is compiled, for error messages. It
// is a chain of steps rendered only when an error names it: a string built
// at every node would make a schema N levels deep cost O(N²) time and
// memory (issue 27: 5,000 levels took seconds and gigabytes).
type schemaPath struct {
	parent *schemaPath
	step   string
}

func rootPath(name string) *schemaPath { return &schemaPath{step: name} }

func (p *schemaPath) then(step string) *schemaPath { return &schemaPath{parent: p, step: step} }

func (p *schemaPath) String() string {
	var steps []string
	for q := p; q != nil; q = q.parent {
		steps = append(steps, q.step)
	}
	var b strings.Builder
	for i := len(steps) - 1; i >= 0; i-- {
		b.WriteString(steps[i])
	}
	return b.String()
}
