package lanes

import (
	"crypto/sha256"
	"embed"
	"encoding/hex"
	"fmt"
	"io/fs"
	"path"
	"regexp"
	"slices"
	"strconv"
	"strings"
)

// The prompts are versioned files, prompts/<role>/<version>.md, compiled into the binary. A
// prompt is never edited once a review has used it: a change is a new version, so that the
// digest stored with a review names the exact text the model read.
//
//go:embed prompts
var promptFiles embed.FS

// Prompt is one version of a role's instructions: the system message sent verbatim, its
// SHA-256 digest, and the checks its answer must report (read from its "## Required checks"
// section, so that the checks are versioned and digested with the text).
type Prompt struct {
	Role    Role
	Version string // "v1", "v2", …
	Text    string
	Digest  string // hex SHA-256 of Text
	Checks  []string
}

var (
	prompts       = loadPrompts(promptFiles)
	versionRE     = regexp.MustCompile(`^v([1-9][0-9]*)$`)
	checkLineRE   = regexp.MustCompile("^- `([a-z][a-z0-9_]*)`")
	checksHeading = "## Required checks"
)

// loadPrompts reads every prompt; a malformed prompt is a programming error caught by the
// tests, so it panics.
func loadPrompts(fsys fs.FS) map[Role][]Prompt {
	out := map[Role][]Prompt{}
	for _, role := range Roles {
		dir := path.Join("prompts", role.dir())
		entries, err := fs.ReadDir(fsys, dir)
		if err != nil {
			panic(fmt.Sprintf("lanes: prompts for %s: %v", role, err))
		}
		for _, e := range entries {
			version, ok := strings.CutSuffix(e.Name(), ".md")
			if e.IsDir() || !ok {
				continue
			}
			b, err := fs.ReadFile(fsys, path.Join(dir, e.Name()))
			if err != nil {
				panic(fmt.Sprintf("lanes: prompt %s/%s: %v", role, e.Name(), err))
			}
			p, err := parsePrompt(role, version, string(b))
			if err != nil {
				panic(err.Error())
			}
			out[role] = append(out[role], p)
		}
		if len(out[role]) == 0 {
			panic("lanes: no prompt for " + string(role))
		}
		slices.SortFunc(out[role], func(a, b Prompt) int { return versionNumber(a.Version) - versionNumber(b.Version) })
	}
	return out
}

func versionNumber(v string) int {
	m := versionRE.FindStringSubmatch(v)
	if m == nil {
		return 0
	}
	n, _ := strconv.Atoi(m[1])
	return n
}

// parsePrompt checks a prompt's version name and reads its required checks, which must include
// every check the policy requires of the role.
func parsePrompt(role Role, version, text string) (Prompt, error) {
	if !versionRE.MatchString(version) {
		return Prompt{}, fmt.Errorf("lanes: prompt %s/%s: a version is v1, v2, …", role, version)
	}
	sum := sha256.Sum256([]byte(text))
	p := Prompt{Role: role, Version: version, Text: text, Digest: hex.EncodeToString(sum[:])}
	in := false
	for _, line := range strings.Split(text, "\n") {
		switch {
		case strings.HasPrefix(line, "## "):
			in = strings.TrimSpace(line) == checksHeading
		case in:
			if m := checkLineRE.FindStringSubmatch(line); m != nil {
				if slices.Contains(p.Checks, m[1]) {
					return Prompt{}, fmt.Errorf("lanes: prompt %s/%s lists check %s twice", role, version, m[1])
				}
				p.Checks = append(p.Checks, m[1])
			}
		}
	}
	for _, c := range roleChecks[role] {
		if !slices.Contains(p.Checks, c.ID) {
			return Prompt{}, fmt.Errorf("lanes: prompt %s/%s does not require check %s", role, version, c.ID)
		}
	}
	return p, nil
}

// promptsOf are a role's prompts: a panel role's or the audit's, or a model check's.
func promptsOf(role Role) []Prompt {
	switch role {
	case JudgeRole:
		return judgePrompts
	case RoundTripRole:
		return roundTripPrompts
	case HypothesesRole:
		return hypothesesPrompts
	}
	return prompts[role]
}

// LookupPrompt returns a role's prompt of the given version.
func LookupPrompt(role Role, version string) (Prompt, error) {
	for _, p := range promptsOf(role) {
		if p.Version == version {
			return p, nil
		}
	}
	return Prompt{}, fmt.Errorf("lanes: %s has no prompt version %q", role, version)
}

// LatestPrompt is a role's newest prompt version, the one a new lane is registered with.
func LatestPrompt(role Role) (Prompt, error) {
	ps := promptsOf(role)
	if len(ps) == 0 {
		return Prompt{}, fmt.Errorf("lanes: %q has no prompts", role)
	}
	return ps[len(ps)-1], nil
}

// Prompts lists every prompt, by role and then by version.
func Prompts() []Prompt {
	var out []Prompt
	for _, r := range Roles {
		out = append(out, prompts[r]...)
	}
	return out
}
