package defaults

import (
	"slices"
	"sync"

	"github.com/kval-dev/kval/internal/jsonvalue"
)

// lazyDefault is a node's default, served (servedDefault) on first use.
// The schemas of built-in kinds hold hundreds of defaults each (a
// Deployment's 454, in every container's ports, probes and volumes), and
// serving one wraps it in an object and prunes it: most of compiling such
// a schema, for defaults an object seldom reaches. Which nodes have a
// default is still known at once, so the walks are planned as before; a
// default that serves as nothing (nil) is never set, as when it was
// served at once and the node counted as having none.
type lazyDefault struct {
	once  sync.Once
	value any
	// serve computes value; nil once it has run.
	serve func() any
}

// lazyDefault returns the default def of the node at, to be served on
// first use. It is copied now, as it was served at once before: what the
// schema holds then is what is served.
func (b *builder) lazyDefault(def any, at focus) *lazyDefault {
	def = jsonvalue.DeepCopy(def)
	if b.unpruned {
		return &lazyDefault{serve: func() any { return def }}
	}
	root, at := b.root, slices.Clone(at) // the builder reuses its focus
	return &lazyDefault{serve: func() any { return servedDefault(root, at, def) }}
}

// served is the served default; nil when there is none, or nothing of it
// is served.
func (d *lazyDefault) served() any {
	if d == nil {
		return nil
	}
	d.once.Do(func() {
		d.value, d.serve = d.serve(), nil
	})
	return d.value
}

// setIn sets a copy of the served default as field name of x, if anything
// of it is served.
func (d *lazyDefault) setIn(x map[string]any, name string) {
	if v := d.served(); v != nil {
		x[name] = jsonvalue.DeepCopy(v)
	}
}
