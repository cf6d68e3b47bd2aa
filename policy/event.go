package policy

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/live"
)

// Authorities recorded on events.
const (
	AuthoritySubmitter              = "submitter"
	AuthorityReviewer               = "reviewer"
	AuthorityStaff                  = "staff"
	AuthorityChallengeWindowElapsed = "challenge_window_elapsed"
	AuthorityOperator               = "operator"
)

// SystemActor is the actor of events the policy service itself causes.
const SystemActor = "system"

// Event kinds.
const (
	KindProblemSubmitted = "problem.submitted"
	KindProblemRevised   = "problem.revised"
	KindDecisionRecorded = "decision.recorded"
	KindProblemAccepted  = "problem.accepted"
	KindAccountCreated   = "account.created"
	KindTokenCreated     = "token.created"
)

// GenesisHash is the prev_hash of the first event.
const GenesisHash = "0000000000000000000000000000000000000000000000000000000000000000"

// eventInput is what a policy operation says about its change.
type eventInput struct {
	actor     string
	authority string
	kind      string
	subject   string
	payload   map[string]any
}

// appendEvent writes the next event of the chain in t. The counter row
// serialises concurrent writers, so the chain never forks and sequence
// numbers have no gaps.
func (t *tx) appendEvent(ctx context.Context, in eventInput) (*ent.Event, error) {
	seq, prev, err := t.nextCounter(ctx, "event")
	if err != nil {
		return nil, err
	}
	if prev == "" {
		prev = GenesisHash
	}
	payload, err := json.Marshal(in.payload) // map keys are sorted: canonical
	if err != nil {
		return nil, fmt.Errorf("event payload: %w", err)
	}
	at := t.s.Now()
	h := ChainHash(ChainLink{Seq: seq, At: at, Actor: in.actor, Authority: in.authority,
		Kind: in.kind, Subject: in.subject, Payload: string(payload), PrevHash: prev})
	ev, err := t.Event.Create().SetSeq(seq).SetAt(at).SetActor(in.actor).SetAuthority(in.authority).
		SetKind(in.kind).SetSubject(in.subject).SetPayload(string(payload)).SetPrevHash(prev).SetHash(h).
		Save(ctx)
	if err != nil {
		return nil, fmt.Errorf("append event: %w", err)
	}
	if err := t.Counter.UpdateOneID("event").SetHead(h).Exec(ctx); err != nil {
		return nil, fmt.Errorf("append event: advance head: %w", err)
	}
	if t.s.db.Dialect == dialect.Postgres {
		// Delivered to every listening server instance when, and only if,
		// the transaction commits.
		if _, err := t.sql.ExecContext(ctx, `SELECT pg_notify($1, $2)`, live.Channel, strconv.FormatInt(seq, 10)); err != nil {
			return nil, fmt.Errorf("append event: notify: %w", err)
		}
	}
	t.events = append(t.events, seq)
	return ev, nil
}

// ChainLink is the part of an event the hash covers.
type ChainLink struct {
	Seq       int64
	At        time.Time
	Actor     string
	Authority string
	Kind      string
	Subject   string
	Payload   string
	PrevHash  string
}

// ChainHash is SHA-256 over the canonical encoding of l: a JSON array of
// its fields in a fixed order, the time in RFC 3339 UTC with microseconds.
func ChainHash(l ChainLink) string {
	b, _ := json.Marshal([]any{l.Seq, l.At.UTC().Format("2006-01-02T15:04:05.000000Z"), l.Actor,
		l.Authority, l.Kind, l.Subject, l.Payload, l.PrevHash})
	sum := sha256.Sum256(b)
	return hex.EncodeToString(sum[:])
}

// ChainError names the first event at which the log stops verifying.
type ChainError struct {
	Seq    int64
	Reason string
}

func (e *ChainError) Error() string {
	return fmt.Sprintf("event log broken at seq %d: %s", e.Seq, e.Reason)
}

// VerifyLog walks the whole event log in sequence order and checks every
// link: sequence numbers without gaps from 1, each prev_hash equal to the
// hash before it, each hash equal to the recomputed one, and the head
// recorded beside the counter equal to the last hash (so a deleted tail is
// caught too). It returns the number of events checked, and a *ChainError
// for the first bad one.
func (s *Service) VerifyLog(ctx context.Context) (int64, error) {
	const page = 1000
	var (
		want = int64(1)
		prev = GenesisHash
	)
	for {
		evs, err := s.client.Event.Query().Where(event.SeqGTE(want)).Order(ent.Asc(event.FieldSeq)).Limit(page).All(ctx)
		if err != nil {
			return want - 1, fmt.Errorf("verify log: %w", err)
		}
		for _, ev := range evs {
			switch {
			case ev.Seq != want:
				return want - 1, &ChainError{Seq: want, Reason: fmt.Sprintf("missing; the next event has seq %d", ev.Seq)}
			case ev.PrevHash != prev:
				return want - 1, &ChainError{Seq: ev.Seq, Reason: "prev_hash does not match the hash of the event before it"}
			}
			h := ChainHash(ChainLink{Seq: ev.Seq, At: ev.At, Actor: ev.Actor, Authority: ev.Authority,
				Kind: ev.Kind, Subject: ev.Subject, Payload: ev.Payload, PrevHash: ev.PrevHash})
			if h != ev.Hash {
				return want - 1, &ChainError{Seq: ev.Seq, Reason: "content does not match its hash"}
			}
			prev = ev.Hash
			want++
		}
		if len(evs) < page {
			break
		}
	}
	c, err := s.client.Counter.Get(ctx, "event")
	if err != nil {
		return want - 1, fmt.Errorf("verify log: read head: %w", err)
	}
	if c.Value != want-1 || (c.Value > 0 && c.Head != prev) {
		return want - 1, &ChainError{Seq: want, Reason: fmt.Sprintf(
			"the log ends at seq %d but %d events were written", want-1, c.Value)}
	}
	return want - 1, nil
}
