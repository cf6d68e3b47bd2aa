package pagetest

import (
	"errors"
	"fmt"
	"os"
	"strings"
	"testing"

	"github.com/google/go-cmp/cmp"
)

// recorder is a testing.TB that records what a check reports instead of
// failing the test that runs it.
type recorder struct {
	testing.TB
	errors []string
	logs   []string
}

func (r *recorder) Helper() {}
func (r *recorder) Errorf(format string, a ...any) {
	r.errors = append(r.errors, fmt.Sprintf(format, a...))
}
func (r *recorder) Error(a ...any)               { r.errors = append(r.errors, fmt.Sprint(a...)) }
func (r *recorder) Logf(format string, a ...any) { r.logs = append(r.logs, fmt.Sprintf(format, a...)) }
func (r *recorder) Log(a ...any)                 { r.logs = append(r.logs, fmt.Sprint(a...)) }
func (r *recorder) Fatalf(format string, a ...any) {
	r.TB.Fatalf("check called Fatalf: "+format, a...)
}

// page wraps body in a valid document. It keeps the markup on one line per
// element so that html-validate's findings point somewhere readable.
func page(body string) []byte {
	return []byte(`<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>TDB-1 · Sums of three cubes · TheoremDB</title>
<link rel="stylesheet" href="/static/site.css">
<script src="/static/math.js" defer></script>
</head>
<body>
` + body + `
</body>
</html>
`)
}

const goodBody = `<header><nav aria-label="Site"><a href="/">TheoremDB</a> <a href="/problems">Problems</a></nav></header>
<main>
<h1 data-testid="title">Sums of three cubes</h1>
<figure>
<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 360" width="100%" role="img" focusable="false"><title>A lattice of five by three points</title><circle cx="10" cy="10" r="5"/></svg>
<figcaption>A neutral pattern generated from the identifier TDB-1; it depicts no result.</figcaption>
</figure>
<p data-math>Is every integer $n \not\equiv \pm 4 \pmod 9$ a sum of three cubes?</p>
<p>Challenge period ends <time data-countdown datetime="2026-12-07T08:00:00Z">7 December 2026, 08:00 UTC</time></p>
<h2>References</h2>
<ul><li data-testid="ref"><a href="https://doi.org/10.1000/1">A paper</a></li><li data-testid="ref"><a href="/s/2"><img src="/static/pdf.svg" alt="PDF"></a></li></ul>
<h3>Search record</h3>
<p>Checked on 1 May 2026.</p>
<h2>Revise</h2>
<form method="post" action="/p/TDB-1/revise">
<input type="hidden" name="csrf" value="token">
<label for="title">Title</label>
<input id="title" name="title" type="text" value="Sums of three cubes">
<label>Kind <select name="kind"><option value="PROOF">Proof</option><option value="SEARCH">Search</option></select></label>
<span id="st-label">Statement</span>
<textarea name="statement" aria-labelledby="st-label"></textarea>
<input name="tag" type="text" aria-label="Tag">
<button type="submit">Save</button>
<button type="button" aria-label="Add a reference"><svg viewBox="0 0 10 10" aria-hidden="true"><path d="M0 5H10"/></svg></button>
</form>
</main>`

func TestCheckGoodPage(t *testing.T) {
	r := &recorder{TB: t}
	Check(r, "good", page(goodBody))
	if len(r.errors) > 0 {
		t.Errorf("Check(good page) reported:\n%s", strings.Join(r.errors, "\n"))
	}
	for _, l := range r.logs {
		t.Log(l)
	}
}

func TestAccessibilityViolations(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name string
		doc  []byte
		want []Violation
	}{
		{
			name: "missing lang",
			doc:  []byte(`<!doctype html><html><head><title>x</title></head><body><main><h1>x</h1></main></body></html>`),
			want: []Violation{{RuleLang, "html", `<html> has no lang attribute: add lang="en"`}},
		},
		{
			name: "no h1",
			doc:  page(`<main><h2>Only a section</h2></main>`),
			want: []Violation{{RuleOneH1, "document", "no <h1>: every page has exactly one"}},
		},
		{
			name: "two h1",
			doc:  page(`<main><h1>One</h1><h1>Two</h1></main>`),
			want: []Violation{{RuleOneH1, "document", "2 <h1> elements: every page has exactly one"}},
		},
		{
			name: "skipped heading level",
			doc:  page(`<main><h1>Title</h1><h2>Section</h2><h4 id="deep">Too deep</h4><h2>Back up is fine</h2></main>`),
			want: []Violation{{RuleHeadingOrder, "h4#deep", "<h4> follows <h2>: heading levels must not skip going down"}},
		},
		{
			name: "input without label",
			doc:  page(`<main><h1>x</h1><form id="submit" method="post"><input name="title" type="text"><button type="submit">Go</button></form></main>`),
			want: []Violation{{RuleLabel, `input[name="title"] in form#submit`, "form control has no label: use <label for=id>, a wrapping <label>, aria-label or aria-labelledby"}},
		},
		{
			name: "label for another id",
			doc:  page(`<main><h1>x</h1><label for="other">T</label><input id="title" type="text"></main>`),
			want: []Violation{{RuleLabel, `input#title`, "form control has no label: use <label for=id>, a wrapping <label>, aria-label or aria-labelledby"}},
		},
		{
			name: "select and textarea without label",
			doc:  page(`<main><h1>x</h1><div data-testid="f"><select name="kind"><option>a</option></select><textarea name="s" aria-labelledby="missing"></textarea></div></main>`),
			want: []Violation{
				{RuleLabel, `select[name="kind"] in div[data-testid="f"]`, "form control has no label: use <label for=id>, a wrapping <label>, aria-label or aria-labelledby"},
				{RuleLabel, `textarea[name="s"] in div[data-testid="f"]`, "form control has no label: use <label for=id>, a wrapping <label>, aria-label or aria-labelledby"},
			},
		},
		{
			name: "img without alt",
			doc:  page(`<main><h1>x</h1><p><img src="/a.png"></p></main>`),
			want: []Violation{{RuleImgAlt, `img[src="/a.png"] in main > p`, `<img> has no alt attribute (use alt="" for decoration)`}},
		},
		{
			name: "svg img without name",
			doc:  page(`<main><h1>x</h1><figure id="hero"><svg viewBox="0 0 1 1" role="img"><circle r="1"/></svg></figure></main>`),
			want: []Violation{{RuleSVGName, `svg in figure#hero`, `<svg role="img"> has no accessible name: add a <title> child or an aria-label`}},
		},
		{
			name: "duplicate id",
			doc:  page(`<main><h1 id="t">x</h1><p id="t">y</p></main>`),
			want: []Violation{{RuleDuplicateID, "p#t", `id "t" is used 2 times: ids must be unique`}},
		},
		{
			name: "empty button and link",
			doc:  page(`<main><h1>x</h1><nav aria-label="Pages"><a href="/next"> </a><button type="button"><svg viewBox="0 0 1 1" aria-hidden="true"></svg></button><input type="button"></nav></main>`),
			want: []Violation{
				{RuleName, `a[href="/next"] in main > nav`, "link has no discernible text: give it text or an aria-label"},
				{RuleName, `button[type="button"] in main > nav`, "button has no discernible text: give it text or an aria-label"},
				{RuleName, `input[type="button"] in main > nav`, "button has no discernible text: give it a value or an aria-label"},
			},
		},
		{
			name: "inline handler in a POST form",
			doc:  page(`<main><h1>x</h1><form id="f" method="POST"><button type="submit" onclick="go()">Go</button></form></main>`),
			want: []Violation{{RuleInlineHandler, `button[type="submit"] in form#f`, "inline event handler onclick in a POST form: the Content-Security-Policy blocks it; use an external script"}},
		},
		{
			name: "inline script",
			doc:  page(`<main><h1>x</h1><script>alert(1)</script><a href="javascript:void(0)">x</a></main>`),
			want: []Violation{
				{RuleInlineScript, "script in main", "inline <script> without src: load it from a file under /static"},
				{RuleInlineScript, `a[href="javascript:void(0)"] in main`, "javascript: URL in href: the Content-Security-Policy blocks it"},
			},
		},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, "/", " "), func(t *testing.T) {
			t.Parallel()
			got, err := Accessibility(tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			if diff := cmp.Diff(tt.want, got); diff != "" {
				t.Errorf("Accessibility(%s) (-want +got):\n%s", tt.name, diff)
			}
		})
	}
}

// TestCheckReportsEachViolation runs Check through the recorder: a page
// with one problem produces an error that names the page and the rule.
func TestCheckReportsEachViolation(t *testing.T) {
	bad := page(`<main><h1>x</h1><form method="post"><input name="title" type="text"><button type="submit">Go</button></form></main>`)
	r := &recorder{TB: t}
	Check(r, "bad page", bad)
	found := false
	for _, e := range r.errors {
		if strings.HasPrefix(e, "bad page: label: ") {
			found = true
		}
	}
	if !found {
		t.Errorf("Check(page missing a label) errors = %q; want one starting %q", r.errors, "bad page: label: ")
	}
}

func TestValidatorCatchesInvalidHTML(t *testing.T) {
	if skipValidator(t) {
		return
	}
	tests := []struct {
		name string
		doc  []byte
		rule string
	}{
		{"div in a span", page(`<main><h1>x</h1><span><div>block in inline</div></span></main>`), "html-validate/element-permitted-content"},
		{"li outside a list", page(`<main><h1>x</h1><li>item</li></main>`), "html-validate/element-permitted-parent"},
		{"button without type", page(`<main><h1>x</h1><button>Go</button></main>`), "html-validate/no-implicit-button-type"},
		{"unclosed element", page(`<main><h1>x</h1><p><em>open</p></main>`), "html-validate/close-order"},
		{"no doctype", []byte(`<html lang="en"><head><title>x</title></head><body><main><h1>x</h1></main></body></html>`), "html-validate/missing-doctype"},
		{"two text fields of one name", page(`<main><h1>x</h1><form method="post" action="/x"><label>a <input name="n"></label>` +
			`<label>b <input name="n"></label><button type="submit">Go</button></form></main>`), "html-validate/form-dup-name"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Validate(tt.doc)
			if err != nil {
				t.Fatal(err)
			}
			var rules []string
			for _, v := range got {
				rules = append(rules, v.Rule)
			}
			if !strings.Contains(strings.Join(rules, " "), tt.rule) {
				t.Errorf("Validate(%s) rules = %q; want %s", tt.name, rules, tt.rule)
			}
			r := &recorder{TB: t}
			checkValidity(r, tt.name, tt.doc)
			if len(r.errors) == 0 {
				t.Errorf("checkValidity(%s) reported nothing", tt.name)
			}
		})
	}
}

// TestValidatorMissing checks the message when node_modules is absent:
// a log line outside CI, an error under CI=true.
func TestValidatorMissing(t *testing.T) {
	v := &validator{started: true, err: fmt.Errorf("%w: ui/node_modules/html-validate is missing", ErrNoValidator)}
	for _, ci := range []string{"", "true"} {
		t.Run("CI="+ci, func(t *testing.T) {
			t.Setenv("CI", ci)
			r := &recorder{TB: t}
			checkWith(r, v, "p", page(goodBody))
			if ci == "true" && len(r.errors) != 1 {
				t.Errorf("CI=true: errors = %q; want one", r.errors)
			}
			if ci == "" && (len(r.errors) != 0 || len(r.logs) != 1 || !strings.Contains(r.logs[0], "html validation skipped")) {
				t.Errorf("CI unset: errors = %q, logs = %q; want one skip message", r.errors, r.logs)
			}
		})
	}
}

func TestSelectAndText(t *testing.T) {
	t.Parallel()
	doc := page(goodBody)
	refs := Select(t, doc, "ref")
	if len(refs) != 2 {
		t.Fatalf("Select(ref) found %d elements; want 2", len(refs))
	}
	if got, want := Text(refs[0]), "A paper"; got != want {
		t.Errorf("Text(ref 0) = %q; want %q", got, want)
	}
	titles := Select(t, doc, "title")
	if len(titles) != 1 || Text(titles[0]) != "Sums of three cubes" {
		t.Errorf("Select(title) = %d elements; want one reading %q", len(titles), "Sums of three cubes")
	}
	if got := Select(t, doc, "absent"); len(got) != 0 {
		t.Errorf("Select(absent) = %d elements; want none", len(got))
	}
	if got := Select(t, doc, ""); len(got) != 0 {
		t.Errorf("Select(\"\") = %d elements; want none", len(got))
	}
	frag := Select(t, []byte("<p data-testid=x>  one\n <b>two</b><script>three()</script>  </p>"), "x")
	if len(frag) != 1 || Text(frag[0]) != "one two" {
		t.Errorf("Text of a fragment = %q; want %q", Text(frag[0]), "one two")
	}
	if Text(nil) != "" {
		t.Error(`Text(nil) != ""`)
	}
}

// skipValidator skips a test that needs the validator when it is not
// installed, except under CI=true.
func skipValidator(t *testing.T) bool {
	t.Helper()
	_, err := Validate(page(goodBody))
	if errors.Is(err, ErrNoValidator) && os.Getenv("CI") != "true" {
		t.Skipf("html validation skipped: %v (run make assets to install it)", err)
		return true
	}
	return false
}
