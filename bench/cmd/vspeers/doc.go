// Command vspeers times `kval validate` against its peers, kubeconform
// v0.8.0 and kubectl-validate v0.0.4, as whole processes on the same files,
// and prints the median wall and CPU time, files/s, peak RSS and the ratio
// of kval's throughput to each peer's, then each tool's verdicts on the
// kubectl-validate tree compared with kval's.
//
//	go run ./cmd/vspeers [-sizes 1,20000,50000] [-kubectl-validate-sizes 1,2000]
//	    [-rounds 3] [-tools kval,kubeconform,kubectl-validate] [-jobs 1,2,4,...] [-work DIR] [-prebuilt]
//
// With -jobs, kval runs with -j N and kubeconform with -n N at each worker
// count (kubectl-validate, which has no workers, once a round), all
// interleaved within each round, and a second table sets them side by
// side at equal workers: the ratios kval / kubeconform of their median
// wall times and of their median CPU times (user plus system), and each
// tool's speed-up over its run with the fewest workers. Note that `kval
// validate -j N` also holds the whole process to N CPUs (GOMAXPROCS: its
// reader, its ordered output and the garbage collector share them with the
// N workers), while kubeconform's -n N counts only its validating
// goroutines and leaves the Go runtime every core.
//
// It builds kval from this repository and both peers from the Go module
// proxy (`go install`; kubectl-validate takes about 3 minutes on 2 cores
// the first time). With -prebuilt it builds nothing and takes kval,
// kubeconform and kubeconform's schemas from -work, where an earlier run
// left them: bench/manycore.sh runs it so on a machine without Go. A tree has one object per file, 100 files a directory,
// Gateway API objects (the corpus's examples and invalid examples) and
// built-in objects (testdata/builtin-objects: Deployments, Services,
// ConfigMaps, ..., four invalid by their schemas) alternating, each renamed
// uniquely. Runs are interleaved (kval, kubeconform, kubectl-validate,
// kval, ...) so that each sees the same machine.
//
// # Every tool offline, with the same schemas
//
// kval: `kval validate --crd testdata/corpus/gateway-api/crds-experimental
// TREE` (built-in kinds from its embedded Kubernetes 1.36 schemas).
//
// kubeconform: `-n 4 -summary -schema-location
// SCHEMAS/{{.ResourceKind}}_{{.ResourceAPIVersion}}.json -schema-location
// SCHEMAS/builtin/{{.ResourceKind}}{{.KindSuffix}}.json TREE`. The CRDs'
// schemas come from kubeconform's own openapi2jsonschema.py (python3 with
// PyYAML); the built-in kinds' from the OpenAPI v3 documents of
// k8s.io/kubernetes@v1.36.3 (api/openapi-spec/v3, the documents kval's
// builtin package embeds), one draft-4 schema per kind with the components
// it references as definitions (jsonschema.go), not strict, as kval's
// default field validation is not. It never downloads a schema.
//
// kubectl-validate: `KUBECONFIG=EMPTY_FILE kubectl-validate --local-schemas
// DIR --local-crds CRDS TREE`. DIR holds the same v1.36.3 documents laid out
// as api/v1.json and apis/<group>/<version>.json; CRDS the Gateway API CRDs
// alone (the corpus's directory also holds a ValidatingAdmissionPolicy).
// The empty kubeconfig means no cluster is found, so it falls back, for a
// group-version the local schemas lack (none here), to the schemas it
// embeds for its --version, default 1.30 (its newest): it never reaches
// GitHub. So kubectl-validate validates built-in kinds offline too.
//
// kubectl-validate validates one file after another, about 20 ms of CPU a
// file here, so it runs only on the small trees; its throughput at kval's
// largest size is extrapolated from its one-file run (start-up) and its
// largest tree (the cost per further file), and printed as such.
//
// # Figures
//
// On this 2-core machine, rounds 3; the kval and kubeconform rows of 1,
// 20,000 and 50,000 files on a quiet machine, the 2,000-file rows while
// other work ran (load average 4 to 15: wall times noisy, CPU less so):
//
//	| files  | tool             | wall     | files/s | CPU     | peak RSS |
//	| 1      | kval             | 59 ms    | 17      | 79 ms   | 54 MB    |
//	| 1      | kubeconform      | 12 ms    | 83      | 13 ms   | 17 MB    |
//	| 1      | kubectl-validate | 273 ms   | 4       | 138 ms  | 75 MB    |
//	| 2,000  | kval             | 1.99 s   | 1,004   | 0.86 s  | 164 MB   |
//	| 2,000  | kubeconform      | 1.04 s   | 1,922   | 0.50 s  | 66 MB    |
//	| 2,000  | kubectl-validate | 90.1 s   | 22      | 39.0 s  | 146 MB   |
//	| 20,000 | kval             | 2.41 s   | 8,289   | 4.10 s  | 185 MB   |
//	| 20,000 | kubeconform      | 1.74 s   | 11,514  | 3.36 s  | 71 MB    |
//	| 50,000 | kval             | 4.95 s   | 10,093  | 8.31 s  | 208 MB   |
//	| 50,000 | kubeconform      | 3.58 s   | 13,969  | 6.92 s  | 75 MB    |
//
// On the quiet machine kval's throughput is 0.72× kubeconform's at 20,000
// and 50,000 files. Under load (the first run of this command) the two
// were level, 1.02× at 50,000 files.
//
// kval runs CEL and applies defaults; its throughput is 45×
// kubectl-validate's on the same 2,000 files; extrapolated to 50,000 files (start-up 273 ms, 45 ms a further file:
// about 37 minutes) 189×. Verdicts on the 2,000 files: kval finds 444
// invalid; kubectl-validate 451, the same 444 and 7 more, a Gateway whose
// CEL rule its older apiextensions cannot compile (undefined field
// 'namespace'); kubeconform 332: 119 that kval rejects it accepts (CEL
// rules, which it has not), 7 it rejects kval accepts (a Gateway address
// with no type: oneOf matches two branches because kubeconform does not
// apply the default type). The one-file figures are the most disturbed by
// the shared machine: once it was quiet, kval took 60 to 70 ms on that file.
//
// A second measurement (rounds 5), after kval began decoding only the
// CRDs objects use, reading the built-in schemas only when needed,
// compiling a CRD beside its lint, reusing its read buffers, finding field
// lines in its workers, handing results over through buffered channels,
// and dropping client-go's typed clients from its binary, on a machine
// slower than the first time (compare ratios):
//
//	| files  | tool        | wall    | files/s | CPU     | peak RSS |
//	| 1      | kval        | 40 ms   | 25      | 55 ms   | 40 MB    |
//	| 1      | kubeconform | 17 ms   | 59      | 20 ms   | 21 MB    |
//	| 20,000 | kval        | 2.83 s  | 7,075   | 5.36 s  | 185 MB   |
//	| 20,000 | kubeconform | 2.55 s  | 7,844   | 5.00 s  | 69 MB    |
//	| 50,000 | kval        | 5.95 s  | 8,407   | 11.3 s  | 210 MB   |
//	| 50,000 | kubeconform | 6.06 s  | 8,254   | 11.9 s  | 75 MB    |
//
// kval's throughput is 0.42× kubeconform's at one file (0.20× before),
// 0.90× at 20,000 files and 1.02× at 50,000 (0.72× before).
//
// A third measurement (rounds 5, a quiet machine), after kval began
// reading block-style YAML with its own decoder (manifest/yamlblock.go,
// exact or declining to yaml.v2) and keeping up to 64 documents a worker
// in flight (8 MiB at most):
//
//	| files  | tool        | wall    | files/s | CPU     | peak RSS |
//	| 1      | kval        | 37 ms   | 27      | 49 ms   | 40 MB    |
//	| 1      | kubeconform | 16 ms   | 64      | 17 ms   | 18 MB    |
//	| 20,000 | kval        | 1.66 s  | 12,070  | 3.04 s  | 177 MB   |
//	| 20,000 | kubeconform | 1.94 s  | 10,335  | 3.81 s  | 69 MB    |
//	| 50,000 | kval        | 3.56 s  | 14,035  | 6.67 s  | 192 MB   |
//	| 50,000 | kubeconform | 5.20 s  | 9,613   | 10.2 s  | 75 MB    |
//
// kval's throughput is 0.43× kubeconform's at one file (2.3× its time),
// 1.17× at 20,000 files and 1.46× at 50,000. `-j 2` is 1.73× `-j 1` on
// 20,000 files (medians of 5 interleaved runs, 1.58 s and 2.74 s; -j 1
// runs on one CPU).
package main
