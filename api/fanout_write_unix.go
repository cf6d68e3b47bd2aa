//go:build unix

package api

import "syscall"

// writeNonblocking writes what of b the connection's kernel buffer takes
// now, without waiting for room, and says how much that was.
func writeNonblocking(raw syscall.RawConn, b []byte) (int, error) {
	n := 0
	var werr error
	err := raw.Write(func(fd uintptr) bool {
		for n < len(b) {
			k, err := syscall.Write(int(fd), b[n:])
			if k > 0 {
				n += k
			}
			switch {
			case err == syscall.EINTR:
				continue
			case err == syscall.EAGAIN:
				return true // full: the rest waits for flush
			case err != nil:
				werr = err
				return true
			case k <= 0:
				return true
			}
		}
		return true // never wait for the descriptor to be writable
	})
	if werr != nil {
		return n, werr
	}
	return n, err
}
