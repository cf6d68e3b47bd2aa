package policy

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"
	"time"

	"github.com/theoremdb/theoremdb/ent"
	"github.com/theoremdb/theoremdb/ent/event"
	"github.com/theoremdb/theoremdb/gates"
)

// Operating profiles (gates/profile.go): which of the gates' checks may fail a submission on
// their own authority. The record of which profile is in force is the event log alone: each
// change is a KindProfileSet event under profileSubject, authorised by an operator (the owner of
// the criteria), stamped with the rates measured for the profile, and it applies only to
// problems submitted after it.

// KindProfileSet is the event of an operating-profile change.
const KindProfileSet = "quality.profile.set"

// profileSubject is the subject every profile change is written under, so that the log's
// (subject, seq) index finds them.
const profileSubject = "quality:profile"

// OperatingProfileView is one profile as it was or is in force.
type OperatingProfileView struct {
	Name  gates.ProfileName
	Label string
	Rule  string
	// Rates are the measured rates of the profile (calibration.json).
	Rates gates.ProfileRates
	// Since is when an owner put it in force; nil for the default, in force before any change.
	Since *time.Time
	// AuthorisedBy is "@handle" of the operator who authorised it; "" for the default.
	AuthorisedBy string
	// Reason is the owner's reason for the change.
	Reason string
	// Current: this is the profile in force now.
	Current bool
}

func profileView(p gates.Profile) OperatingProfileView {
	return OperatingProfileView{Name: p.Name, Label: p.Label, Rule: p.Rule, Rates: p.Rates()}
}

func defaultProfile() gates.Profile {
	p, _ := gates.LookupProfile(gates.DefaultProfile)
	return p
}

// profileOfEvent is the profile an event put in force; the default for an event that names
// none the code knows (a later version's profile read by an older server).
func profileOfEvent(ev *ent.Event) gates.Profile {
	p, ok := gates.LookupProfile(gates.ProfileName(eventPayloadString(ev, "profile")))
	if !ok {
		return defaultProfile()
	}
	return p
}

// OperatingProfiles is the history of the operating profile, newest first, ending with the
// default that was in force before the first change. Anyone may read it.
func (s *Service) OperatingProfiles(ctx context.Context) ([]OperatingProfileView, error) {
	evs, err := s.client.Event.Query().Where(event.Subject(profileSubject), event.Kind(KindProfileSet)).
		Order(ent.Desc(event.FieldSeq)).All(ctx)
	if err != nil {
		return nil, fmt.Errorf("operating profiles: %w", err)
	}
	ids := make([]string, 0, len(evs))
	for _, ev := range evs {
		ids = append(ids, ev.Actor)
	}
	handles, err := s.handlesOf(ctx, ids)
	if err != nil {
		return nil, err
	}
	out := make([]OperatingProfileView, 0, len(evs)+1)
	for _, ev := range evs {
		v := profileView(profileOfEvent(ev))
		at := ev.At.UTC()
		v.Since, v.AuthorisedBy, v.Reason = &at, handles[ev.Actor], eventPayloadString(ev, "reason")
		out = append(out, v)
	}
	out = append(out, profileView(defaultProfile()))
	out[0].Current = true
	return out, nil
}

// OperatingProfile is the profile in force now.
func (s *Service) OperatingProfile(ctx context.Context) (OperatingProfileView, error) {
	h, err := s.OperatingProfiles(ctx)
	if err != nil {
		return OperatingProfileView{}, err
	}
	return h[0], nil
}

// SetOperatingProfile puts a profile in force for the problems submitted from now on. Only an
// operator, the owner of the criteria, authorises it, with a reason; the change is an event in
// the hash-chained log.
func (s *Service) SetOperatingProfile(ctx context.Context, actor *ent.Account, name, reason string) (OperatingProfileView, error) {
	if !CanStaff(actor) {
		return OperatingProfileView{}, fmt.Errorf("changing the operating profile needs the operator role: %w", ErrForbidden)
	}
	p, ok := gates.LookupProfile(gates.ProfileName(strings.ToUpper(strings.TrimSpace(name))))
	if !ok {
		return OperatingProfileView{}, refuse(CodeInvalid, "the operating profile is STRICT, STANDARD or EXPEDITED", "name")
	}
	reason = strings.TrimSpace(reason)
	if reason == "" {
		return OperatingProfileView{}, refuse(CodeRequired, "say why the operating profile changes: the reason is published with it", "reason")
	}
	if len(reason) > 2000 {
		return OperatingProfileView{}, refuse(CodeTooLong, "the reason is at most 2000 characters", "reason")
	}
	err := s.inTx(ctx, func(ctx context.Context, t *tx) error {
		cur, err := t.profileAt(ctx, t.s.Now())
		if err != nil {
			return err
		}
		if cur.Name == p.Name {
			return refuse(CodeConflict, "the "+p.Label+" profile is already in force", "name")
		}
		r := p.Rates()
		_, err = t.appendEvent(ctx, eventInput{actor: actor.ID, authority: AuthorityOperator, kind: KindProfileSet,
			subject: profileSubject, payload: map[string]any{"profile": string(p.Name), "previous": string(cur.Name),
				"reason": reason, "recall": r.Recall, "falseFail": r.FalseFail, "rule": p.Rule,
				"appliesTo": "problems submitted after this event"}})
		return err
	})
	if err != nil {
		return OperatingProfileView{}, err
	}
	return s.OperatingProfile(ctx)
}

// profileAt is the profile in force at a moment: the last change at or before it, or the
// default.
func (t *tx) profileAt(ctx context.Context, at time.Time) (gates.Profile, error) {
	ev, err := t.Event.Query().Where(event.Subject(profileSubject), event.Kind(KindProfileSet), event.AtLTE(at)).
		Order(ent.Desc(event.FieldSeq)).First(ctx)
	if ent.IsNotFound(err) {
		return defaultProfile(), nil
	}
	if err != nil {
		return gates.Profile{}, fmt.Errorf("operating profile: %w", err)
	}
	return profileOfEvent(ev), nil
}

// eventPayloadString is the string at key in an event's payload, or "".
func eventPayloadString(ev *ent.Event, key string) string {
	var m map[string]any
	if err := json.Unmarshal([]byte(ev.Payload), &m); err != nil {
		return ""
	}
	v, _ := m[key].(string)
	return v
}

// AllProfiles is every operating profile with its measured rates, strictest first.
func AllProfiles() []OperatingProfileView {
	out := make([]OperatingProfileView, len(gates.Profiles))
	for i, p := range gates.Profiles {
		out[i] = profileView(p)
	}
	return out
}
