package corpus

import (
	"errors"

	"github.com/theoremdb/theoremdb/corpus/audit"
)

// ErrAudit is an audit request the record cannot take: a malformed month,
// an unknown sample or property, an error without its class.
var ErrAudit = errors.New("invalid audit")

// Event kinds of the sample audit, the reader reports, the stops and the
// published rates.
const (
	KindAuditDrawn           = "corpus.audit.drawn"
	KindAuditAnswered        = "corpus.audit.answered"
	KindReportFiled          = "corpus.report.filed"
	KindReportDecided        = "corpus.report.decided"
	KindConfigurationStop    = "corpus.configuration.stopped"
	KindNodeQuarantined      = "corpus.node.quarantined"
	KindNodeFlagged          = "corpus.node.flagged"
	KindRatesPublished       = "corpus.rates.published"
	AuthorityAuditor         = "auditor"
	AuthorityReader          = "reader"
	CodeConfigurationStopped = "CONFIGURATION_STOPPED"
)

// Error classes of an audit answer or a report, as the API spells them.
const (
	ClassWrongDefinition     = "WRONG_DEFINITION"
	ClassDroppedHypothesis   = "DROPPED_HYPOTHESIS"
	ClassStrongerThanSource  = "STRONGER_THAN_SOURCE"
	ClassWrongNameOrAttrib   = "WRONG_NAME_OR_ATTRIBUTION"
	ClassConventionNotStated = "CONVENTION_NOT_STATED"
	ClassStepDoesNotFollow   = "STEP_DOES_NOT_FOLLOW"
	ClassWrongSource         = "WRONG_SOURCE"
)

// ErrorClasses are every class, in the order the checklist lists them.
var ErrorClasses = []string{ClassWrongDefinition, ClassDroppedHypothesis, ClassStrongerThanSource,
	ClassWrongNameOrAttrib, ClassConventionNotStated, ClassStepDoesNotFollow, ClassWrongSource}

// Thresholds are the thresholds in force: versioned configuration, a
// change of which is a new version recorded as a decision.
var Thresholds = audit.DefaultThresholds
