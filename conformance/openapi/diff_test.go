package openapi

import (
	"fmt"
	"reflect"
	"sort"
	"strings"
)

// jsonDiff lists where two JSON values differ, by JSON pointer-like path.
func jsonDiff(path string, kval, up any) []string {
	if reflect.DeepEqual(kval, up) {
		return nil
	}
	km, kok := kval.(map[string]any)
	um, uok := up.(map[string]any)
	if kok && uok {
		var diffs []string
		for _, k := range unionKeys(km, um) {
			kv, kin := km[k]
			uv, uin := um[k]
			p := path + "/" + strings.NewReplacer("~", "~0", "/", "~1").Replace(k)
			switch {
			case !kin:
				diffs = append(diffs, fmt.Sprintf("%s: only upstream has it: %s", p, short(uv)))
			case !uin:
				diffs = append(diffs, fmt.Sprintf("%s: only kval has it: %s", p, short(kv)))
			default:
				diffs = append(diffs, jsonDiff(p, kv, uv)...)
			}
		}
		return diffs
	}
	ka, kok := kval.([]any)
	ua, uok := up.([]any)
	if kok && uok && len(ka) == len(ua) {
		var diffs []string
		for i := range ka {
			diffs = append(diffs, jsonDiff(fmt.Sprintf("%s/%d", path, i), ka[i], ua[i])...)
		}
		return diffs
	}
	return []string{fmt.Sprintf("%s: kval %s, upstream %s", path, short(kval), short(up))}
}

func unionKeys(a, b map[string]any) []string {
	seen := map[string]bool{}
	var keys []string
	for _, m := range []map[string]any{a, b} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				keys = append(keys, k)
			}
		}
	}
	sort.Strings(keys)
	return keys
}

func short(v any) string {
	s := fmt.Sprintf("%v", v)
	if len(s) > 200 {
		s = s[:200] + "..."
	}
	return s
}
