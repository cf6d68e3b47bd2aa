package lanes

import (
	"strings"
	"testing"
	"testing/fstest"
)

func TestLoadPromptsRefuses(t *testing.T) {
	t.Parallel()
	full := func(role Role) string {
		var b strings.Builder
		b.WriteString("# p\n\n## Required checks\n\n")
		for _, c := range roleChecks[role] {
			b.WriteString("- `" + c.ID + "` — criterion.\n")
		}
		b.WriteString("\n## How to answer\n")
		return b.String()
	}
	files := func(mut func(fstest.MapFS)) fstest.MapFS {
		fs := fstest.MapFS{}
		for _, r := range Roles {
			fs["prompts/"+r.dir()+"/v1.md"] = &fstest.MapFile{Data: []byte(full(r))}
		}
		mut(fs)
		return fs
	}
	loads := func(fs fstest.MapFS) (err any) {
		defer func() { err = recover() }()
		loadPrompts(fs)
		return nil
	}
	if err := loads(files(func(fstest.MapFS) {})); err != nil {
		t.Fatalf("loadPrompts(complete) panics: %v", err)
	}
	for name, mut := range map[string]func(fstest.MapFS){
		"dropped-check": func(fs fstest.MapFS) {
			fs["prompts/prior_art/v2.md"] = &fstest.MapFile{Data: []byte(strings.Replace(full(PriorArt), "- `dated_search`", "- dated search", 1))}
		},
		"twice": func(fs fstest.MapFS) {
			fs["prompts/audit/v2.md"] = &fstest.MapFile{Data: []byte(strings.Replace(full(Audit), "## How", "- `safety` — again.\n\n## How", 1))}
		},
		"bad-version": func(fs fstest.MapFS) {
			fs["prompts/audit/latest.md"] = &fstest.MapFile{Data: []byte(full(Audit))}
		},
		"no-prompt": func(fs fstest.MapFS) { delete(fs, "prompts/math_critique/v1.md") },
	} {
		if err := loads(files(mut)); err == nil {
			t.Errorf("loadPrompts(%s) accepted the prompts", name)
		}
	}
	// Versions sort by number, not as text.
	ps := loadPrompts(files(func(fs fstest.MapFS) {
		fs["prompts/audit/v10.md"] = &fstest.MapFile{Data: []byte(full(Audit) + "\nten\n")}
		fs["prompts/audit/v2.md"] = &fstest.MapFile{Data: []byte(full(Audit) + "\ntwo\n")}
	}))
	if got := ps[Audit][len(ps[Audit])-1].Version; got != "v10" {
		t.Errorf("latest audit prompt = %s; want v10", got)
	}
}
