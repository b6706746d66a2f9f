package cluster

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"time"
)

// startEtcd runs a single-member etcd on free loopback ports with its data in
// dir and waits until it is healthy. It returns the etcd and its client URL.
func startEtcd(ctx context.Context, dir string) (*process, string, error) {
	bin, err := exec.LookPath("etcd")
	if err != nil {
		return nil, "", fmt.Errorf("the e2e tests need etcd (Debian/Ubuntu: apt-get install -y etcd-server): %w", err)
	}
	ports, err := freePorts(2)
	if err != nil {
		return nil, "", err
	}
	client := fmt.Sprintf("http://127.0.0.1:%d", ports[0])
	peer := fmt.Sprintf("http://127.0.0.1:%d", ports[1])
	args := []string{
		"--name=e2e",
		"--data-dir=" + filepath.Join(dir, "etcd"),
		"--listen-client-urls=" + client,
		"--advertise-client-urls=" + client,
		"--listen-peer-urls=" + peer,
		"--initial-advertise-peer-urls=" + peer,
		"--initial-cluster=e2e=" + peer,
	}
	var env []string
	if runtime.GOARCH != "amd64" {
		env = append(env, "ETCD_UNSUPPORTED_ARCH="+runtime.GOARCH) // etcd 3.4 refuses other architectures without it
	}
	p, err := startProcess("etcd", filepath.Join(dir, "etcd.log"), bin, args, env)
	if err != nil {
		return nil, "", err
	}
	if err := waitFor(ctx, p, http.DefaultClient, client+"/health", `"health":"true"`); err != nil {
		p.stop()
		return nil, "", p.withTail(err)
	}
	return p, client, nil
}

// waitFor polls url until it answers 200 with a body containing want, the
// process exits or ctx is done.
func waitFor(ctx context.Context, p *process, client *http.Client, url, want string) error {
	last := "no answer yet"
	for {
		if err := p.exited(); err != nil {
			return err
		}
		ok, got := probe(ctx, client, url, want)
		if ok {
			return nil
		}
		last = got
		select {
		case <-ctx.Done():
			return fmt.Errorf("waiting for %s: %w; last answer: %s", url, ctx.Err(), last)
		case <-time.After(100 * time.Millisecond):
		}
	}
}

// probe gets url once and reports whether it answered 200 with want in its
// body, and what it answered.
func probe(ctx context.Context, client *http.Client, url, want string) (bool, string) {
	ctx, cancel := context.WithTimeout(ctx, 5*time.Second)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, url, nil)
	if err != nil {
		return false, err.Error()
	}
	resp, err := client.Do(req)
	if err != nil {
		return false, err.Error()
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(io.LimitReader(resp.Body, 64<<10))
	ok := resp.StatusCode == http.StatusOK && strings.Contains(string(body), want)
	return ok, fmt.Sprintf("%s: %s", resp.Status, body)
}
