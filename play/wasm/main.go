//go:build js && wasm

// Command wasm is the playground's engine in the browser: it registers
// kvalEvaluate(crd, old, new) and kvalInspect(crd), which return package
// play's Output and Report as JSON, and then sets kvalReady to true. All
// of its logic is package play's (tested on the host); this file is only
// the syscall/js glue.
package main

import (
	"context"
	"encoding/json"
	"syscall/js"

	"github.com/kval-dev/kval/play"
)

func main() {
	p := play.New()
	js.Global().Set("kvalEvaluate", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return answer(func() any {
			return p.Evaluate(context.Background(), play.Input{CRD: arg(args, 0), Old: arg(args, 1), New: arg(args, 2)})
		})
	}))
	js.Global().Set("kvalInspect", js.FuncOf(func(_ js.Value, args []js.Value) any {
		return answer(func() any { return p.Inspect(context.Background(), arg(args, 0)) })
	}))
	js.Global().Set("kvalReady", true)
	select {} // keep the functions callable
}

func arg(args []js.Value, i int) string {
	if i < len(args) && args[i].Type() == js.TypeString {
		return args[i].String()
	}
	return ""
}

// answer returns f's result as JSON; a bug that panics is the answer's
// problem, not the end of the page's engine.
func answer(f func() any) (out any) {
	defer func() {
		if r := recover(); r != nil {
			out = problem("internal error (a bug in kval: please report it with the input that caused it): " + toString(r))
		}
	}()
	data, err := json.Marshal(f())
	if err != nil {
		return problem(err.Error())
	}
	return string(data)
}

func problem(msg string) string {
	out, _ := json.Marshal(map[string]any{"verdict": play.Unusable, "problems": []play.Problem{{Input: "new", Message: msg}}})
	return string(out)
}

func toString(v any) string {
	if err, ok := v.(error); ok {
		return err.Error()
	}
	if s, ok := v.(string); ok {
		return s
	}
	return "panic"
}
