package seed

import (
	"fmt"
	"sync"
	"time"
)

// replayClock is the policy clock of a replay: the timeline sets it, it only
// moves forward, and it never passes the end of the replay (the present), so
// events are written in time order and nothing is dated in the future.
type replayClock struct {
	mu  sync.Mutex
	now time.Time
	end time.Time
}

func newReplayClock(start, end time.Time) *replayClock {
	return &replayClock{now: start.UTC(), end: end.UTC()}
}

// Now returns the time the timeline last set.
func (c *replayClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.now
}

// Set moves the clock to t. Moving backwards, or past the end of the
// replay, is a bug in the timeline and is refused.
func (c *replayClock) Set(t time.Time) error {
	c.mu.Lock()
	defer c.mu.Unlock()
	t = t.UTC()
	switch {
	case t.Before(c.now):
		return fmt.Errorf("replay clock: %s is before %s; the timeline must only move forward",
			t.Format(time.RFC3339Nano), c.now.Format(time.RFC3339Nano))
	case t.After(c.end):
		return fmt.Errorf("replay clock: %s is after the end of the replay at %s",
			t.Format(time.RFC3339Nano), c.end.Format(time.RFC3339Nano))
	}
	c.now = t
	return nil
}
