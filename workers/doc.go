// Package workers runs the background jobs of the platform on River, against
// the same database and schema as the web server: on PostgreSQL through
// River's database/sql driver, on SQLite through its SQLite driver.
//
// Jobs are enqueued in the transaction of the change that causes them (see
// Scheduler), so a crash never loses a job and a rolled-back change leaves
// none. Every job is idempotent: the policy functions it calls decide with
// conditional writes, so running a job twice, or on several machines at once,
// changes nothing the second time. The corpus's change requests opened on
// the site are one of them (corpus_job.go): the job runs the merge gates on
// the opened request and merges or fails it, as corpus.Service.Process does.
//
// The database/sql driver cannot LISTEN, so clients poll; FetchPollInterval
// is set well under a second so a deadline is honoured within one. River's
// scheduler marks scheduled jobs ready 5 s ahead of their time, on a 5 s
// tick, so this holds for any job inserted at least 5 s before it is due —
// every real challenge window; shorter test windows can run a few seconds
// late, and the overdue sweep catches whatever a lost job missed.
package workers
