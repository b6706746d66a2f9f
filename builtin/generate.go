package builtin

// The embedded schemas, one file per Kubernetes minor version and the
// definitions they share, from the OpenAPI v3 documents each
// k8s.io/kubernetes release publishes (the newest patch release the Go
// module proxy serves), generated all at once.
//go:generate go run ./internal/gen -out data -module k8s.io/kubernetes@v1.27.16 -module k8s.io/kubernetes@v1.28.15 -module k8s.io/kubernetes@v1.29.15 -module k8s.io/kubernetes@v1.30.14 -module k8s.io/kubernetes@v1.31.14 -module k8s.io/kubernetes@v1.32.13 -module k8s.io/kubernetes@v1.33.13 -module k8s.io/kubernetes@v1.34.4 -module k8s.io/kubernetes@v1.35.4 -module k8s.io/kubernetes@v1.36.3
