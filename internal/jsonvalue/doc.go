// Package jsonvalue holds small operations on unstructured JSON values
// (map[string]any, []any, string, int64, float64, bool, nil) that several
// stages need: strict equality, canonical keys and deep copies.
package jsonvalue
