package lanes

// AnswerSchema is the JSON Schema of an answer to a prompt with the given checks, sent to the
// provider so that it constrains decoding where it can (OpenAI-compatible response_format
// json_schema, Anthropic output_config.format). It uses only the keywords every such provider
// accepts in strict mode — types, properties, required, additionalProperties false, enum — so
// length bounds are left to ParseAnswer, which applies them to every answer whatever the provider
// did.
func AnswerSchema(checks []string) map[string]any {
	checkProps := map[string]any{}
	for _, id := range checks {
		checkProps[id] = map[string]any{
			"type": "object",
			"properties": map[string]any{
				fieldConfirmed: map[string]any{"type": "boolean"},
				fieldReason:    map[string]any{"type": "string", "description": "One short sentence citing the field path it rests on."},
			},
			"required":             []string{fieldConfirmed, fieldReason},
			"additionalProperties": false,
		}
	}
	recs := make([]string, len(Recommendations))
	for i, r := range Recommendations {
		recs[i] = string(r)
	}
	list := func(what string) map[string]any {
		return map[string]any{"type": "array", "items": map[string]any{"type": "string"}, "description": what}
	}
	return map[string]any{
		"type": "object",
		"properties": map[string]any{
			fieldChecks: map[string]any{
				"type":                 "object",
				"properties":           checkProps,
				"required":             checks,
				"additionalProperties": false,
			},
			fieldRecommendation: map[string]any{"type": "string", "enum": recs},
			fieldBlockers:       list("Each defect that prevents qualify, one sentence each."),
			fieldConcerns:       list("Anything a staff reviewer should read, one sentence each."),
			fieldUnknowns:       list("Each thing that could not be determined from the packet, one sentence each."),
		},
		"required":             answerFields,
		"additionalProperties": false,
	}
}
