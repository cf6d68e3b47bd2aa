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
	})
}
