// Package tex is the TeX reader every package shares: the gates read formulas through it, the
// policy's search snippets keep formulas whole with it, and the submission form reports malformed
// TeX with it. It owns reading only; it must not decide what a finding is, render anything or
// know about problems.
//
// Read takes the TeX of one field the way the page renders it: prose with math spans
// ($…$, $$…$$, \(…\), \[…\] and display environments such as \begin{equation}), and inside the
// spans the tokens a reader of a formula sees. It is not a TeX engine: it expands no macros and
// typesets nothing. It knows the control sequences KaTeX renders (katexNames), so that a macro
// the page cannot show can be reported, but an unknown macro is not malformed TeX.
//
// Two readings follow TeX rather than the page's auto-render (ui/static/math.js): \$ is a
// literal dollar sign, and \begin{equation} and the like open a formula in prose. A blank line
// ends a paragraph, so a formula still open at one is unclosed, as TeX would say.
//
// Malformed TeX — an unbalanced brace, an unclosed formula, \left without \right, environments
// that do not match — is an *Error with the byte position a proposer can go to. The reader's
// work is bounded by Limits; input past a limit is a *LimitError, which the gates record as
// UNKNOWN with the reason rather than spending unbounded time on a hostile field.
package tex
