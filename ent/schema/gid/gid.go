// Package gid makes the readable, prefixed global IDs that every entity
// carries as both its primary key and its Relay id: a short type prefix, an
// underscore and a ULID (for example dec_01JD…). Problems are the exception:
// their ID is TDB-<n>, allocated by policy/ from a counter.
package gid

import (
	"crypto/rand"
	"strings"
	"sync"
	"time"

	"entgo.io/ent"
	"entgo.io/ent/schema"
	"entgo.io/ent/schema/field"
	"entgo.io/ent/schema/mixin"
	"github.com/oklog/ulid/v2"
)

// Prefixes of the entity types that carry a ULID ID.
const (
	Account         = "acc"
	Token           = "tok"
	ReputationEntry = "rep"
	Revision        = "rev"
	Source          = "src"
	Reference       = "ref"
	Claim           = "clm"
	Binding         = "bnd"
	Decision        = "dec"
	Event           = "evt"
	Slug            = "slg"
	Tag             = "tag"
	Session         = "ses"
	Flag            = "flg"
	ModerationCase  = "cas"
	GateRun         = "gat"
	Finding         = "fnd"
	Hold            = "hld"
	BatchStop       = "bst"
	Suggestion      = "sug"
	Lane            = "lan"
	LaneReview      = "lrv"
	PublicationGate = "pgt"
	GateSwitch      = "gsw"
	Appeal          = "apl"
	CriterionChange = "crv"
	GoldAnswer      = "gan"
	HeroAsset       = "hra"

	CorpusRevision     = "nrv"
	CorpusEdge         = "ned"
	ChangeRequest      = "chr"
	NodeDraft          = "ndr"
	CorpusGateRun      = "cgr"
	CorpusFinding      = "cfd"
	CorpusReference    = "nrf"
	CorpusConfirmation = "ncf"
	CorpusBinding      = "nbd"
	CorpusTask         = "ntk"
	NodeCitation       = "nct"

	AuditSample       = "aus"
	AuditAnswer       = "aua"
	ReaderReport      = "rrp"
	ConfigurationStop = "cst"
	Quarantine        = "qrn"
	RateSnapshot      = "rsn"
)

// CorpusNodePrefix starts every corpus node ID.
const CorpusNodePrefix = "N-"

// ProblemPrefix starts every problem ID.
const ProblemPrefix = "TDB-"

var (
	mu      sync.Mutex
	entropy = ulid.Monotonic(rand.Reader, 0)
)

// New returns a fresh ID with the given prefix. IDs made in one process sort
// by creation time.
func New(prefix string) string {
	mu.Lock()
	id := ulid.MustNew(ulid.Timestamp(time.Now()), entropy)
	mu.Unlock()
	return prefix + "_" + id.String()
}

// Prefix returns the type prefix of id ("TDB" for problems, "N" for corpus nodes) and whether id
// has a well-formed shape.
func Prefix(id string) (string, bool) {
	if strings.HasPrefix(id, ProblemPrefix) {
		return "TDB", len(id) > len(ProblemPrefix)
	}
	if strings.HasPrefix(id, CorpusNodePrefix) {
		return "N", len(id) > len(CorpusNodePrefix)
	}
	p, rest, ok := strings.Cut(id, "_")
	if !ok || len(rest) != ulid.EncodedSize {
		return "", false
	}
	if _, err := ulid.ParseStrict(rest); err != nil {
		return "", false
	}
	return p, true
}

// Mixin gives an entity a prefixed ULID primary key.
type Mixin struct {
	mixin.Schema
	prefix string
}

// WithPrefix returns the mixin for an entity whose IDs start with prefix.
func WithPrefix(prefix string) Mixin { return Mixin{prefix: prefix} }

// Fields provides the id field.
func (m Mixin) Fields() []ent.Field {
	p := m.prefix
	return []ent.Field{
		field.String("id").
			Immutable().
			NotEmpty().
			MaxLen(40).
			DefaultFunc(func() string { return New(p) }),
	}
}

// Annotation records the prefix on the schema, for documentation and tests.
type Annotation struct{ Prefix string }

// Name implements schema.Annotation.
func (Annotation) Name() string { return "GID" }

// Annotations returns the prefix annotation.
func (m Mixin) Annotations() []schema.Annotation {
	return []schema.Annotation{Annotation{Prefix: m.prefix}}
}
