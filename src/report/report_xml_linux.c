/* report_xml_linux.c - TimeSpan/Linux of the XML results: what a run on
 * Linux adds to DiskSpd's TimeSpan (engine, batching, interruption,
 * warnings, failed I/Os, a -L -D run's per-interval percentiles) and, per target keyed by its path, the per-run
 * facts of each thread on it, and for two or more targets the
 * per-target summary.  DiskSpd's consumers never look here;
 * nothing of it goes inside Thread/Target, where a widely used harness
 * converts every child to a number. */
#include "report/report_xml_parts.h"

#include <inttypes.h>
#include <math.h>
#include <stdlib.h>

#include "lib/util.h"
#include "report/report_devstat.h"
#include "report/report_xml_el.h"
#include "results/results_targets.h"

/* Failed I/Os (only when some failed): the run's status, the first
 * failure, the counts by errno overall and per target. */
static void write_io_errors(FILE *f, unsigned int lvl, const struct results *r)
{
	struct errno_count c[RESULTS_ERRNOS];
	char buf[768];
	uint64_t n = results_errors(r, -1, c);
	uint32_t i;

	if (!n && !r->io_failure.failed)
		return;
	xml_open(f, lvl, "IoFailure");
	xml_str(f, lvl + 1, "Status", "failed");
	xml_u64(f, lvl + 1, "IoErrors", n);
	results_fmt_errnos(c, buf, sizeof(buf));
	xml_str(f, lvl + 1, "ByErrno", buf);
	xml_str(f, lvl + 1, "ContinueOnError",
		r->profile.continue_on_error ? "true" : "false");
	if (r->io_failure.failed) {
		const struct io_failure *e = &r->io_failure;

		xml_open(f, lvl + 1, "FirstError");
		xml_u64(f, lvl + 2, "Thread", e->thread);
		xml_str(f, lvl + 2, "Path", e->target < r->ntargets ?
			r->targets[e->target].path : "");
		xml_u64(f, lvl + 2, "Offset", e->offset);
		xml_str(f, lvl + 2, "Direction", e->write ? "write" : "read");
		xml_str(f, lvl + 2, "Errno", results_errno_name(e->err));
		results_fmt_failure(r, buf, sizeof(buf));
		xml_str(f, lvl + 2, "Message", buf);
		xml_close(f, lvl + 1, "FirstError");
	}
	for (i = 0; i < r->ntargets; i++) {
		n = results_errors(r, (int)i, c);
		if (!n)
			continue;
		xml_open(f, lvl + 1, "Target");
		xml_str(f, lvl + 2, "Path", r->targets[i].path);
		xml_u64(f, lvl + 2, "IoErrors", n);
		results_fmt_errnos(c, buf, sizeof(buf));
		xml_str(f, lvl + 2, "ByErrno", buf);
		xml_close(f, lvl + 1, "Target");
	}
	xml_close(f, lvl, "IoFailure");
}

/* One thread's run on the target: DiskSpd's thread id first. */
static void write_row(FILE *f, unsigned int lvl,
		      const struct thread_target *row)
{
	char buf[32];

	xml_open(f, lvl, "Thread");
	xml_u64(f, lvl + 1, "Id", row->thread);
	snprintf(buf, sizeof(buf), "%.2f", isfinite(row->mean_inflight) ?
		 row->mean_inflight : 0.0);
	xml_str(f, lvl + 1, "AchievedQueueDepth", buf);
	xml_i64(f, lvl + 1, "WorkerCpu", row->cpu);
	snprintf(buf, sizeof(buf), "0x%" PRIx64, row->cpus_seen);
	xml_str(f, lvl + 1, "WorkerCpusSeenMask", buf);
	xml_u64(f, lvl + 1, "IoErrors", row->errors);
	xml_close(f, lvl, "Thread");
}

void xml_ts_linux_target(FILE *f, unsigned int lvl, const struct results *r,
			 uint32_t t)
{
	uint32_t i;

	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].target == t)
			write_row(f, lvl, &r->rows[i]);
}

/* Our per-target summary (results_targets.h), for two or more targets:
 * TimeSpan/Linux/TargetSummaries, never inside Thread/Target. */
static void write_target_sum(FILE *f, unsigned int lvl, const char *name,
			     const struct results *r,
			     const struct target_sum *t)
{
	xml_open(f, lvl, name);
	if (t->target < r->ntargets) {
		xml_str(f, lvl + 1, "Path", r->targets[t->target].path);
		xml_u64(f, lvl + 1, "Index", t->target);
	}
	xml_u64(f, lvl + 1, "BytesCount", t->bytes);
	xml_u64(f, lvl + 1, "IOCount", t->ios);
	xml_dbl(f, lvl + 1, "IOPS", 2, t->iops);
	xml_dbl(f, lvl + 1, "MiBPerSecond", 2, t->mib_s);
	xml_dbl(f, lvl + 1, "SharePercent", 1, t->share_pct);
	if (t->has_lat) {
		xml_dbl(f, lvl + 1, "AverageMilliseconds", 3,
			t->lat_mean_ns / 1e6);
		xml_dbl(f, lvl + 1, "P99Milliseconds", 3,
			(double)t->lat_p99_ns / 1e6);
	}
	xml_close(f, lvl, name);
}

static void write_targets_summary(FILE *f, unsigned int lvl,
				  const struct results *r)
{
	struct target_summary *s;
	uint32_t i;

	if (!results_targets_shown(r))
		return;
	s = malloc(sizeof(*s));
	if (!s || results_target_summary(r, s)) {
		free(s);
		return;
	}
	xml_open(f, lvl, "TargetSummaries");
	for (i = 0; i < s->n; i++)
		write_target_sum(f, lvl + 1, "TargetSummary", r, &s->t[i]);
	write_target_sum(f, lvl + 1, "AllTargets", r, &s->all);
	xml_close(f, lvl, "TargetSummaries");
	free(s);
}

/* The per-interval percentiles of a -L -D run, all targets: one
 * TimeSpan/Linux/IntervalPercentiles/Interval per -D bucket, in ms.  An
 * interval without I/O has its index only. */
static void write_interval_pcts(FILE *f, unsigned int lvl,
				const struct results *r)
{
	static const char *const p99_name[] = { "ReadP99Milliseconds",
						"WriteP99Milliseconds" };
	uint32_t k;
	int d;

	if (!r->nipct)
		return;
	xml_open(f, lvl, "IntervalPercentiles");
	for (k = 0; k < r->nintervals; k++) {
		const struct interval_pct *e = results_ipct(r, k, -1,
							    DIR_COUNT);

		xml_open(f, lvl + 1, "Interval");
		xml_u64(f, lvl + 2, "Index", k);
		xml_u64(f, lvl + 2, "StartMilliseconds",
			(uint64_t)k * r->interval_ms);
		if (e->max_ns) {
			xml_dbl(f, lvl + 2, "P50Milliseconds", 3,
				(double)e->p50_ns / 1e6);
			xml_dbl(f, lvl + 2, "P99Milliseconds", 3,
				(double)e->p99_ns / 1e6);
			xml_dbl(f, lvl + 2, "MaxMilliseconds", 3,
				(double)e->max_ns / 1e6);
		}
		for (d = 0; d < DIR_COUNT; d++) {
			e = results_ipct(r, k, -1, (enum io_dir)d);
			if (e->max_ns)
				xml_dbl(f, lvl + 2, p99_name[d], 3,
					(double)e->p99_ns / 1e6);
		}
		xml_close(f, lvl + 1, "Interval");
	}
	xml_close(f, lvl, "IntervalPercentiles");
}

void xml_timespan_linux(FILE *f, unsigned int lvl, const struct results *r)
{
	uint32_t i;

	xml_open(f, lvl, "Linux");
	xml_str(f, lvl + 1, "Engine", r->engine);
	if (r->engine_note[0])
		xml_str(f, lvl + 1, "EngineNote", r->engine_note);
	xml_dbl(f, lvl + 1, "IosPerCall", 2, r->ios_per_call);
	if (r->profile.label)
		xml_str(f, lvl + 1, "Label", r->profile.label);
	if (r->interrupted || r->no_results)
		xml_str(f, lvl + 1, "Interrupted", "true");
	for (i = 0; i < r->nwarnings && i < ARRAY_SIZE(r->warnings); i++)
		xml_str(f, lvl + 1, "Warning", r->warnings[i]);
	write_io_errors(f, lvl + 1, r);
	if (!r->no_results)
		write_targets_summary(f, lvl + 1, r);
	report_devstat_xml(r, lvl + 1, f);
	write_interval_pcts(f, lvl + 1, r);
	for (i = 0; i < r->ntargets && !r->no_results; i++) {
		xml_open(f, lvl + 1, "Target");
		xml_str(f, lvl + 2, "Path", r->targets[i].path);
		xml_ts_linux_target(f, lvl + 2, r, i);
		xml_close(f, lvl + 1, "Target");
	}
	xml_close(f, lvl, "Linux");
}
