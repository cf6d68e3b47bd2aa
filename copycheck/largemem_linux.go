package copycheck

import "syscall"

// madvHugepage is MADV_HUGEPAGE, which package syscall does not name.
const madvHugepage = 14

// largeBytes returns n zero bytes outside the Go heap, advised for transparent huge pages, and
// the function that returns them. The suffix sort reads and writes its tables at random, and
// huge pages spare it most TLB misses; pages never written cost nothing.
func largeBytes(n int) ([]byte, func()) {
	if n < 16<<20 {
		return make([]byte, n), func() {}
	}
	b, err := syscall.Mmap(-1, 0, n, syscall.PROT_READ|syscall.PROT_WRITE, syscall.MAP_ANON|syscall.MAP_PRIVATE)
	if err != nil {
		return make([]byte, n), func() {}
	}
	_ = syscall.Madvise(b, madvHugepage) // only advice; without it the pages are ordinary
	return b, func() { syscall.Munmap(b) }
}

// largeInt32 is largeBytes for n int32.
func largeInt32(n int) ([]int32, func()) {
	b, release := largeBytes(4 * n)
	return fromBytes[int32](b), release
}
