package jsonvalue

import (
	"bytes"
	"encoding/json"
	"math"
	"testing"
)

// marshalCases cover every kind of value and every escape encoding/json
// makes.
var marshalCases = []any{
	nil, true, false, int64(0), int64(-9007199254740993), 1.5, 1e21, 1e-7, -0.0, 3.0,
	"", "plain", "quote\" back\\ slash", "\b\f\n\r\t\x00\x1f\x7f", "<a href='x'>&amp;</a>",
	"\u2028\u2029", "caf\xc3\xa9 \xff\xfe \xe2\x82", "\ufffd valid replacement", "日本語",
	map[string]any{}, map[string]any(nil), []any{}, []any(nil),
	map[string]any{"b": int64(1), "a": []any{"x", nil, map[string]any{"z": true, "<": 2.25}}, "\xff": "k"},
	int32(7), uint8(3), map[string]string{"typed": "map"},
}

func TestMarshalIsEncodingJSONs(t *testing.T) {
	for _, v := range marshalCases {
		assertMarshalsAsJSON(t, v)
	}
}

func FuzzMarshalIsEncodingJSONs(f *testing.F) {
	f.Add("key", "value", int64(1), 2.5)
	f.Fuzz(func(t *testing.T, k, s string, i int64, x float64) {
		assertMarshalsAsJSON(t, map[string]any{k: s, s: []any{i, x, k, map[string]any{"": s}}})
	})
}

func assertMarshalsAsJSON(t *testing.T, v any) {
	t.Helper()
	got, err := Marshal(v)
	want, wantErr := json.Marshal(v)
	if (err != nil) != (wantErr != nil) || (err == nil && !bytes.Equal(got, want)) {
		t.Errorf("Marshal(%#v) = %s, %v; encoding/json: %s, %v", v, got, err, want, wantErr)
	}
}

// TestMarshalRefusesWhatJSONRefuses: NaN has no JSON form.
func TestMarshalRefusesWhatJSONRefuses(t *testing.T) {
	_, err := Marshal(map[string]any{"a": []any{math.NaN()}})
	_, want := json.Marshal(math.NaN())
	if err == nil || err.Error() != want.Error() {
		t.Errorf("error %v, want %v", err, want)
	}
}

// BenchmarkMarshal against encoding/json on a Deployment-sized object.
func BenchmarkMarshal(b *testing.B) {
	container := map[string]any{"name": "web", "image": "nginx:1.29", "ports": []any{map[string]any{"containerPort": int64(80), "protocol": "TCP"}},
		"resources": map[string]any{"limits": map[string]any{"cpu": "500m", "memory": "128Mi"}}, "args": []any{"--a=1", "--b=<x>"}}
	obj := map[string]any{"apiVersion": "apps/v1", "kind": "Deployment",
		"metadata": map[string]any{"name": "web", "namespace": "ns", "labels": map[string]any{"app": "web", "tier": "front"}},
		"spec": map[string]any{"replicas": int64(3), "selector": map[string]any{"matchLabels": map[string]any{"app": "web"}},
			"template": map[string]any{"metadata": map[string]any{"labels": map[string]any{"app": "web"}},
				"spec": map[string]any{"containers": []any{container, container}}}}}
	b.Run("kval", func(b *testing.B) {
		for b.Loop() {
			_, _ = Marshal(obj)
		}
	})
	b.Run("encoding-json", func(b *testing.B) {
		for b.Loop() {
			_, _ = json.Marshal(obj)
		}
	})
}
