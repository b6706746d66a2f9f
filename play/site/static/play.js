// The playground page: editors, the URL fragment, and the rendering of
// package play's answers. The engine is kval.wasm (play/wasm), which
// defines kvalEvaluate(crd, old, new) -> JSON.
"use strict";

const inputs = ["crd", "old", "new"];
const editors = {};
const debounceMs = 120;
let gallery = [];
let timer = 0;
let lastHash = "";
let first = true;
// inspected is the CRD text the tabs show the report of; report is that
// report (lint, rule costs, lower), computed after the verdict.
let inspected = null;
let report = null;
let answer = null;

// --- the URL fragment: #crd=<b64url>&old=<b64url>&new=<b64url> or #example=<id>

function encode(text) {
  const bytes = new TextEncoder().encode(text);
  let bin = "";
  for (let i = 0; i < bytes.length; i += 0x8000) {
    bin += String.fromCharCode.apply(null, bytes.subarray(i, i + 0x8000));
  }
  return btoa(bin).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function decode(value) {
  let b64 = value.replace(/-/g, "+").replace(/_/g, "/");
  while (b64.length % 4) b64 += "=";
  const bin = atob(b64);
  const bytes = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) bytes[i] = bin.charCodeAt(i);
  return new TextDecoder().decode(bytes);
}

function readFragment() {
  const params = {};
  for (const part of location.hash.replace(/^#/, "").split("&")) {
    const eq = part.indexOf("=");
    if (eq > 0) params[part.slice(0, eq)] = part.slice(eq + 1);
  }
  return params;
}

function writeFragment(hash) {
  lastHash = hash;
  if (location.hash !== hash) history.replaceState(null, "", hash || location.pathname);
}

function stateHash() {
  const parts = ["crd=" + encode(editors.crd.value)];
  if (editors.old.value.trim() !== "") parts.push("old=" + encode(editors.old.value));
  parts.push("new=" + encode(editors.new.value));
  return "#" + parts.join("&");
}

// loadFragment fills the editors from the fragment; false when it names
// nothing.
function loadFragment() {
  const params = readFragment();
  if (params.crd !== undefined || params.new !== undefined) {
    try {
      for (const name of inputs) setText(name, params[name] ? decode(params[name]) : "");
    } catch (e) {
      showStatus("the link's fragment is not base64url: " + e.message);
      return false;
    }
    lastHash = location.hash;
    document.getElementById("gallery").value = "";
    return true;
  }
  if (params.example) return loadExample(params.example);
  return false;
}

function loadExample(id) {
  const ex = gallery.find((e) => e.id === id);
  if (!ex) return false;
  setText("crd", ex.crd);
  setText("old", ex.old || "");
  setText("new", ex.new);
  document.getElementById("gallery").value = id;
  document.getElementById("note").textContent = ex.note || "";
  writeFragment("#example=" + id);
  return true;
}

// --- editors: a textarea over a backdrop that marks error lines

function setText(name, text) {
  editors[name].value = text;
  paintLines(name, new Set());
}

// painted is what each editor's gutter and backdrop show: repainting a
// large CRD at every keystroke or answer would cost more than validating.
// Without marks, the backdrop's text is invisible: only the number of
// lines counts.
const painted = {};

function paintLines(name, bad) {
  const lines = editors[name].value.split("\n");
  const key = bad.size ? editors[name].value + "\u0000" + [...bad].join(",") : "lines " + lines.length;
  if (painted[name] === key) return syncScroll(name);
  painted[name] = key;
  const editor = document.querySelector(`.editor[data-input="${name}"]`);
  const gutter = editor.querySelector(".gutter");
  const backdrop = editor.querySelector(".backdrop");
  gutter.replaceChildren(...lines.map((_, i) => lineSpan(String(i + 1), bad.has(i + 1))));
  backdrop.replaceChildren(...lines.map((text, i) => lineSpan(text || " ", bad.has(i + 1))));
  syncScroll(name);
}

function lineSpan(text, bad) {
  const span = document.createElement("span");
  span.textContent = text + "\n";
  if (bad) span.className = "bad";
  return span;
}

function syncScroll(name) {
  const editor = document.querySelector(`.editor[data-input="${name}"]`);
  const area = editors[name];
  editor.querySelector(".gutter").scrollTop = area.scrollTop;
  const backdrop = editor.querySelector(".backdrop");
  backdrop.scrollTop = area.scrollTop;
  backdrop.scrollLeft = area.scrollLeft;
}

function goToLine(name, line) {
  const area = editors[name];
  if (!line) return area.focus();
  const lines = area.value.split("\n");
  let start = 0;
  for (let i = 0; i < line - 1 && i < lines.length; i++) start += lines[i].length + 1;
  area.focus();
  area.setSelectionRange(start, start + (lines[line - 1] || "").length);
  const lineHeight = parseFloat(getComputedStyle(area).lineHeight) || 16;
  area.scrollTop = Math.max(0, (line - 4) * lineHeight);
  syncScroll(name);
}

// --- validation

function schedule() {
  clearTimeout(timer);
  timer = setTimeout(() => {
    writeFragment(stateHash());
    document.getElementById("gallery").value = "";
    evaluate();
  }, debounceMs);
}

function evaluate() {
  if (!window.kvalReady) return;
  const start = performance.now();
  answer = JSON.parse(window.kvalEvaluate(editors.crd.value, editors.old.value, editors.new.value));
  const ms = performance.now() - start;
  render(answer);
  // after the verdict is painted: the report takes longer on a new CRD
  if (inspected !== editors.crd.value) requestAnimationFrame(() => setTimeout(inspect, 0));
  const verdict = document.getElementById("verdict");
  verdict.dataset.ms = ms.toFixed(1);
  if (first) {
    first = false;
    document.body.dataset.firstVerdictMs = performance.now().toFixed(0);
    document.body.dataset.firstTimings = JSON.stringify(answer.timings || {});
  }
  showStatus(`validated in ${ms.toFixed(0)} ms`);
}

// inspect asks for the report on the CRD text, after the verdict shows.
function inspect() {
  const text = editors.crd.value;
  if (inspected === text) return;
  const start = performance.now();
  report = JSON.parse(window.kvalInspect(text));
  inspected = text;
  document.body.dataset.inspectMs = (performance.now() - start).toFixed(0);
  renderReport(report);
  markLines();
}

function showStatus(text) {
  document.getElementById("status").textContent = text;
}

// --- rendering

function render(a) {
  renderVerdict(a);
  renderList("errors", a.errors, (e) => located(e.message, e.line), (li, e) => {
    li.className = "error";
    li.dataset.field = e.field;
    li.onclick = () => goToLine("new", e.line);
  });
  renderList("problems", a.problems, (p) => located(p.input + ": " + p.message, p.line), (li, p) => {
    li.className = "problem";
    li.dataset.input = p.input;
    li.onclick = () => goToLine(p.input, p.line);
  });
  renderList("warnings", warningsOf(a), (w) => "Warning: " + w);
  renderDiff(a.diff);
  markLines();
}

function renderReport(r) {
  renderRules(r.rules);
  renderLint(r.lint);
  renderLower(r.lower);
}

function renderVerdict(a) {
  const verdict = document.getElementById("verdict");
  verdict.dataset.verdict = a.verdict;
  const words = { valid: "valid", invalid: "invalid", error: "cannot validate" };
  verdict.querySelector(".badge").textContent = (words[a.verdict] || a.verdict) + (a.operation ? " " + a.operation : "");
  verdict.querySelector(".message").textContent = a.message || (a.verdict === "error" ? "see the problems below" : "");
}

function located(text, line) {
  return line ? `${text}  (line ${line})` : text;
}

function warningsOf(a) {
  return a.warnings || [];
}

function renderList(id, items, text, decorate) {
  const list = document.getElementById(id);
  list.replaceChildren(...(items || []).map((item) => {
    const li = document.createElement("li");
    li.textContent = text(item);
    if (decorate) decorate(li, item);
    return li;
  }));
  const tab = document.querySelector(`.tabs [data-tab="${id}"] .count`);
  if (tab) tab.textContent = items && items.length ? `(${items.length})` : "";
}

function renderDiff(diff) {
  const pre = document.getElementById("diff");
  pre.replaceChildren(...(diff || []).map((d) => {
    const span = document.createElement("span");
    span.textContent = d.op + " " + d.text;
    if (d.op === "+") span.className = "add";
    if (d.op === "-") span.className = "del";
    return span;
  }));
}

function renderRules(rules) {
  const body = document.querySelector("#rules tbody");
  body.replaceChildren(...rules.map((r) => {
    const tr = document.createElement("tr");
    if (r.overLimit) tr.className = "over";
    for (const text of [r.field, r.expression, String(r.cost), String(r.limit), r.hint || ""]) {
      const td = document.createElement("td");
      const code = document.createElement("code");
      code.textContent = text;
      td.append(code);
      tr.append(td);
    }
    tr.onclick = () => goToLine("crd", r.line);
    return tr;
  }));
  document.querySelector('.tabs [data-tab="rules"] .count').textContent = rules.length ? `(${rules.length})` : "";
}

function renderLint(lint) {
  document.getElementById("lint-verdict").textContent = lint.valid
    ? "The CRD is valid: kube-apiserver would create it."
    : "kube-apiserver would reject the CRD:";
  const items = lint.errors.map((e) => ({ text: located(e.message, e.line), line: e.line }))
    .concat(lint.warnings.map((w) => ({ text: "Warning: " + w })));
  renderList("lint", items, (i) => i.text, (li, i) => { li.onclick = () => goToLine("crd", i.line); });
}

function renderLower(lower) {
  const summary = lower.error
    ? lower.error
    : `lowered ${lower.lowered} extension(s) into ${lower.rules} CEL rule(s)` +
      (lower.unlowered.length ? "; left out:" : "");
  document.getElementById("lower-summary").textContent = summary;
  renderList("unlowered", lower.unlowered, (u) => u);
  document.getElementById("lowered").textContent = lower.crd || "";
}

// markLines marks the lines of the errors and problems of the last
// answer, and of lint's errors when the report is the CRD text's.
function markLines() {
  const bad = { crd: new Set(), old: new Set(), new: new Set() };
  for (const e of answer ? answer.errors : []) if (e.line) bad.new.add(e.line);
  for (const p of answer ? answer.problems : []) if (p.line && bad[p.input]) bad[p.input].add(p.line);
  if (report && inspected === editors.crd.value) {
    for (const e of report.lint.errors) if (e.line) bad.crd.add(e.line);
  }
  for (const name of inputs) paintLines(name, bad[name]);
}

// --- wiring

function selectTab(name) {
  for (const button of document.querySelectorAll(".tabs button")) {
    const on = button.dataset.tab === name;
    button.setAttribute("aria-selected", String(on));
    document.getElementById("tab-" + button.dataset.tab).hidden = !on;
  }
}

function fillGallery() {
  const select = document.getElementById("gallery");
  const custom = new Option("(your own)", "");
  select.replaceChildren(custom, ...gallery.map((e) => new Option(e.title, e.id)));
  select.onchange = () => {
    if (select.value && loadExample(select.value)) evaluate();
  };
}

async function loadGallery() {
  try {
    const response = await fetch("gallery.json");
    gallery = await response.json();
  } catch (e) {
    showStatus("the gallery did not load: " + e.message);
  }
  fillGallery();
}

async function loadEngine() {
  const go = new Go();
  const source = fetch("kval.wasm");
  const { instance } = WebAssembly.instantiateStreaming
    ? await WebAssembly.instantiateStreaming(source, go.importObject)
    : await WebAssembly.instantiate(await (await source).arrayBuffer(), go.importObject);
  document.body.dataset.engineCompiledMs = performance.now().toFixed(0);
  go.run(instance);
  document.body.dataset.engineReadyMs = performance.now().toFixed(0);
}

async function main() {
  for (const name of inputs) {
    editors[name] = document.getElementById(name);
    editors[name].addEventListener("input", () => { paintLines(name, new Set()); schedule(); });
    editors[name].addEventListener("scroll", () => syncScroll(name));
  }
  for (const button of document.querySelectorAll(".tabs button")) {
    button.onclick = () => selectTab(button.dataset.tab);
  }
  document.getElementById("share").onclick = () => {
    writeFragment(stateHash());
    navigator.clipboard?.writeText(location.href);
    showStatus("link copied");
  };
  window.addEventListener("hashchange", () => {
    if (location.hash !== lastHash && loadFragment()) evaluate();
  });
  const engine = loadEngine().catch((e) => showStatus("the engine did not load: " + e.message));
  const fromLink = loadFragment();
  await loadGallery();
  if (!fromLink && !loadFragment() && gallery.length) loadExample(gallery[0].id);
  await engine;
  if (window.kvalReady) evaluate();
}

main();
