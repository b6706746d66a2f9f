package site

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os/exec"
	"runtime"
	"time"
)

// Handler serves the site: the page's files and those Build wrote in
// builtDir. Nothing is cached by the browser across kval versions.
func Handler(builtDir string) http.Handler {
	files := http.FileServer(http.FS(files(builtDir)))
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Cache-Control", "no-cache")
		files.ServeHTTP(w, r)
	})
}

// Options are kval play's.
type Options struct {
	// Listen is the address to serve on, host:port.
	Listen string
	// Open opens the page in the default browser.
	Open bool
	// Out receives the page's address and the build's status lines.
	Out io.Writer
}

// Serve builds the site and serves it until ctx ends.
func Serve(ctx context.Context, o Options) error {
	dir, err := Build(ctx, func(line string) { fmt.Fprintln(o.Out, line) })
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", o.Listen)
	if err != nil {
		return err
	}
	url := "http://" + ln.Addr().String() + "/"
	fmt.Fprintf(o.Out, "kval play: serving the playground on %s\n", url)
	if o.Open {
		if err := openBrowser(url); err != nil {
			fmt.Fprintf(o.Out, "Warning: the browser did not open (%v): open %s\n", err, url)
		}
	}
	srv := &http.Server{Handler: Handler(dir), ReadHeaderTimeout: 10 * time.Second}
	go func() {
		<-ctx.Done()
		shutdown, cancel := context.WithTimeout(context.Background(), 5*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdown)
	}()
	if err := srv.Serve(ln); !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}

// openBrowser opens url with the system's opener.
func openBrowser(url string) error {
	var cmd *exec.Cmd
	switch runtime.GOOS {
	case "darwin":
		cmd = exec.Command("open", url)
	case "windows":
		cmd = exec.Command("rundll32", "url.dll,FileProtocolHandler", url)
	default:
		cmd = exec.Command("xdg-open", url)
	}
	return cmd.Start()
}
