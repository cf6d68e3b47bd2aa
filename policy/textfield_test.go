package policy_test

import (
	"context"
	"errors"
	"reflect"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent/binding"
	"github.com/theoremdb/theoremdb/ent/decision"
	"github.com/theoremdb/theoremdb/ent/flag"
	"github.com/theoremdb/theoremdb/identity"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/role"
)

// TestSubmitBadText: text PostgreSQL cannot store (NUL, invalid UTF-8) and
// text that would display otherwise than it reads (control characters, a
// right-to-left override) is refused with the same field error on both
// databases, nothing is written, and ordinary multilingual text with TeX
// is stored exactly as given.
func TestSubmitBadText(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		modify func(in *policy.ProblemInput)
		want   []policy.FieldError
	}{
		{"NUL in the title", func(in *policy.ProblemInput) { in.Title = "Erdős–Straus\x00 conjecture" },
			[]policy.FieldError{{Field: []string{"title"}, Code: policy.CodeInvalid,
				Message: "contains U+0000 (NULL) at character 13; remove it"}}},
		{"control character in the title", func(in *policy.ProblemInput) { in.Title = "Erdős–Straus \x1b[1mconjecture" },
			[]policy.FieldError{{Field: []string{"title"}, Code: policy.CodeInvalid,
				Message: "contains U+001B (ESCAPE) at character 14; remove it"}}},
		{"right-to-left override in the title", func(in *policy.ProblemInput) { in.Title = "Erdős–Straus \u202Eerutcejnoc" },
			[]policy.FieldError{{Field: []string{"title"}, Code: policy.CodeInvalid,
				Message: "contains U+202E (RIGHT-TO-LEFT OVERRIDE) at character 14; remove it; it changes the direction in which the text around it is displayed"}}},
		{"line break in the title", func(in *policy.ProblemInput) { in.Title = "Erdős–Straus\nconjecture" },
			[]policy.FieldError{{Field: []string{"title"}, Code: policy.CodeInvalid,
				Message: "contains U+000A (LINE FEED) at character 13; this field is one line: replace the line break with a space"}}},
		{"invalid UTF-8 in the statement", func(in *policy.ProblemInput) { in.Statement = "For every integer\n$n \\ge 2$ \xff there" },
			[]policy.FieldError{{Field: []string{"statement"}, Code: policy.CodeInvalid,
				Message: "is not valid UTF-8: the byte 0xFF at line 2, character 11 is not part of any character; send the text encoded as UTF-8"}}},
		{"NUL in a tag", func(in *policy.ProblemInput) { in.Tags = []string{"number theory", "egyptian\x00fractions"} },
			[]policy.FieldError{{Field: []string{"tags", "1"}, Code: policy.CodeInvalid,
				Message: "contains U+0000 (NULL) at character 9; remove it"}}},
	}
	got := map[string]map[string][]policy.FieldError{}
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		got[d] = map[string][]policy.FieldError{}
		for _, tt := range tests {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				in := validInput()
				tt.modify(&in)
				before := f.count(t)
				p, err := f.svc.Submit(ctx, f.member, in)
				var ve *policy.ValidationError
				if !errors.As(err, &ve) {
					t.Fatalf("Submit() = %v, %v; want a validation error", p, err)
				}
				got[d][tt.name] = ve.Errors
				if diff := cmp.Diff(tt.want, ve.Errors); diff != "" {
					t.Errorf("Submit() field errors (-want +got):\n%s", diff)
				}
				if after := f.count(t); after != before {
					t.Errorf("refused Submit() wrote rows: %+v -> %+v", before, after)
				}
			})
		}

		t.Run("multilingual", func(t *testing.T) {
			in := validInput()
			in.Title = "Erdős–Straus für Ångström: αβγ, 素数の分布 and $\\sum_{n\\ge1} 1/n^2 = \\pi^2/6$"
			in.Statement = "Für jedes $n \\ge 2$ (素数 oder nicht):\r\n\t$4/n = 1/x + 1/y + 1/z$ — «ἀριθμός», \u2067حدسية\u2069."
			in.Tags = []string{"théorie des nombres", "数论"}
			p, err := f.svc.Submit(ctx, f.member, in)
			if err != nil {
				t.Fatalf("Submit() = %v", err)
			}
			rev, err := f.svc.Client().Revision.Get(ctx, *p.CurrentRevisionID)
			if err != nil {
				t.Fatal(err)
			}
			if p.Title != in.Title || rev.Title != in.Title || rev.Statement != in.Statement || !cmp.Equal(rev.Tags, in.Tags) {
				t.Errorf("stored %q / %q / %q / %q; want %q / %q / %q", p.Title, rev.Title, rev.Statement, rev.Tags,
					in.Title, in.Statement, in.Tags)
			}
		})
	})
	if len(got) == len(dbtest.Dialects) {
		for _, d := range dbtest.Dialects[1:] {
			if diff := cmp.Diff(got[dbtest.Dialects[0]], got[d]); diff != "" {
				t.Errorf("field errors differ between %s and %s (-%[1]s +%[2]s):\n%[3]s", dbtest.Dialects[0], d, diff)
			}
		}
	}
}

// singleLineFields are the ProblemInput fields that are one line, with
// list indexes written as N; every other string is multi-line.
var singleLineFields = []string{
	"computation.code.expectedDigest", "computation.code.repository", "computation.code.revision",
	"exposition.N.term", "hero.caption", "provenance.attribution", "provenance.sourceLocator", "referenceSearch.databases.N",
	"referenceSearch.queries.N", "references.N.authors.N", "references.N.citation", "references.N.identifier", "references.N.locator", "references.N.title",
	"tags.N", "title",
}

// TestEveryTextFieldIsChecked puts a NUL, a right-to-left override, a line
// feed and an isolate in turn into every string of a problem, found by
// reflection so that a field added later is covered too: the first two are
// refused in every field, the last two exactly in the single-line fields.
func TestEveryTextFieldIsChecked(t *testing.T) {
	t.Parallel()
	input := func() policy.ProblemInput {
		in := validInput()
		in.Exposition[1] = packet.ExpositionEntry{Kind: packet.Definition, Term: "unit fraction", Body: "A fraction $1/n$."}
		in.Tags = []string{"number theory", "egyptian fractions"}
		in.Hero = packet.Hero{Brief: "Unit squares.", Alt: "Squares of side one.", Caption: "Unit squares in a row.",
			RightsBasis: "Drawn for this record."}
		in.OpenStatus = packet.OpenStatus{StrongestKnown: "Known for n < 10.", UnresolvedTarget: "Every n."}
		in.Provenance.Motivation = "Earlier work on unit fractions."
		in.Computation = &packet.Computation{Instance: "n < 100", Equivalence: "Equal sets.", WhyNotBruteForce: "Too many.",
			SmallCases: "n = 2.", Certification: "A proof.", ParameterOrigin: "The first open case.",
			Code: &packet.CodeRef{Repository: "https://example.org/r", Revision: "abc1234", Inputs: "n", ExpectedDigest: "sha256:00"}}
		return in
	}
	number := regexp.MustCompile(`\.[0-9]+(\.|$)`)
	general := func(leaf string) string { return number.ReplaceAllString(leaf, ".N$1") }
	var leaves, all []string
	base := input()
	eachString(reflect.ValueOf(&base).Elem(), nil, func(path []string, _ reflect.Value) {
		leaves = append(leaves, strings.Join(path, "."))
		all = append(all, general(strings.Join(path, ".")))
	})
	if len(leaves) < 25 {
		t.Fatalf("found %d string fields in a problem: %v; the walk misses some", len(leaves), leaves)
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		f := newFixture(t, d)
		ctx := context.Background()
		n := 0
		for _, inject := range []struct {
			name string
			s    string
			want []string
		}{{"nul", "\x00", all}, {"override", "\u202E", all}, {"line_feed", "\n", singleLineFields}, {"isolate", "\u2066", singleLineFields}} {
			t.Run(inject.name, func(t *testing.T) {
				var refused []string
				for _, leaf := range leaves {
					in := input()
					eachString(reflect.ValueOf(&in).Elem(), nil, func(path []string, v reflect.Value) {
						if strings.Join(path, ".") == leaf {
							s := v.String()
							v.SetString(s[:len(s)/2] + inject.s + s[len(s)/2:])
						}
					})
					n++
					_, _, err := f.svc.Import(ctx, f.operator, "test:"+strconv.Itoa(n), "test", in)
					if err == nil {
						continue
					}
					fes := policy.FieldErrors(err)
					if fes == nil {
						t.Fatalf("Import() with %s in %s = %v; want a field error", inject.name, leaf, err)
					}
					if len(fes) != 1 || strings.Join(fes[0].Field, ".") != leaf || fes[0].Code != policy.CodeInvalid ||
						!strings.Contains(fes[0].Message, "U+") {
						t.Errorf("Import() with %s in %s = %v; want one INVALID error on %s naming the character", inject.name, leaf, fes, leaf)
					}
					refused = append(refused, general(leaf))
				}
				if diff := cmp.Diff(sorted(inject.want), sorted(refused)); diff != "" {
					t.Errorf("fields refusing %s (-want +got):\n%s", inject.name, diff)
				}
			})
		}
	})
}

// eachString calls fn with the path and value of every plain string in v,
// naming fields as the policy's field errors do (json names, lower camel
// case otherwise). Named string types are enums, checked as such.
func eachString(v reflect.Value, path []string, fn func([]string, reflect.Value)) {
	switch v.Kind() {
	case reflect.Pointer:
		if !v.IsNil() {
			eachString(v.Elem(), path, fn)
		}
	case reflect.Struct:
		for i := range v.NumField() {
			sf := v.Type().Field(i)
			if !sf.IsExported() {
				continue
			}
			name := strings.Split(sf.Tag.Get("json"), ",")[0]
			if name == "" {
				name = strings.ToLower(sf.Name[:1]) + sf.Name[1:]
			}
			eachString(v.Field(i), append(slices.Clone(path), name), fn)
		}
	case reflect.Slice:
		for i := range v.Len() {
			eachString(v.Index(i), append(slices.Clone(path), strconv.Itoa(i)), fn)
		}
	case reflect.String:
		if v.Type() == reflect.TypeFor[string]() {
			fn(path, v)
		}
	}
}

// sorted returns the distinct strings of in, in order.
func sorted(in []string) []string {
	out := slices.Clone(in)
	slices.Sort(out)
	return slices.Compact(out)
}

// TestOtherTextInputs: every other string that reaches storage through the
// policy is checked the same way, and a lookup by text no stored value
// could equal finds nothing on either database rather than failing on
// PostgreSQL.
func TestOtherTextInputs(t *testing.T) {
	t.Parallel()
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		f := newFixture(t, d)
		mod := f.account(t, "mona", role.Moderator)
		p := f.submitChecked(t, f.member)
		flagged, err := f.svc.FlagProblem(ctx, f.reviewer, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER,
			Explanation: "The statement needs a domain for x."})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := f.svc.ClaimCase(ctx, mod, flagged.Case.ID); err != nil {
			t.Fatal(err)
		}
		keep := func(mod func(in *policy.DecisionInput)) policy.DecisionInput {
			in := policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionKEEP_PROSPECTING, IdempotencyKey: "k1",
				Notes: packet.DecisionNotes{Reason: "The search misses shifted indexings."}, RevisionRequests: []string{"Search OEIS."}}
			mod(&in)
			return in
		}
		tests := []struct {
			name string
			call func() error
			want []errKey
		}{
			{"handle", func() error { _, err := f.svc.CreateAccount(ctx, "ad\x00a", "", nil); return err }, []errKey{{"handle", policy.CodeInvalid}}},
			{"handle invalid UTF-8", func() error { _, err := f.svc.CreateAccount(ctx, "ad\xffa", "", nil); return err }, []errKey{{"handle", policy.CodeInvalid}}},
			{"display name", func() error { _, err := f.svc.CreateAccount(ctx, "ada2", "Ada\nLovelace", nil); return err }, []errKey{{"displayName", policy.CodeInvalid}}},
			{"sign-up name", func() error {
				_, err := f.svc.SignUp(ctx, "ada3", "Ada \u202EecalevoL", "a long enough password")
				return err
			}, []errKey{{"displayName", policy.CodeInvalid}}},
			{"token label", func() error { _, err := f.svc.CreateToken(ctx, f.member, "ci\x00"); return err }, []errKey{{"label", policy.CodeInvalid}}},
			{"long token label", func() error {
				_, err := f.svc.CreateToken(ctx, f.member, strings.Repeat("l", policy.MaxTokenLabel+1))
				return err
			}, []errKey{{"label", policy.CodeTooLong}}},
			{"revision note", func() error { _, _, err := f.svc.Revise(ctx, f.member, p.ID, "why\x00", validInput()); return err }, []errKey{{"note", policy.CodeInvalid}}},
			{"import key", func() error {
				_, _, err := f.svc.Import(ctx, f.operator, "erdos:1\x00", "test", validInput())
				return err
			}, []errKey{{"importKey", policy.CodeInvalid}}},
			{"import source", func() error { _, _, err := f.svc.Import(ctx, f.operator, "erdos:1", "a\nb", validInput()); return err }, []errKey{{"source", policy.CodeInvalid}}},
			{"idempotency key", func() error {
				_, err := f.decide(ctx, f.reviewer, keep(func(in *policy.DecisionInput) { in.IdempotencyKey = "k\x00" }))
				return err
			}, []errKey{{"idempotencyKey", policy.CodeInvalid}}},
			{"decision note", func() error {
				_, err := f.decide(ctx, f.reviewer, keep(func(in *policy.DecisionInput) { in.Notes.Reason += "\x07" }))
				return err
			}, []errKey{{"notes.reason", policy.CodeInvalid}}},
			{"revision request", func() error {
				_, err := f.decide(ctx, f.reviewer, keep(func(in *policy.DecisionInput) { in.RevisionRequests = []string{"Search\nOEIS."} }))
				return err
			}, []errKey{{"revisionRequests.0", policy.CodeInvalid}}},
			{"claim summary", func() error {
				_, err := f.svc.AttachClaim(ctx, f.member, policy.ClaimInput{ProblemID: p.ID, Summary: "s\x00", Relation: binding.RelationADDRESSES})
				return err
			}, []errKey{{"summary", policy.CodeInvalid}}},
			{"claim scope", func() error {
				_, err := f.svc.AttachClaim(ctx, f.member, policy.ClaimInput{ProblemID: p.ID, Summary: "s", Scope: "\u202Dn < 10",
					Relation: binding.RelationADDRESSES})
				return err
			}, []errKey{{"scope", policy.CodeInvalid}}},
			{"flag explanation", func() error {
				_, err := f.svc.FlagProblem(ctx, f.member, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonOTHER, Explanation: because + "\x00"})
				return err
			}, []errKey{{"explanation", policy.CodeInvalid}}},
			{"dismissal note", func() error { _, err := f.svc.DismissCase(ctx, mod, flagged.Case.ID, "\x00 no"); return err }, []errKey{{"note", policy.CodeInvalid}}},
			{"removal reason", func() error { _, _, err := f.svc.RemoveProblem(ctx, mod, flagged.Case.ID, "abuse \u202E"); return err }, []errKey{{"reason", policy.CodeInvalid}}},

			{"flag on a NUL problem ID", func() error {
				_, err := f.svc.FlagProblem(ctx, f.member, policy.FlagInput{ProblemID: p.ID + "\x00", Reason: flag.ReasonOTHER, Explanation: because})
				return err
			}, []errKey{{"problemId", policy.CodeNotFound}}},
			{"duplicate of invalid UTF-8", func() error {
				_, err := f.svc.FlagProblem(ctx, f.member, policy.FlagInput{ProblemID: p.ID, Reason: flag.ReasonDUPLICATE, Explanation: because,
					DuplicateOf: "erd\xffos"})
				return err
			}, []errKey{{"duplicateOf", policy.CodeNotFound}}},
			{"merge into a NUL slug", func() error {
				_, err := f.decide(ctx, f.reviewer, policy.DecisionInput{ProblemID: p.ID, Action: decision.ActionMERGE,
					MergeInto: "erdos\x00", IdempotencyKey: "k2", Notes: packet.DecisionNotes{DuplicateCheck: "Same.", Reason: "Duplicate."}})
				return err
			}, []errKey{{"mergeInto", policy.CodeNotFound}}},
			{"claim a NUL case", func() error { _, err := f.svc.ClaimCase(ctx, mod, "\x00"); return err }, []errKey{{"caseId", policy.CodeNotFound}}},
		}
		for _, tt := range tests {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				before := f.count(t)
				err := tt.call()
				if diff := cmp.Diff(tt.want, keys(err)); diff != "" {
					t.Errorf("field errors (-want +got):\n%s\nerr = %v", diff, err)
				}
				if after := f.count(t); after != before {
					t.Errorf("refused call wrote rows: %+v -> %+v", before, after)
				}
			})
		}

		for _, tt := range []struct {
			name string
			call func() error
			want error
		}{
			{"problem by NUL ID", func() error { _, err := f.svc.Problem(ctx, p.ID+"\x00"); return err }, policy.ErrNotFound},
			{"problem by invalid slug", func() error { _, err := f.svc.Problem(ctx, "erd\xffos"); return err }, policy.ErrNotFound},
			{"account by NUL handle", func() error { _, err := f.svc.AccountByHandle(ctx, "ada\x00"); return err }, policy.ErrNotFound},
			{"sign in with NUL handle", func() error { _, _, err := f.svc.Identity().SignIn(ctx, "ada\x00", "password"); return err }, identity.ErrBadCredentials},
			{"token by NUL label", func() error { _, err := f.svc.TokenByLabel(ctx, f.member, "ci\x00"); return err }, policy.ErrNotFound},
			{"revoke NUL token ID", func() error { _, err := f.svc.RevokeToken(ctx, "tok_\x00"); return err }, policy.ErrNotFound},
		} {
			t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
				if err := tt.call(); !errors.Is(err, tt.want) {
					t.Errorf("err = %v; want %v", err, tt.want)
				}
			})
		}
	})
}
