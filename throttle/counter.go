package throttle

import "sync"

// Counter counts open things by key against a maximum.
type Counter struct {
	mu sync.Mutex
	n  map[string]int
}

// NewCounter makes an empty counter.
func NewCounter() *Counter { return &Counter{n: map[string]int{}} }

// Acquire counts one more for key unless max are open; release undoes it,
// once however often it is called.
func (c *Counter) Acquire(key string, max int) (release func(), ok bool) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.n[key] >= max {
		return nil, false
	}
	c.n[key]++
	var once sync.Once
	return func() {
		once.Do(func() {
			c.mu.Lock()
			defer c.mu.Unlock()
			if c.n[key]--; c.n[key] <= 0 {
				delete(c.n, key)
			}
		})
	}, true
}
