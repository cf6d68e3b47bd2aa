//go:build race

package gates

// raceSlowdown is how much the race detector slows the gates' pure-Go text work (the long-tables
// packet: 0.44 s without it, 6.8 s with it, alone on the machine). The bounded tests give a gate
// its production budget times this: make test runs the package twice, under the race detector and
// without it (with the calibrate tag), and the run without it holds the production budget itself.
const raceSlowdown = 20
