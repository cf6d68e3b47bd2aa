package copycheck

import (
	"context"
	"errors"
	"testing"
)

// TestVerdictPerLicence checks a copy of a source of every licence class: open and share-alike
// sources ask for attribution, every other class blocks the merge (K9.4), and the class of a
// match is the source's.
func TestVerdictPerLicence(t *testing.T) {
	t.Parallel()
	want := map[Licence]Verdict{
		LicenceOpen:         VerdictAttribute,
		LicenceShareAlike:   VerdictAttribute,
		LicenceRecord:       VerdictBlock,
		LicenceVerbatim:     VerdictBlock,
		LicenceShareAlikeNC: VerdictBlock,
		LicenceGFDL:         VerdictBlock,
	}
	if len(want) != len(Licences) {
		t.Fatalf("the test names %d licence classes; Licences has %d", len(want), len(Licences))
	}
	for _, l := range Licences {
		t.Run(string(l), func(t *testing.T) {
			t.Parallel()
			c := testChecker(t, nil, refDoc("src", l, refSylow))
			res, err := c.Check(context.Background(), []byte(fresh+"\n\n"+refSylow), LaTeX)
			if err != nil {
				t.Fatal(err)
			}
			if res.Verdict != want[l] {
				t.Errorf("Check(copy of a %s source).Verdict = %q; want %q", l, res.Verdict, want[l])
			}
			if len(res.Matches) == 0 {
				t.Fatalf("Check(copy of a %s source) found no match", l)
			}
			for _, m := range res.Matches {
				if m.Licence != l {
					t.Errorf("match %+v has licence %q; want %q", m, m.Licence, l)
				}
			}
			clear, err := c.Check(context.Background(), []byte(fresh), LaTeX)
			if err != nil {
				t.Fatal(err)
			}
			if clear.Verdict != VerdictClear || len(clear.Matches) != 0 {
				t.Errorf("Check(original text) = %q with %d matches; want clear", clear.Verdict, len(clear.Matches))
			}
		})
	}
}

// TestRunInSeveralSourcesIsTheStrictest reports a run that stands in two sources against the one
// whose match has the stronger consequence, whichever of them was indexed first.
func TestRunInSeveralSourcesIsTheStrictest(t *testing.T) {
	t.Parallel()
	// From the mildest to the strictest.
	order := []Licence{LicenceOpen, LicenceShareAlike, LicenceGFDL, LicenceShareAlikeNC, LicenceVerbatim, LicenceRecord}
	for i, mild := range order {
		for _, strict := range order[i+1:] {
			for _, strictFirst := range []bool{false, true} {
				docs := []Document{refDoc("mild", mild, refCompact), refDoc("strict", strict, refCompact)}
				name := string(mild) + " then " + string(strict)
				if strictFirst {
					docs[0], docs[1] = docs[1], docs[0]
					name = string(strict) + " then " + string(mild)
				}
				t.Run(name, func(t *testing.T) {
					t.Parallel()
					c := testChecker(t, nil, docs...)
					res, err := c.Check(context.Background(), []byte(fresh+"\n\n"+refCompact), LaTeX)
					if err != nil {
						t.Fatal(err)
					}
					exact := 0
					for _, m := range res.Matches {
						if m.Stage != StageExact {
							continue
						}
						exact++
						if m.Source != "strict" || m.Licence != strict {
							t.Errorf("exact match reported against %s (%s); want strict (%s)", m.Source, m.Licence, strict)
						}
					}
					if exact == 0 {
						t.Errorf("Check() found no exact match: %+v", res.Matches)
					}
					if res.Verdict != verdictFor(strict) {
						t.Errorf("Check().Verdict = %q; want %q", res.Verdict, verdictFor(strict))
					}
				})
			}
		}
	}
}

func TestParseLicence(t *testing.T) {
	t.Parallel()
	for _, l := range Licences {
		if got, err := ParseLicence(string(l)); err != nil || got != l {
			t.Errorf("ParseLicence(%q) = %q, %v; want the class", l, got, err)
		}
	}
	for _, s := range []string{"", "OPEN", "cc-by", "gfdl ", "public-domain"} {
		if got, err := ParseLicence(s); !errors.Is(err, ErrInvalid) || got != "" {
			t.Errorf("ParseLicence(%q) = %q, %v; want ErrInvalid", s, got, err)
		}
	}
}
