package walkstop

import "context"

// CheckEvery is how many visits pass between checks of the context: often
// enough to stop within a millisecond, seldom enough to cost nothing.
const CheckEvery = 1024

// Stopper ends a walk once its context ends. The zero Stopper never stops.
type Stopper struct {
	ctx     context.Context
	visits  int
	stopped bool
}

// New returns a Stopper for ctx; a nil ctx never stops.
func New(ctx context.Context) Stopper { return Stopper{ctx: ctx} }

// Ended counts one visit and reports whether the walk must stop.
func (s *Stopper) Ended() bool {
	s.visits++
	if !s.stopped && s.visits%CheckEvery == 0 && s.ctx != nil {
		s.stopped = s.ctx.Err() != nil
	}
	return s.stopped
}

// Visits is the number of visits counted so far.
func (s *Stopper) Visits() int { return s.visits }
