package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
)

// specDoc is one group-version's OpenAPI v3 document of a Kubernetes
// release (api/openapi-spec/v3 of k8s.io/kubernetes), the documents kval's
// builtin package is generated from.
type specDoc struct {
	path           string
	group, version string // group "" for the core group
}

// specDocs lists the release's group-version documents; the discovery
// documents (api_openapi.json, apis__apps_openapi.json) are left out.
func specDocs() ([]specDoc, error) {
	dir, err := moduleDir(kubernetesModule)
	if err != nil {
		return nil, err
	}
	files, err := filepath.Glob(filepath.Join(dir, "api", "openapi-spec", "v3", "*_openapi.json"))
	if err != nil {
		return nil, err
	}
	var docs []specDoc
	for _, f := range files {
		parts := strings.Split(strings.TrimSuffix(filepath.Base(f), "_openapi.json"), "__")
		switch {
		case len(parts) == 2 && parts[0] == "api":
			docs = append(docs, specDoc{path: f, version: parts[1]})
		case len(parts) == 3 && parts[0] == "apis":
			docs = append(docs, specDoc{path: f, group: parts[1], version: parts[2]})
		}
	}
	if len(docs) == 0 {
		return nil, fmt.Errorf("no OpenAPI v3 documents in %s", dir)
	}
	return docs, nil
}

// writeKubectlValidateInputs lays the release's documents out as
// kubectl-validate's --local-schemas wants them (api/v1.json,
// apis/<group>/<version>.json), copies the CRDs alone into a directory for
// --local-crds, and writes an empty kubeconfig so that it never looks for
// a cluster.
func (s *setup) writeKubectlValidateInputs() error {
	docs, err := specDocs()
	if err != nil {
		return err
	}
	for _, d := range docs {
		dst := filepath.Join(s.kvSchemas, "api", d.version+".json")
		if d.group != "" {
			dst = filepath.Join(s.kvSchemas, "apis", d.group, d.version+".json")
		}
		if err := copyFile(d.path, dst); err != nil {
			return err
		}
	}
	files, err := filepath.Glob(filepath.Join(s.crds, "*.yaml"))
	if err != nil {
		return err
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		if err != nil {
			return err
		}
		// The directory also holds a ValidatingAdmissionPolicy.
		if strings.Contains(string(data), "\nkind: CustomResourceDefinition") {
			if err := copyFile(f, filepath.Join(s.kvCRD, filepath.Base(f))); err != nil {
				return err
			}
		}
	}
	return os.WriteFile(s.kubeconfig, nil, 0o644)
}

func copyFile(src, dst string) error {
	data, err := os.ReadFile(src)
	if err != nil {
		return err
	}
	if err := os.MkdirAll(filepath.Dir(dst), 0o755); err != nil {
		return err
	}
	return os.WriteFile(dst, data, 0o644)
}
