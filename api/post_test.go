package api

import (
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/handler/testserver"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/google/go-cmp/cmp"
)

// TestPostTransportAnswersAsGqlgen: the POST transport answers every kind
// of request as gqlgen's own POST transport does (status, content type,
// the same JSON), data, mutation errors, parse, validation and body errors
// alike, under each Accept header, and writes an answer of data alone
// without re-encoding it.
func TestPostTransportAnswersAsGqlgen(t *testing.T) {
	t.Parallel()
	serve := func(tr graphql.Transport) http.Handler {
		s := testserver.New()
		s.AddTransport(tr)
		return s
	}
	ours, theirs := serve(postTransport{}), serve(transport.POST{})
	bodies := map[string]string{
		"data":       `{"query":"{ name }"}`,
		"variables":  `{"query":"query($id: Int!) { find(id: $id) }","variables":{"id":1}}`,
		"mutation":   `{"query":"mutation { name }"}`,
		"parse":      `{"query":"{ name"}`,
		"validation": `{"query":"{ nope }"}`,
		"operation":  `{"query":"query A { name } query B { name }","operationName":"C"}`,
		"body":       `{"query":`,
		"type":       `{"query":1}`,
		"vars":       `{"query":"{ name }","variables":5}`,
	}
	for name, body := range bodies {
		for _, accept := range []string{"", "application/json", "application/graphql-response+json",
			"*/*", "text/html", "application/graphql-response+json, application/json;q=0.9"} {
			t.Run(name+" "+strings.ReplaceAll(accept, "/", "-"), func(t *testing.T) {
				answer := func(h http.Handler) (int, string, any) {
					req := httptest.NewRequest(http.MethodPost, "/graphql", strings.NewReader(body))
					req.Header.Set("Content-Type", "application/json")
					if accept != "" {
						req.Header.Set("Accept", accept)
					}
					rec := httptest.NewRecorder()
					h.ServeHTTP(rec, req)
					var v any
					if err := json.Unmarshal(rec.Body.Bytes(), &v); err != nil {
						t.Fatalf("answer %q is not JSON: %v", rec.Body.String(), err)
					}
					return rec.Code, rec.Header().Get("Content-Type"), v
				}
				code, ctype, got := answer(ours)
				wantCode, wantType, want := answer(theirs)
				if code != wantCode || ctype != wantType {
					t.Errorf("status %d, Content-Type %q; want %d, %q", code, ctype, wantCode, wantType)
				}
				// gqlgen's message quotes the body and Go's types; ours names the member.
				if msg, ok := map[string]string{"body": "json request body could not be decoded: unexpected EOF",
					"type": `json request body could not be decoded: "query" must be a string, not a JSON number`,
					"vars": `json request body could not be decoded: "variables" must be an object, not a JSON number`}[name]; ok {
					want.(map[string]any)["errors"].([]any)[0].(map[string]any)["message"] = msg
				}
				if diff := cmp.Diff(want, got); diff != "" {
					t.Errorf("answer (-gqlgen +ours):\n%s", diff)
				}
			})
		}
	}
}

// TestWriteGraphQLKeepsTheData: data alone is written byte for byte as
// executed; with errors or extensions the answer is encoded whole.
func TestWriteGraphQLKeepsTheData(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		resp *graphql.Response
		want string
	}{
		{&graphql.Response{Data: []byte(`{"a":"<b>"}`)}, `{"data":{"a":"<b>"}}`},
		{&graphql.Response{Data: []byte(`null`), Extensions: map[string]any{"x": 1}}, `{"data":null,"extensions":{"x":1}}`},
		{&graphql.Response{}, `{"data":null}`},
	} {
		rec := httptest.NewRecorder()
		writeGraphQL(rec, c.resp)
		if got := rec.Body.String(); got != c.want {
			t.Errorf("writeGraphQL(%+v) wrote %s; want %s", c.resp, got, c.want)
		}
	}
}
