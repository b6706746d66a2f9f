// Package startgc holds kval's garbage collection percents and sets them
// unless the environment sets GOGC: kval validate and kval serve keep
// LessPercent, which every kval process starts with (package early, which
// only cmd/kval imports), and the other commands get Go's default back.
package startgc
