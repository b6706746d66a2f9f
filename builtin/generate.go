package builtin

// The embedded schemas, one file per Kubernetes minor version, each from
// the OpenAPI v3 documents its k8s.io/kubernetes release publishes (the
// newest patch release the Go module proxy serves).
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.27.16 -out data/kubernetes-1.27.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.28.15 -out data/kubernetes-1.28.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.29.15 -out data/kubernetes-1.29.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.30.14 -out data/kubernetes-1.30.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.31.14 -out data/kubernetes-1.31.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.32.13 -out data/kubernetes-1.32.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.33.13 -out data/kubernetes-1.33.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.34.4 -out data/kubernetes-1.34.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.35.4 -out data/kubernetes-1.35.json.gz
//go:generate go run ./internal/gen -module k8s.io/kubernetes@v1.36.3 -out data/kubernetes-1.36.json.gz
