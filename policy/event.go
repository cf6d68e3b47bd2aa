package policy

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"strconv"
	"time"

	"entgo.io/ent/dialect"

	"github.com/theoremdb/theoremdb/db"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/schema/gid"
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
	KindTokenRevoked     = "token.revoked"
	KindPasswordSet      = "account.password_set"
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
	// private events are chained like every other but shown to no reader.
	private bool
}

// appendEvent writes the next event of the chain in t: appendEvents of one.
func (t *tx) appendEvent(ctx context.Context, in eventInput) (*ent.Event, error) {
	evs, err := t.appendEvents(ctx, []eventInput{in})
	if err != nil {
		return nil, err
	}
	return evs[0], nil
}

// appendEvents writes the next events of the chain in t, in order, each
// linked to the one before. The counter row serialises concurrent writers,
// so the chain never forks and sequence numbers have no gaps.
func (t *tx) appendEvents(ctx context.Context, ins []eventInput) ([]*ent.Event, error) {
	last, prev, err := t.takeCounter(ctx, "event", len(ins))
	if err != nil {
		return nil, err
	}
	if prev == "" {
		prev = GenesisHash
	}
	creates := make([]*ent.EventCreate, len(ins))
	for i, in := range ins {
		payload, err := json.Marshal(in.payload) // map keys are sorted: canonical
		if err != nil {
			return nil, fmt.Errorf("event payload: %w", err)
		}
		// Every column but hash is fixed before hashing, the id included, so
		// the hash covers the row exactly as it is stored.
		l := ChainLink{Version: HashVersion, ID: gid.New(gid.Event), Seq: last - int64(len(ins)-1-i), At: t.s.Now(), Actor: in.actor,
			ActorSalt: newActorSalt(), Authority: in.authority, Kind: in.kind, Subject: in.subject, Payload: string(payload),
			Public: !in.private, PrevHash: prev}
		prev = ChainHash(l)
		creates[i] = t.Event.Create().SetID(l.ID).SetHashVersion(l.Version).SetSeq(l.Seq).SetAt(l.At).SetActor(l.Actor).
			SetActorSalt(l.ActorSalt).SetAuthority(l.Authority).SetKind(l.Kind).SetSubject(l.Subject).SetPayload(l.Payload).
			SetPublic(l.Public).SetPrevHash(l.PrevHash).SetHash(prev)
	}
	evs := make([]*ent.Event, 0, len(ins))
	for _, part := range db.RowBatches(creates) {
		got, err := t.Event.CreateBulk(part...).Save(ctx)
		if err != nil {
			return nil, fmt.Errorf("append event: %w", err)
		}
		evs = append(evs, got...)
	}
	if err := t.Counter.UpdateOneID("event").SetHead(prev).Exec(ctx); err != nil {
		return nil, fmt.Errorf("append event: advance head: %w", err)
	}
	if t.s.db.Dialect == dialect.Postgres {
		// Delivered to every listening server instance when, and only if,
		// the transaction commits; a listener reads every event after the
		// last it delivered, so the newest sequence number stands for all.
		if _, err := t.sql.ExecContext(ctx, `SELECT pg_notify($1, $2)`, live.Channel, strconv.FormatInt(last, 10)); err != nil {
			return nil, fmt.Errorf("append event: notify: %w", err)
		}
	}
	t.events = append(t.events, evs...)
	return evs, nil
}

// Hash versions of the event chain, stored in each event's hash_version.
const (
	// HashV1 covers seq, at, actor, authority, kind, subject, payload and
	// prev_hash. It left out id and public, so hiding an event or changing
	// its id went unnoticed. Events written before version 2 keep it: they
	// are verified as they were written, never rehashed, because rewriting
	// stored hashes is exactly what the chain must make evident.
	HashV1 = 1
	// HashV2 covers every column of the event row but hash itself:
	// hash_version, id, seq, at, actor, authority, kind, subject, payload,
	// public and prev_hash. It left the actor's account ID inside the
	// hash, so no one the ID is hidden from could check an event's hash.
	HashV2 = 2
	// HashV3 covers the columns HashV2 covers with the actor's commitment
	// (ActorCommitment of actor_salt and actor) in the actor's place: the
	// salt and the actor are bound by the commitment, and anyone shown the
	// commitment (GraphQL's Event.actorCommitment) checks the hash.
	HashV3 = 3
	// HashVersion is the version every new event is written at.
	HashVersion = HashV3
)

// ActorCommitment is the hex SHA-256 of an event's actor salt and its actor, separated by a zero
// byte: it names the actor to whoever is told the salt, and to no one else, since the salt is a
// random 16 bytes of the event's own.
func ActorCommitment(salt, actor string) string {
	sum := sha256.Sum256([]byte(salt + "\x00" + actor))
	return hex.EncodeToString(sum[:])
}

// ActorCommitmentOf is the commitment an event's hash covers in its actor's place, or false for
// an event written before hash version 3, whose hash covers the actor itself.
func ActorCommitmentOf(ev *ent.Event) (string, bool) {
	if ev.HashVersion < HashV3 {
		return "", false
	}
	return ActorCommitment(ev.ActorSalt, ev.Actor), true
}

// newActorSalt is a fresh salt for an event's actor commitment: 16 random bytes, hex.
func newActorSalt() string {
	var b [16]byte
	_, _ = rand.Read(b[:]) // crypto/rand.Read never returns an error
	return hex.EncodeToString(b[:])
}

// ChainLink is an event row as the hash sees it: every column but the hash.
type ChainLink struct {
	Version   int
	ID        string
	Seq       int64
	At        time.Time
	Actor     string
	ActorSalt string // from version 3
	Authority string
	Kind      string
	Subject   string
	Payload   string
	Public    bool
	PrevHash  string
}

// LinkOf is the link of a stored event. Verifiers build links only through
// it, so none can leave out a column.
func LinkOf(ev *ent.Event) ChainLink {
	return ChainLink{Version: ev.HashVersion, ID: ev.ID, Seq: ev.Seq, At: ev.At, Actor: ev.Actor, ActorSalt: ev.ActorSalt, Authority: ev.Authority,
		Kind: ev.Kind, Subject: ev.Subject, Payload: ev.Payload, Public: ev.Public, PrevHash: ev.PrevHash}
}

// ChainHash is SHA-256 over the canonical encoding of l at l.Version: a
// JSON array of its fields in a fixed order, the time in RFC 3339 UTC with
// microseconds. Version 1 is the array [seq, at, actor, authority, kind,
// subject, payload, prev_hash]; every later version starts the array with
// the version number itself, followed by id, seq, at, actor, authority,
// kind, subject, payload, public and prev_hash, so a row cannot be passed
// off as written at another version without its hash changing; from
// version 3 the actor's place holds ActorCommitment(actor salt, actor).
// VerifyLog refuses versions it does not know before hashing.
func ChainHash(l ChainLink) string {
	at := l.At.UTC().Format("2006-01-02T15:04:05.000000Z")
	var fields []any
	if l.Version == HashV1 {
		fields = []any{l.Seq, at, l.Actor, l.Authority, l.Kind, l.Subject, l.Payload, l.PrevHash}
	} else {
		actor := l.Actor
		if l.Version >= HashV3 {
			actor = ActorCommitment(l.ActorSalt, l.Actor)
		}
		fields = []any{l.Version, l.ID, l.Seq, at, actor, l.Authority, l.Kind, l.Subject, l.Payload, l.Public, l.PrevHash}
	}
	b, _ := json.Marshal(fields)
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
// hash before it, each hash version known and never lower than the one
// before it (old-format events only precede new ones, so no new event can
// be downgraded to the encoding that ignores public), each hash equal to
// the one recomputed at its version, and the head recorded beside the
// counter equal to the last hash (so a deleted tail is caught too). It
// reads the head first and walks the events up to it, so events committed
// while it runs are left for the next call rather than read as a tail that
// the head does not know. It returns the number of events checked, and a
// *ChainError for the first bad one.
func (s *Service) VerifyLog(ctx context.Context) (int64, error) {
	const page = 1000
	c, err := s.client.Counter.Get(ctx, "event")
	if err != nil {
		return 0, fmt.Errorf("verify log: read head: %w", err)
	}
	var (
		want    = int64(1)
		prev    = GenesisHash
		version = HashV1
	)
	for want <= c.Value {
		evs, err := s.client.Event.Query().Where(event.SeqGTE(want), event.SeqLTE(c.Value)).
			Order(ent.Asc(event.FieldSeq)).Limit(page).All(ctx)
		if err != nil {
			return want - 1, fmt.Errorf("verify log: %w", err)
		}
		for _, ev := range evs {
			switch {
			case ev.Seq != want:
				return want - 1, &ChainError{Seq: want, Reason: fmt.Sprintf("missing; the next event has seq %d", ev.Seq)}
			case ev.PrevHash != prev:
				return want - 1, &ChainError{Seq: ev.Seq, Reason: "prev_hash does not match the hash of the event before it"}
			case ev.HashVersion < HashV1 || ev.HashVersion > HashVersion:
				return want - 1, &ChainError{Seq: ev.Seq, Reason: fmt.Sprintf("unknown hash version %d", ev.HashVersion)}
			case ev.HashVersion < version:
				return want - 1, &ChainError{Seq: ev.Seq, Reason: fmt.Sprintf(
					"hash version %d follows version %d; versions never go down", ev.HashVersion, version)}
			case ev.HashVersion >= HashV3 && len(ev.ActorSalt) != 32:
				return want - 1, &ChainError{Seq: ev.Seq, Reason: "the actor's salt is not 16 bytes of hex"}
			case ev.HashVersion < HashV3 && ev.ActorSalt != "":
				return want - 1, &ChainError{Seq: ev.Seq, Reason: fmt.Sprintf("an actor salt on an event of hash version %d, which has none", ev.HashVersion)}
			}
			if ChainHash(LinkOf(ev)) != ev.Hash {
				return want - 1, &ChainError{Seq: ev.Seq, Reason: "content does not match its hash"}
			}
			prev, version = ev.Hash, ev.HashVersion
			want++
		}
		if len(evs) < page {
			break
		}
	}
	if c.Value != want-1 || (c.Value > 0 && c.Head != prev) {
		return want - 1, &ChainError{Seq: want, Reason: fmt.Sprintf(
			"the log ends at seq %d but %d events were written", want-1, c.Value)}
	}
	// An event past the head read above is either one committed since (the
	// head has moved on to it) or one the counter never allocated.
	last, err := s.client.Event.Query().Order(ent.Desc(event.FieldSeq)).First(ctx)
	if err != nil {
		return want - 1, fmt.Errorf("verify log: read the last event: %w", err)
	}
	if last.Seq > c.Value {
		if c, err = s.client.Counter.Get(ctx, "event"); err != nil {
			return want - 1, fmt.Errorf("verify log: read head: %w", err)
		}
		if last.Seq > c.Value {
			return want - 1, &ChainError{Seq: last.Seq, Reason: fmt.Sprintf(
				"the log holds seq %d but only %d events were written", last.Seq, c.Value)}
		}
	}
	return want - 1, nil
}

// EventHead is the sequence number of the newest event of the record (0 for none): a page that
// reads a view and then subscribes to its changes resumes after it, and misses none.
func (s *Service) EventHead(ctx context.Context) (int64, error) { return live.Head(ctx, s.client) }
