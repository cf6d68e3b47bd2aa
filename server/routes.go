package server

import (
	"net/http"
	"strings"
)

// route is a page's method pattern and handler.
type route struct {
	pattern string
	h       pageHandler
}

// routes is the site's one route table: every page, download and form, by method and path.
// The GraphQL endpoint, the health check, the metrics and the static files are mounted beside it
// (New, install).
func (s *Server) routes() []route {
	return []route{
		// Reading the record.
		{"GET /{$}", s.home},
		{"GET /problems", s.list},
		{"GET /p/{ref}", s.problemPage},
		{"GET /tags", s.tags},
		{"GET /n/{ref}", s.nodePage},
		{"GET /corpus", s.corpusList},
		{"GET /changes", s.changes},
		{"GET /about", s.about},
		{"GET /moderation/log", s.moderationLog},
		{"GET /quality", s.quality},
		{"GET /quality/profile", s.qualityProfile},
		{"GET /quality/criteria", s.criteriaPage},
		{"GET /quality.json", s.qualityJSON},
		{"GET /quality.csv", s.qualityCSV},
		{"GET /quality/stops", s.stops},
		{"GET /feeds/quality.atom", s.feedQuality},

		// Downloads, feeds, citations and what crawlers read.
		{"GET /export/problems.jsonl", s.exportJSONL},
		{"GET /export/problems.csv", s.exportCSV},
		{"GET /feeds/new.atom", s.feedNew},
		{"GET /feeds/accepted.atom", s.feedAccepted},
		{"GET /feeds/closing.atom", s.feedClosing},
		{"GET /feeds/tag/{file}", s.feedTag},
		{"GET /p/{ref}/feed.atom", s.feedProblem},
		{"GET /p/{ref}/cite.bib", s.citeBib},
		{"GET /sitemap.xml", s.sitemap},
		{"GET /sitemaps/{file}", s.sitemapFile},
		{"GET /robots.txt", s.robots},

		// Accounts.
		{"GET /signin", s.signinForm},
		{"POST /signin", s.signin},
		{"GET /signup", s.signupForm},
		{"POST /signup", s.signup},
		{"POST /signout", s.signout},
		{"GET /account", s.account},
		{"POST /account/tokens", s.createToken},
		{"POST /account/tokens/{id}/revoke", s.revokeToken},

		// Members: submitting, revising, suggesting and reporting.
		{"GET /submit", s.submitForm},
		{"POST /submit", s.submit},
		{"GET /similar", s.similarDrafts},
		{"GET /p/{ref}/revise", s.reviseForm},
		{"POST /p/{ref}/revise", s.revise},
		{"GET /p/{ref}/suggest", s.suggestForm},
		{"POST /p/{ref}/suggest", s.suggest},
		{"GET /p/{ref}/suggestions/{id}", s.suggestionPage},
		{"POST /p/{ref}/suggestions/{id}/{action}", s.settleSuggestion},
		{"GET /p/{ref}/art", s.heroArt},
		{"POST /p/{ref}/art", s.registerHeroArt},
		{"POST /p/{ref}/art/{id}", s.reviewHeroArt},
		{"GET /p/{ref}/art/{file}", s.heroArtFile},
		{"GET /p/{ref}/flag", s.flagForm},
		{"POST /p/{ref}/flag", s.flag},

		// Readers reporting a corpus node; auditors auditing the month's samples.
		{"GET /n/{ref}/report", s.reportForm},
		{"POST /n/{ref}/report", s.report},
		{"GET /audit", s.auditList},
		{"GET /audit/{id}", s.auditSample},
		{"POST /audit/{id}", s.recordAudit},
		{"GET /reports", s.reports},
		{"POST /reports/{id}/{action}", s.decideReport},
		{"POST /quality/stops/{id}/nodes/{node}", s.decideQuarantine},
		{"POST /quality/stops/{id}/lift", s.liftStop},

		// Reviewers working the corpus's people's checks and its jobs for people.
		{"GET /corpus/checks", s.checksQueue},
		{"GET /corpus/checks/{id}", s.checkPage},
		{"POST /corpus/checks/{id}", s.confirmCheck},
		{"POST /corpus/tasks/{id}/close", s.closeTask},

		// Reviewers.
		{"GET /review", s.reviewQueue},
		{"GET /review/disagreements", s.disagreements},
		{"GET /review/disagreements/{class}", s.disagreements},
		{"GET /review/{ref}", s.reviewPage},
		{"POST /review/{ref}", s.decide},
		{"POST /review/{ref}/staff", s.sendToStaff},
		{"POST /review/{ref}/claims/{claim}", s.reviewClaim},
		{"POST /review/{ref}/presentation", s.setPresentation},
		{"POST /review/{ref}/locators/{reference}", s.confirmLocator},

		// Moderators.
		{"GET /moderate", s.moderate},
		{"POST /moderate/{case}/{action}", s.moderateAction},

		// Operators: the staff console, lanes and switches.
		{"GET /admin/review", s.staffQueue},
		{"GET /admin/review/{ref}", s.staffPage},
		{"GET /admin/revise", s.consoleRevise},
		{"GET /admin/revise/{ref}", s.reviseForm},
		{"POST /admin/revise/{ref}", s.revise},
		{"POST /admin/batch-stops", s.stopBatch},
		{"POST /admin/batch-stops/{id}/lift", s.liftBatch},
		{"GET /admin/lanes", s.lanesPage},
		{"POST /admin/lanes", s.addLane},
		{"POST /admin/lanes/gold", s.runGold},
		{"POST /admin/lanes/dry-run", s.dryRun},
		{"POST /admin/lanes/{lane}/approve", s.approveLane},
		{"POST /admin/lanes/{lane}/disable", s.disableLane},
		{"POST /admin/switches/{name}", s.setSwitch},
		{"GET /admin/lanes/report", s.laneReport},
		{"GET /admin/lanes/canaries", s.canariesPage},
		{"POST /quality/profile", s.setProfile},
		{"GET /admin/contract", s.contractQueue},
		{"POST /admin/lanes/{lane}/register", s.setRegisterStatus},
		{"GET /admin/appeals", s.appealsQueue},
		{"POST /admin/appeals/{id}", s.resolveAppeal},
		{"POST /quality/criteria/{id}", s.decideCriterion},

		// Developers and research agents.
		{"GET " + schemaPath, s.schemaFile},
		{"GET /api", s.apiDocs},
		{"GET /favicon.ico", s.favicon},
	}
}

// selfLimited are the forms with limits of their own: sign-in and sign-up
// count by address, and signing out is always allowed.
var selfLimited = map[string]bool{"POST /signin": true, "POST /signup": true, "POST /signout": true}

// install mounts the route table, the metrics, the static files and the one not-found page.
// Every page gets the security headers, the session and the flash message; a form that
// changes something is rate-limited unless it limits itself.
func (s *Server) install() {
	s.mux.Handle("GET /metrics", s.metrics.handler())
	s.mux.Handle("GET /static/", securityHeaders(staticHandler()))
	for _, pg := range s.routes() {
		h := pg.h
		if strings.HasPrefix(pg.pattern, "POST ") && !selfLimited[pg.pattern] {
			h = s.limitWrites(h)
		}
		s.handle(pg.pattern, securityHeaders(withSession(s.policy, takeFlash(s.pageFunc(h)))))
	}
	s.mux.Handle("/", securityHeaders(withSession(s.policy, http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.fail(w, r, http.StatusNotFound, "There is no such page.", nil)
	}))))
}
