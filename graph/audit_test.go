package graph_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/theoremdb/theoremdb/corpus"
	"github.com/theoremdb/theoremdb/db/dbtest"
	"github.com/theoremdb/theoremdb/role"
)

const auditSamplesQ = `query($month: String!) { auditSamples(month: $month, first: 10) { totalCount
	pageInfo { hasNextPage endCursor }
	edges { cursor node { id month
		node { id kind label title body term uses { id label kind title level } usedBy { id label } proves { id } exampleOf { id }
			references { identifier citation locator locatorConfirmed confirmation } }
		checklist { property question errorClasses targetSeconds }
		answers { property error errorClass note seconds } } } } }`

const recordAuditM = `mutation($input: RecordAuditInput!) { recordAudit(input: $input) {
	sample { id answers { property error errorClass seconds } } userErrors { field message code } } }`

const errorRatesQ = `query($month: String!) { errorRates(month: $month) {
	stratum { kind writer model promptVersion layer } property n errors low high threshold stopped } }`

// TestAuditContract: an auditor reads the month's samples blind (nothing
// of the writer, its model, prompt or layer anywhere in the answer),
// records an error, and the public errorRates shows the stratum stopped;
// the agent's next change request is refused CONFIGURATION_STOPPED; any
// signed-in reader reports a problem, and no one else reads the samples.
func TestAuditContract(t *testing.T) {
	dbtest.Each(t, func(t *testing.T, dialectName string) {
		t.Parallel()
		a := newAPI(t, dialectName)
		ctx := context.Background()
		bot := a.token("prover-bot", role.Agent)
		auditor := a.token("audrey", role.Auditor)
		member := a.token("mia", role.Member)
		input := map[string]any{"model": "secret-model-7", "promptVersion": "prompt-v9", "layer": "layer-q", "nodes": []map[string]any{
			{"kind": "THEOREM", "label": "t-one", "title": "Identity one", "body": "A group of order two has exactly one identity element."},
			{"kind": "THEOREM", "label": "t-two", "title": "Identity two", "body": "A group of order three has exactly one identity element."},
		}}
		var out struct{ OpenChangeRequest crPayload }
		if r := a.do(bot, openCR, map[string]any{"input": input}, &out); len(r.Errors) > 0 || out.OpenChangeRequest.ChangeRequest.State != "MERGED" {
			t.Fatalf("openChangeRequest: %s", r.Body)
		}
		botAcc, err := a.svc.AccountByHandle(ctx, "prover-bot")
		if err != nil {
			t.Fatal(err)
		}
		month := time.Now().UTC().Format("2006-01")
		if _, err := corpus.New(a.svc).Draw(ctx, "acc_op", month, "g"); err != nil {
			t.Fatal(err)
		}
		var samples struct {
			AuditSamples struct {
				TotalCount int
				Edges      []struct{ Node struct{ ID string } }
			}
		}
		r := a.do(auditor, auditSamplesQ, map[string]any{"month": month}, &samples)
		if len(r.Errors) > 0 || samples.AuditSamples.TotalCount != 2 || len(samples.AuditSamples.Edges) != 2 {
			t.Fatalf("auditSamples: %s", r.Body)
		}
		for _, secret := range []string{botAcc.ID, "prover-bot", "secret-model-7", "prompt-v9", "layer-q", "PERSON", "AGENT"} {
			if strings.Contains(string(r.Body), secret) {
				t.Errorf("auditSamples answers with %q in it: %s", secret, r.Body)
			}
		}
		if r := a.do(member, auditSamplesQ, map[string]any{"month": month}, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a member reads the samples: %s", r.Body)
		}
		var rec struct {
			RecordAudit struct {
				Sample *struct {
					Answers []struct{ Property, ErrorClass string }
				}
				UserErrors []struct{ Code string }
			}
		}
		sample := samples.AuditSamples.Edges[0].Node.ID
		r = a.do(auditor, recordAuditM, map[string]any{"input": map[string]any{"sample": sample, "property": "FIDELITY", "error": true}}, &rec)
		if len(rec.RecordAudit.UserErrors) != 1 || rec.RecordAudit.UserErrors[0].Code != "INVALID" {
			t.Errorf("an error without its class: %s", r.Body)
		}
		r = a.do(auditor, recordAuditM, map[string]any{"input": map[string]any{"sample": sample, "property": "FIDELITY", "error": true,
			"errorClass": "STRONGER_THAN_SOURCE", "note": "the source assumes finiteness", "seconds": 240}}, &rec)
		if len(r.Errors) > 0 || rec.RecordAudit.Sample == nil || len(rec.RecordAudit.Sample.Answers) != 1 ||
			rec.RecordAudit.Sample.Answers[0].ErrorClass != "STRONGER_THAN_SOURCE" {
			t.Fatalf("recordAudit: %s", r.Body)
		}
		var rates struct {
			ErrorRates []struct {
				Stratum   struct{ Kind, Writer, Model, PromptVersion, Layer string }
				Property  string
				N, Errors int
				Low, High float64
				Threshold float64
				Stopped   bool
			}
		}
		if r := a.do("", errorRatesQ, map[string]any{"month": month}, &rates); len(r.Errors) > 0 || len(rates.ErrorRates) != 1 {
			t.Fatalf("errorRates: %s", r.Body)
		}
		er := rates.ErrorRates[0]
		if er.Stratum.Writer != botAcc.ID || er.Stratum.Model != "secret-model-7" || er.Property != "FIDELITY" || er.N != 1 ||
			er.Errors != 1 || !er.Stopped || er.Threshold != 0.02 {
			t.Errorf("errorRates = %+v", er)
		}
		input["nodes"] = []map[string]any{{"kind": "THEOREM", "label": "t-three", "title": "Identity three",
			"body": "A group of order five has exactly one identity element."}}
		r = a.do(bot, openCR, map[string]any{"input": input}, &out)
		ue := out.OpenChangeRequest.UserErrors
		if len(ue) != 1 || ue[0].Code != "CONFIGURATION_STOPPED" || !strings.Contains(ue[0].Message, "fidelity error rate is 1 in 1") {
			t.Errorf("the stopped agent opens a request: %s", r.Body)
		}
		const report = `mutation($input: ReportProblemInput!) { reportProblem(input: $input) { report { id node property state } userErrors { code } } }`
		var rp struct {
			ReportProblem struct {
				Report *struct{ Node, Property, State string }
			}
		}
		in := map[string]any{"input": map[string]any{"node": "t-one", "property": "CORRECTNESS", "explanation": "Fails for the empty set."}}
		if r := a.do(member, report, in, &rp); len(r.Errors) > 0 || rp.ReportProblem.Report == nil || rp.ReportProblem.Report.State != "OPEN" {
			t.Errorf("reportProblem: %s", r.Body)
		}
		if r := a.do("", report, in, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "UNAUTHENTICATED" {
			t.Errorf("an anonymous report: %s", r.Body)
		}
		testReportsAndQuarantine(t, a, member)
	})
}

const (
	problemReportsQ = `{ problemReports { id node property state explanation level } }`
	decideReportM   = `mutation($input: DecideReportInput!) { decideReport(input: $input) { report { id state } userErrors { code message } } }`
	stopsQ          = `{ configurationStops { id property errors n stratum { writer } changeRequest liftedAt liftReason
		held { node title mark resolution released } } }`
	decideQuarantineM = `mutation($input: DecideQuarantineInput!) { decideQuarantine(input: $input) {
		stop { held { node resolution released } } userErrors { code message } } }`
	liftM = `mutation($input: LiftConfigurationStopInput!) { liftConfigurationStop(input: $input) {
		stop { liftedAt liftReason } userErrors { code message } } }`
)

// testReportsAndQuarantine: reviewers read the report queue and dismiss a
// report (a confirmed one counts in its rate: corpus's tests); the public stop lists what it holds; a reviewer decides each
// held node, and an operator lifts the stop only once all are decided.
func testReportsAndQuarantine(t *testing.T, a *api, member string) {
	reviewer := a.token("rita", role.Reviewer)
	operator := a.token("otto", role.Operator)
	if r := a.do(member, problemReportsQ, nil, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
		t.Errorf("a member reads the report queue: %s", r.Body)
	}
	var q struct {
		ProblemReports []struct{ ID, Node, Property, State, Explanation, Level string }
	}
	var node struct{ CorpusNode struct{ Level string } }
	a.do("", `{ corpusNode(id: "t-one") { level } }`, nil, &node)
	if r := a.do(reviewer, problemReportsQ, nil, &q); len(r.Errors) > 0 || len(q.ProblemReports) != 1 ||
		q.ProblemReports[0].Explanation != "Fails for the empty set." || q.ProblemReports[0].Level != node.CorpusNode.Level {
		t.Fatalf("problemReports (t-one at %s): %s", node.CorpusNode.Level, r.Body)
	}
	var dr struct {
		DecideReport struct {
			Report     *struct{ State string }
			UserErrors []struct{ Code string }
		}
	}
	in := map[string]any{"input": map[string]any{"report": q.ProblemReports[0].ID, "confirm": false}}
	if r := a.do(reviewer, decideReportM, in, &dr); len(r.Errors) > 0 || dr.DecideReport.Report == nil || dr.DecideReport.Report.State != "DISMISSED" {
		t.Fatalf("decideReport: %s", r.Body)
	}
	if r := a.do(reviewer, decideReportM, in, &dr); len(dr.DecideReport.UserErrors) != 1 || dr.DecideReport.UserErrors[0].Code != "INVALID" {
		t.Errorf("a report decided twice: %s", r.Body)
	}

	var stops struct {
		ConfigurationStops []struct {
			ID, Property  string
			Errors, N     int
			ChangeRequest *string
			LiftedAt      *string
			Held          []struct {
				Node, Title, Mark string
				Resolution        *string
				Released          bool
			}
		}
	}
	if r := a.do("", stopsQ, nil, &stops); len(r.Errors) > 0 || len(stops.ConfigurationStops) != 1 {
		t.Fatalf("configurationStops: %s", r.Body)
	}
	st := stops.ConfigurationStops[0]
	if st.ChangeRequest == nil || st.LiftedAt != nil || len(st.Held) != 2 || st.Held[0].Mark != "QUARANTINED" {
		t.Fatalf("stop = %+v", st)
	}
	lift := map[string]any{"input": map[string]any{"stop": st.ID, "reason": "prompt-v10 keeps every hypothesis"}}
	var lr struct {
		LiftConfigurationStop struct {
			Stop       *struct{ LiftedAt *string }
			UserErrors []struct{ Code, Message string }
		}
	}
	if r := a.do(reviewer, liftM, lift, nil); len(r.Errors) == 0 || r.Errors[0].Extensions["code"] != "FORBIDDEN" {
		t.Errorf("a reviewer lifts: %s", r.Body)
	}
	if r := a.do(operator, liftM, lift, &lr); len(lr.LiftConfigurationStop.UserErrors) != 1 ||
		!strings.Contains(lr.LiftConfigurationStop.UserErrors[0].Message, st.Held[0].Node) {
		t.Errorf("a lift with the held nodes undecided: %s", r.Body)
	}
	for i, res := range []string{"RETIRE", "RERUN"} {
		node := st.Held[i].Node
		if r := a.do(member, decideQuarantineM, map[string]any{"input": map[string]any{"node": node, "resolution": res}}, nil); len(r.Errors) == 0 ||
			r.Errors[0].Extensions["code"] != "FORBIDDEN" {
			t.Errorf("a member decides: %s", r.Body)
		}
		var out struct {
			DecideQuarantine struct {
				Stop *struct {
					Held []struct {
						Node       string
						Resolution *string
						Released   bool
					}
				}
				UserErrors []struct{ Code string }
			}
		}
		if r := a.do(reviewer, decideQuarantineM, map[string]any{"input": map[string]any{"node": node, "resolution": res}}, &out); len(r.Errors) > 0 ||
			out.DecideQuarantine.Stop == nil || len(out.DecideQuarantine.UserErrors) != 0 {
			t.Fatalf("decideQuarantine %s %s: %s", node, res, r.Body)
		}
		for _, h := range out.DecideQuarantine.Stop.Held {
			if h.Node == node && (h.Resolution == nil || *h.Resolution != res || h.Released != (res == "RETIRE")) {
				t.Errorf("%s after %s = %+v", node, res, h)
			}
		}
	}
	if r := a.do(operator, liftM, lift, &lr); len(r.Errors) > 0 || lr.LiftConfigurationStop.Stop == nil || lr.LiftConfigurationStop.Stop.LiftedAt == nil {
		t.Errorf("liftConfigurationStop: %s", r.Body)
	}
}
