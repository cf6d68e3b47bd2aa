package corpus

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
	"time"

	"github.com/theoremdb/theoremdb/corpus/audit"
	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/corpusnode"
	"github.com/theoremdb/theoremdb/ent/corpusrevision"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/ent/predicate"
	"github.com/theoremdb/theoremdb/lanes"
	"github.com/theoremdb/theoremdb/policy"
	"github.com/theoremdb/theoremdb/sanity"
)

// Model judges (K09 9.3.3). A judge lane may judge a node only after its
// measured rate of rejecting wrong steps on the labelled set
// (sanity.BuildJudgeSet) is at least sanity.JudgeBar. A measurement is an
// event, corpus.judge.measured, naming the lane, its model version and
// prompt, the set's version and digest, the counts and the Wilson
// interval; a lane qualifies on the newest measurement of exactly its
// model version and prompt on the current set version, so a new model
// version or a new set is measured anew.

// The labelled set's current version and the share of its wrong steps a
// judge must reject, as pages show them.
const (
	JudgeSetVersion = sanity.JudgeSetVersion
	JudgeBar        = sanity.JudgeBar
)

// JudgeSetSeed is the seed the labelled set is built with unless an
// operator names another: with the corpus's imported proofs it fixes the
// set, whose digest each measurement records.
const JudgeSetSeed uint64 = 2026

// Events of the judges.
const (
	KindJudgeMeasured = "corpus.judge.measured"
	KindJudgeVerdict  = "corpus.judge.verdict"
)

// judgeSubject is the subject of a judge's measurement events.
func judgeSubject(identity string) string { return "judge:" + identity }

// WithJudges sets the judge lanes of merge gate 8.
func WithJudges(js ...*lanes.Judge) Option {
	return func(s *Service) { s.judges = append(s.judges, js...) }
}

// judgeConcurrency bounds the calls one measurement makes at once.
const judgeConcurrency = 4

// JudgeMeasure is one measurement of a judge lane on the labelled set.
type JudgeMeasure struct {
	Identity      string    `json:"identity"`
	Provider      string    `json:"provider"`
	Model         string    `json:"model"`
	ModelVersion  string    `json:"modelVersion"`
	PromptVersion string    `json:"promptVersion"`
	PromptDigest  string    `json:"promptDigest"`
	Set           string    `json:"set"`
	Digest        string    `json:"digest"`
	Wrong         int       `json:"wrong"`
	Caught        int       `json:"caught"`
	Clean         int       `json:"clean"`
	Flagged       int       `json:"flagged"`
	Failed        int       `json:"failed"` // calls that gave no verdict (counted as not rejected)
	Low           float64   `json:"low"`    // the Wilson interval of Caught/Wrong
	High          float64   `json:"high"`
	Qualified     bool      `json:"qualified"`
	At            time.Time `json:"-"`
}

// Rate is the share of wrong steps the judge rejected.
func (m JudgeMeasure) Rate() float64 {
	if m.Wrong == 0 {
		return 0
	}
	return float64(m.Caught) / float64(m.Wrong)
}

// FlagRate is the share of untouched proofs the judge rejected all the same.
func (m JudgeMeasure) FlagRate() float64 {
	if m.Clean == 0 {
		return 0
	}
	return float64(m.Flagged) / float64(m.Clean)
}

// judgeItemInput is what a judge reads of one item of the set: the proof
// alone, cut into steps; nothing says which items were planted.
func judgeItemInput(it sanity.JudgeItem) lanes.JudgeInput {
	return lanes.JudgeInput{Node: "item:" + it.ID, Kind: Proof, Steps: lanes.SplitSteps(it.Text), Linked: []lanes.JudgeLinked{},
		Sources: []string{}}
}

// MeasureJudge runs j on every item of set, scores it, and records the
// measurement as an event by actor. A call that fails counts as not
// rejecting its item: a judge that cannot answer does not qualify by it.
func (s *Service) MeasureJudge(ctx context.Context, actor string, j *lanes.Judge, set sanity.JudgeSet) (JudgeMeasure, error) {
	cfg := j.Config()
	rejected := make(map[string]bool, len(set.Items))
	failed := 0
	var (
		mu  sync.Mutex
		wg  sync.WaitGroup
		sem = make(chan struct{}, judgeConcurrency)
	)
	for _, it := range set.Items {
		wg.Add(1)
		sem <- struct{}{}
		go func() {
			defer func() { <-sem; wg.Done() }()
			v, err := j.Judge(ctx, judgeItemInput(it))
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				failed++
				return
			}
			rejected[it.ID] = !v.Passed()
		}()
	}
	wg.Wait()
	if err := ctx.Err(); err != nil {
		return JudgeMeasure{}, err
	}
	sc := sanity.ScoreJudge(set, rejected)
	m := JudgeMeasure{Identity: cfg.Identity, Provider: string(cfg.Provider), Model: cfg.Model, ModelVersion: cfg.ModelVersion,
		PromptVersion: cfg.PromptVersion, Set: set.Version, Digest: set.Digest, Wrong: sc.Wrong, Caught: sc.Caught,
		Clean: sc.Clean, Flagged: sc.Flagged, Failed: failed, Qualified: sc.Qualifies()}
	if p, err := lanes.LookupJudgePrompt(cfg.PromptVersion); err == nil {
		m.PromptDigest = p.Digest
	}
	if sc.Wrong > 0 {
		m.Low, m.High = audit.Wilson(sc.Caught, sc.Wrong)
	}
	err := s.pol.Write(ctx, func(ctx context.Context, w *policy.WriteTx) error {
		_, err := w.Append(ctx, actor, AuthorityRecord, KindJudgeMeasured, judgeSubject(cfg.Identity), map[string]any{
			"identity": m.Identity, "provider": m.Provider, "model": m.Model, "modelVersion": m.ModelVersion,
			"promptVersion": m.PromptVersion, "promptDigest": m.PromptDigest, "set": m.Set, "digest": m.Digest,
			"wrong": m.Wrong, "caught": m.Caught, "clean": m.Clean, "flagged": m.Flagged, "failed": m.Failed,
			"low": m.Low, "high": m.High, "qualified": m.Qualified})
		return err
	})
	m.At = s.now()
	return m, err
}

// JudgeMeasures are the newest measurement of each judge lane (by identity,
// model version and prompt version), newest first.
func (s *Service) JudgeMeasures(ctx context.Context) ([]JudgeMeasure, error) {
	return judgeMeasures(ctx, s.client)
}

func judgeMeasures(ctx context.Context, c *ent.Client) ([]JudgeMeasure, error) {
	evs, err := c.Event.Query().Where(event.KindEQ(KindJudgeMeasured)).Order(ent.Desc(event.FieldSeq)).Limit(1000).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("judge measurements: %w", err)
	}
	seen := map[string]bool{}
	var out []JudgeMeasure
	for _, e := range evs {
		var m JudgeMeasure
		if err := json.Unmarshal([]byte(e.Payload), &m); err != nil {
			return nil, fmt.Errorf("judge measurement %d: %w", e.Seq, err)
		}
		key := m.Identity + "\x00" + m.ModelVersion + "\x00" + m.PromptVersion
		if seen[key] {
			continue
		}
		seen[key] = true
		m.At = e.At
		out = append(out, m)
	}
	return out, nil
}

// qualifiedJudges are the judges whose newest measurement of their model
// version and prompt, on the current set version, qualifies.
func qualifiedJudges(ctx context.Context, c *ent.Client, judges []*lanes.Judge) ([]*lanes.Judge, error) {
	if len(judges) == 0 {
		return nil, nil
	}
	ms, err := judgeMeasures(ctx, c)
	if err != nil {
		return nil, err
	}
	var out []*lanes.Judge
	for _, j := range judges {
		cfg := j.Config()
		for _, m := range ms {
			if m.Identity == cfg.Identity && m.ModelVersion == cfg.ModelVersion && m.PromptVersion == cfg.PromptVersion &&
				m.Set == sanity.JudgeSetVersion {
				if m.Qualified {
					out = append(out, j)
				}
				break
			}
		}
	}
	return out, nil
}

// CorpusJudgeSet builds the labelled set from the corpus's imported proofs
// (merged, not retired, written by an importer), in the order of their
// IDs, with seed: the set the judges are measured on, versioned by its
// digest.
func (s *Service) CorpusJudgeSet(ctx context.Context, seed uint64) (sanity.JudgeSet, error) {
	ns, err := s.client.CorpusNode.Query().Where(corpusnode.KindEQ(corpusnode.KindPROOF), corpusnode.Retired(false),
		corpusnode.WriterKindEQ(corpusnode.WriterKindIMPORTER), corpusnode.CurrentRevisionIDNotNil()).
		Order(ent.Asc(corpusnode.FieldID)).All(ctx)
	if err != nil {
		return sanity.JudgeSet{}, fmt.Errorf("imported proofs: %w", err)
	}
	ids := make([]string, len(ns))
	for i, n := range ns {
		ids[i] = *n.CurrentRevisionID
	}
	body := make(map[string]string, len(ns))
	for _, part := range batches(s.postgres(), ids) {
		revs, err := s.client.CorpusRevision.Query().Where(predicate.CorpusRevision(idIn(corpusrevision.FieldID, part))).
			Select(corpusrevision.FieldID, corpusrevision.FieldBody).All(ctx)
		if err != nil {
			return sanity.JudgeSet{}, fmt.Errorf("imported proofs: %w", err)
		}
		for _, r := range revs {
			body[r.ID] = r.Body
		}
	}
	proofs := make([]sanity.Proof, len(ns))
	for i, n := range ns {
		proofs[i] = sanity.Proof{Source: n.ID, Text: body[*n.CurrentRevisionID]}
	}
	return sanity.BuildJudgeSet(proofs, seed), nil
}
