// Package intlist reads the comma-separated positive integers the bench
// commands take as flags (rates, sizes, worker counts).
package intlist

import (
	"fmt"
	"strconv"
	"strings"
)

// Parse reads list ("1,2, 4"); what names an item in the error ("bad rate
// \"x\"").
func Parse(list, what string) ([]int, error) {
	var out []int
	for _, field := range strings.Split(list, ",") {
		n, err := strconv.Atoi(strings.TrimSpace(field))
		if err != nil || n <= 0 {
			return nil, fmt.Errorf("bad %s %q", what, field)
		}
		out = append(out, n)
	}
	return out, nil
}
