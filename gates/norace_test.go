//go:build !race

package gates

// raceSlowdown is 1 without the race detector: the bounded tests hold the production budget.
const raceSlowdown = 1
