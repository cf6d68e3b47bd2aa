//go:build !linux

package copycheck

// largeBytes returns n zero bytes; only Linux gets huge pages.
func largeBytes(n int) ([]byte, func()) { return make([]byte, n), func() {} }

// largeInt32 returns n zero int32.
func largeInt32(n int) ([]int32, func()) { return make([]int32, n), func() {} }

// populate maps the pages of b, a read-only file mapping.
func populate(b []byte) { touch(b) }
