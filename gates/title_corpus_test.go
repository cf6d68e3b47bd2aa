package gates

import "testing"

// TestTitleCorpus holds statement.title-matches to titles people give the varied packets: the
// statement's object in other words or by its source's name pass; a title of another problem
// fails when it shares no word with the packet and names a parameter the statement does not;
// what a machine cannot tell apart (an abbreviation, a name the packet never uses, a number it
// never names, the statement's parameters under another name) goes to a person.
func TestTitleCorpus(t *testing.T) {
	t.Parallel()
	for _, tt := range []struct {
		base  func() *Revision
		title string
		want  Verdict
	}{
		{numericalClean, "Heilbronn's problem, n = 13", Pass},
		{numericalClean, "The Heilbronn number of 13 points", Pass},
		{numericalClean, "Small triangles among 13 points in a square", Pass},
		{numericalClean, "Thirteen points in the unit square", Pass},
		{numericalClean, "Heilbronn triangle problem", Pass},
		{numericalClean, "Kissing numbers in dimension 5", Fail},
		{numericalClean, "The Danzer problem", NeedsHuman},
		{classificationClean, "Conference graphs on 65 vertices", Pass},
		{classificationClean, "Paley-type graphs of order 65", Pass},
		{classificationClean, "SRG(65,32,15,16)", NeedsHuman},
		// The statement's parameters under the usual abbreviation: no false FAIL.
		{classificationClean, "Classification of srg(65, 32, 15, 16)", NeedsHuman},
		{classificationClean, "Moore graphs of degree 57", NeedsHuman},
		{classificationClean, "Hadamard matrices of order 668", Fail},
		{recurrenceClean, "Is Sylvester's sequence squarefree?", Pass},
		{recurrenceClean, "Vardi's question", Pass},
		{recurrenceClean, "Square factors in s_{n+1} = s_n^2 - s_n + 1", Pass},
		{recurrenceClean, "Squarefreeness of A000058", NeedsHuman},
		{recurrenceClean, "Primes in the Euclid–Mullin sequence", NeedsHuman},
		{generatedClean, "Covering design C(19,6,4)", Pass},
		{generatedClean, "Small coverings of 4-sets by 6-sets on 19 points", NeedsHuman},
		{generatedClean, "The Turán number T(19, 6, 4)", NeedsHuman},
		{generatedClean, "Steiner systems S(5, 6, 12)", Fail},
		{generatedClean, "Golomb rulers with 28 marks", Fail},
	} {
		t.Run(tt.title, func(t *testing.T) {
			t.Parallel()
			r := tt.base()
			r.Title = tt.title
			if got, fs := checkVerdict(t, statementGate, r, fixtureEnv(), stCheckTitle); got != tt.want {
				t.Errorf("title %q over %q = %s; want %s (%+v)", tt.title, r.Statement, got, tt.want, fs)
			}
		})
	}
}
