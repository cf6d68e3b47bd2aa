package policy

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode"
	"unicode/utf8"

	"github.com/google/go-cmp/cmp"
)

// multilingual is ordinary text every field must take: accents, Greek,
// CJK, Arabic, Hebrew, TeX, typographic punctuation and the replacement
// character itself, which is valid UTF-8.
const multilingual = `Erdős–Straus für Ångström: αβγ ≤ Σ 素数の分布 حدسية השערה $\sum_{n\ge1} 1/n^2 = \pi^2/6$ “quoted” — ok � ∎`

func TestTextFault(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name      string
		in        string
		line, txt string // the fault as a single-line and as a multi-line field; "" passes
	}{
		{"empty", "", "", ""},
		{"multilingual", multilingual, "", ""},
		{"NUL", "ab\x00c", "contains U+0000 (NULL) at character 3; remove it",
			"contains U+0000 (NULL) at line 1, character 3; remove it"},
		{"position counts characters not bytes", "é素\x00",
			"contains U+0000 (NULL) at character 3; remove it", "contains U+0000 (NULL) at line 1, character 3; remove it"},
		{"right-to-left override", "Is every n\u202E good?",
			"contains U+202E (RIGHT-TO-LEFT OVERRIDE) at character 11; remove it; it changes the direction in which the text around it is displayed",
			"contains U+202E (RIGHT-TO-LEFT OVERRIDE) at line 1, character 11; remove it; it changes the direction in which the text around it is displayed"},
		{"left-to-right override", "a\u202Db",
			"contains U+202D (LEFT-TO-RIGHT OVERRIDE) at character 2; remove it; it changes the direction in which the text around it is displayed",
			"contains U+202D (LEFT-TO-RIGHT OVERRIDE) at line 1, character 2; remove it; it changes the direction in which the text around it is displayed"},
		{"embedding", "a\u202Bb", "contains U+202B (RIGHT-TO-LEFT EMBEDDING) at character 2; remove it; it changes the direction in which the text around it is displayed", ""},
		{"pop directional formatting", "a\u202Cb", "contains U+202C (POP DIRECTIONAL FORMATTING) at character 2; remove it; it changes the direction in which the text around it is displayed", ""},
		{"isolate", "x \u2067שלום\u2069 y", "contains U+2067 (RIGHT-TO-LEFT ISOLATE) at character 3; remove it; it changes the direction in which the text around it is displayed (2 characters in all that this field may not hold)", ""},
		{"line feed", "a\nb", "contains U+000A (LINE FEED) at character 2; this field is one line: replace the line break with a space", ""},
		{"carriage return and line feed", "a\r\nb", "contains U+000D (CARRIAGE RETURN) at character 2; this field is one line: replace the line break with a space (2 characters in all that this field may not hold)", ""},
		{"tab", "a\tb", "contains U+0009 (CHARACTER TABULATION) at character 2; this field is one line: replace the tab with a space", ""},
		{"line separator", "a\u2028b", "contains U+2028 (LINE SEPARATOR) at character 2; this field is one line: replace the line break with a space", ""},
		{"paragraph separator", "a\u2029b", "contains U+2029 (PARAGRAPH SEPARATOR) at character 2; this field is one line: replace the line break with a space", ""},
		{"escape on the second line", "ab\ncd\x1b[31m", "contains U+000A (LINE FEED) at character 3; this field is one line: replace the line break with a space (2 characters in all that this field may not hold)",
			"contains U+001B (ESCAPE) at line 2, character 3; remove it"},
		{"delete", "a\x7f", "contains U+007F (DELETE) at character 2; remove it", "contains U+007F (DELETE) at line 1, character 2; remove it"},
		{"next line", "a\u0085b", "contains U+0085 (NEXT LINE) at character 2; this field is one line: replace the line break with a space",
			"contains U+0085 (NEXT LINE) at line 1, character 2; remove it"},
		{"C1 control", "a\u009bb", "contains U+009B (CONTROL SEQUENCE INTRODUCER) at character 2; remove it",
			"contains U+009B (CONTROL SEQUENCE INTRODUCER) at line 1, character 2; remove it"},
		{"form feed", "a\fb", "contains U+000C (FORM FEED) at character 2; remove it", "contains U+000C (FORM FEED) at line 1, character 2; remove it"},
		{"invalid UTF-8", "ab\xffc", "is not valid UTF-8: the byte 0xFF at character 3 is not part of any character; send the text encoded as UTF-8",
			"is not valid UTF-8: the byte 0xFF at line 1, character 3 is not part of any character; send the text encoded as UTF-8"},
		{"truncated sequence after a line break", "x\n\xc3", "contains U+000A (LINE FEED) at character 2; this field is one line: replace the line break with a space (2 characters in all that this field may not hold)",
			"is not valid UTF-8: the byte 0xC3 at line 2, character 1 is not part of any character; send the text encoded as UTF-8"},
		{"encoded surrogate", "\xed\xa0\x80", "is not valid UTF-8: the byte 0xED at character 1 is not part of any character; send the text encoded as UTF-8 (3 characters in all that this field may not hold)",
			"is not valid UTF-8: the byte 0xED at line 1, character 1 is not part of any character; send the text encoded as UTF-8 (3 characters in all that this field may not hold)"},
		{"paragraphs with tabs", "First line.\r\n\tIndented.\n\nNext paragraph.", "contains U+000D (CARRIAGE RETURN) at character 12; this field is one line: replace the line break with a space (5 characters in all that this field may not hold)", ""},
		{"zero width joiner stays", "क्\u200Dष", "", ""},
		{"left-to-right mark stays", "abc\u200Edef", "", ""},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			if got := textFault(tt.in, singleLine); got != tt.line {
				t.Errorf("textFault(%q, singleLine) = %q; want %q", tt.in, got, tt.line)
			}
			if got := textFault(tt.in, multiLine); got != tt.txt {
				t.Errorf("textFault(%q, multiLine) = %q; want %q", tt.in, got, tt.txt)
			}
		})
	}
}

func TestValidatorText(t *testing.T) {
	t.Parallel()
	type result struct {
		Field []string
		Code  Code
	}
	tests := []struct {
		name       string
		in         string
		required   bool
		line, text []result
	}{
		{"blank required", " \t ", true, []result{{[]string{"a", "0"}, CodeRequired}}, []result{{[]string{"a", "0"}, CodeRequired}}},
		{"empty optional", "", false, nil, nil},
		{"fault before length", strings.Repeat("x", 20) + "\x00", false,
			[]result{{[]string{"a", "0"}, CodeInvalid}}, []result{{[]string{"a", "0"}, CodeInvalid}}},
		{"too long", strings.Repeat("é", 11), false, []result{{[]string{"a", "0"}, CodeTooLong}}, []result{{[]string{"a", "0"}, CodeTooLong}}},
		{"ten characters of twenty bytes", strings.Repeat("é", 10), true, nil, nil},
		{"two lines", "a\nb", true, []result{{[]string{"a", "0"}, CodeInvalid}}, nil},
	}
	for _, tt := range tests {
		t.Run(strings.ReplaceAll(tt.name, " ", "_"), func(t *testing.T) {
			for _, k := range []struct {
				name  string
				check func(v *validator) bool
				want  []result
			}{
				{"line", func(v *validator) bool { return v.line(tt.in, tt.required, 10, "a", "0") }, tt.line},
				{"text", func(v *validator) bool { return v.text(tt.in, tt.required, 10, "a", "0") }, tt.text},
			} {
				var v validator
				ok := k.check(&v)
				var got []result
				for _, fe := range v.errs {
					got = append(got, result{fe.Field, fe.Code})
				}
				if diff := cmp.Diff(k.want, got); diff != "" {
					t.Errorf("v.%s(%q) errors (-want +got):\n%s", k.name, tt.in, diff)
				}
				if ok != (len(got) == 0) {
					t.Errorf("v.%s(%q) = %v with %d errors", k.name, tt.in, ok, len(got))
				}
			}
		})
	}
}

// refusedByRule is the rule of text.go written again from its definition,
// with the unicode package's control category, to check textFault
// against.
func refusedByRule(r rune, k textKind) bool {
	if k == multiLine && (r == '\t' || r == '\n' || r == '\r') {
		return false
	}
	switch {
	case unicode.IsControl(r), r == 0x202D, r == 0x202E:
		return true
	case k == multiLine:
		return false
	}
	return (r >= 0x202A && r <= 0x202E) || (r >= 0x2066 && r <= 0x2069) || r == 0x2028 || r == 0x2029
}

var faultPosition = regexp.MustCompile(`at (?:line (\d+), )?character (\d+)`)

// FuzzText: any string either passes or is refused with one field error,
// never a panic; it passes exactly when it is valid UTF-8 and holds no
// character the rule refuses, and a refusal points at a character that is
// there.
func FuzzText(f *testing.F) {
	for _, s := range []string{"", multilingual, "a\x00b", "Is every n\u202E good?", "a\nb\r\n\tc", "\xff\xfe",
		"\xed\xa0\x80", "x\u0085y\u2028z", "\u2066isolated\u2069", "é素\x1b[0m", "\uFFFD"} {
		f.Add(s, true)
		f.Add(s, false)
	}
	f.Fuzz(func(t *testing.T, s string, oneLine bool) {
		k := multiLine
		if oneLine {
			k = singleLine
		}
		var v validator
		ok := v.check(k, s, false, 1<<20, "field")
		fault := textFault(s, k)
		want := utf8.ValidString(s)
		for _, r := range s {
			if refusedByRule(r, k) {
				want = false
			}
		}
		if (fault == "") != want {
			t.Fatalf("textFault(%q, %d) = %q; want a fault: %v", s, k, fault, !want)
		}
		if ok != want || len(v.errs) != map[bool]int{true: 0, false: 1}[want] {
			t.Fatalf("check(%q) = %v with errors %+v", s, ok, v.errs)
		}
		if want {
			return
		}
		if fe := v.errs[0]; fe.Code != CodeInvalid || !cmp.Equal(fe.Field, []string{"field"}) || fe.Message != fault {
			t.Fatalf("check(%q) error = %+v; want INVALID on field with %q", s, fe, fault)
		}
		m := faultPosition.FindStringSubmatch(fault)
		if m == nil {
			t.Fatalf("textFault(%q) = %q names no position", s, fault)
		}
		line, col := 1, 0
		if m[1] != "" {
			line, _ = strconv.Atoi(m[1])
		}
		col, _ = strconv.Atoi(m[2])
		lines := []string{s}
		if k == multiLine {
			lines = strings.Split(s, "\n")
		}
		if line < 1 || line > len(lines) || col < 1 || col > utf8.RuneCountInString(lines[line-1]) {
			t.Fatalf("textFault(%q) = %q points outside the text", s, fault)
		}
	})
}
