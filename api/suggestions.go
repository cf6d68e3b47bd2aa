package api

import (
	"strings"

	"github.com/vektah/gqlparser/v2/validator/core"
	"github.com/vektah/gqlparser/v2/validator/rules"
)

// rulesWithoutSuggestions are the standard validation rules with every
// rule that offers "did you mean" replaced by its plain form; gqlgen swaps
// the field and leaf rules itself.
func rulesWithoutSuggestions() *rules.Rules {
	rs := rules.NewDefaultRules()
	for _, r := range []core.Rule{rules.KnownArgumentNamesRuleWithoutSuggestions,
		rules.KnownTypeNamesRuleWithoutSuggestions, rules.ValuesOfCorrectTypeRuleWithoutSuggestions} {
		rs.RemoveRule(strings.TrimSuffix(r.Name, "WithoutSuggestions"))
		rs.AddRule(r.Name, r.RuleFunc)
	}
	return rs
}
