package builtin

import (
	"strconv"
	"strings"
)

// minorOf reads the minor version of "1.36", "v1.36" or "1.36.3".
func minorOf(version string) (string, bool) {
	parts := strings.Split(strings.TrimPrefix(version, "v"), ".")
	if len(parts) < 2 || len(parts) > 3 {
		return "", false
	}
	for _, p := range parts {
		if _, err := strconv.ParseUint(p, 10, 32); err != nil {
			return "", false
		}
	}
	return parts[0] + "." + parts[1], true
}

// compareMinor orders minor versions numerically: 1.9 before 1.10.
func compareMinor(a, b string) int {
	am, _ := strconv.Atoi(strings.TrimPrefix(a, "1."))
	bm, _ := strconv.Atoi(strings.TrimPrefix(b, "1."))
	return am - bm
}
