package corpus

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/theoremdb/theoremdb/ent/schema"
	"github.com/theoremdb/theoremdb/gates"
	"github.com/theoremdb/theoremdb/records"
	"github.com/theoremdb/theoremdb/tex"
)

// Check IDs of the intake gate.
const (
	inCheckFields  = "intake.fields"
	inCheckTeX     = "intake.tex-wellformed"
	inCheckTargets = "intake.edge-targets"
	inCheckEdges   = "intake.edge-kinds"
	inCheckCycle   = "intake.no-cycle"
)

// intakeGate is merge gate 1: kinds, fields, well-formed TeX, edge targets
// that exist and are not retired, edges a kind may take, and no cycle
// among uses.
var intakeGate = &mergeGate{
	name: GateIntake, position: 1, version: "1",
	checks: map[string]string{
		inCheckFields:  "Each draft has a known kind, a title, a body within the size bound and, for a new node, a free label; a revision keeps its node's kind.",
		inCheckTeX:     "The TeX of each title and body is well formed.",
		inCheckTargets: "Every edge target and every revised node exists and is not retired.",
		inCheckEdges:   "Each edge is one its node's kind may take, to a node of a kind it may point to.",
		inCheckCycle:   "The uses edges, with the request's drafts in place, have no cycle.",
	},
	run: runIntake,
}

func runIntake(ctx context.Context, st *state) error {
	r := st.rep
	if len(st.req.Drafts) == 0 {
		r.fail(inCheckFields, gates.Absent("nodes"), CodeRequired, "The request has no node drafts.",
			"Add at least one node draft.")
		return nil
	}
	if len(st.req.Drafts) > MaxDrafts {
		r.fail(inCheckFields, gates.Absent("nodes"), CodeOversize,
			fmt.Sprintf("The request has %d node drafts; a request holds at most %d.", len(st.req.Drafts), MaxDrafts),
			fmt.Sprintf("Split the request into requests of at most %d drafts.", MaxDrafts))
		return nil
	}
	for i := range st.req.Drafts {
		if err := st.intakeFields(ctx, i); err != nil {
			return err
		}
		st.intakeTeX(i)
		if err := st.intakeEdges(ctx, i); err != nil {
			return err
		}
	}
	// A cycle is looked for among the edges that resolved, so one request
	// reports every refusal at once.
	return st.intakeCycle(ctx)
}

// intakeFields checks the kind, the title, the body, the label and the
// revised node of draft i.
func (st *state) intakeFields(ctx context.Context, i int) error {
	d, r := &st.req.Drafts[i], st.rep
	bad := 0
	failf := func(field, text, code, behaviour, fix string) {
		bad++
		r.fail(inCheckFields, gates.Whole(draftField(i, field), text), code, behaviour, fix)
	}
	if !slices.Contains(Kinds, d.Kind) {
		failf("kind", d.Kind, CodeInvalid, fmt.Sprintf("Draft %d has the kind %q, which is not a node kind.", i+1, d.Kind),
			"Use one of DEFINITION, THEOREM, LEMMA, PROPOSITION, PROOF, EXAMPLE, REMARK, COMPUTATION.")
	}
	switch n := utf8.RuneCountInString(d.Title); {
	case strings.TrimSpace(d.Title) == "":
		failf("title", d.Title, CodeRequired, fmt.Sprintf("Draft %d has no title.", i+1), "Give the node a short title.")
	case n > MaxTitle:
		failf("title", d.Title, CodeOversize, fmt.Sprintf("The title of draft %d has %d characters; at most %d are allowed.", i+1, n, MaxTitle),
			fmt.Sprintf("Shorten the title to at most %d characters.", MaxTitle))
	}
	switch {
	case strings.TrimSpace(d.Body) == "":
		failf("body", d.Body, CodeRequired, fmt.Sprintf("Draft %d has no body.", i+1), "Write the node's body in Markdown and TeX.")
	case len(d.Body) > MaxBody:
		bad++
		r.fail(inCheckFields, gates.SpanOf(draftField(i, "body"), d.Body, MaxBody, len(d.Body)), CodeOversize,
			fmt.Sprintf("The body of draft %d has %d bytes; at most %d are allowed.", i+1, len(d.Body), MaxBody),
			fmt.Sprintf("Shorten the body to at most %d bytes, or split it into nodes that use each other.", MaxBody))
	}
	if d.Revises != "" {
		n, err := st.lookup(ctx, d.Revises)
		if err != nil {
			return err
		}
		switch {
		case n == nil:
			failf("revises", d.Revises, CodeMissingTarget, fmt.Sprintf("Draft %d revises %q, and no node has that ID or label.", i+1, d.Revises),
				"Name the node to revise by its N-<n> ID or its label.")
		case n.Retired:
			failf("revises", d.Revises, CodeRetired, fmt.Sprintf("Draft %d revises %s, which is retired%s.", i+1, n.ID, successorNote(n.SuccessorID)),
				"Revise the node that replaced it, or open a new node.")
		case slices.ContainsFunc(st.req.Drafts[:i], func(o Draft) bool { return o.Revises != "" && st.sameNode(ctx, o.Revises, n.ID) }):
			failf("revises", d.Revises, CodeInvalid, fmt.Sprintf("Draft %d revises %s, which an earlier draft of the request revises too.", i+1, n.ID),
				"Put both changes in one draft.")
		case d.Kind != string(n.Kind):
			failf("kind", d.Kind, CodeInvalid, fmt.Sprintf("Draft %d revises %s, a %s, as a %s; a revision keeps its node's kind.", i+1, n.ID, lower(string(n.Kind)), lower(d.Kind)),
				"Keep the kind, or open a new node of the other kind.")
		case d.Label != "" && d.Label != n.Label:
			failf("label", d.Label, CodeInvalid, fmt.Sprintf("Draft %d revises %s, whose label is %q, and gives the label %q; a label never changes.", i+1, n.ID, n.Label, d.Label),
				"Leave the label out of a revision, or give the node's own.")
		default:
			st.drafts[i].revised = n
		}
	} else {
		switch {
		case d.Label == "":
			failf("label", d.Label, CodeRequired, fmt.Sprintf("Draft %d is a new node and has no label.", i+1),
				"Give it a label: lower-case letters, digits and hyphens (for example \"cantor-theorem\").")
		case len(d.Label) > MaxLabel || !schema.CorpusLabelPattern.MatchString(d.Label):
			failf("label", d.Label, CodeInvalid, fmt.Sprintf("The label %q of draft %d is not lower-case letters, digits and hyphens of at most %d characters.", d.Label, i+1, MaxLabel),
				"Use a label like \"cantor-theorem\".")
		case st.draftLabelled(d.Label) != i:
			failf("label", d.Label, CodeLabelTaken, fmt.Sprintf("The label %q of draft %d is given to an earlier draft of the request too.", d.Label, i+1),
				"Give each new node its own label.")
		default:
			n, err := st.lookup(ctx, d.Label)
			if err != nil {
				return err
			}
			if n != nil {
				failf("label", d.Label, CodeLabelTaken, fmt.Sprintf("The label %q of draft %d is %s's.", d.Label, i+1, n.ID),
					fmt.Sprintf("Choose another label, or revise %s (revises: %q).", n.ID, n.ID))
			}
		}
	}
	for k, ref := range d.References {
		if _, err := records.Parse(ref.Identifier); err != nil {
			bad++
			r.fail(inCheckFields, gates.Whole(fmt.Sprintf("nodes[%d].references[%d].identifier", i, k), ref.Identifier), CodeInvalid,
				fmt.Sprintf("Reference %d of draft %d has the identifier %q: %v.", k+1, i+1, ref.Identifier, err),
				"Give a DOI, arXiv ID, zbMATH ID, ISBN, OEIS sequence (OEIS:A…), MR number (MR…) or http(s) URL.")
		}
	}
	if bad == 0 {
		r.pass(inCheckFields, gates.Whole(draftField(i, "body"), d.Body),
			fmt.Sprintf("Draft %d is a %s with a title, a body of %d bytes and %s.", i+1, lower(d.Kind), len(d.Body), labelNote(d)))
	}
	return nil
}

// sameNode reports whether ref names the node id.
func (st *state) sameNode(ctx context.Context, ref, id string) bool {
	n, err := st.lookup(ctx, ref)
	return err == nil && n != nil && n.ID == id
}

func labelNote(d *Draft) string {
	if d.Revises != "" {
		return "revises " + d.Revises
	}
	return "the free label " + d.Label
}

func successorNote(succ *string) string {
	if succ == nil {
		return ""
	}
	return "; its successor is " + *succ
}

// intakeTeX reads the TeX of the title and the body of draft i.
func (st *state) intakeTeX(i int) {
	d, r := &st.req.Drafts[i], st.rep
	ok := true
	for _, f := range []struct{ name, text string }{{"title", d.Title}, {"body", d.Body}} {
		if len(f.text) > MaxBody {
			continue // reported as oversize
		}
		_, err := tex.Read(f.text)
		var (
			te  *tex.Error
			lim *tex.LimitError
		)
		switch {
		case errors.As(err, &lim):
			ok = false
			r.unknown(inCheckTeX, gates.SpanOf(draftField(i, f.name), f.text, lim.Pos, lim.Pos),
				fmt.Sprintf("The TeX of the %s of draft %d was not read: it passes the reader's limit of %d %s.", f.name, i+1, lim.Max, lim.Limit))
		case errors.As(err, &te):
			ok = false
			end := te.Pos + 1
			for end < len(f.text) && end < te.Pos+40 && f.text[end] != '\n' {
				end++
			}
			r.fail(inCheckTeX, gates.SpanOf(draftField(i, f.name), f.text, te.Pos, min(end, len(f.text))), CodeBrokenTeX,
				fmt.Sprintf("The TeX of the %s of draft %d is malformed at byte %d: %s.", f.name, i+1, te.Pos, te.Msg),
				fmt.Sprintf("Correct the TeX at byte %d: every { needs its }, every formula its closing delimiter, every \\begin its \\end.", te.Pos))
		}
	}
	if ok {
		r.pass(inCheckTeX, gates.Whole(draftField(i, "body"), d.Body), fmt.Sprintf("The TeX of draft %d's title and body is well formed.", i+1))
	}
}

// intakeEdges resolves the edges of draft i and checks their kinds.
func (st *state) intakeEdges(ctx context.Context, i int) error {
	d, r := &st.req.Drafts[i], st.rep
	badTargets, badKinds := 0, 0
	resolve := func(field, ref string) (*target, error) {
		if j := st.draftLabelled(ref); j >= 0 {
			if j == i {
				badTargets++
				r.fail(inCheckCycle, gates.Whole(field, ref), CodeCycle, fmt.Sprintf("Draft %d points to itself (%q).", i+1, ref),
					"Remove the edge: a node never depends on itself.")
				return nil, nil
			}
			return &target{draft: j}, nil
		}
		n, err := st.lookup(ctx, ref)
		if err != nil {
			return nil, err
		}
		switch {
		case n == nil:
			badTargets++
			r.fail(inCheckTargets, gates.Whole(field, ref), CodeMissingTarget,
				fmt.Sprintf("Draft %d points to %q, and no node or draft of the request has that ID or label.", i+1, ref),
				"Name an existing node by its N-<n> ID or label, or add a draft with that label to the request.")
			return nil, nil
		case n.Retired:
			badTargets++
			r.fail(inCheckTargets, gates.Whole(field, ref), CodeRetired,
				fmt.Sprintf("Draft %d points to %s, which is retired%s.", i+1, n.ID, successorNote(n.SuccessorID)),
				"Point to the node that replaced it.")
			return nil, nil
		case st.drafts[i].revised != nil && n.ID == st.drafts[i].revised.ID:
			badTargets++
			r.fail(inCheckCycle, gates.Whole(field, ref), CodeCycle, fmt.Sprintf("Draft %d revises %s and points to it.", i+1, n.ID),
				"Remove the edge: a node never depends on itself.")
			return nil, nil
		}
		return &target{node: n, draft: -1}, nil
	}
	kindOf := func(t *target) string {
		if t.node != nil {
			return string(t.node.Kind)
		}
		return st.req.Drafts[t.draft].Kind
	}
	edge := func(field, ref, kind string) (*target, error) {
		t, err := resolve(field, ref)
		if err != nil || t == nil {
			return nil, err
		}
		if ok, why := mayTake(d.Kind, kind, kindOf(t)); !ok {
			badKinds++
			r.fail(inCheckEdges, gates.Whole(field, ref), CodeEdgeKind, fmt.Sprintf("Draft %d: %s.", i+1, why),
				"Remove the edge or point it to a node of a kind it may take.")
			return nil, nil
		}
		return t, nil
	}
	if len(d.Uses) > MaxUses {
		badKinds++
		r.fail(inCheckEdges, gates.Absent(draftField(i, "uses")), CodeOversize,
			fmt.Sprintf("Draft %d uses %d nodes; a node uses at most %d.", i+1, len(d.Uses), MaxUses),
			"Split the node, or use the statements that gather what it needs.")
		return nil
	}
	seen := map[string]bool{}
	for j, ref := range d.Uses {
		t, err := edge(draftItem(i, "uses", j), ref, EdgeUses)
		if err != nil {
			return err
		}
		if t == nil {
			continue
		}
		if k := t.key(st); !seen[k] {
			seen[k] = true
			st.drafts[i].uses = append(st.drafts[i].uses, *t)
		}
	}
	if d.Proves != "" {
		t, err := edge(draftField(i, "proves"), d.Proves, EdgeProves)
		if err != nil {
			return err
		}
		st.drafts[i].proves = t
	} else if d.Kind == Proof {
		badKinds++
		r.fail(inCheckEdges, gates.Absent(draftField(i, "proves")), CodeRequired,
			fmt.Sprintf("Draft %d is a proof and does not say what it proves.", i+1),
			"Name the theorem, lemma or proposition it proves (proves: its ID or label).")
	}
	if d.ExampleOf != "" {
		t, err := edge(draftField(i, "exampleOf"), d.ExampleOf, EdgeExampleOf)
		if err != nil {
			return err
		}
		st.drafts[i].exampleOf = t
	}
	if d.Term != "" {
		if ok, why := mayTake(d.Kind, EdgeDefines, ""); !ok {
			badKinds++
			r.fail(inCheckEdges, gates.Whole(draftField(i, "term"), d.Term), CodeEdgeKind, fmt.Sprintf("Draft %d: %s.", i+1, why),
				"Leave the term out, or make the node a definition.")
		}
	}
	if badTargets == 0 {
		r.pass(inCheckTargets, gates.Absent(draftField(i, "uses")), fmt.Sprintf("Every target of draft %d exists and is not retired.", i+1))
	}
	if badKinds == 0 {
		r.pass(inCheckEdges, gates.Absent(draftField(i, "uses")), fmt.Sprintf("Every edge of draft %d is one a %s may take.", i+1, lower(d.Kind)))
	}
	return nil
}

// intakeCycle looks for a cycle among uses edges with the drafts in place:
// a depth-first walk from each draft along the drafts' edges and, for an
// existing node, its stored ones. Only a revision can close a cycle through
// stored edges (no stored edge points to a new node), so stored edges are
// walked only when the request revises a node.
func (st *state) intakeCycle(ctx context.Context) error {
	byKey := map[string]int{}
	revises := false
	for i := range st.req.Drafts {
		byKey[st.draftKey(i)] = i
		revises = revises || st.drafts[i].revised != nil
	}
	const (
		grey  = 1
		black = 2
	)
	colour := map[string]int{}
	type blame struct{ draft, use int }
	var (
		found *blame
		stack []blame // the draft edges the walk is on
	)
	// closed records the cycle that returns to key: the edge that leaves key
	// on the walk's stack closes it.
	closed := func(key string) {
		d := byKey[key]
		for k := len(stack) - 1; k >= 0; k-- {
			if stack[k].draft == d {
				found = &stack[k]
				return
			}
		}
		found = &blame{d, 0}
	}
	var walk func(key string) error
	walk = func(key string) error {
		colour[key] = grey
		var next []string
		if i, ok := byKey[key]; ok {
			for j, t := range st.drafts[i].uses {
				stack = append(stack, blame{i, st.useIndex(i, j)})
				k := t.key(st)
				switch colour[k] {
				case grey: // this edge closes the cycle
					b := stack[len(stack)-1]
					found = &b
				case 0:
					if err := walk(k); err != nil {
						return err
					}
				}
				stack = stack[:len(stack)-1]
				if found != nil {
					return nil
				}
			}
		} else if revises {
			var err error
			if next, err = st.usesOf(ctx, key); err != nil {
				return err
			}
		}
		for _, k := range next {
			switch colour[k] {
			case grey:
				if _, isDraft := byKey[k]; isDraft {
					closed(k)
				}
			case 0:
				if err := walk(k); err != nil {
					return err
				}
			}
			if found != nil {
				return nil
			}
		}
		colour[key] = black
		return nil
	}
	for i := range st.req.Drafts {
		k := st.draftKey(i)
		if colour[k] == 0 {
			if err := walk(k); err != nil {
				return err
			}
		}
		if found != nil {
			field, quote := draftItem(found.draft, "uses", found.use), ""
			if us := st.req.Drafts[found.draft].Uses; found.use < len(us) {
				quote = us[found.use]
			}
			st.rep.fail(inCheckCycle, gates.Whole(field, quote), CodeCycle,
				"The uses edges close a cycle: a node would depend, through what it uses, on itself.",
				"Remove the uses edge that closes the cycle; a statement cannot rest on what rests on it.")
			return nil
		}
	}
	st.rep.pass(inCheckCycle, gates.Absent("nodes"), "The uses edges with the drafts in place have no cycle.")
	return nil
}

// useIndex maps the j-th resolved uses target of draft i back to its place
// in the draft's uses list (duplicates were dropped when resolving).
func (st *state) useIndex(i, j int) int {
	want := st.drafts[i].uses[j].key(st)
	for k, ref := range st.req.Drafts[i].Uses {
		if t := st.draftLabelled(ref); t >= 0 && st.draftKey(t) == want {
			return k
		}
		if n := st.nodes[ref]; n != nil && n.ID == want {
			return k
		}
	}
	return j
}
