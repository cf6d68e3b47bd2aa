package kernel

import (
	"context"
	"syscall"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/sandbox"
)

// BenchmarkKernelNF checks every proof of nf.mm (5,975 $p statements) with each checker, side by
// side: the second checker with one goroutine (as the C program has one thread) and with every
// CPU, and Debian's metamath run directly and in the sandbox. Each figure includes reading the
// database; the C program's includes starting its process. Beside the wall time each reports
// cpu-ms/op, the CPU time used (by this process, or by the child processes), which a loaded
// machine disturbs less; in the sandbox only the wall time can be read.
func BenchmarkKernelNF(b *testing.B) {
	src := sharedDB(b, "nf.mm")
	b.Run("second/parse", func(b *testing.B) {
		b.SetBytes(int64(len(src)))
		defer cpuMetric(b, syscall.RUSAGE_SELF)()
		for b.Loop() {
			if _, err := Parse(src); err != nil {
				b.Fatal(err)
			}
		}
	})
	for _, w := range []struct {
		name    string
		workers int
	}{{"second/1-goroutine", 1}, {"second/all-cpus", 0}} {
		b.Run(w.name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			defer cpuMetric(b, syscall.RUSAGE_SELF)()
			for b.Loop() {
				r, err := Check(src, w.workers)
				if err != nil || r.Failed() != 0 {
					b.Fatalf("Check: %v, %d failed", err, r.Failed())
				}
			}
		})
	}
	run := func(name string, ex Exec, measureCPU bool) {
		b.Run(name, func(b *testing.B) {
			b.SetBytes(int64(len(src)))
			if measureCPU {
				defer cpuMetric(b, syscall.RUSAGE_CHILDREN)()
			}
			for b.Loop() {
				r, err := RunMetamath(context.Background(), ex, src)
				if err != nil || len(r.Failed) != 0 || len(r.Labels) != 5975 {
					b.Fatalf("RunMetamath: %v", err)
				}
			}
		})
	}
	cExec(b)
	run("metamath/direct", DirectExec(time.Minute), true)
	if sandbox.Available() == nil {
		// bwrap does not hand on its children's CPU times, so only the wall time is measured.
		run("metamath/sandbox", SandboxExec, false)
	}
}

// cpuMetric reports the user and system time of who (this process or its waited-for children)
// per iteration, from now until the returned function runs.
func cpuMetric(b *testing.B, who int) func() {
	cpu := func() time.Duration {
		var ru syscall.Rusage
		if err := syscall.Getrusage(who, &ru); err != nil {
			b.Fatal(err)
		}
		return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
	}
	start := cpu()
	return func() {
		b.ReportMetric(float64(cpu()-start)/float64(time.Millisecond)/float64(b.N), "cpu-ms/op")
	}
}
