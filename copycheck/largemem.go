package copycheck

import (
	"os"
	"sync/atomic"
)

// touchSink keeps touch's reads from being optimised away.
var touchSink atomic.Uint32

// touch reads a byte of every page of b.
func touch(b []byte) {
	var x byte
	step := os.Getpagesize()
	for i := 0; i < len(b); i += step {
		x ^= b[i]
	}
	touchSink.Store(uint32(x))
}
