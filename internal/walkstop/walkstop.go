package walkstop

import "context"

// CheckEvery is how many visits pass between checks of the context: often
// enough to stop within a millisecond, seldom enough to cost nothing. A
// power of two, so that the count is tested with a mask.
const CheckEvery = 1024

// Stopper ends a walk once its context ends. The zero Stopper never stops.
type Stopper struct {
	ctx     context.Context
	visits  int
	stopped bool
}

// New returns a Stopper for ctx; a nil ctx never stops.
func New(ctx context.Context) Stopper { return Stopper{ctx: ctx} }

// Ended counts one visit and reports whether the walk must stop. It is
// small enough to be inlined: the context is read in check alone.
func (s *Stopper) Ended() bool {
	s.visits++
	if s.visits&(CheckEvery-1) != 0 {
		return s.stopped
	}
	return s.check()
}

// check reads the context; kept out of line so that Ended is inlined.
//
//go:noinline
func (s *Stopper) check() bool {
	if !s.stopped && s.ctx != nil {
		s.stopped = s.ctx.Err() != nil
	}
	return s.stopped
}

// Visits is the number of visits counted so far.
func (s *Stopper) Visits() int { return s.visits }
