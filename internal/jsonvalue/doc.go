// Package jsonvalue holds small operations on unstructured JSON values
// (map[string]any, []any, string, int64, float64, bool, nil) that several
// stages need: strict equality and canonical keys.
package jsonvalue
