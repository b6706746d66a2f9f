package kvaltest

import (
	"errors"
	"fmt"
	"os"

	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/rest"
)

// Environment starts a Server as envtest.Environment starts a control
// plane, so that a suite written for envtest swaps one type for the other:
//
//	testEnv = &kvaltest.Environment{CRDDirectoryPaths: []string{"../config/crd/bases"}, ErrorIfCRDPathMissing: true}
//	cfg, err := testEnv.Start()
//	...
//	err := testEnv.Stop()
type Environment struct {
	// CRDDirectoryPaths are the CRDs' files and directories (as CRDs reads them).
	CRDDirectoryPaths []string
	// ErrorIfCRDPathMissing makes Start fail on a path that does not
	// exist; without it such paths are skipped, as envtest skips them.
	ErrorIfCRDPathMissing bool
	// Scheme converts typed objects (nil: client-go's scheme).
	Scheme *runtime.Scheme
	// Options of the server's client (SkipBuiltinValidation, WarningHandler...).
	Options []Option

	// Config is the server's rest.Config once started.
	Config *rest.Config
	// Server is the server once started.
	Server *Server
}

// Start starts the server and returns its Config.
func (e *Environment) Start() (*rest.Config, error) {
	paths, err := e.crdPaths()
	if err != nil {
		return nil, err
	}
	if e.Server, err = StartServer(CRDs(paths...), e.Scheme, e.Options...); err != nil {
		return nil, err
	}
	e.Config = e.Server.Config()
	return e.Config, nil
}

// crdPaths are the CRD paths that exist (all of them, or an error, with
// ErrorIfCRDPathMissing).
func (e *Environment) crdPaths() ([]string, error) {
	var out []string
	for _, p := range e.CRDDirectoryPaths {
		_, err := os.Stat(p)
		switch {
		case err == nil:
			out = append(out, p)
		case e.ErrorIfCRDPathMissing || !errors.Is(err, os.ErrNotExist):
			return nil, fmt.Errorf("kvaltest: CRD path %s: %w", p, err)
		}
	}
	return out, nil
}

// Stop stops the server; stopping one never started does nothing.
func (e *Environment) Stop() error {
	if e.Server == nil {
		return nil
	}
	return e.Server.Stop()
}
