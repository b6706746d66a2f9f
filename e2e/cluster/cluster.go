package cluster

import (
	"context"
	"fmt"
	"io"
	"net"
	"os"
	"testing"
	"time"

	"k8s.io/client-go/rest"
)

// StartTimeout bounds Start in Main; it covers a cold build of kube-apiserver.
const StartTimeout = 20 * time.Minute

// Cluster is a running etcd and kube-apiserver.
type Cluster struct {
	dir       string
	etcd      *process
	apiserver *process
	config    *rest.Config
}

// Start builds kube-apiserver if it is not cached, starts etcd and
// kube-apiserver on free loopback ports with their files in a new temporary
// directory and waits until kube-apiserver is ready. Stop ends them.
func Start(ctx context.Context) (*Cluster, error) {
	bin, err := KubeAPIServer(ctx)
	if err != nil {
		return nil, err
	}
	dir, err := os.MkdirTemp("", "kval-e2e-")
	if err != nil {
		return nil, fmt.Errorf("cluster directory: %w", err)
	}
	c := &Cluster{dir: dir}
	if err := c.start(ctx, bin); err != nil {
		c.Stop()
		return nil, err
	}
	return c, nil
}

func (c *Cluster) start(ctx context.Context, bin string) error {
	etcd, url, err := startEtcd(ctx, c.dir)
	if err != nil {
		return fmt.Errorf("starting etcd: %w", err)
	}
	c.etcd = etcd
	apiserver, cfg, err := startAPIServer(ctx, c.dir, bin, url)
	if err != nil {
		return fmt.Errorf("starting kube-apiserver: %w", err)
	}
	c.apiserver, c.config = apiserver, cfg
	return nil
}

// Config returns a new client configuration of a cluster administrator
// (group system:masters) that trusts the server's self-signed certificate.
func (c *Cluster) Config() *rest.Config {
	return rest.CopyConfig(c.config)
}

// WriteLogs writes the last lines of the logs of kube-apiserver and etcd to w.
func (c *Cluster) WriteLogs(w io.Writer) {
	for _, p := range []*process{c.apiserver, c.etcd} {
		if p != nil {
			fmt.Fprintf(w, "=== last lines of %s (%s)\n%s\n", p.name, p.log, p.tail(100))
		}
	}
}

// Stop ends kube-apiserver and etcd and removes their files.
func (c *Cluster) Stop() {
	c.stopServers()
	os.RemoveAll(c.dir)
}

func (c *Cluster) stopServers() {
	c.apiserver.stop()
	c.etcd.stop()
}

// Main is the body of a TestMain that shares one cluster among the tests of
// a package: it starts the cluster and hands it to use, runs the tests,
// stops the cluster and returns the exit code for os.Exit. If the tests fail,
// it writes the end of the cluster's logs to stderr and keeps its directory.
// A cluster that does not start fails the tests with the reason (a missing
// etcd included).
func Main(m *testing.M, use func(*Cluster)) int {
	ctx, cancel := context.WithTimeout(context.Background(), StartTimeout)
	defer cancel()
	start := time.Now()
	c, err := Start(ctx)
	if err != nil {
		fmt.Fprintf(os.Stderr, "e2e: no cluster: %v\nFAIL\n", err)
		return 1
	}
	fmt.Fprintf(os.Stderr, "e2e: cluster ready in %v at %s\n", time.Since(start).Round(time.Millisecond), c.config.Host)
	use(c)
	code := m.Run()
	if code == 0 {
		c.Stop()
		return 0
	}
	c.stopServers()
	c.WriteLogs(os.Stderr)
	fmt.Fprintf(os.Stderr, "e2e: the cluster's files are kept in %s\n", c.dir)
	return code
}

// freePorts returns n distinct free TCP ports on the loopback interface.
func freePorts(n int) ([]int, error) {
	var ports []int
	for range n {
		l, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			return nil, fmt.Errorf("free port: %w", err)
		}
		defer l.Close()
		ports = append(ports, l.Addr().(*net.TCPAddr).Port)
	}
	return ports, nil
}
