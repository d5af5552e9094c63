/* report_xml.c - DiskSpd's XML results (-Rxml) from const struct results.
 *
 * Element names, nesting, order and number formats are DiskSpd 2.2's, so
 * scripts written for DiskSpd (sum Thread/Target ReadCount + WriteCount,
 * divide by TimeSpan/TestTimeSeconds, read Latency/Bucket[Percentile=99])
 * get the same answers.  Unlike DiskSpd we escape text.  Linux facts are
 * added as new elements (<Linux> in System and TimeSpan, <Device> per
 * Target) that DiskSpd's consumers never look for.  Like every report, it
 * reads nothing but @r: no clock, no sysfs.
 */
#include "report/report.h"
#include "report/report_fleet.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "results/hist.h"
#include "lib/util.h"
#include "profile/xmlprofile.h"
#include "lib/emit.h"

#define DISKSPD_VERSION "2.2.0"
#define DISKSPD_VERSION_DATE "2024/6/3"
#define CPUS_PER_GROUP 64
#define INTERRUPTED_MSG "The test was interrupted before the measurements " \
	"began. No results are displayed."

static void ind(FILE *f, unsigned int lvl)
{
	unsigned int i;

	for (i = 0; i < lvl; i++)
		fputs("  ", f);
}

static void open_el(FILE *f, unsigned int lvl, const char *name)
{
	ind(f, lvl);
	fprintf(f, "<%s>\n", name);
}

static void close_el(FILE *f, unsigned int lvl, const char *name)
{
	ind(f, lvl);
	fprintf(f, "</%s>\n", name);
}

static void el_u64(FILE *f, unsigned int lvl, const char *name, uint64_t v)
{
	ind(f, lvl);
	fprintf(f, "<%s>%" PRIu64 "</%s>\n", name, v, name);
}

static void el_i64(FILE *f, unsigned int lvl, const char *name, int64_t v)
{
	ind(f, lvl);
	fprintf(f, "<%s>%" PRId64 "</%s>\n", name, v, name);
}

/* Numbers with a fixed count of decimals; non-finite values print 0 so
 * the document stays valid for every consumer. */
static void el_dbl(FILE *f, unsigned int lvl, const char *name, int prec,
		   double v)
{
	ind(f, lvl);
	fprintf(f, "<%s>%.*f</%s>\n", name, prec, isfinite(v) ? v : 0.0, name);
}

static void el_str(FILE *f, unsigned int lvl, const char *name, const char *v)
{
	ind(f, lvl);
	fprintf(f, "<%s>", name);
	emit_escaped(f, v);
	fprintf(f, "</%s>\n", name);
}

static double ns_to_ms(double ns)
{
	return ns / 1e6;
}

/* ------------------------------------------------------------------ */
/* System */

static void cpu_mask(char *buf, size_t len, uint32_t count)
{
	uint64_t mask = count >= 64 ? UINT64_MAX :
		((UINT64_C(1) << count) - 1);

	snprintf(buf, len, "0x%" PRIx64, mask);
}

static void write_topology(FILE *f, unsigned int lvl,
			   const struct system_info *s)
{
	uint32_t ncpu = s->cpu_count ? s->cpu_count : 1;
	uint32_t ngroups = (ncpu + CPUS_PER_GROUP - 1) / CPUS_PER_GROUP;
	uint32_t g, n;
	char mask[32];

	ind(f, lvl);
	fputs("<ProcessorTopology Heterogeneous=\"false\">\n", f);
	for (g = 0; g < ngroups; g++) {
		n = ncpu - g * CPUS_PER_GROUP;
		if (n > CPUS_PER_GROUP)
			n = CPUS_PER_GROUP;
		cpu_mask(mask, sizeof(mask), n);
		ind(f, lvl + 1);
		fprintf(f, "<Group Group=\"%" PRIu32 "\" MaximumProcessors=\"%"
			PRIu32 "\" ActiveProcessors=\"%" PRIu32 "\" "
			"ActiveProcessorMask=\"%s\"/>\n", g, n, n, mask);
	}
	/* With one node and one socket every CPU belongs to it; the CPU to
	 * node/socket map of larger machines is not in struct results. */
	if (s->node_count <= 1 && ngroups == 1) {
		cpu_mask(mask, sizeof(mask), ncpu);
		ind(f, lvl + 1);
		fputs("<Node Node=\"0\">\n", f);
		ind(f, lvl + 2);
		fprintf(f, "<Group Group=\"0\" Mask=\"%s\"/>\n", mask);
		ind(f, lvl + 1);
		fputs("</Node>\n", f);
	}
	if (s->socket_count <= 1 && ngroups == 1) {
		cpu_mask(mask, sizeof(mask), ncpu);
		ind(f, lvl + 1);
		fputs("<Socket Socket=\"0\">\n", f);
		ind(f, lvl + 2);
		fprintf(f, "<Group Group=\"0\" Mask=\"%s\"/>\n", mask);
		ind(f, lvl + 1);
		fputs("</Socket>\n", f);
	}
	ind(f, lvl);
	fputs("</ProcessorTopology>\n", f);
}

static void write_system(FILE *f, unsigned int lvl, const struct results *r)
{
	const struct system_info *s = &r->sys;

	open_el(f, lvl, "System");
	el_str(f, lvl + 1, "ComputerName", s->hostname);
	open_el(f, lvl + 1, "Tool");
	el_str(f, lvl + 2, "Version", DISKSPD_VERSION);
	el_str(f, lvl + 2, "VersionDate", DISKSPD_VERSION_DATE);
	close_el(f, lvl + 1, "Tool");
	el_str(f, lvl + 1, "RunTime", s->start_time);
	ind(f, lvl + 1);
	fputs("<PowerScheme Name=\"", f);
	emit_escaped(f, s->governor);
	fputs("\" Guid=\"\"/>\n", f);
	write_topology(f, lvl + 1, s);
	open_el(f, lvl + 1, "Linux");
	el_str(f, lvl + 2, "Tool", "ioprobe");
	el_str(f, lvl + 2, "ToolVersion", r->version);
	el_str(f, lvl + 2, "Kernel", s->kernel);
	el_str(f, lvl + 2, "CpuModel", s->cpu_model);
	el_u64(f, lvl + 2, "CpuCount", s->cpu_count);
	el_u64(f, lvl + 2, "CoreCount", s->core_count);
	el_u64(f, lvl + 2, "SocketCount", s->socket_count);
	el_u64(f, lvl + 2, "NodeCount", s->node_count);
	el_u64(f, lvl + 2, "MemoryBytes", s->mem_bytes);
	el_str(f, lvl + 2, "Governor", s->governor);
	el_str(f, lvl + 2, "Clocksource", s->clocksource);
	report_xml_fleet(r, f, lvl + 2);
	close_el(f, lvl + 1, "Linux");
	close_el(f, lvl, "System");
}

/* ------------------------------------------------------------------ */
/* CPU */

static void write_cpu(FILE *f, unsigned int lvl, const struct results *r)
{
	double use = 0, user = 0, kern = 0, idle = 0;
	uint32_t i, n = r->ncpus;

	open_el(f, lvl, "CpuUtilization");
	for (i = 0; i < n; i++) {
		const struct cpu_usage *c = &r->cpus[i];

		open_el(f, lvl + 1, "CPU");
		el_u64(f, lvl + 2, "Socket", 0);
		el_u64(f, lvl + 2, "Node", 0);
		el_u64(f, lvl + 2, "Group", c->id / CPUS_PER_GROUP);
		el_u64(f, lvl + 2, "Core", c->id);
		el_u64(f, lvl + 2, "EfficiencyClass", 0);
		el_u64(f, lvl + 2, "Id", c->id % CPUS_PER_GROUP);
		el_dbl(f, lvl + 2, "UsagePercent", 2, c->usage_pct);
		el_dbl(f, lvl + 2, "UserPercent", 2, c->user_pct);
		el_dbl(f, lvl + 2, "KernelPercent", 2, c->kernel_pct);
		el_dbl(f, lvl + 2, "IdlePercent", 2, c->idle_pct);
		close_el(f, lvl + 1, "CPU");
		use += c->usage_pct;
		user += c->user_pct;
		kern += c->kernel_pct;
		idle += c->idle_pct;
	}
	open_el(f, lvl + 1, "Average");
	el_dbl(f, lvl + 2, "UsagePercent", 2, n ? use / n : 0);
	el_dbl(f, lvl + 2, "UserPercent", 2, n ? user / n : 0);
	el_dbl(f, lvl + 2, "KernelPercent", 2, n ? kern / n : 0);
	el_dbl(f, lvl + 2, "IdlePercent", 2, n ? idle / n : 0);
	close_el(f, lvl + 1, "Average");
	close_el(f, lvl, "CpuUtilization");
}

/* ------------------------------------------------------------------ */
/* Latency */

static uint64_t used_buckets(const struct hist *h)
{
	uint64_t n = h->overflow ? 1 : 0;
	unsigned int i;

	for (i = 0; i < HIST_BUCKETS; i++)
		if (h->buckets[i])
			n++;
	return n;
}

static void bucket_row(FILE *f, unsigned int lvl, const struct agg *a,
		       int decimals, double pct)
{
	static const char *const names[] = {
		"ReadMilliseconds", "WriteMilliseconds", "TotalMilliseconds",
	};
	unsigned int d;

	open_el(f, lvl, "Bucket");
	ind(f, lvl + 1);
	fprintf(f, "<Percentile>%.*f</Percentile>\n", decimals, pct);
	for (d = 0; d < 3; d++)
		if (!hist_empty(&a[d].lat))
			el_dbl(f, lvl + 1, names[d], 3, ns_to_ms(
			       (double)hist_percentile(&a[d].lat, pct)));
	close_el(f, lvl, "Bucket");
}

/* @a: read, write, total aggregates over all rows and targets. */
static void write_latency(FILE *f, unsigned int lvl, const struct agg *a)
{
	static const char *const avg[] = {
		"AverageReadMilliseconds", "AverageWriteMilliseconds",
		"AverageTotalMilliseconds",
	};
	static const char *const sd[] = {
		"ReadLatencyStdev", "WriteLatencyStdev", "LatencyStdev",
	};
	double nines = 99.0;
	unsigned int d;
	int p;

	ind(f, lvl);
	fprintf(f, "<Latency ReadHistoBuckets=\"%" PRIu64 "\" WriteHistoBuckets"
		"=\"%" PRIu64 "\" TotalHistoBuckets=\"%" PRIu64 "\">\n",
		used_buckets(&a[0].lat), used_buckets(&a[1].lat),
		used_buckets(&a[2].lat));
	for (d = 0; d < 3; d++) {
		if (hist_empty(&a[d].lat))
			continue;
		el_dbl(f, lvl + 1, avg[d], 3, ns_to_ms(hist_mean_ns(&a[d].lat)));
		el_dbl(f, lvl + 1, sd[d], 3, ns_to_ms(hist_stddev_ns(&a[d].lat)));
	}
	bucket_row(f, lvl + 1, a, 0, 0);
	for (p = 1; p <= 99; p++)
		bucket_row(f, lvl + 1, a, 0, p);
	for (p = 1; p <= 7; p++) {
		nines = 100.0 - (100.0 - nines) / 10.0;
		bucket_row(f, lvl + 1, a, p, nines);
	}
	bucket_row(f, lvl + 1, a, 0, 100);
	close_el(f, lvl, "Latency");
}

static void write_row_latency(FILE *f, unsigned int lvl, const struct agg *a)
{
	static const char *const avg[] = {
		"AverageReadLatencyMilliseconds",
		"AverageWriteLatencyMilliseconds", "AverageLatencyMilliseconds",
	};
	static const char *const sd[] = {
		"ReadLatencyStdev", "WriteLatencyStdev", "LatencyStdev",
	};
	unsigned int d;

	for (d = 0; d < 3; d++) {
		if (hist_empty(&a[d].lat))
			continue;
		el_dbl(f, lvl, avg[d], 3, ns_to_ms(hist_mean_ns(&a[d].lat)));
		el_dbl(f, lvl, sd[d], 3, ns_to_ms(hist_stddev_ns(&a[d].lat)));
	}
}

/* ------------------------------------------------------------------ */
/* Iops: -D interval series */

struct series {
	uint32_t n;			/* intervals */
	struct interval_stat *dir[DIR_COUNT];
};

/* Buckets up to the last one that saw a completion, as DiskSpd prints. */
static uint32_t series_valid(const struct series *s)
{
	uint32_t i;

	for (i = s->n; i > 0; i--)
		if (s->dir[DIR_READ][i - 1].ios || s->dir[DIR_WRITE][i - 1].ios)
			return i;
	return 0;
}

static void lat_attrs(FILE *f, const char *dir, const struct interval_stat *x)
{
	double mn = 0, mx = 0, avg = 0, sd = 0, var;

	if (x->ios) {
		mn = ns_to_ms((double)x->lat_min_ns);
		mx = ns_to_ms((double)x->lat_max_ns);
		avg = x->lat_sum_ns / (double)x->ios;
		var = x->lat_sumsq_ns / (double)x->ios - avg * avg;
		sd = ns_to_ms(var > 0 ? sqrt(var) : 0);
		avg = ns_to_ms(avg);
	}
	fprintf(f, " %sMinLatencyMilliseconds=\"%.3f\" %sMaxLatencyMilliseconds="
		"\"%.3f\" %sAvgLatencyMilliseconds=\"%.3f\" %sLatencyStdDev="
		"\"%.3f\"", dir, mn, dir, mx, dir, avg, dir, sd);
}

static void write_iops(FILE *f, unsigned int lvl, const struct agg *a,
		       const struct series *s, uint32_t interval_ms)
{
	static const char *const sd[] = {
		"ReadIopsStdDev", "WriteIopsStdDev", "IopsStdDev",
	};
	double secs = interval_ms / 1000.0;
	uint32_t i, valid = series_valid(s);
	unsigned int d;

	open_el(f, lvl, "Iops");
	for (d = 0; d < 3; d++)
		if (a[d].ios)
			el_dbl(f, lvl + 1, sd[d], 3, a[d].iops_stddev);
	for (i = 0; i < valid; i++) {
		const struct interval_stat *rd = &s->dir[DIR_READ][i];
		const struct interval_stat *wr = &s->dir[DIR_WRITE][i];

		ind(f, lvl + 1);
		fprintf(f, "<Bucket SampleMillisecond=\"%" PRIu64 "\" Read=\"%.0f"
			"\" Write=\"%.0f\" Total=\"%.0f\"",
			(uint64_t)interval_ms * (i + 1), rd->ios / secs,
			wr->ios / secs, (rd->ios + wr->ios) / secs);
		lat_attrs(f, "Read", rd);
		lat_attrs(f, "Write", wr);
		fputs("/>\n", f);
	}
	close_el(f, lvl, "Iops");
}

/* ------------------------------------------------------------------ */
/* Thread / Target */

static void write_device(FILE *f, unsigned int lvl,
			 const struct target_info *t,
			 const struct thread_target *row)
{
	char qd[32];

	open_el(f, lvl, "Device");
	el_str(f, lvl + 1, "FileSystem", t->fs_type);
	el_str(f, lvl + 1, "BlockDevice", t->device);
	el_str(f, lvl + 1, "Model", t->model);
	el_i64(f, lvl + 1, "Rotational", t->rotational);
	el_str(f, lvl + 1, "Scheduler", t->scheduler);
	el_u64(f, lvl + 1, "LogicalBlockSize", t->logical_block);
	el_u64(f, lvl + 1, "PhysicalBlockSize", t->physical_block);
	el_u64(f, lvl + 1, "QueueDepth", t->hw_queue_depth);
	el_str(f, lvl + 1, "InterruptCpus", t->irq_cpus);
	snprintf(qd, sizeof(qd), "%.2f", isfinite(row->mean_inflight) ?
		 row->mean_inflight : 0.0);
	el_str(f, lvl + 1, "AchievedQueueDepth", qd);
	el_i64(f, lvl + 1, "WorkerCpu", row->cpu);
	snprintf(qd, sizeof(qd), "0x%" PRIx64, row->cpus_seen);
	el_str(f, lvl + 1, "WorkerCpusSeenMask", qd);
	el_u64(f, lvl + 1, "IoErrors", row->errors);
	close_el(f, lvl, "Device");
}

struct work {
	struct agg a[3];		/* read, write, total */
	struct series s;
};

static void aggregate3(const struct results *r,
		       const struct thread_target *row, struct agg *a)
{
	static const enum io_dir dirs[] = { DIR_READ, DIR_WRITE, DIR_COUNT };
	unsigned int d;

	for (d = 0; d < 3; d++) {
		if (row)
			results_row_aggregate(r, row, dirs[d], &a[d]);
		else
			results_aggregate(r, -1, dirs[d], &a[d]);
	}
}

/* -rd: the effective ranges the generator used (results_fill_dist), as
 * DiskSpd's <Distribution><Absolute><Range IO="pct">bytes</Range>...,
 * holes IO="0". */
static void write_distribution(FILE *f, unsigned int lvl,
			       const struct results *r,
			       const struct thread_target *row)
{
	const struct target_info *t;
	uint32_t j;

	if (row->target >= r->profile.ntargets ||
	    row->target >= r->ntargets || !r->targets[row->target].ndist)
		return;
	t = &r->targets[row->target];
	open_el(f, lvl, "Distribution");
	open_el(f, lvl + 1, "Absolute");
	for (j = 0; j < t->ndist; j++) {
		ind(f, lvl + 2);
		fprintf(f, "<Range IO=\"%.0f\">%" PRIu64 "</Range>\n",
			t->dist[j].io_share_pct,
			t->dist[j].end - t->dist[j].start);
	}
	close_el(f, lvl + 1, "Absolute");
	close_el(f, lvl, "Distribution");
}

static void write_target(FILE *f, unsigned int lvl, const struct results *r,
			 const struct thread_target *row, struct work *w)
{
	const struct profile *p = &r->profile;
	const struct target_info *t;
	static const struct target_info none;

	t = row->target < r->ntargets ? &r->targets[row->target] : &none;
	aggregate3(r, row, w->a);
	open_el(f, lvl, "Target");
	el_str(f, lvl + 1, "Path", t->path);
	el_u64(f, lvl + 1, "BytesCount", w->a[2].bytes);
	el_u64(f, lvl + 1, "FileSize", t->size_bytes);
	el_u64(f, lvl + 1, "IOCount", w->a[2].ios);
	el_u64(f, lvl + 1, "ReadBytes", w->a[0].bytes);
	el_u64(f, lvl + 1, "ReadCount", w->a[0].ios);
	el_u64(f, lvl + 1, "WriteBytes", w->a[1].bytes);
	el_u64(f, lvl + 1, "WriteCount", w->a[1].ios);
	write_distribution(f, lvl + 1, r, row);
	if (p->measure_latency)
		write_row_latency(f, lvl + 1, w->a);
	if (r->nintervals && w->s.n) {
		results_row_series(r, row, DIR_READ, w->s.dir[DIR_READ]);
		results_row_series(r, row, DIR_WRITE, w->s.dir[DIR_WRITE]);
		write_iops(f, lvl + 1, w->a, &w->s, r->interval_ms);
	}
	write_device(f, lvl + 1, t, row);
	close_el(f, lvl, "Target");
}

static void write_threads(FILE *f, unsigned int lvl, const struct results *r,
			  struct work *w)
{
	uint32_t i;

	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];

		if (!i || row->thread != r->rows[i - 1].thread) {
			if (i)
				close_el(f, lvl, "Thread");
			open_el(f, lvl, "Thread");
			el_u64(f, lvl + 1, "Id", row->thread);
		}
		write_target(f, lvl + 1, r, row, w);
	}
	if (r->nrows)
		close_el(f, lvl, "Thread");
}

/* Failed I/Os (only when some failed): the run's status, the first
 * failure, the counts by errno overall and per target.  DiskSpd's own
 * IoErrors per thread and target stays where it is. */
static void write_io_errors(FILE *f, unsigned int lvl, const struct results *r)
{
	struct errno_count c[RESULTS_ERRNOS];
	char buf[768];
	uint64_t n = results_errors(r, -1, c);
	uint32_t i;

	if (!n && !r->io_failure.failed)
		return;
	open_el(f, lvl, "IoFailure");
	el_str(f, lvl + 1, "Status", "failed");
	el_u64(f, lvl + 1, "IoErrors", n);
	results_fmt_errnos(c, buf, sizeof(buf));
	el_str(f, lvl + 1, "ByErrno", buf);
	el_str(f, lvl + 1, "ContinueOnError",
	       r->profile.continue_on_error ? "true" : "false");
	if (r->io_failure.failed) {
		const struct io_failure *e = &r->io_failure;

		open_el(f, lvl + 1, "FirstError");
		el_u64(f, lvl + 2, "Thread", e->thread);
		el_str(f, lvl + 2, "Path", e->target < r->ntargets ?
		       r->targets[e->target].path : "");
		el_u64(f, lvl + 2, "Offset", e->offset);
		el_str(f, lvl + 2, "Direction", e->write ? "write" : "read");
		el_str(f, lvl + 2, "Errno", results_errno_name(e->err));
		results_fmt_failure(r, buf, sizeof(buf));
		el_str(f, lvl + 2, "Message", buf);
		close_el(f, lvl + 1, "FirstError");
	}
	for (i = 0; i < r->ntargets; i++) {
		n = results_errors(r, (int)i, c);
		if (!n)
			continue;
		open_el(f, lvl + 1, "Target");
		el_str(f, lvl + 2, "Path", r->targets[i].path);
		el_u64(f, lvl + 2, "IoErrors", n);
		results_fmt_errnos(c, buf, sizeof(buf));
		el_str(f, lvl + 2, "ByErrno", buf);
		close_el(f, lvl + 1, "Target");
	}
	close_el(f, lvl, "IoFailure");
}

/* Our additions to a TimeSpan: engine, batching, interruption, warnings. */
static void write_ts_linux(FILE *f, unsigned int lvl, const struct results *r)
{
	uint32_t i;

	open_el(f, lvl, "Linux");
	el_str(f, lvl + 1, "Engine", r->engine);
	if (r->engine_note[0])
		el_str(f, lvl + 1, "EngineNote", r->engine_note);
	el_dbl(f, lvl + 1, "IosPerCall", 2, r->ios_per_call);
	if (r->profile.label)
		el_str(f, lvl + 1, "Label", r->profile.label);
	if (r->interrupted || r->no_results)
		el_str(f, lvl + 1, "Interrupted", "true");
	for (i = 0; i < r->nwarnings && i < ARRAY_SIZE(r->warnings); i++)
		el_str(f, lvl + 1, "Warning", r->warnings[i]);
	write_io_errors(f, lvl + 1, r);
	close_el(f, lvl, "Linux");
}

static void write_timespan(FILE *f, unsigned int lvl, const struct results *r,
			   struct work *w)
{
	const struct profile *p = &r->profile;

	open_el(f, lvl, "TimeSpan");
	if (r->no_results) {
		el_str(f, lvl + 1, "Error", INTERRUPTED_MSG);
		write_ts_linux(f, lvl + 1, r);
		close_el(f, lvl, "TimeSpan");
		return;
	}
	el_dbl(f, lvl + 1, "TestTimeSeconds", 2, r->test_time_s);
	el_u64(f, lvl + 1, "ThreadCount", r->thread_count);
	el_u64(f, lvl + 1, "RequestCount", p->pool_requests);
	el_u64(f, lvl + 1, "ProcCount", r->sys.cpu_count ? r->sys.cpu_count :
	       r->ncpus);
	write_cpu(f, lvl + 1, r);
	aggregate3(r, NULL, w->a);
	if (p->measure_latency)
		write_latency(f, lvl + 1, w->a);
	if (r->nintervals && w->s.n) {
		results_series(r, -1, DIR_READ, w->s.dir[DIR_READ]);
		results_series(r, -1, DIR_WRITE, w->s.dir[DIR_WRITE]);
		write_iops(f, lvl + 1, w->a, &w->s, r->interval_ms);
	}
	write_threads(f, lvl + 1, r, w);
	write_ts_linux(f, lvl + 1, r);
	close_el(f, lvl, "TimeSpan");
}

static struct work *work_new(const struct results *r)
{
	struct work *w = calloc(1, sizeof(*w));
	uint32_t d;

	if (!w)
		return NULL;
	w->s.n = r->interval_ms ? r->nintervals : 0;
	for (d = 0; d < DIR_COUNT && w->s.n; d++) {
		w->s.dir[d] = calloc(w->s.n, sizeof(struct interval_stat));
		if (!w->s.dir[d]) {
			free(w->s.dir[0]);
			free(w);
			return NULL;
		}
	}
	return w;
}

static void work_free(struct work *w)
{
	free(w->s.dir[DIR_READ]);
	free(w->s.dir[DIR_WRITE]);
	free(w);
}

int report_xml(const struct results *r, FILE *f)
{
	struct work *w = work_new(r);
	int ret;

	if (!w)
		return -ENOMEM;
	fputs("<Results>\n", f);
	write_system(f, 1, r);
	ret = xmlprofile_write_as(&r->profile, FORMAT_XML, f, 1);
	if (!ret) {
		write_timespan(f, 1, r, w);
		fputs("</Results>", f);
	}
	work_free(w);
	if (!ret && ferror(f))
		ret = -EIO;
	return ret;
}
