package api

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"mime"
	"net/http"
	"strings"

	"github.com/99designs/gqlgen/graphql"
	"github.com/99designs/gqlgen/graphql/errcode"
	"github.com/99designs/gqlgen/graphql/handler/transport"
	"github.com/vektah/gqlparser/v2/gqlerror"
)

// postTransport is gqlgen's POST transport (transport.POST: the same
// requests, statuses and content types) with one change in how an answer
// is written. gqlgen writes every answer with json.Marshal, which checks
// and compacts the data it is handed byte by byte although gqlgen wrote
// it compact a moment before (or the response cache kept it): on warm
// reads that pass was a third of the server's time. An answer of data
// alone is written as it is; anything else as gqlgen writes it.
type postTransport struct{ transport.POST }

const graphqlResponseJSON = "application/graphql-response+json"

func (t postTransport) Do(w http.ResponseWriter, r *http.Request, exec graphql.GraphExecutor) {
	ctx := r.Context()
	contentType := responseContentType(r)
	w.Header().Set("Content-Type", contentType)
	start := graphql.Now()
	params := &graphql.RawParams{}
	// graphqlHandler has read and measured the body already: decoded from
	// where it lies, not copied again.
	dec := json.NewDecoder(r.Body)
	dec.UseNumber()
	if err := dec.Decode(params); err != nil {
		w.WriteHeader(http.StatusBadRequest)
		writeGraphQL(w, exec.DispatchError(ctx, gqlerror.List{gqlerror.Errorf("json request body could not be decoded: %s", bodyError(err))}))
		return
	}
	params.Headers = r.Header
	params.ReadTime = graphql.TraceTiming{Start: start, End: graphql.Now()}
	rc, opErr := exec.CreateOperationContext(ctx, params)
	if opErr != nil {
		status := http.StatusOK
		if errcode.GetErrorKind(opErr) == errcode.KindProtocol {
			status = http.StatusUnprocessableEntity
			if contentType == graphqlResponseJSON {
				status = http.StatusBadRequest
			}
		}
		w.WriteHeader(status)
		writeGraphQL(w, exec.DispatchError(graphql.WithOperationContext(ctx, rc), opErr))
		return
	}
	responses, ctx := exec.DispatchOperation(ctx, rc)
	writeGraphQL(w, responses(ctx))
}

// responseContentType is the media type of the answer: the first of JSON
// and GraphQL's response type that Accept names, JSON for */*, or no
// Accept; GraphQL's response type when Accept names neither.
func responseContentType(r *http.Request) string {
	accept := r.Header.Get("Accept")
	if accept == "" {
		return "application/json"
	}
	for part := range strings.SplitSeq(accept, ",") {
		mediaType, _, err := mime.ParseMediaType(strings.TrimSpace(part))
		if err != nil {
			continue
		}
		switch mediaType {
		case "*/*", "application/*", "application/json":
			return "application/json"
		case graphqlResponseJSON:
			return graphqlResponseJSON
		}
	}
	return graphqlResponseJSON
}

// writeGraphQL writes an answer: one of data alone as {"data":…} around
// the data as executed, any other with json.Marshal.
func writeGraphQL(w http.ResponseWriter, resp *graphql.Response) {
	if resp != nil && len(resp.Data) > 0 && len(resp.Errors) == 0 && len(resp.Extensions) == 0 &&
		resp.Label == "" && resp.Path == nil && resp.HasNext == nil {
		_, _ = io.WriteString(w, `{"data":`)
		_, _ = w.Write(resp.Data)
		_, _ = io.WriteString(w, "}")
		return
	}
	b, err := json.Marshal(resp)
	if err != nil {
		// Only an extension's value can fail to encode.
		w.WriteHeader(http.StatusInternalServerError)
		b, _ = json.Marshal(graphql.Response{Errors: gqlerror.List{gqlerror.Errorf("internal error")}})
	}
	_, _ = w.Write(b)
}

// bodyError says what is wrong with a request body in the protocol's
// terms, not Go's: which member has the wrong type, and what it must be.
func bodyError(err error) string {
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) && te.Field != "" {
		want := map[string]string{"query": "a string", "operationName": "a string",
			"variables": "an object", "extensions": "an object"}[strings.SplitN(te.Field, ".", 2)[0]]
		if want != "" && !strings.Contains(te.Field, ".") {
			return fmt.Sprintf("%q must be %s, not a JSON %s", te.Field, want, te.Value)
		}
	}
	return err.Error()
}
