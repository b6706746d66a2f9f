// Package compare compares field error lists of kval and upstream in the
// differential tests: by type, field, detail and bad value, in a canonical
// order where upstream's order is random.
package compare
