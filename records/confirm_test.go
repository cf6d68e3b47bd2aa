package records

import (
	"math/rand"
	"reflect"
	"testing"
	"testing/quick"
)

func TestCompare(t *testing.T) {
	erdos := Record{Title: "On the evolution of random graphs", Authors: []string{"Erdős, P.", "Rényi, A."}, Year: 1960}
	hilbert := Record{Title: "Grundlagen der Geometrie", Authors: []string{"Hilbert, David"}, Year: 1899}
	hilbertAckermann := Record{Title: "Grundzüge der theoretischen Logik", Authors: []string{"David Hilbert", "Wilhelm Ackermann"}, Year: 1928}
	waerden := Record{Title: "Beweis einer Baudetschen Vermutung", Authors: []string{"van der Waerden, B. L."}, Year: 1927}
	latex := Record{Title: "Sharp constants in the Sobolev embedding theorem on <i>R</i><sup>n</sup>", Authors: []string{"Talenti, Giorgio"}, Year: 1976}
	subtitle := Record{Title: "Homotopy Type Theory: Univalent Foundations of Mathematics", Authors: []string{"The Univalent Foundations Program"}, Year: 2013}
	preprint := Record{Title: "The entropy formula for the Ricci flow and its geometric applications", Authors: []string{"Grisha Perelman"}, Year: 2002}
	three := Record{Title: "Gauge theory", Authors: []string{"Atiyah, Michael", "Hitchin, Nigel", "Singer, Isadore"}, Year: 1978}
	goedel := Record{Title: "Über formal unentscheidbare Sätze der Principia Mathematica und verwandter Systeme I", Authors: []string{"Gödel, Kurt"}, Year: 1931}
	tests := []struct {
		name    string
		claimed Claimed
		rec     Record
		want    Confirmation
		field   string
	}{
		{"exact", Claimed{"On the evolution of random graphs", []string{"P. Erdős", "A. Rényi"}, 1960}, erdos, Confirmed, ""},
		{"diacritics dropped", Claimed{"On the Evolution of Random Graphs", []string{"Erdos and Renyi"}, 1960}, erdos, Confirmed, ""},
		{"family first and and", Claimed{"On the evolution of random graphs.", []string{"Erdős, Paul and Rényi, Alfréd"}, 1960}, erdos, Confirmed, ""},
		{"comma list of initials", Claimed{"On the evolution of random graphs", []string{"Erdős, P., Rényi, A."}, 1961}, erdos, Confirmed, ""},
		{"latex accents", Claimed{`On the evolution of random graphs`, []string{`P. Erd{\H o}s`, `A. R\'enyi`}, 1960}, erdos, Confirmed, ""},
		{"et al", Claimed{"Gauge theory", []string{"Atiyah et al."}, 1978}, three, Confirmed, ""},
		{"ampersand", Claimed{"Gauge Theory", []string{"M. F. Atiyah, N. J. Hitchin & I. M. Singer"}, 0}, three, Confirmed, ""},
		{"family only", Claimed{"Grundlagen der Geometrie", []string{"Hilbert"}, 1899}, hilbert, Confirmed, ""},
		{"initial first", Claimed{"Grundlagen der Geometrie", []string{"D. Hilbert"}, 1899}, hilbert, Confirmed, ""},
		{"initial after", Claimed{"Grundlagen der Geometrie", []string{"Hilbert D"}, 1899}, hilbert, Confirmed, ""},
		{"given family list with commas", Claimed{"Grundzüge der theoretischen Logik", []string{"David Hilbert, Wilhelm Ackermann"}, 1928}, hilbertAckermann, Confirmed, ""},
		{"family comma family", Claimed{"Grundzuge der theoretischen Logik", []string{"Hilbert, Ackermann"}, 1928}, hilbertAckermann, Confirmed, ""},
		{"particle", Claimed{"Beweis einer Baudetschen Vermutung", []string{"B. L. van der Waerden"}, 1927}, waerden, Confirmed, ""},
		{"latex in title", Claimed{`Sharp constants in the Sobolev embedding theorem on $\mathbb{R}^n$`, []string{"G. Talenti"}, 1976}, latex, Confirmed, ""},
		{"emph in title", Claimed{`Sharp constants in the \emph{Sobolev} embedding theorem on $R^n$`, nil, 0}, latex, Confirmed, ""},
		{"subtitle omitted", Claimed{"Homotopy Type Theory", []string{"Univalent Foundations Program"}, 2013}, subtitle, Confirmed, ""},
		{"subtitle added", Claimed{"Grundlagen der Geometrie: Festschrift zur Enthüllung des Gauss-Weber-Denkmals", nil, 1899}, hilbert, Confirmed, ""},
		{"preprint year", Claimed{"The entropy formula for the Ricci flow and its geometric applications", []string{"G. Perelman"}, 2003}, preprint, Confirmed, ""},
		{"umlaut transliterated", Claimed{"Uber formal unentscheidbare Satze der Principia Mathematica und verwandter Systeme I", []string{"Goedel, K."}, 1931}, goedel, Confirmed, ""},
		{"nothing claimed", Claimed{}, erdos, Confirmed, ""},
		{"record silent on year", Claimed{"Gauge theory", nil, 1850}, Record{Title: "Gauge theory"}, Confirmed, ""},

		{"different title", Claimed{"On the evolution of random trees", []string{"Erdős", "Rényi"}, 1960}, erdos, Mismatch, "title"},
		{"different subtitles", Claimed{"Homotopy Type Theory: A Gentle Introduction", nil, 2013}, subtitle, Mismatch, "title"},
		{"title of another paper by the same authors", Claimed{"On random graphs I", []string{"Erdős", "Rényi"}, 1959}, erdos, Mismatch, "title"},
		{"invented co-author", Claimed{"On the evolution of random graphs", []string{"Erdős, P. and Turán, P."}, 1960}, erdos, Mismatch, "authors"},
		{"missing co-author", Claimed{"Gauge theory", []string{"Atiyah and Hitchin"}, 1978}, three, Mismatch, "authors"},
		{"one author of two", Claimed{"On the evolution of random graphs", []string{"P. Erdős"}, 1960}, erdos, Mismatch, "authors"},
		{"wrong author", Claimed{"Grundlagen der Geometrie", []string{"Felix Klein"}, 1899}, hilbert, Mismatch, "authors"},
		{"near family name", Claimed{"Grundlagen der Geometrie", []string{"D. Hilbertz"}, 1899}, hilbert, Mismatch, "authors"},
		{"year off by two", Claimed{"On the evolution of random graphs", []string{"Erdős", "Rényi"}, 1962}, erdos, Mismatch, "year"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Compare(tt.claimed, tt.rec)
			if got.Confirmation != tt.want || got.Field != tt.field {
				t.Errorf("Compare(%+v, %q) = %+v; want %s on %q", tt.claimed, tt.rec.Title, got, tt.want, tt.field)
			}
		})
	}
}

func TestConfirm(t *testing.T) {
	rec := Record{Title: "Gauge theory", Authors: []string{"Atiyah, Michael"}, Year: 1978}
	tests := []struct {
		res  Result
		want Confirmation
	}{
		{found(rec), Confirmed},
		{found(Record{Title: "Another"}), Mismatch},
		{notFound("no such DOI"), NotFound},
		{Result{Status: StatusNoResolver, Reason: "url"}, NotFound},
		{unreachable("HTTP 503"), Pending},
	}
	for _, tt := range tests {
		if got := Confirm(tt.res, Claimed{Title: "Gauge theory"}); got.Confirmation != tt.want {
			t.Errorf("Confirm(%s) = %+v; want %s", tt.res.Status, got, tt.want)
		}
	}
	if got := Confirm(unreachable("timeout"), Claimed{}); got.Confirmation.Fabricated() {
		t.Errorf("Confirm(unreachable).Fabricated() = true")
	}
}

// attempts is a random history of resolution attempts for one source: mostly failures of every
// kind (timeouts, 5xx and 429 after retries, malformed bodies), now and then a definite answer.
type attempts []Result

func (attempts) Generate(r *rand.Rand, size int) reflect.Value {
	failures := []string{"timeout", "HTTP 503 after retries", "HTTP 429 after retries", "malformed body", "connection refused"}
	definite := []Result{
		found(Record{Title: "Gauge theory", Authors: []string{"Atiyah, Michael"}, Year: 1978}),
		found(Record{Title: "Gauge theory", Authors: []string{"Witten, Edward"}, Year: 1978}),
		notFound("neither Crossref nor DataCite holds it"),
	}
	n := r.Intn(size + 1)
	out := make(attempts, n)
	for i := range out {
		if r.Intn(5) == 0 {
			out[i] = definite[r.Intn(len(definite))]
		} else {
			out[i] = unreachable(failures[r.Intn(len(failures))])
		}
	}
	return reflect.ValueOf(out)
}

// TestPendingNeverBecomesFabricatedByFailures: over any history, a source is fabricated only
// after a definite answer, its outcome is always that of the last definite answer (PENDING
// before any), and a failure never changes it.
func TestPendingNeverBecomesFabricatedByFailures(t *testing.T) {
	claimed := Claimed{Title: "Gauge theory", Authors: []string{"M. Atiyah"}, Year: 1979}
	prop := func(h attempts) bool {
		var out Outcome
		var lastDefinite *Result
		for i := range h {
			prev := out
			out = Advance(out, h[i], claimed)
			if h[i].Status == StatusUnreachable {
				if prev.Confirmation != "" && out != prev {
					return false
				}
			} else {
				lastDefinite = &h[i]
			}
			switch {
			case lastDefinite == nil && out.Confirmation != Pending:
				return false
			case lastDefinite != nil && out != Confirm(*lastDefinite, claimed):
				return false
			}
		}
		return true
	}
	if err := quick.Check(prop, &quick.Config{MaxCount: 500}); err != nil {
		t.Error(err)
	}
}
