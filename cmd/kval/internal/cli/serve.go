package cli

import (
	"context"
	"fmt"
	"log/slog"
	"net"
	"os/signal"
	"syscall"
	"time"

	"github.com/spf13/cobra"
	"k8s.io/client-go/dynamic"
	"k8s.io/client-go/rest"
	"k8s.io/client-go/tools/clientcmd"

	"github.com/kval-dev/kval/catalog"
	"github.com/kval-dev/kval/catalog/crdsource"
	"github.com/kval-dev/kval/webhook"
)

type serveOptions struct {
	crds           []string
	watchCRDs      bool
	crdSelector    string
	kubeconfig     string
	reloadInterval time.Duration
	mode           string
	listen         string
	certFile       string
	keyFile        string
	timeout        time.Duration
	logFormat      string
	kudoInstances  bool
	ovPaths        []string
	probeListen    string
	limits         serveLimits
}

// serveLimits are kval serve's flags for load and shutdown.
type serveLimits struct {
	maxInFlightBytes int64
	overloadWait     time.Duration
	maxConnections   int
	drainDelay       time.Duration
	shutdownGrace    time.Duration
}

func newServeCommand(s streams) *cobra.Command { return serveCommand(s, &serveOptions{}) }

// serveCommand is kval serve with its flags bound to o.
func serveCommand(s streams, o *serveOptions) *cobra.Command {
	cmd := &cobra.Command{
		// Collecting less often takes a millisecond off the p99 at 2,000
		// requests a second (bench/webhook).
		Annotations: collectLessOften,
		Use:         "serve --crd SOURCE... --tls-cert-file FILE --tls-private-key-file FILE",
		Short:       "Serve kval as a validating admission webhook for kube-apiserver",
		Long: `Serve answers admission.k8s.io/v1 AdmissionReview requests over HTTPS on
/validate (and /mutate, which allows objects unchanged today), checking every
create and update of the custom resources of the given CRDs, their status
included, with kval's engine. Denials read as kube-apiserver's own:
  admission webhook "kval.example.com" denied the request: Database.example.kval.dev "orders" is invalid: spec.engine: Forbidden: field is immutable

--mode complement (the default) checks only what kube-apiserver does not check
itself: the x-kubernetes-mutability and x-kubernetes-key-mutability
extensions. --mode full runs kube-apiserver's whole pipeline too.

CRD files are reloaded when they change (a mounted ConfigMap's atomic swaps
included); a Helm chart serves its crds/ folders; a --crd URL is fetched
again every --crd-reload-interval (conditionally: an unchanged URL costs a
304), and a server that cannot be reached leaves the cached copy in use;
--crd cluster: is --watch-crds. A CRD that kube-apiserver would reject, or that fails to compile,
never replaces a working one: the error is logged, counted in
kval_webhook_schema_failures_total and shown on /readyz. Requests kval cannot
check (a kind it has no CRD for, an object over 3 MiB, a timeout, a panic) are
denied: configure the webhook with failurePolicy: Fail. The serving
certificate is reloaded when its files change. The admission port
(--listen) serves /validate and /mutate only; /healthz, /readyz and /metrics
(Prometheus) are on --probe-listen, plain HTTP. Both listen on loopback
unless told otherwise (in a pod: --listen=:8443 --probe-listen=:8080).

Load is bounded: request bytes in flight (--max-inflight-bytes, sized from
the container's memory limit, whose 90% also becomes GOMEMLIMIT unless it is
set; a request that finds no room within --overload-wait gets HTTP 429),
connections (--max-connections, read, write and idle timeouts), and time
(the answer comes at --request-timeout, or a second before kube-apiserver
gives up when it waits less, and the work stops soon after).

On SIGTERM /readyz fails at once, requests are still answered for
--drain-delay (each answer closing its connection, so clients move to
another replica), then the listeners close and the requests in flight get
--shutdown-grace.

--kudo-instances checks KUDO Instances (kudo.dev/v1beta1) with the rules of
kval params: /mutate adds the defaults of immutable parameters to an
Instance's install and drops the values of parameters an upgrade's
OperatorVersion no longer defines, as JSON patches (register it as a
mutating webhook for creates and updates),
/validate denies installs, updates and upgrades the rules refuse, e.g.
  Instance.kudo.dev "zk" is invalid: spec.parameters[DISK_SIZE]: Forbidden: parameter is immutable but was changed from "5Gi" to "10Gi"
The OperatorVersions are watched in the cluster (list and watch of
operatorversions.kudo.dev), or read from --operator-versions files (package
directories or OperatorVersion objects, reloaded when they change). An
Instance whose OperatorVersion kval cannot find is denied. No --crd is
needed for Instances alone. Unless GOGC is set, kval
serve runs with GOGC=400 (fewer garbage collections, shorter tail latency).`,
		Example: `  kval serve --crd /etc/kval/crds --tls-cert-file /tls/tls.crt --tls-private-key-file /tls/tls.key
  kval serve --kudo-instances --tls-cert-file /tls/tls.crt --tls-private-key-file /tls/tls.key`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			return runServe(cmd.Context(), s, o)
		},
	}
	f := cmd.Flags()
	f.StringSliceVar(&o.crds, "crd", nil, "CRDs to serve (repeatable): files or directories, reloaded when they change; Helm charts (their crds/); http(s):// URLs, fetched again (conditionally) every --crd-reload-interval; cluster: (as --watch-crds)")
	f.DurationVar(&o.reloadInterval, "crd-reload-interval", 10*time.Second, "how often the --crd files are checked for changes and its URLs fetched again")
	f.BoolVar(&o.watchCRDs, "watch-crds", false, "serve the cluster's CRDs, watched live; kval's extensions come from the annotation kval annotate writes")
	f.StringVar(&o.crdSelector, "crd-selector", "", "with --watch-crds: a label selector of the CRDs to serve")
	f.StringVar(&o.kubeconfig, "kubeconfig", "", "with --watch-crds or --kudo-instances: kubeconfig file (default: the in-cluster service account)")
	f.BoolVar(&o.kudoInstances, "kudo-instances", false, "check KUDO Instances' immutable parameters (kval params' rules) on /validate and pin their defaults on /mutate")
	f.StringSliceVar(&o.ovPaths, "operator-versions", nil, "with --kudo-instances: KUDO packages or OperatorVersion files to read instead of the cluster's, reloaded when they change (repeatable)")
	f.StringVar(&o.mode, "mode", string(webhook.ModeComplement), "complement: only what kube-apiserver does not check; full: the whole pipeline")
	f.StringVar(&o.listen, "listen", "127.0.0.1:8443", "address of the admission port (HTTPS, /validate and /mutate only); in a pod, :8443")
	f.StringVar(&o.probeListen, "probe-listen", "127.0.0.1:8080", "address of /healthz, /readyz and /metrics (plain HTTP); in a pod, :8080")
	f.StringVar(&o.certFile, "tls-cert-file", "", "serving certificate (PEM), reloaded when it changes")
	f.StringVar(&o.keyFile, "tls-private-key-file", "", "private key of the serving certificate (PEM)")
	f.DurationVar(&o.timeout, "request-timeout", webhook.DefaultTimeout, "time limit of one request; kval answers sooner when kube-apiserver waits less (its timeout parameter: the webhook's timeoutSeconds or the API request's time left)")
	f.StringVar(&o.logFormat, "log-format", "json", "log format: json or text")
	o.limits.flags(f)
	return cmd
}

func (o *serveOptions) check() error {
	switch {
	case len(o.crds) == 0 && !o.watchCRDs && !o.kudoInstances:
		return badInput("no CRDs given: use --crd PATH or --watch-crds (or --kudo-instances)")
	case len(o.ovPaths) > 0 && !o.kudoInstances:
		return badInput("--operator-versions is for KUDO Instances: add --kudo-instances")
	case o.mode != string(webhook.ModeComplement) && o.mode != string(webhook.ModeFull):
		return badInput("unknown mode %q: use complement or full", o.mode)
	case o.certFile == "" || o.keyFile == "":
		return badInput("kube-apiserver calls webhooks over HTTPS: give --tls-cert-file and --tls-private-key-file")
	case o.logFormat != "json" && o.logFormat != "text":
		return badInput("unknown log format %q: use json or text", o.logFormat)
	case o.reloadInterval <= 0 || o.timeout <= 0:
		return badInput("--crd-reload-interval and --request-timeout must be positive")
	case o.timeout >= 30*time.Second:
		return badInput("--request-timeout %v: kube-apiserver waits 30s at most for a webhook (timeoutSeconds); keep it below", o.timeout)
	}
	return o.limits.check()
}

func runServe(ctx context.Context, s streams, o *serveOptions) error {
	if err := o.check(); err != nil {
		return err
	}
	ctx, stop := signal.NotifyContext(ctx, syscall.SIGINT, syscall.SIGTERM)
	defer stop()
	log := slog.New(slog.NewJSONHandler(s.err, nil))
	if o.logFormat == "text" {
		log = slog.New(slog.NewTextHandler(s.err, nil))
	}
	memoryLimit := applyMemoryLimit(cgroupMemoryFiles)
	listener, err := net.Listen("tcp", o.listen)
	if err != nil {
		return badInput("%v", err)
	}
	probes, err := net.Listen("tcp", o.probeListen)
	if err != nil {
		listener.Close()
		return badInput("--probe-listen: %v", err)
	}
	server, opts, err := o.server(log, memoryLimit)
	if err != nil {
		return err
	}
	log.Info("serving", "address", listener.Addr().String(), "probes", probes.Addr().String(), "mode", o.mode, "kudoInstances", o.kudoInstances,
		"memoryLimit", memoryLimit, "maxInFlightBytes", opts.MaxInFlightBytes)
	if err := server.Serve(ctx, listener, probes, o.certFile, o.keyFile); err != nil {
		return fmt.Errorf("serving: %w", err)
	}
	log.Info("stopped")
	return nil
}

// server is the webhook of the flags: its catalog, and the sources bound
// to the catalog and to the OperatorVersions.
func (o *serveOptions) server(log *slog.Logger, memoryLimit int64) (*webhook.Server, webhook.Options, error) {
	opts := o.limits.options(webhook.Options{Mode: webhook.Mode(o.mode), Timeout: o.timeout, Logger: log}, memoryLimit)
	ovSources, err := o.operatorVersions(&opts)
	if err != nil {
		return nil, opts, err
	}
	cat := catalog.New(webhook.CatalogOptions(opts))
	sources, err := o.sources(cat)
	if err != nil {
		return nil, opts, err
	}
	return webhook.New(cat, opts, append(sources, ovSources...)...), opts, nil
}

// sources are where the webhook's CRDs come from, into cat: files (Helm
// charts' crds/ included), URLs, the cluster, or several of them.
func (o *serveOptions) sources(cat *catalog.Catalog) ([]webhook.Source, error) {
	var sources []webhook.Source
	var paths, urls []string
	for _, src := range o.crds {
		switch {
		case src == crdsource.ClusterSource:
			o.watchCRDs = true
		case crdsource.IsURL(src):
			urls = append(urls, src)
		default:
			expanded, err := crdsource.Expand(src)
			if err != nil {
				return nil, badInput("--crd %s: %v", src, err)
			}
			paths = append(paths, expanded...)
		}
	}
	if len(paths) > 0 {
		sources = append(sources, webhook.CRDFiles(cat, paths, o.reloadInterval))
	}
	if len(urls) > 0 {
		sources = append(sources, webhook.CRDURLs(cat, urls, o.reloadInterval, nil))
	}
	if !o.watchCRDs {
		return sources, nil
	}
	client, err := o.dynamicClient("--watch-crds")
	if err != nil {
		return nil, err
	}
	return append(sources, webhook.ClusterCRDs(cat, client, o.crdSelector)), nil
}

// operatorVersions is where KUDO Instances' OperatorVersions come from
// with --kudo-instances (files, else the cluster): it sets
// opts.OperatorVersions and returns the source, for /readyz to wait for
// them; none without the flag.
func (o *serveOptions) operatorVersions(opts *webhook.Options) ([]webhook.Source, error) {
	if !o.kudoInstances {
		return nil, nil
	}
	var source webhook.Source
	if len(o.ovPaths) > 0 {
		opts.OperatorVersions, source = webhook.OperatorVersionFiles(o.ovPaths, o.reloadInterval)
		return []webhook.Source{source}, nil
	}
	client, err := o.dynamicClient("--kudo-instances")
	if err != nil {
		return nil, err
	}
	opts.OperatorVersions, source = webhook.ClusterOperatorVersions(client)
	return []webhook.Source{source}, nil
}

// dynamicClient is a client of the cluster for the flag that needs it:
// --kubeconfig's, else the in-cluster service account's.
func (o *serveOptions) dynamicClient(flag string) (dynamic.Interface, error) {
	config, err := rest.InClusterConfig()
	if o.kubeconfig != "" {
		config, err = clientcmd.BuildConfigFromFlags("", o.kubeconfig)
	}
	if err != nil {
		return nil, badInput("%s: no cluster to watch: %v", flag, err)
	}
	client, err := dynamic.NewForConfig(config)
	if err != nil {
		return nil, badInput("%s: %v", flag, err)
	}
	return client, nil
}
