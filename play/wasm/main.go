//go:build js && wasm

// Command wasm is the playground's engine in the browser: it registers
// kvalEvaluate(crd, old, new), which returns package play's answer as
// JSON, and then sets kvalReady to true. All of its logic is package
// play's (tested on the host); this file is only the syscall/js glue.
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
		return evaluate(p, args)
	}))
	js.Global().Set("kvalReady", true)
	if ready := js.Global().Get("onKvalReady"); ready.Type() == js.TypeFunction {
		ready.Invoke()
	}
	select {} // keep the functions callable
}

// evaluate answers one call; a bug that panics is the answer's problem,
// not the end of the page's engine.
func evaluate(p *play.Playground, args []js.Value) (answer any) {
	defer func() {
		if r := recover(); r != nil {
			answer = problem("internal error (a bug in kval): " + js.ValueOf(toString(r)).String())
		}
	}()
	in := play.Input{}
	if len(args) == 3 {
		in = play.Input{CRD: args[0].String(), Old: args[1].String(), New: args[2].String()}
	}
	out, err := json.Marshal(p.Evaluate(context.Background(), in))
	if err != nil {
		return problem(err.Error())
	}
	return string(out)
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
