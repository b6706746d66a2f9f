package builtin

// The embedded schemas, one file per Kubernetes minor version, each from
// the OpenAPI v3 documents its k8s.io/kubernetes release publishes.
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.35.4 -out data/kubernetes-1.35.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.36.3 -out data/kubernetes-1.36.json.gz
