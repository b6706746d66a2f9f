package values

import (
	"net"
	"net/mail"
	"net/netip"
	"net/url"
	"strings"
	"unicode"
	"unicode/utf8"

	netutils "k8s.io/utils/net"
)

// The network formats are defined by the Go parsers kube-openapi calls; the
// IPv4 and CIDR parsers are Kubernetes' "sloppy" ones, which accept leading
// zeros as Go did before 1.17.

func isURI(s string) bool {
	_, err := url.ParseRequestURI(s)
	return err == nil
}

func isEmail(s string) bool {
	addr, err := mail.ParseAddress(s)
	return err == nil && addr.Address != ""
}

func isIPv4(s string) bool {
	if !strings.Contains(s, ".") {
		return false
	}
	// The sloppy parser accepts every IPv4 address Go's strict one does;
	// asking the latter first saves an allocation.
	if addr, err := netip.ParseAddr(s); err == nil && addr.Is4() {
		return true
	}
	return netutils.ParseIPSloppy(s) != nil
}

// isIPv6 is net.ParseIP(s) != nil (which is netip.ParseAddr without a zone),
// without allocating, and a colon.
func isIPv6(s string) bool {
	if !strings.Contains(s, ":") {
		return false
	}
	addr, err := netip.ParseAddr(s)
	return err == nil && addr.Zone() == ""
}

func isCIDR(s string) bool {
	_, _, err := netutils.ParseCIDRSloppy(s)
	return err == nil
}

func isMAC(s string) bool {
	_, err := net.ParseMAC(s)
	return err == nil
}

// isHostname accepts RFC 1034 host names as kube-openapi does: a single
// label (a letter, digit, symbol or Unicode letter, an optional dash, then up
// to 62 such characters), or dot-terminated labels (up to 63 characters, no
// dash at either end) followed by a top-level domain of 2 to 63 letters; at
// most 255 bytes in all and 63 bytes per label. Invalid UTF-8 bytes count as
// U+FFFD, a symbol, as in Go's regexp.
func isHostname(s string) bool {
	if !isSingleLabelHost(s) && !isDottedHost(s) {
		return false
	}
	if len(s) > 255 {
		return false
	}
	for _, part := range strings.Split(s, ".") {
		if len(part) > 63 {
			return false
		}
	}
	return true
}

// isHostChar is [a-zA-Z0-9\p{S}\p{L}]: ASCII symbols such as = and + count.
func isHostChar(r rune) bool {
	return r < utf8.RuneSelf && isDigit(byte(r)) || unicode.Is(unicode.S, r) || unicode.Is(unicode.L, r)
}

func isTLDChar(r rune) bool { return unicode.Is(unicode.L, r) }

// isSingleLabelHost matches [A]-?[A]{0,62}.
func isSingleLabelHost(s string) bool {
	r, size := utf8.DecodeRuneInString(s)
	if size == 0 || !isHostChar(r) {
		return false
	}
	rest := strings.TrimPrefix(s[size:], "-")
	count := 0
	for _, r := range rest {
		if !isHostChar(r) {
			return false
		}
		count++
	}
	return count <= 62
}

// isDottedHost matches (label\.)+tld.
func isDottedHost(s string) bool {
	parts := strings.Split(s, ".")
	if len(parts) < 2 {
		return false
	}
	for _, label := range parts[:len(parts)-1] {
		if !isDottedLabel(label) {
			return false
		}
	}
	tld := parts[len(parts)-1]
	count := 0
	for _, r := range tld {
		if !isTLDChar(r) {
			return false
		}
		count++
	}
	return count >= 2 && count <= 63
}

// isDottedLabel matches [A]([C]{0,61}[A])? where C adds the dash to A.
func isDottedLabel(label string) bool {
	count := 0
	var last rune
	for i, r := range label {
		switch {
		case i == 0 && !isHostChar(r):
			return false
		case r != '-' && !isHostChar(r):
			return false
		}
		last = r
		count++
	}
	return count >= 1 && count <= 63 && last != '-'
}

func isASCIILetter(c byte) bool { return c|0x20 >= 'a' && c|0x20 <= 'z' }
func isDigit(c byte) bool       { return c >= '0' && c <= '9' }
