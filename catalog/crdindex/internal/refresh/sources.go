package main

import (
	"encoding/json"
	"fmt"
	"os"
	"os/exec"

	"sigs.k8s.io/yaml"
)

// sources is sources.yaml.
type sources struct {
	Projects []source `json:"projects"`
}

// source is a project and where its CRDs are in its module.
type source struct {
	Name       string `json:"name"`
	Module     string `json:"module"`
	Version    string `json:"version"`
	Repository string `json:"repository"`
	License    string `json:"license"`
	Dir        string `json:"dir"`
	Match      string `json:"match"`
}

func readSources(file string) (*sources, error) {
	data, err := os.ReadFile(file)
	if err != nil {
		return nil, err
	}
	var s sources
	if err := yaml.UnmarshalStrict(data, &s); err != nil {
		return nil, fmt.Errorf("%s: %w", file, err)
	}
	return &s, nil
}

// downloaded is go mod download's answer.
type downloaded struct {
	Dir, Version, Error string
}

// download fetches a module version ("latest" for the newest) from the
// module proxy and returns where it is unpacked.
func download(module, version string) (*downloaded, error) {
	cmd := exec.Command("go", "mod", "download", "-json", module+"@"+version)
	cmd.Dir = os.TempDir()
	cmd.Env = append(os.Environ(), "GOWORK=off", "GOFLAGS=-mod=mod")
	out, runErr := cmd.Output()
	var d downloaded
	if err := json.Unmarshal(out, &d); err != nil {
		return nil, fmt.Errorf("go mod download %s@%s: %v (%v)", module, version, err, runErr)
	}
	if d.Error != "" {
		return nil, fmt.Errorf("go mod download %s@%s: %s", module, version, d.Error)
	}
	return &d, nil
}
