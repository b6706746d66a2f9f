package cli

import (
	"time"

	"github.com/spf13/pflag"

	"github.com/kval-dev/kval/webhook"
)

func (l *serveLimits) flags(f *pflag.FlagSet) {
	f.Int64Var(&l.maxInFlightBytes, "max-inflight-bytes", 0, "request bytes worked on at once; more wait --overload-wait, then get HTTP 429 (0: sized from the container's memory limit, else 32 MiB)")
	f.DurationVar(&l.overloadWait, "overload-wait", webhook.DefaultOverloadWait, "how long a request waits for room in --max-inflight-bytes before it is refused")
	f.IntVar(&l.maxConnections, "max-connections", webhook.DefaultMaxConnections, "open connections of the admission port; more are closed on accept")
	f.DurationVar(&l.drainDelay, "drain-delay", 5*time.Second, "on SIGTERM, how long /readyz fails while requests are still answered, for endpoints to drop this replica")
	f.DurationVar(&l.shutdownGrace, "shutdown-grace", 25*time.Second, "after the drain, how long the requests in flight get to finish")
}

func (l *serveLimits) check() error {
	switch {
	case l.maxInFlightBytes < 0 || l.maxConnections <= 0:
		return badInput("--max-inflight-bytes must not be negative and --max-connections must be positive")
	case l.overloadWait <= 0 || l.drainDelay < 0 || l.shutdownGrace <= 0:
		return badInput("--overload-wait and --shutdown-grace must be positive, --drain-delay not negative")
	}
	return nil
}

// options adds the limits to opts; the byte budget, unless given, is
// sized from the memory limit when one is known.
func (l *serveLimits) options(opts webhook.Options, memoryLimit int64) webhook.Options {
	opts.MaxInFlightBytes = l.maxInFlightBytes
	switch {
	case opts.MaxInFlightBytes > 0:
	case memoryLimit > 0:
		opts.MaxInFlightBytes = webhook.MaxInFlightBytesFor(memoryLimit)
	default:
		opts.MaxInFlightBytes = webhook.DefaultMaxInFlightBytes
	}
	opts.OverloadWait, opts.MaxConnections = l.overloadWait, l.maxConnections
	opts.DrainDelay, opts.ShutdownGrace = l.drainDelay, l.shutdownGrace
	return opts
}
