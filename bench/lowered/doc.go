// Package lowered benchmarks what enforcing the example Database's
// immutability costs kval's engine two ways: on the CRD with kval's
// extensions (the mutability stage, as kval's webhook runs it), and on
// `kval lower`'s output for it (transition rules, as kube-apiserver runs
// them with no webhook), the same updates side by side, with the CRD
// without either as the baseline. The engine's CEL stage is
// kube-apiserver's (same libraries, same cost tracking), so the lowered
// side is what the rules cost kube-apiserver.
//
// Updates: the examples' update of orders (allowed), of ledger (denied:
// four extensions violated), and an append to a full migrations list (64
// items, the bound the lowered rule iterates over).
//
// Recorded on 2026-11-25 (2 shared cores, -count 3, medians; timings vary
// by tens of percent between runs, allocations do not), per update:
//
//	update        neither          mutability       lowered rules    rules/mutability
//	orders        103µs, 381 alloc 102µs, 381 alloc 186µs, 891 alloc  1.8x time, 2.3x allocs
//	ledger         42µs, 142 alloc  71µs, 179 alloc 104µs, 307 alloc  1.5x time, 1.7x allocs
//	append-to-64  173µs, 378 alloc 153µs, 378 alloc 893µs, 1561 alloc 5.8x time, 4.1x allocs
//
// The mutability stage costs nothing measurable on allowed updates; the
// lowered rules cost what CEL costs: a program per rule and an activation
// per evaluation, and the literal list of 64 indices the migrations' item
// rule iterates over.
package lowered
