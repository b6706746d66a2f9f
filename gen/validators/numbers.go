package validators

import (
	"math"
	"strconv"
)

// Tag numbers must be written in canonical decimal form: "0100", "+5" or
// "0x10" would be read differently by different people and tools, so they
// are rejected rather than guessed.

func parseDecimal(s string) (int64, error) {
	n, err := strconv.ParseInt(s, 10, 64)
	if err != nil || strconv.FormatInt(n, 10) != s {
		return 0, fixf("write it in decimal without leading zeros or sign prefixes", "%q is not a canonical decimal integer", s)
	}
	return n, nil
}

func parseSigned(s string, bits int) (int64, error) {
	n, err := parseDecimal(s)
	if err != nil {
		return 0, err
	}
	lo, hi := int64(math.MinInt64), int64(math.MaxInt64)
	if bits < 64 {
		lo, hi = -(int64(1) << (bits - 1)), int64(1)<<(bits-1)-1
	}
	if n < lo || n > hi {
		return 0, errorf("value %d does not fit in int%d (range [%d, %d])", n, bits, lo, hi)
	}
	return n, nil
}

func parseUnsigned(s string, bits int) (uint64, error) {
	n, err := strconv.ParseUint(s, 10, 64)
	if err != nil || strconv.FormatUint(n, 10) != s {
		return 0, fixf("write a non-negative decimal integer without leading zeros", "%q is not a canonical unsigned integer", s)
	}
	hi := uint64(math.MaxUint64)
	if bits < 64 {
		hi = uint64(1)<<bits - 1
	}
	if n > hi {
		return 0, errorf("value %d does not fit in uint%d (range [0, %d])", n, bits, hi)
	}
	return n, nil
}

func parseBool(s string) (bool, error) {
	switch s {
	case "true":
		return true, nil
	case "false":
		return false, nil
	}
	return false, errorf("%q is not a boolean (true or false)", s)
}
