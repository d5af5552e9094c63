/* report_text.c - DiskSpd's text report (-Rtext), line for line, plus the
 * facts a Linux user needs to judge the numbers: kernel, CPU, memory,
 * clocksource, each target's filesystem and device, the engine used, the
 * queue depth actually reached and the I/Os per system call.
 *
 * Everything printed comes from struct results, so a saved run renders
 * the same text later (`ioprobe show`).  The "Input parameters" part is
 * in report_text_input.c.
 */
#include "report/report_devstat.h"
#include "report/report.h"
#include "report/report_fleet.h"
#include "report/report_text_input.h"
#include "report/report_text_targets.h"

#include <errno.h>
#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "results/hist.h"
#include "profile/profile.h"
#include "results/results.h"
#include "results/topo.h"
#include "lib/fmt.h"
#include "lib/util.h"

#define STARS "*******************************************************************************"
#define DASHES "-------------------------------------------------------------------------------"

static void put_dashes(FILE *f, unsigned int n)
{
	while (n--)
		fputc('-', f);
	fputc('\n', f);
}

static const char *sz(char *buf, size_t len, uint64_t bytes)
{
	fmt_size(buf, len, bytes);
	return buf;
}

static const char *or_unknown(const char *s)
{
	return s && *s ? s : "unknown";
}

static void put_target_facts(const struct target_info *t, FILE *f)
{
	char a[32], b[32];

	fprintf(f, "\ttarget: '%s' (%s)\n", t->path,
		sz(a, sizeof(a), t->size_bytes));
	if (t->is_block_device)
		fputs("\t\tfilesystem:\t\tnone (block device)\n", f);
	else
		fprintf(f, "\t\tfilesystem:\t\t%s\n", or_unknown(t->fs_type));
	fprintf(f, "\t\tblock device:\t\t%s\n", or_unknown(t->device));
	fprintf(f, "\t\tdevice model:\t\t%s\n", or_unknown(t->model));
	fprintf(f, "\t\trotational:\t\t%s\n",
		t->rotational < 0 ? "unknown" : t->rotational ? "yes" : "no");
	fprintf(f, "\t\tscheduler:\t\t%s\n", or_unknown(t->scheduler));
	fprintf(f, "\t\tblock size:\t\t%s logical, %s physical\n",
		sz(a, sizeof(a), t->logical_block),
		sz(b, sizeof(b), t->physical_block));
	if (t->hw_queue_depth)
		fprintf(f, "\t\tqueue depth:\t\t%" PRIu32 "\n",
			t->hw_queue_depth);
	else
		fputs("\t\tqueue depth:\t\tunknown\n", f);
	fprintf(f, "\t\tinterrupt CPUs:\t\t%s\n", or_unknown(t->irq_cpus));
	if (t->created)
		fprintf(f, "\t\tfile:\t\t\tcreated and filled in %.2fs\n",
			t->fill_seconds);
	else if (t->fill_skipped)
		fputs("\t\tfile:\t\t\talready filled, not written again\n", f);
}

static void put_sysinfo(const struct results *r, FILE *f)
{
	const struct system_info *s = &r->sys;
	char a[32];
	uint32_t i;

	fputs("System information:\n\n", f);
	fprintf(f, "\tcomputer name: %s\n", s->hostname);
	fprintf(f, "\tstart time: %s\n\n", s->start_time);
	fprintf(f, "\tcpu count:\t\t%" PRIu32 "\n", s->cpu_count);
	fprintf(f, "\tcore count:\t\t%" PRIu32 "\n", s->core_count);
	fprintf(f, "\tgroup count:\t\t%" PRIu32 "\n",
		s->cpu_count ? (s->cpu_count + 63) / 64 : 1);
	fprintf(f, "\tnode count:\t\t%" PRIu32 "\n", s->node_count);
	fprintf(f, "\tsocket count:\t\t%" PRIu32 "\n", s->socket_count);
	fputs("\theterogeneous cores:\tn\n\n", f);
	/* DiskSpd names a power plan it cannot read "<unknown>" */
	fprintf(f, "\tactive power scheme:\t%s\n",
		*s->governor ? s->governor : "<unknown>");
	fputc('\n', f);
	fprintf(f, "\tkernel:\t\t\t%s\n", or_unknown(s->kernel));
	fprintf(f, "\tcpu model:\t\t%s\n", or_unknown(s->cpu_model));
	fprintf(f, "\tmemory:\t\t\t%s\n", sz(a, sizeof(a), s->mem_bytes));
	fprintf(f, "\tclocksource:\t\t%s\n", or_unknown(s->clocksource));
	fprintf(f, "\tioprobe version:\t%s\n", or_unknown(r->version));
	for (i = 0; i < r->ntargets; i++)
		put_target_facts(&r->targets[i], f);
}

/* DiskSpd's optional CPU columns, in its order: Socket (several
 * sockets), Node (several NUMA nodes), Group (several processor groups),
 * Core (SMT), each with its header, rule width and cell format. */
struct cpu_cols {
	bool socket, node, group, core;
};

static void cpu_cols(const struct system_info *s, struct cpu_cols *c)
{
	c->socket = topo_sockets(s) > 1;
	c->node = topo_nodes(s) > 1;
	c->group = topo_groups(s) > 1;
	c->core = topo_smt(s);
}

static unsigned int cpu_rule(const struct cpu_cols *c)
{
	return 40 + (c->socket ? 9 : 0) + (c->node ? 7 : 0) +
		(c->group ? 8 : 0) + (c->core ? 7 : 0);
}

static void put_cpu_head(const struct cpu_cols *c, FILE *f)
{
	fputc('\n', f);
	if (c->socket)
		fputs("Socket | ", f);
	if (c->node)
		fputs("Node | ", f);
	if (c->group)
		fputs("Group | ", f);
	if (c->core)
		fputs("Core | ", f);
	fputs("CPU |  Usage |  User  | Kernel |  Idle\n", f);
	put_dashes(f, cpu_rule(c));
}

/* The prefix cells of CPU @id. */
static void put_cpu_prefix(const struct results *r, const struct cpu_cols *c,
			   uint32_t id, FILE *f)
{
	struct cpu_topo t = topo_of(&r->sys, id);

	if (c->socket)
		fprintf(f, "%7" PRIu32 "| ", t.socket);
	if (c->node)
		fprintf(f, "%5" PRIu32 "| ", t.node);
	if (c->group)
		fprintf(f, "%6" PRIu32 "| ", topo_group(id));
	if (c->core)
		fprintf(f, "%5" PRIu32 "| ", t.core);
}

static void put_cpu(const struct results *r, FILE *f)
{
	double u = 0, us = 0, k = 0, id = 0;
	struct cpu_cols cols;
	uint32_t i;

	cpu_cols(&r->sys, &cols);
	put_cpu_head(&cols, f);
	for (i = 0; i < r->ncpus; i++) {
		const struct cpu_usage *c = &r->cpus[i];

		put_cpu_prefix(r, &cols, c->id, f);
		fprintf(f, "%4" PRIu32 "| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%\n",
			c->id % RESULTS_CPUS_PER_GROUP, c->usage_pct,
			c->user_pct, c->kernel_pct, c->idle_pct);
		u += c->usage_pct;
		us += c->user_pct;
		k += c->kernel_pct;
		id += c->idle_pct;
	}
	if (r->ncpus) {
		u /= r->ncpus;
		us /= r->ncpus;
		k /= r->ncpus;
		id /= r->ncpus;
	}
	put_dashes(f, cpu_rule(&cols));
	/* blanks as wide as the prefix cells */
	fprintf(f, "%*savg.| %6.2f%%| %6.2f%%| %6.2f%%| %6.2f%%\n",
		(int)(cpu_rule(&cols) - 40), "", u, us, k, id);
}

/* The optional columns of one row or the total row. */
static void put_opt_cols(const struct profile *p, const struct agg *a,
			 FILE *f)
{
	bool has = a->lat.count > 0;

	if (p->measure_latency)
		fprintf(f, " | %8.3f", has ? hist_mean_ns(&a->lat) / 1e6 : 0.0);
	if (p->iops_interval_ms)
		fprintf(f, " | %10.2f", a->iops_stddev);
	if (p->measure_latency) {
		if (has)
			fprintf(f, " |  %8.3f", hist_stddev_ns(&a->lat) / 1e6);
		else
			fputs(" |       N/A", f);
	}
}

static void put_io_table(const struct results *r, enum io_dir dir,
			 const char *title, struct agg *a, FILE *f)
{
	const struct profile *p = &r->profile;
	unsigned int width = 66 + 12;
	char s[32];
	uint32_t i;

	if (p->measure_latency)
		width += 11 + 12;
	if (p->iops_interval_ms)
		width += 13;
	fprintf(f, "\n%s\n", title);
	fputs("thread |       bytes     |     I/Os     |    MiB/s   |  I/O per s ",
	      f);
	if (p->measure_latency)
		fputs("|  AvgLat  ", f);
	if (p->iops_interval_ms)
		fputs("| IopsStdDev ", f);
	if (p->measure_latency)
		fputs("| LatStdDev ", f);
	fputs("|  file\n", f);
	put_dashes(f, width);
	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];
		const struct target_info *t = &r->targets[row->target];

		results_row_aggregate(r, row, dir, a);
		fprintf(f, "%6" PRIu32 " | %15" PRIu64 " | %12" PRIu64
			" | %10.2f | %10.2f", row->thread, a->bytes, a->ios,
			a->mib_s, a->iops);
		put_opt_cols(p, a, f);
		fprintf(f, " | %s (%s)\n", t->path,
			sz(s, sizeof(s), t->size_bytes));
	}
	put_dashes(f, width);
	results_aggregate(r, -1, dir, a);
	fprintf(f, "total:   %15" PRIu64 " | %12" PRIu64 " | %10.2f | %10.2f",
		a->bytes, a->ios, a->mib_s, a->iops);
	put_opt_cols(p, a, f);
	fputc('\n', f);
}

static void put_lat_cell(const struct hist *h, double pct, FILE *f)
{
	if (h->count)
		fprintf(f, " | %10.3f", (double)hist_percentile(h, pct) / 1e6);
	else
		fprintf(f, " | %10s", "N/A");
}

/* @a holds read, write, total aggregates. */
static void put_lat_chart(const struct agg *a, FILE *f)
{
	size_t i;

	fputs("  %-ile |  Read (ms) | Write (ms) | Total (ms)\n", f);
	put_dashes(f, 46);
	for (i = 0; i < RESULTS_NPCT; i++) {
		fprintf(f, "%7s", results_pcts[i].label);
		put_lat_cell(&a[DIR_READ].lat, results_pcts[i].pct, f);
		put_lat_cell(&a[DIR_WRITE].lat, results_pcts[i].pct, f);
		put_lat_cell(&a[DIR_COUNT].lat, results_pcts[i].pct, f);
		fputc('\n', f);
	}
}

static bool path_seen(const struct results *r, uint32_t upto,
		      const char *path)
{
	uint32_t i;

	for (i = 0; i < upto; i++)
		if (!strcmp(r->targets[i].path, path))
			return true;
	return false;
}

/* Merge every target named @path into @a[0..2] (read, write, total). */
static void agg_path(const struct results *r, const char *path,
		     struct agg *a, struct agg *tmp)
{
	enum io_dir d;
	uint32_t i;
	bool first = true;

	for (i = 0; i < r->ntargets; i++) {
		if (strcmp(r->targets[i].path, path))
			continue;
		for (d = DIR_READ; d <= DIR_COUNT; d++) {
			if (first) {
				results_aggregate(r, (int)i, d, &a[d]);
			} else {
				results_aggregate(r, (int)i, d, tmp);
				hist_merge(&a[d].lat, &tmp->lat);
			}
		}
		first = false;
	}
}

static int put_latency(const struct results *r, FILE *f)
{
	struct agg *a = malloc(4 * sizeof(*a));
	uint32_t i, distinct = 0;
	enum io_dir d;

	if (!a)
		return -ENOMEM;
	for (i = 0; i < r->ntargets; i++)
		distinct += !path_seen(r, i, r->targets[i].path);
	for (i = 0; distinct > 1 && i < r->ntargets; i++) {
		if (path_seen(r, i, r->targets[i].path))
			continue;
		agg_path(r, r->targets[i].path, a, &a[3]);
		fprintf(f, "\nLatency distribution: %s\n", r->targets[i].path);
		put_lat_chart(a, f);
	}
	for (d = DIR_READ; d <= DIR_COUNT; d++)
		results_aggregate(r, -1, d, &a[d]);
	fputs("\nTotal latency distribution:\n", f);
	put_lat_chart(a, f);
	free(a);
	return 0;
}

/* Our additions to the results header: the state of the run, the engine's
 * batching and the queue depth each target really saw. */
/* "0-1,4" from a CPU bit mask. */
static void fmt_cpumask(uint64_t m, char *buf, size_t len)
{
	size_t n = 0;
	int i = 0, j;

	buf[0] = '\0';
	while (i < 64 && n < len) {
		if (!(m >> i & 1)) {
			i++;
			continue;
		}
		for (j = i; j + 1 < 64 && (m >> (j + 1) & 1); j++)
			;
		n += (size_t)snprintf(buf + n, len - n, j > i ? "%s%d-%d" :
				      "%s%d", n ? "," : "", i, j);
		i = j + 1;
	}
}

/* Which CPUs the workers were seen on, pinned or not (the interrupt CPUs
 * are in the target facts above). */
static void put_worker_cpus(const struct results *r, FILE *f)
{
	uint64_t seen = 0;
	bool pinned = false;
	char list[256];
	uint32_t i;

	for (i = 0; i < r->nrows; i++) {
		seen |= r->rows[i].cpus_seen;
		pinned |= r->rows[i].cpu >= 0;
	}
	if (!seen)
		return;
	fmt_cpumask(seen, list, sizeof(list));
	fprintf(f, "worker CPUs:		%s (%s)\n", list,
		pinned ? "pinned with -a" : "not pinned, as seen");
}

/* A run in which I/O failed says so first (nothing when none did). */
static void put_failure(const struct results *r, FILE *f)
{
	struct errno_count c[RESULTS_ERRNOS];
	char buf[768];
	uint64_t n = results_errors(r, -1, c);

	if (!n && !r->io_failure.failed)
		return;
	if (r->io_failure.failed &&
	    r->io_failure.offset == IO_FAILURE_WRITEBACK && !n) {
		results_fmt_failure(r, buf, sizeof(buf));
		fprintf(f, "run status:		FAILED at write-back\n"
			   "first failed I/O:	%s\n", buf);
		return;
	}
	results_fmt_errnos(c, buf, sizeof(buf));
	fprintf(f, "run status:		FAILED, %" PRIu64 " I/O%s failed (%s)%s\n",
		n, n == 1 ? "" : "s", buf, r->profile.continue_on_error ?
		", continued (--continue-on-error)" :
		", stopped at the first");
	if (r->io_failure.failed) {
		results_fmt_failure(r, buf, sizeof(buf));
		fprintf(f, "first failed I/O:	%s\n", buf);
	}
}

/* Failed I/Os per thread and target, by errno, after DiskSpd's tables;
 * printed only when an I/O failed.  No line starts as one of DiskSpd's
 * does ("thread |", "total:"): scrapers anchor on those, so the column is
 * "worker" (DiskSpd's thread number) and the sum row "all:". */
static void put_error_table(const struct results *r, FILE *f)
{
	struct errno_count c[RESULTS_ERRNOS];
	char buf[512], s[32];
	uint64_t n = results_errors(r, -1, c);
	uint32_t i;

	if (!n)
		return;
	fputs("\nI/O errors\n"
	      "worker |    errors    |  file: errors by errno\n", f);
	put_dashes(f, 78);
	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];
		const struct target_info *t = &r->targets[row->target];

		results_fmt_errnos(row->errnos, buf, sizeof(buf));
		fprintf(f, "%6" PRIu32 " | %12" PRIu64 " | %s (%s)%s%s\n",
			row->thread, row->errors, t->path,
			sz(s, sizeof(s), t->size_bytes), buf[0] ? ": " : "",
			buf);
	}
	put_dashes(f, 78);
	results_fmt_errnos(c, buf, sizeof(buf));
	fprintf(f, "all:     %12" PRIu64 " | %s\n", n, buf);
}

static void put_run_facts(const struct results *r, FILE *f)
{
	bool pool = r->profile.pool_threads && r->profile.pool_requests;
	uint32_t i;

	if (r->interrupted)
		fprintf(f, "interrupted:\t\tyes, measured %.2fs of %" PRIu32
			"s\n", r->test_time_s, r->profile.duration_s);
	fprintf(f, "I/Os per syscall:\t%.2f (%s)\n", r->ios_per_call,
		r->engine);
	for (i = 0; i < r->ntargets && i < r->profile.ntargets; i++) {
		double qd = 0.0;

		report_text_inflight(r, i, &qd);
		if (pool)	/* -F -O: every target draws from all slots */
			fprintf(f, "achieved queue depth:\t%.1f of %" PRIu32
				" in the pool", qd, r->profile.pool_requests);
		else
			fprintf(f, "achieved queue depth:\t%.1f of %" PRIu32,
				qd, r->profile.targets[i].outstanding);
		if (r->ntargets > 1)
			fprintf(f, " ('%s')", r->targets[i].path);
		fputc('\n', f);
	}
	put_worker_cpus(r, f);
	for (i = 0; i < r->nwarnings && i < ARRAY_SIZE(r->warnings); i++)
		fprintf(f, "WARNING: %s\n", r->warnings[i]);
}

/* "[thread: 0 - 3]" with runs of three or more consecutive ids folded,
 * as DiskSpd. */
static void put_thread_runs(const struct results *r, uint32_t target,
			    FILE *f)
{
	uint32_t i, first = UINT32_MAX, last = UINT32_MAX;

	fputs(" [thread:", f);
	for (i = 0; i <= r->nrows; i++) {
		bool end = i == r->nrows;
		uint32_t th = end ? 0 : r->rows[i].thread;

		if (!end && r->rows[i].target != target)
			continue;
		if (!end && last != UINT32_MAX && th == last + 1) {
			last = th;
			continue;
		}
		if (last != UINT32_MAX) {
			/* runs of three or more fold: "0 - 2", "0 1" */
			if (last - first >= 2)
				fprintf(f, " %" PRIu32 " -", first);
			else if (last != first)
				fprintf(f, " %" PRIu32, first);
			fprintf(f, " %" PRIu32, last);
		}
		first = last = th;
		if (end)
			break;
	}
	fputs("]\n", f);
}

static bool same_dist(const struct target_info *a,
		      const struct target_info *b)
{
	uint32_t i;

	if (a->ndist != b->ndist)
		return false;
	for (i = 0; i < a->ndist; i++)
		if (a->dist[i].start != b->dist[i].start ||
		    a->dist[i].end != b->dist[i].end ||
		    a->dist[i].io_share_pct != b->dist[i].io_share_pct)
			return false;
	return true;
}

/* DiskSpd prints whole shares as "%3u%" and, when truncation made any of
 * a distribution's shares fractional, all of them as "%0.1f%". */
static void put_dist_ranges(const struct target_info *t, FILE *f)
{
	const struct results_dist *d = t->dist;
	bool whole = true;
	uint32_t j;

	for (j = 0; j < t->ndist; j++)
		whole &= d[j].io_share_pct == (double)(uint64_t)
			(d[j].io_share_pct + 0.5);
	for (j = 0; j < t->ndist; j++) {
		if (d[j].io_share_pct <= 0)
			continue;	/* holes are not listed */
		fprintf(f, whole ? "%6.0f%% of IO => [" :
			"    %0.1f%% of IO => [", d[j].io_share_pct);
		report_text_dist_bound(d[j].start, false, f);
		fputs(" - ", f);
		report_text_dist_bound(d[j].end, false, f);
		fputs(")\n", f);
	}
}

/* -rd: the ranges the generator really uses after truncation to the
 * target and renormalising (results_fill_dist).  Targets with the same
 * ranges share one block, each named on a line of its own, as DiskSpd. */
static void put_effective_dist(const struct results *r, FILE *f)
{
	bool header = false, done;
	uint32_t i, j;

	for (i = 0; i < r->ntargets; i++) {
		if (!r->targets[i].ndist)
			continue;
		for (j = 0, done = false; j < i && !done; j++)
			done = same_dist(&r->targets[j], &r->targets[i]);
		if (done)
			continue;	/* printed with an earlier target */
		if (!header) {
			fputs("\nEffective IO Distributions\n"
			      "--------------------------\n", f);
			header = true;
		}
		for (j = i; j < r->ntargets; j++) {
			if (!same_dist(&r->targets[j], &r->targets[i]))
				continue;
			fprintf(f, "target: %s", r->targets[j].path);
			put_thread_runs(r, j, f);
		}
		put_dist_ranges(&r->targets[i], f);
	}
}

/* A run in which I/O failed has no result: DiskSpd's sections carry no
 * figure a DiskSpd reader could take for one (no "actual test time", no
 * CPU or IO tables), only DiskSpd's own words for a failed run.  Our own
 * lines keep the detail: the status, the first failure, how long it
 * ran, the errors per thread and target, and the device's counters. */
static int put_failed(const struct results *r, FILE *f)
{
	put_failure(r, f);
	if (!r->no_results)
		fprintf(f, "%s\t\t%.2fs\n", r->profile.continue_on_error ?
			"measured for:" : "stopped after:", r->test_time_s);
	fputs(FAILED_RUN_MSG "\n", f);
	put_error_table(r, f);
	if (r->no_results)
		return 0;
	report_devstat_text(r, f);
	return report_text_targets(r, f);
}

static int put_results(const struct results *r, uint32_t span, FILE *f)
{
	struct agg *a;

	fprintf(f, "\nResults for timespan %" PRIu32 ":\n%s\n\n", span, STARS);
	if (r->io_failure.failed)
		return put_failed(r, f);
	if (r->no_results) {
		fputs("The test was interrupted before the measurements "
		      "began. No results are displayed.\n", f);
		return 0;
	}
	fprintf(f, "actual test time:\t%.2fs\n", r->test_time_s);
	fprintf(f, "thread count:\t\t%" PRIu32 "\n", r->thread_count);
	if (r->profile.pool_threads && r->profile.pool_requests)
		fprintf(f, "request count:\t\t%" PRIu32 "\n",
			r->profile.pool_requests);
	put_failure(r, f);
	put_run_facts(r, f);
	put_cpu(r, f);
	put_effective_dist(r, f);
	a = malloc(sizeof(*a));
	if (!a)
		return -ENOMEM;
	put_io_table(r, DIR_COUNT, "Total IO", a, f);
	put_io_table(r, DIR_READ, "Read IO", a, f);
	put_io_table(r, DIR_WRITE, "Write IO", a, f);
	free(a);
	if (r->profile.measure_latency) {
		int ret = put_latency(r, f);

		if (ret)
			return ret;
	}
	put_error_table(r, f);	/* after DiskSpd's sections, theirs intact */
	report_devstat_text(r, f);
	return report_text_targets(r, f);
}

int report_text(const struct results *r, FILE *f)
{
	int ret;

	report_text_input(&r->profile, r->engine, r->engine_note, f);
	put_sysinfo(r, f);
	ret = put_results(r, 1, f);
	if (!ret)	/* the ranks of a run under MPI, after all of it */
		ret = report_text_fleet(r, f);
	if (ret)
		return ret;
	return ferror(f) ? -EIO : 0;
}

/* DiskSpd's "Totals:" over the timespans that measured something: bytes
 * and I/Os summed, rates over their summed measured time. */
static void put_totals(const struct results *rs, uint32_t n, FILE *f)
{
	uint64_t ios[DIR_COUNT] = { 0 }, bytes[DIR_COUNT] = { 0 };
	static const char *const name[] = { "read   | ", "write  | " };
	double t = 0.0;
	uint32_t k, i;
	int d;

	for (k = 0; k < n; k++) {
		if (rs[k].no_results || rs[k].io_failure.failed ||
		    rs[k].test_time_s < 1e-7)
			continue;
		t += rs[k].test_time_s;
		for (i = 0; i < rs[k].nrows; i++)
			for (d = 0; d < DIR_COUNT; d++) {
				ios[d] += rs[k].rows[i].dir[d].ios;
				bytes[d] += rs[k].rows[i].dir[d].bytes;
			}
	}
	if (t <= 0)
		t = 1e-9;	/* DiskSpd divides anyway */
	fprintf(f, "\n\nTotals:\n%s\n\n", STARS);
	fputs("type   |       bytes     |     I/Os     |    MiB/s   |  "
	      "I/O per s\n", f);
	fprintf(f, "%.79s\n", DASHES);
	for (d = DIR_WRITE; d >= DIR_READ; d--)
		fprintf(f, "%s%15" PRIu64 " | %12" PRIu64 " | %10.2f | "
			"%10.2f\n", name[d], bytes[d], ios[d],
			(double)bytes[d] / 1048576.0 / t, (double)ios[d] / t);
	fprintf(f, "%.79s\n", DASHES);
	fprintf(f, "total  | %15" PRIu64 " | %12" PRIu64 " | %10.2f | %10.2f"
		"\n\n", bytes[0] + bytes[1], ios[0] + ios[1],
		(double)(bytes[0] + bytes[1]) / 1048576.0 / t,
		(double)(ios[0] + ios[1]) / t);
	fprintf(f, "total test time:\t%.2fs\n", t);
}

int report_text_spans(const struct results *rs, uint32_t n, FILE *f)
{
	uint32_t k;
	int ret = 0;

	if (n == 1)
		return report_text(rs, f);
	report_text_input(&rs[0].profile, rs[0].engine, rs[0].engine_note, f);
	for (k = 1; k < n; k++)
		report_text_input_span(&rs[k].profile, k + 1, rs[k].engine,
				       rs[k].engine_note, f);
	put_sysinfo(&rs[0], f);
	for (k = 0; k < n && !ret; k++)
		ret = put_results(&rs[k], k + 1, f);
	if (ret)
		return ret;
	put_totals(rs, n, f);
	return ferror(f) ? -EIO : 0;
}
