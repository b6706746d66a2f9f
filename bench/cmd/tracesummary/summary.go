package main

import (
	"fmt"
	"strings"
	"time"

	"golang.org/x/exp/trace"
)

// summary accumulates a trace's goroutine states by class.
type summary struct {
	start, end trace.Time
	goroutines map[trace.GoID]*goroutine
	classes    map[string]*class
	spans      []span // a class's goroutine on a CPU (running or in a syscall)
	ranges     []span // the runtime's ranges, by name
	open       map[string]trace.Time
}

// goroutine is one goroutine's class and current state.
type goroutine struct {
	class  string
	state  trace.GoState
	since  trace.Time
	reason string // why it waits, when it does
}

// class is what the goroutines that start in one function did.
type class struct {
	n                           int
	firstRun                    trace.Time
	running, runnable, syscalls time.Duration
	blocked                     map[string]time.Duration
}

type span struct {
	name     string
	from, to trace.Time
}

func newSummary() *summary {
	return &summary{goroutines: map[trace.GoID]*goroutine{}, classes: map[string]*class{}, open: map[string]trace.Time{}}
}

func (s *summary) add(e trace.Event) {
	if s.start == 0 {
		s.start = e.Time()
	}
	s.end = e.Time()
	switch e.Kind() {
	case trace.EventRangeBegin:
		s.open[e.Range().Name] = e.Time()
	case trace.EventRangeEnd:
		if from, ok := s.open[e.Range().Name]; ok {
			s.ranges = append(s.ranges, span{e.Range().Name, from, e.Time()})
		}
	case trace.EventStateTransition:
		if st := e.StateTransition(); st.Resource.Kind == trace.ResourceGoroutine {
			s.transition(st, e.Time())
		}
	}
}

// transition charges the time since a goroutine's last transition to its
// class, by the state it leaves.
func (s *summary) transition(st trace.StateTransition, now trace.Time) {
	from, to := st.Goroutine()
	g := s.goroutine(st, from)
	c := s.class(g.class)
	if from == trace.GoNotExist {
		c.n++
	}
	if g.since != 0 {
		s.charge(g, c, time.Duration(now-g.since), now)
	}
	if to == trace.GoRunning && c.firstRun == 0 {
		c.firstRun = now
	}
	g.state, g.since = to, now
	if to == trace.GoWaiting {
		g.reason = st.Reason
	}
}

func (s *summary) charge(g *goroutine, c *class, d time.Duration, now trace.Time) {
	switch g.state {
	case trace.GoRunning:
		c.running += d
		s.spans = append(s.spans, span{g.class, g.since, now})
	case trace.GoRunnable:
		c.runnable += d
	case trace.GoSyscall:
		c.syscalls += d
		s.spans = append(s.spans, span{g.class, g.since, now})
	case trace.GoWaiting:
		c.blocked[g.reason] += d
	}
}

// goroutine is the goroutine of a transition, classified by the stack the
// trace records at its creation ("?" for those that existed before).
func (s *summary) goroutine(st trace.StateTransition, from trace.GoState) *goroutine {
	id := st.Resource.Goroutine()
	g, ok := s.goroutines[id]
	if !ok {
		g = &goroutine{class: "?"}
		if from == trace.GoNotExist {
			g.class = classify(st.Stack)
		}
		s.goroutines[id] = g
	}
	return g
}

func (s *summary) class(name string) *class {
	c, ok := s.classes[name]
	if !ok {
		c = &class{blocked: map[string]time.Duration{}}
		s.classes[name] = c
	}
	return c
}

// classify names a creation stack by its first two frames (function:line).
func classify(stack trace.Stack) string {
	var out []string
	for f := range stack.Frames() {
		out = append(out, fmt.Sprintf("%s:%d", shortFunc(f.Func), f.Line))
		if len(out) == 2 {
			break
		}
	}
	if len(out) == 0 {
		return "?"
	}
	return strings.Join(out, " < ")
}

// shortFunc drops a function's package path and generic shapes.
func shortFunc(fn string) string {
	if i := strings.LastIndex(fn, "/"); i >= 0 {
		fn = fn[i+1:]
	}
	if i := strings.Index(fn, "[go.shape"); i >= 0 {
		fn = fn[:i] + "[...]" + fn[strings.LastIndex(fn, "]")+1:]
	}
	return fn
}
