package workers_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/reference"
	"github.com/theoremdb/theoremdb/ent/source"
	"github.com/theoremdb/theoremdb/packet"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/role"
	"github.com/theoremdb/theoremdb/workers"
)

// TestConfirmReference runs the record plane against a local Crossref answering as the real one
// does: a claim matching the record is CONFIRMED; an agent's claim contradicting it is MISMATCH
// and rejected (kept in the record with the reason, out of the packet, an event in History); a
// person's is flagged, not rejected; while Crossref cannot be reached a new reference stays
// PENDING, never fabricated; and a fresh record answers without asking again.
func TestConfirmReference(t *testing.T) {
	t.Parallel()
	work, err := os.ReadFile("../records/testdata/crossref_work.json") // 10.1007/bf01444162, Hilbert 1893
	if err != nil {
		t.Fatal(err)
	}
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		down, asked := false, 0
		srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			asked++
			if down {
				w.WriteHeader(http.StatusServiceUnavailable)
				return
			}
			if strings.HasPrefix(r.URL.Path, "/works/") {
				w.Header().Set("Content-Type", "application/json")
				_, _ = w.Write(work)
				return
			}
			http.NotFound(w, r)
		}))
		defer srv.Close()
		cfg, err := records.ConfigFromEnv(func(k string) string {
			if k == records.EnvCrossrefURL || k == records.EnvDataCiteURL {
				return srv.URL
			}
			return ""
		})
		if err != nil {
			t.Fatal(err)
		}
		cfg.MaxAttempts, cfg.BaseDelay, cfg.MaxDelay = 1, time.Millisecond, time.Millisecond
		plane := records.NewPlane(cfg, nil, nil)
		svc := policy.New(dbtest.Open(t, d), policy.Config{})
		agent, _ := svc.CreateAccount(ctx, "bot", "", []role.Role{role.Agent})
		member, _ := svc.CreateAccount(ctx, "ada", "", nil)

		submit := func(a *ent.Account, title, author string, year int) *ent.Reference {
			t.Helper()
			p, err := svc.Submit(ctx, a, policy.ProblemInput{Title: "Finite bases of invariants " + title,
				Statement:  "Is every ring of invariants of a reductive group acting linearly on a polynomial ring finitely generated, for the group $G$ given?",
				Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a counterexample group."},
				Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "D. Hilbert", SourceLocator: "Math. Ann. 42",
					RightsBasis: "Our own words.", GeneratedBy: "model m1, prompt p1"},
				References: []policy.ReferenceInput{{Identifier: "doi:10.1007/bf01444162", Citation: "D. Hilbert, 1893.",
					Relevance: "The source.", Role: reference.RolePRIMARY, Title: title, Authors: []string{author}, Year: &year}},
				ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().AddDate(0, 0, -1), Databases: []string{"zbMATH Open"},
					Queries: []string{"Hilbert invariants"}, Coverage: "Titles."}})
			if err != nil {
				t.Fatal(err)
			}
			r, err := svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID)).Only(ctx)
			if err != nil {
				t.Fatal(err)
			}
			return r
		}
		confirm := func(r *ent.Reference) (*ent.Reference, bool) {
			t.Helper()
			res, err := workers.ConfirmReference(ctx, svc, plane, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			got, _ := svc.Client().Reference.Query().Where(reference.ID(r.ID)).WithSource().Only(ctx)
			return got, res.Retry
		}

		// Crossref is down: the reference stays PENDING and asks to be retried.
		down = true
		good := submit(agent, "Über die vollen Invariantensysteme", "Hilbert, David", 1893)
		if got, pending := confirm(good); !pending || got.Confirmation != reference.ConfirmationPENDING ||
			got.Edges.Source.Confirmation != source.ConfirmationPENDING || got.Rejected {
			t.Fatalf("with Crossref down: %s (retry %v), source %s, rejected %v; want PENDING and a retry", got.Confirmation, pending, got.Edges.Source.Confirmation, got.Rejected)
		}
		down = false
		got, pending := confirm(good)
		if pending || got.Confirmation != reference.ConfirmationCONFIRMED || got.Edges.Source.Title != "Über die vollen Invariantensysteme" ||
			valueOf(got.Edges.Source.Year) != 1893 || got.Edges.Source.Confirmation != source.ConfirmationCONFIRMED {
			t.Fatalf("matching claim: %s, source %+v; want CONFIRMED with the record kept", got.Confirmation, got.Edges.Source)
		}

		// An agent's claim of another title and year: MISMATCH, rejected, out of the packet.
		n := asked
		bad := submit(agent, "Über die Theorie der algebraischen Formen", "Hilbert", 1890)
		if got, _ := confirm(bad); got.Confirmation != reference.ConfirmationMISMATCH || !got.Rejected || !strings.Contains(got.RejectionReason, "title") {
			t.Errorf("an agent's mismatched claim: %s, rejected %v (%q); want MISMATCH and rejected naming the title", got.Confirmation, got.Rejected, got.RejectionReason)
		}
		if asked != n {
			t.Errorf("Crossref was asked %d times for a source whose record is fresh; want 0", asked-n)
		}
		rev, _ := svc.Client().Reference.Get(ctx, bad.ID)
		pk, err := svc.ProblemPacket(ctx, mustProblemOf(t, svc, rev.RevisionID))
		if err != nil {
			t.Fatal(err)
		}
		if len(pk.Rev().Edges.References) != 0 {
			t.Errorf("the packet keeps the agent's fabricated reference")
		}
		if n, _ := svc.Client().Event.Query().Where(event.Kind(policy.KindReferenceRejected), event.Subject(pk.Problem.ID)).Count(ctx); n != 1 {
			t.Errorf("reference.rejected events = %d; want 1", n)
		}
		// The source says whether its record exists: a citation's wrong claim is its reference's.
		src, _ := svc.Client().Source.Get(ctx, got.SourceID)
		if src.Confirmation != source.ConfirmationCONFIRMED {
			t.Errorf("the shared source after a contradicting claim = %s; want CONFIRMED: the record exists", src.Confirmation)
		}

		// A person's contradicting claim is flagged, not rejected.
		theirs := submit(member, "Über die Theorie der algebraischen Formen", "Hilbert", 1890)
		if got, _ := confirm(theirs); got.Confirmation != reference.ConfirmationMISMATCH || got.Rejected {
			t.Errorf("a person's mismatched claim: %s, rejected %v; want MISMATCH, kept", got.Confirmation, got.Rejected)
		}
	})
}

func mustProblemOf(t *testing.T, svc *policy.Service, revisionID string) string {
	t.Helper()
	r, err := svc.Client().Revision.Get(context.Background(), revisionID)
	if err != nil {
		t.Fatal(err)
	}
	return r.ProblemID
}

func valueOf[T any](p *T) T {
	var zero T
	if p == nil {
		return zero
	}
	return *p
}

// TestLocatorInAReferenceText: when the source is one of the reference texts the record plane
// can read, the cited place is looked up and compared with what the reference cites it for:
// found and borne out, the locator is confirmed (an event says so); found but not what it is
// cited for, or not there, it stays unconfirmed for a person, with the plane's reason on the
// reference.
func TestLocatorInAReferenceText(t *testing.T) {
	t.Parallel()
	texts, err := records.LoadTexts("../records/testdata/corpus")
	if err != nil {
		t.Fatal(err)
	}
	cfg, err := records.ConfigFromEnv(func(string) string { return "" })
	if err != nil {
		t.Fatal(err)
	}
	plane := records.NewPlane(workers.RecordsConfig(cfg), nil, texts)
	dbtest.Each(t, func(t *testing.T, d string) {
		ctx := context.Background()
		svc := policy.New(dbtest.Open(t, d), policy.Config{})
		member, _ := svc.CreateAccount(ctx, "ada", "", nil)
		p, err := svc.Submit(ctx, member, policy.ProblemInput{Title: "Classes and sets",
			Statement:  "Is every class of sets $C$ with a surjection onto the ordinals a proper class?",
			Acceptance: &packet.Acceptance{Kind: packet.Proof, Criterion: "A proof or a counterexample."},
			Provenance: &packet.Provenance{Kind: packet.Imported, Attribution: "The Stacks project", SourceLocator: "Tag 000A",
				RightsBasis: "Our own words."},
			References: []policy.ReferenceInput{
				{Identifier: "https://stacks.math.columbia.edu", Locator: "Tag 000A", Citation: "The Stacks project, Tag 000A.", Relevance: "Classes.", Role: reference.RolePRIMARY},
				{Identifier: "https://stacks.math.columbia.edu", Locator: "Tag 9Z9Z", Citation: "The Stacks project, Tag 9Z9Z.", Relevance: "Nothing there.", Role: reference.RoleSECONDARY},
				{Identifier: "https://stacks.math.columbia.edu", Locator: "000A", Citation: "The Stacks project, Lemma 000A.",
					Relevance: "The notion of a class.", Role: reference.RoleSECONDARY},
				{Identifier: "https://homotopytypetheory.org/book", Locator: "lem:opp", Citation: "The HoTT book, Lemma 2.1.1.",
					Relevance: "Every path has an inverse.", Role: reference.RoleSECONDARY},
			},
			ReferenceSearch: &packet.ReferenceSearch{CheckedOn: time.Now().AddDate(0, 0, -1), Databases: []string{"The Stacks project"},
				Queries: []string{"class"}, Coverage: "Chapter Sets."}})
		if err != nil {
			t.Fatal(err)
		}
		refs, _ := svc.Client().Reference.Query().Where(reference.RevisionID(*p.CurrentRevisionID)).Order(reference.ByPosition()).All(ctx)
		var locators []string
		for _, r := range refs {
			got, err := workers.ConfirmReference(ctx, svc, plane, r.ID)
			if err != nil {
				t.Fatal(err)
			}
			if got.Resolver != "text" || got.Outcome.Confirmation != records.Confirmed {
				t.Errorf("%s: resolved by %q as %s; want CONFIRMED by the reference text's record", r.Locator, got.Resolver, got.Outcome.Confirmation)
			}
			locators = append(locators, got.Locator)
		}
		if want := []string{workers.LocatorFound, workers.LocatorUnconfirmed, workers.LocatorUnconfirmed, workers.LocatorFound}; !slices.Equal(locators, want) {
			t.Errorf("locators = %v; want %v", locators, want)
		}
		for i, want := range []struct {
			confirmed bool
			reason    string
		}{
			{true, ""},
			{false, "the record plane read The Stacks project and found no place “Tag 9Z9Z” in it"},
			{false, "found a section (“Classes”), but the reference cites it as a lemma"},
			{true, ""},
		} {
			r, _ := svc.Client().Reference.Get(ctx, refs[i].ID)
			if r.LocatorConfirmed != want.confirmed || !strings.Contains(r.ConfirmationReason, want.reason) || (want.reason == "") != (r.ConfirmationReason == "") {
				t.Errorf("%s: locator confirmed %v, reason %q; want %v, a reason with %q", r.Locator, r.LocatorConfirmed, r.ConfirmationReason, want.confirmed, want.reason)
			}
			if r.Confirmation != reference.ConfirmationCONFIRMED {
				t.Errorf("%s: a reference text's source = %s; want CONFIRMED from the text's record", r.Locator, r.Confirmation)
			}
		}
		if n, _ := svc.Client().Event.Query().Where(event.Kind(policy.KindLocatorConfirmed), event.Subject(p.ID)).Count(ctx); n != 2 {
			t.Errorf("locator events = %d; want 2", n)
		}
		// Asked again, nothing changes: the reasons are the same, and no new event is written.
		events, _ := svc.Client().Event.Query().Count(ctx)
		for _, r := range refs {
			if _, err := workers.ConfirmReference(ctx, svc, plane, r.ID); err != nil {
				t.Fatal(err)
			}
		}
		if again, _ := svc.Client().Event.Query().Count(ctx); again != events {
			t.Errorf("confirming again wrote %d events; want none", again-events)
		}
	})
}
