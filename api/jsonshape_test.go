package api

import (
	"encoding/json"
	"strings"
	"testing"
)

// decodedShape is jsonShape by way of encoding/json, for comparison.
func decodedShape(v any, level int) (depth, values int) {
	values = 1
	switch x := v.(type) {
	case map[string]any:
		depth = level + 1
		for _, e := range x {
			d, n := decodedShape(e, level+1)
			depth, values = max(depth, d), values+n
		}
	case []any:
		depth = level + 1
		for _, e := range x {
			d, n := decodedShape(e, level+1)
			depth, values = max(depth, d), values+n
		}
	}
	return depth, values
}

func TestJSONShape(t *testing.T) {
	for _, in := range []string{
		`{}`, `[]`, `{"a":1}`, `{"a":[1,2,{"b":"x]y}"}],"c":null}`, `"str\"ing"`, `[true,false,null,-1.5e3]`,
		`{"query":"{ a }","variables":{"w":{"and":[{"not":{"id":"TDB-1"}}]}}}`,
		strings.Repeat(`{"a":[`, 50) + `1` + strings.Repeat(`]}`, 50),
	} {
		var v any
		if err := json.Unmarshal([]byte(in), &v); err != nil {
			t.Fatalf("bad case %s: %v", in, err)
		}
		wd, wn := decodedShape(v, 0)
		if d, n := jsonShape([]byte(in)); d != wd || n != wn {
			t.Errorf("jsonShape(%.40s) = %d, %d; want %d, %d", in, d, n, wd, wn)
		}
	}
}

// FuzzJSONShape: on any valid JSON, jsonShape agrees with decoding it; on
// anything else it returns without panicking.
func FuzzJSONShape(f *testing.F) {
	for _, s := range []string{`{"a":[1,"x\\\"",{}]}`, `[[[]]]`, `"\\`, `{"a":tru`, `1 2 3`} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		d, n := jsonShape(b)
		var v any
		if json.Unmarshal(b, &v) != nil {
			return
		}
		if wd, wn := decodedShape(v, 0); d != wd || n != wn {
			t.Errorf("jsonShape(%q) = %d, %d; want %d, %d", b, d, n, wd, wn)
		}
	})
}
