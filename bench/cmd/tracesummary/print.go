package main

import (
	"fmt"
	"io"
	"maps"
	"slices"
	"strings"
	"time"

	"golang.org/x/exp/trace"
)

// slices of the run in the timeline.
const timelineSlices = 20

func (s *summary) print(w io.Writer) {
	fmt.Fprintf(w, "trace of %v\n\n", time.Duration(s.end-s.start).Round(time.Millisecond))
	s.printClasses(w)
	s.printRanges(w)
	s.printTimeline(w)
}

// printClasses prints the classes that ran at least a millisecond, busiest
// first.
func (s *summary) printClasses(w io.Writer) {
	names := slices.SortedFunc(maps.Keys(s.classes), func(a, b string) int {
		return int(s.classes[b].running - s.classes[a].running)
	})
	for _, name := range names {
		c := s.classes[name]
		if c.running < time.Millisecond {
			continue
		}
		fmt.Fprintf(w, "%s\n  goroutines %d, first run at %s: running %s, runnable %s, in syscalls %s; blocked: %s\n",
			name, c.n, ms(time.Duration(c.firstRun-s.start)), ms(c.running), ms(c.runnable), ms(c.syscalls), blockedText(c.blocked))
	}
}

func blockedText(blocked map[string]time.Duration) string {
	var parts []string
	for _, reason := range slices.Sorted(maps.Keys(blocked)) {
		if d := blocked[reason]; d >= time.Millisecond {
			parts = append(parts, reason+" "+ms(d))
		}
	}
	return strings.Join(parts, ", ")
}

func (s *summary) printRanges(w io.Writer) {
	total := map[string]time.Duration{}
	for _, r := range s.ranges {
		total[r.name] += time.Duration(r.to - r.from)
	}
	fmt.Fprintln(w)
	for _, name := range slices.Sorted(maps.Keys(total)) {
		fmt.Fprintf(w, "%s: %s\n", name, ms(total[name]))
	}
}

// printTimeline prints, per slice of the run, the CPUs busy with goroutines
// (running or in syscalls), the share of it under GC's concurrent mark,
// and the classes that took more than 3% of a CPU.
func (s *summary) printTimeline(w io.Writer) {
	width := trace.Time(int64(s.end-s.start) / timelineSlices)
	fmt.Fprintf(w, "\ntimeline, %v slices: CPUs busy, GC mark share, CPUs by class\n", time.Duration(width).Round(time.Millisecond))
	for i := range timelineSlices {
		from := s.start + width*trace.Time(i)
		to := from + width
		byClass := overlaps(s.spans, from, to)
		var all time.Duration
		var parts []string
		for _, name := range slices.Sorted(maps.Keys(byClass)) {
			all += byClass[name]
			if cpus := float64(byClass[name]) / float64(width); cpus > 0.03 {
				parts = append(parts, fmt.Sprintf("%s %.2f", strings.Split(name, " < ")[0], cpus))
			}
		}
		mark := overlaps(s.ranges, from, to)["GC concurrent mark phase"]
		fmt.Fprintf(w, "%7s  %.2f  GC %3.0f%%  %s\n", ms(time.Duration(from-s.start)),
			float64(all)/float64(width), 100*float64(mark)/float64(width), strings.Join(parts, ", "))
	}
}

// overlaps sums, by name, how much of the spans falls between from and to.
func overlaps(spans []span, from, to trace.Time) map[string]time.Duration {
	out := map[string]time.Duration{}
	for _, sp := range spans {
		if a, z := max(sp.from, from), min(sp.to, to); z > a {
			out[sp.name] += time.Duration(z - a)
		}
	}
	return out
}

func ms(d time.Duration) string { return fmt.Sprintf("%.0fms", float64(d)/float64(time.Millisecond)) }
