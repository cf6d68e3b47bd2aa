package ui

import (
	"fmt"
	"strconv"

	"github.com/theoremdb/theoremdb/corpus"
)

// AuditListView is /audit: the month's samples for an auditor.
type AuditListView struct {
	Month string
	Items []*corpus.AuditItem
	Total int
	Next  string // the next page's URL, or ""
}

// AuditSampleView is one sample's blind audit page. Started is when the
// page was rendered (Unix seconds), sent back with each answer so the time
// taken is measured without JavaScript.
type AuditSampleView struct {
	Item    *corpus.AuditItem
	Started int64
	Errors  map[string]string
}

// QualityView is /quality: the month's published rates with their chart.
type QualityView struct {
	Month     string
	Rows      []corpus.RateRow
	Chart     Chart
	Snapshots []*corpus.Snapshot
	// Budget is the month's review budget beside its audit: the audit's
	// reviewer hours (samples × target time) and each configuration's.
	Budget *corpus.Budget
}

// Refused are the agent configurations the month's budget leaves out.
func (v QualityView) Refused() []corpus.ConfigurationCost {
	var out []corpus.ConfigurationCost
	if v.Budget != nil {
		for _, c := range v.Budget.Configurations {
			if !c.Allowed {
				out = append(out, c)
			}
		}
	}
	return out
}

// Hours formats reviewer hours.
func Hours(h float64) string { return strconv.FormatFloat(h, 'f', 1, 64) }

// ReportView is a node's "report a problem" form.
type ReportView struct {
	NodeID, Title, Property, Explanation string
	Errors                               map[string]string
}

// Chart is the intervals against their thresholds, laid out for an SVG
// drawn on the server.
type Chart struct {
	Width, Height int
	Bars          []ChartBar
	Ticks         []ChartTick
	AxisY         int
}

// ChartBar is one stratum and property: its interval, its rate and its
// threshold, in pixels.
type ChartBar struct {
	Label                   string
	Y                       int
	Low, High, Rate, Thresh int
	Stopped                 bool
	Title                   string
}

// ChartTick is a mark on the rate axis.
type ChartTick struct {
	X     int
	Label string
}

const (
	chartLeft  = 30
	chartWidth = 560
	chartRow   = 40
)

// NewChart lays out rows: one bar per row from the lower to the upper end
// of its interval, a dot at the rate and a mark at the threshold, on a
// scale from 0 to the largest of them (at least 10%).
func NewChart(rows []corpus.RateRow) Chart {
	top := 0.1
	for _, r := range rows {
		top = max(top, r.High, r.Threshold)
	}
	x := func(v float64) int { return chartLeft + int(v/top*chartWidth+0.5) }
	// Each row: its label on a line above its bar, which spans the width.
	c := Chart{Width: chartLeft + chartWidth + 40, Height: 30 + chartRow*len(rows), AxisY: 10 + chartRow*len(rows)}
	for i, r := range rows {
		c.Bars = append(c.Bars, ChartBar{Label: r.Stratum.String() + " · " + lower(r.Property), Y: 30 + chartRow*i,
			Low: x(r.Low), High: x(r.High), Rate: x(r.Rate), Thresh: x(r.Threshold), Stopped: r.Stopped,
			Title: fmt.Sprintf("%d errors in %d: %s to %s, threshold %s", r.Errors, r.N, RatePercent(r.Low), RatePercent(r.High), RatePercent(r.Threshold))})
	}
	for i := 0; i <= 4; i++ {
		v := top * float64(i) / 4
		c.Ticks = append(c.Ticks, ChartTick{X: x(v), Label: RatePercent(v)})
	}
	return c
}

// RatePercent writes a rate as a percentage with two decimals.
func RatePercent(v float64) string { return strconv.FormatFloat(100*v, 'f', 2, 64) + "%" }

// Minutes writes seconds as whole minutes.
func Minutes(s int) string {
	if s < 60 {
		return strconv.Itoa(s) + " s"
	}
	return strconv.Itoa((s+30)/60) + " min"
}

func lower(s string) string {
	b := []byte(s)
	for i, c := range b {
		if c >= 'A' && c <= 'Z' {
			b[i] = c + 'a' - 'A'
		}
	}
	return string(b)
}

// ReportsView is the queue of open reader reports.
type ReportsView struct {
	Reports []*corpus.ReportView
}

// StopsView is the list of configuration stops. CanDecide offers the
// reviewer's decision on each quarantined node, CanLift the operator's
// lift; Errors holds a refused lift's message by stop.
type StopsView struct {
	Stops     []*corpus.StopView
	CanDecide bool
	CanLift   bool
	Errors    map[string]string
}
