package playbrowser

import (
	"context"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

// browser starts a headless Chromium with a fresh profile for the test.
func browser(t *testing.T, ctx context.Context) context.Context {
	t.Helper()
	path, err := exec.LookPath("chromium")
	if err != nil {
		t.Fatal("chromium not found (apt-get install -y chromium): the playground's browser tests need it")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(path), chromedp.Headless, chromedp.NoSandbox, chromedp.DisableGPU,
		chromedp.NoFirstRun, chromedp.UserDataDir(t.TempDir()), chromedp.WindowSize(1600, 1300),
		chromedp.Flag("disable-quic", true), chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true), chromedp.Flag("disable-sync", true),
	}
	alloc, cancelAlloc := chromedp.NewExecAllocator(ctx, opts...)
	tab, cancelTab := chromedp.NewContext(alloc)
	t.Cleanup(func() { cancelTab(); cancelAlloc() })
	return tab
}

// verdict is what the page shows once it validated.
type verdict struct {
	Verdict  string   `json:"verdict"`
	Message  string   `json:"message"`
	Fields   []string `json:"fields"`
	Warnings []string `json:"warnings"`
	// Ms is the last validation's time, FirstMs the first verdict's time
	// since the navigation started.
	Ms      float64 `json:"ms"`
	FirstMs float64 `json:"firstMs"`
	// When the WebAssembly was compiled and started, and the first
	// answer's timings (package play's Output.Timings).
	EngineCompiledMs, EngineReadyMs, FirstTimings string
}

const readVerdict = `(() => {
  const v = document.getElementById("verdict");
  return {
    verdict: v.dataset.verdict,
    message: v.querySelector(".message").textContent,
    fields: [...document.querySelectorAll("#errors [data-field]")].map((e) => e.dataset.field),
    warnings: [...document.querySelectorAll("#warnings li")].map((e) => e.textContent),
    ms: parseFloat(v.dataset.ms || "-1"),
    firstMs: parseFloat(document.body.dataset.firstVerdictMs || "-1"),
    EngineCompiledMs: document.body.dataset.engineCompiledMs,
    EngineReadyMs: document.body.dataset.engineReadyMs,
    FirstTimings: document.body.dataset.firstTimings,
  };
})()`

// open loads the page at url and waits for its first verdict.
func open(t *testing.T, tab context.Context, url string) verdict {
	t.Helper()
	err := chromedp.Do(tab,
		chromedp.Navigate("about:blank"), // a whole load, not a change of fragment
		chromedp.Navigate(url),
		chromedp.WaitVisible(chromedp.CSS(`#verdict[data-verdict="valid"], #verdict[data-verdict="invalid"], #verdict[data-verdict="error"]`)))
	if err != nil {
		t.Fatalf("%s: %v", url, err)
	}
	return shown(t, tab)
}

// shown reads the verdict the page shows.
func shown(t *testing.T, tab context.Context) verdict {
	t.Helper()
	v, err := chromedp.Run(tab, chromedp.Evaluate[verdict](readVerdict))
	if err != nil {
		t.Fatal(err)
	}
	return v
}

// run runs a script for its effect.
func run(t *testing.T, tab context.Context, script string) {
	t.Helper()
	if _, err := chromedp.Run(tab, chromedp.Evaluate[any](script)); err != nil {
		t.Fatalf("%v\n%s", err, script)
	}
}

func TestThePlaygroundInABrowser(t *testing.T) {
	ctx, cancel := deadline(t)
	defer cancel()
	kval := buildKval(t, ctx)
	page := startPlay(t, ctx, kval)
	tab := browser(t, ctx)
	crd := readRepoFile(t, "examples/crd.yaml")
	ledgerOld := readRepoFile(t, "examples/current/ledger.yaml")

	// The engine's first load, then every case in the same tab: a link to
	// another fragment is a hashchange, validated at once.
	t.Run("the bundled ledger update is invalid at spec.engine", func(t *testing.T) {
		v := open(t, tab, page+fragment(crd, ledgerOld, readRepoFile(t, "examples/objects/ledger.yaml")))
		t.Logf("first verdict %.0f ms after the navigation started (the engine compiled at %s ms, ready at %s ms; its steps in ms: %s)",
			v.FirstMs, v.EngineCompiledMs, v.EngineReadyMs, v.FirstTimings)
		if v.Verdict != "invalid" || !slices.Contains(v.Fields, "spec.engine") ||
			!strings.HasPrefix(v.Message, `The Database "ledger" is invalid:`) {
			t.Fatalf("%+v", v)
		}
		if v.FirstMs <= 0 || v.FirstMs > firstVerdictBound.Seconds()*1000 {
			t.Errorf("the first verdict came %.0f ms after the navigation started, over %v", v.FirstMs, firstVerdictBound)
		}
		screenshot(t, tab)
	})
	t.Run("an edit revalidates", func(t *testing.T) {
		v := edit(t, tab, "new", "engine: mysql", "engine: postgres")
		if v.Verdict != "invalid" || slices.Contains(v.Fields, "spec.engine") || !slices.Contains(v.Fields, "spec.primaryZone") {
			t.Fatalf("%+v", v)
		}
		// The time of a revalidation, median of several edits (the
		// machine is shared: one edit's time is noisy).
		times := []float64{v.Ms}
		for i := range 6 {
			from, to := "version: \"15.6\"", "version: \"15.7\""
			if i%2 == 1 {
				from, to = to, from
			}
			times = append(times, edit(t, tab, "new", from, to).Ms)
		}
		slices.Sort(times)
		median := times[len(times)/2]
		t.Logf("revalidation after an edit: median %.1f ms of %v", median, times)
		if median < 0 || median > revalidationBound.Seconds()*1000 {
			t.Errorf("revalidation took %.1f ms (median), over %v", median, revalidationBound)
		}
	})
	t.Run("an unchanged object is valid", func(t *testing.T) {
		v := open(t, tab, page+fragment(crd, ledgerOld, ledgerOld))
		if v.Verdict != "valid" || len(v.Fields) != 0 || v.Message != "database.example.kval.dev/ledger unchanged" {
			t.Fatalf("%+v", v)
		}
	})
	t.Run("a create a CEL rule rejects", func(t *testing.T) {
		v := open(t, tab, page+fragment(crd, "", readRepoFile(t, "examples/objects/reporting.yaml")))
		want := `The Database "reporting" is invalid: spec.replicas: Invalid value: a replicated database needs a primaryZone`
		if v.Verdict != "invalid" || !slices.Equal(v.Fields, []string{"spec.replicas"}) || v.Message != want {
			t.Fatalf("%+v", v)
		}
	})
	t.Run("a ratcheted update is valid with a warning", func(t *testing.T) {
		old := strings.Replace(ledgerOld, `version: "15.6"`, `version: "fifteen"`, 1)
		v := open(t, tab, page+fragment(crd, old, strings.Replace(old, "003-audit]", "003-audit, 004-index]", 1)))
		if v.Verdict != "valid" || !slices.ContainsFunc(v.Warnings, func(w string) bool {
			return strings.HasPrefix(w, "Warning: spec.version: ") && strings.HasSuffix(w, "(ratcheted: unchanged from the old object)")
		}) {
			t.Fatalf("%+v", v)
		}
		// The same object created is invalid: the ratcheting is the update's.
		if v := open(t, tab, page+fragment(crd, "", old)); v.Verdict != "invalid" || !slices.Contains(v.Fields, "spec.version") {
			t.Fatalf("create: %+v", v)
		}
	})
	t.Run("the static site on another file server", func(t *testing.T) {
		site := exportSite(t, ctx, kval)
		v := open(t, tab, site+fragment(crd, "", readRepoFile(t, "examples/objects/analytics.yaml")))
		if v.Verdict != "valid" || v.Message != "database.example.kval.dev/analytics created" {
			t.Fatalf("%+v", v)
		}
	})
	t.Run("a gallery example", func(t *testing.T) {
		run(t, tab, `const g = document.getElementById("gallery"); g.value = "gatewayclass"; g.dispatchEvent(new Event("change"))`)
		if err := chromedp.Do(tab, chromedp.WaitVisible(chromedp.CSS(`#errors [data-field="spec.controllerName"]`))); err != nil {
			t.Fatal(err)
		}
		if v := shown(t, tab); v.Verdict != "invalid" {
			t.Fatalf("%+v", v)
		}
		hash, err := chromedp.Run(tab, chromedp.Evaluate[string](`location.hash`))
		if err != nil || hash != "#example=gatewayclass" {
			t.Fatalf("the address is %q (%v)", hash, err)
		}
	})
}

// Bounds of the page's performance. The goals are 2 s to the first verdict
// and 150 ms a revalidation; docs/playground.md reports the figures measured. On
// the 2-core CI machine, shared with other builds, the first verdict took
// 3.4 to 7.4 s (the engine's start and the first compilation of the CRD's
// CEL rules, both CPU-bound), so its bound only catches a regression of
// the order of the whole budget; set KVAL_PLAY_FIRST_VERDICT=2s to hold a
// quiet machine to the goal.
var (
	firstVerdictBound = durationEnv("KVAL_PLAY_FIRST_VERDICT", 15*time.Second)
	revalidationBound = durationEnv("KVAL_PLAY_REVALIDATION", 150*time.Millisecond)
)

func durationEnv(name string, def time.Duration) time.Duration {
	if d, err := time.ParseDuration(os.Getenv(name)); err == nil {
		return d
	}
	return def
}

// edit replaces old with new in an editor, as typing does, and waits for
// the debounced revalidation.
func edit(t *testing.T, tab context.Context, editor, old, new string) verdict {
	t.Helper()
	run(t, tab, `(() => {
  document.getElementById("verdict").dataset.ms = "pending";
  const area = document.getElementById(`+strconv.Quote(editor)+`);
  area.value = area.value.replace(`+strconv.Quote(old)+`, `+strconv.Quote(new)+`);
  area.dispatchEvent(new Event("input"));
})()`)
	if err := chromedp.Do(tab, chromedp.WaitNotPresent(chromedp.CSS(`#verdict[data-ms="pending"]`))); err != nil {
		t.Fatal(err)
	}
	return shown(t, tab)
}

// screenshot saves the page in the test's artifact directory.
func screenshot(t *testing.T, tab context.Context) {
	t.Helper()
	png, err := chromedp.Run(tab, chromedp.FullScreenshot(100))
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(t.ArtifactDir(), "playground.png")
	if err := os.WriteFile(path, png, 0o644); err != nil {
		t.Fatal(err)
	}
	t.Logf("screenshot: %s", path)
}
