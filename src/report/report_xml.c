/* report_xml.c - DiskSpd's XML results (-Rxml) from const struct results.
 *
 * Element names, nesting, order and number formats are DiskSpd 2.2's, so
 * scripts written for DiskSpd (sum Thread/Target ReadCount + WriteCount,
 * divide by TimeSpan/TestTimeSeconds, read Latency/Bucket[Percentile=99])
 * get the same answers.  Unlike DiskSpd we escape text.  Thread/Target and
 * TimeSpan hold DiskSpd's elements only, in DiskSpd's order; our Linux
 * facts are in System/Linux and TimeSpan/Linux (report_xml_system.c,
 * report_xml_linux.c).  Like every report, it reads nothing but @r: no
 * clock, no sysfs.
 */
#include "report/report.h"

#include <errno.h>
#include <stdbool.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "profile/xmlprofile.h"
#include "report/report_xml_el.h"
#include "report/report_xml_parts.h"
#include "results/hist.h"

#define INTERRUPTED_MSG "The test was interrupted before the measurements " \
	"began. No results are displayed."

static double ns_to_ms(double ns)
{
	return ns / 1e6;
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

	xml_open(f, lvl, "Bucket");
	xml_ind(f, lvl + 1);
	fprintf(f, "<Percentile>%.*f</Percentile>\n", decimals, pct);
	for (d = 0; d < 3; d++)
		if (!hist_empty(&a[d].lat))
			xml_dbl(f, lvl + 1, names[d], 3, ns_to_ms(
			       (double)hist_percentile(&a[d].lat, pct)));
	xml_close(f, lvl, "Bucket");
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

	xml_ind(f, lvl);
	fprintf(f, "<Latency ReadHistoBuckets=\"%" PRIu64 "\" WriteHistoBuckets"
		"=\"%" PRIu64 "\" TotalHistoBuckets=\"%" PRIu64 "\">\n",
		used_buckets(&a[0].lat), used_buckets(&a[1].lat),
		used_buckets(&a[2].lat));
	for (d = 0; d < 3; d++) {
		if (hist_empty(&a[d].lat))
			continue;
		xml_dbl(f, lvl + 1, avg[d], 3, ns_to_ms(hist_mean_ns(&a[d].lat)));
		xml_dbl(f, lvl + 1, sd[d], 3, ns_to_ms(hist_stddev_ns(&a[d].lat)));
	}
	bucket_row(f, lvl + 1, a, 0, 0);
	for (p = 1; p <= 99; p++)
		bucket_row(f, lvl + 1, a, 0, p);
	for (p = 1; p <= 7; p++) {
		nines = 100.0 - (100.0 - nines) / 10.0;
		bucket_row(f, lvl + 1, a, p, nines);
	}
	bucket_row(f, lvl + 1, a, 0, 100);
	xml_close(f, lvl, "Latency");
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
		xml_dbl(f, lvl, avg[d], 3, ns_to_ms(hist_mean_ns(&a[d].lat)));
		xml_dbl(f, lvl, sd[d], 3, ns_to_ms(hist_stddev_ns(&a[d].lat)));
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

static bool dir_seen(const struct series *s, unsigned int d)
{
	uint32_t i;

	for (i = 0; i < s->n; i++)
		if (s->dir[d][i].ios)
			return true;
	return false;
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

	xml_open(f, lvl, "Iops");
	/* DiskSpd: each standard deviation when its series saw I/O */
	for (d = 0; d < 3; d++)
		if (d == 2 ? valid > 0 : dir_seen(s, d))
			xml_dbl(f, lvl + 1, sd[d], 3, a[d].iops_stddev);
	for (i = 0; i < valid; i++) {
		const struct interval_stat *rd = &s->dir[DIR_READ][i];
		const struct interval_stat *wr = &s->dir[DIR_WRITE][i];

		xml_ind(f, lvl + 1);
		fprintf(f, "<Bucket SampleMillisecond=\"%" PRIu64 "\" Read=\"%.0f"
			"\" Write=\"%.0f\" Total=\"%.0f\"",
			(uint64_t)interval_ms * (i + 1), rd->ios / secs,
			wr->ios / secs, (rd->ios + wr->ios) / secs);
		lat_attrs(f, "Read", rd);
		lat_attrs(f, "Write", wr);
		fputs("/>\n", f);
	}
	xml_close(f, lvl, "Iops");
}

/* ------------------------------------------------------------------ */
/* Thread / Target */

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

static void write_target(FILE *f, unsigned int lvl, const struct results *r,
			 const struct thread_target *row, struct work *w)
{
	const struct profile *p = &r->profile;
	const struct target_info *t;
	static const struct target_info none;

	t = row->target < r->ntargets ? &r->targets[row->target] : &none;
	aggregate3(r, row, w->a);
	xml_open(f, lvl, "Target");
	xml_str(f, lvl + 1, "Path", t->path);
	xml_u64(f, lvl + 1, "BytesCount", w->a[2].bytes);
	xml_u64(f, lvl + 1, "FileSize", t->size_bytes);
	xml_u64(f, lvl + 1, "IOCount", w->a[2].ios);
	xml_u64(f, lvl + 1, "ReadBytes", w->a[0].bytes);
	xml_u64(f, lvl + 1, "ReadCount", w->a[0].ios);
	xml_u64(f, lvl + 1, "WriteBytes", w->a[1].bytes);
	xml_u64(f, lvl + 1, "WriteCount", w->a[1].ios);
	xml_distribution(f, lvl + 1, r, row->target);
	if (p->measure_latency)
		write_row_latency(f, lvl + 1, w->a);
	if (r->nintervals && w->s.n) {
		results_row_series(r, row, DIR_READ, w->s.dir[DIR_READ]);
		results_row_series(r, row, DIR_WRITE, w->s.dir[DIR_WRITE]);
		write_iops(f, lvl + 1, w->a, &w->s, r->interval_ms);
	}
	xml_close(f, lvl, "Target");
}

static void write_threads(FILE *f, unsigned int lvl, const struct results *r,
			  struct work *w)
{
	uint32_t i;

	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];

		if (!i || row->thread != r->rows[i - 1].thread) {
			if (i)
				xml_close(f, lvl, "Thread");
			xml_open(f, lvl, "Thread");
			xml_u64(f, lvl + 1, "Id", row->thread);
		}
		write_target(f, lvl + 1, r, row, w);
	}
	if (r->nrows)
		xml_close(f, lvl, "Thread");
}

static void write_timespan(FILE *f, unsigned int lvl, const struct results *r,
			   struct work *w)
{
	const struct profile *p = &r->profile;

	xml_open(f, lvl, "TimeSpan");
	if (r->no_results || r->io_failure.failed) {
		/* a failed run has no result: DiskSpd's <Error>, which its
		 * readers already handle; the detail is in <Linux> */
		xml_str(f, lvl + 1, "Error", r->io_failure.failed ?
			FAILED_RUN_MSG : INTERRUPTED_MSG);
		xml_timespan_linux(f, lvl + 1, r);
		xml_close(f, lvl, "TimeSpan");
		return;
	}
	xml_dbl(f, lvl + 1, "TestTimeSeconds", 2, r->test_time_s);
	xml_u64(f, lvl + 1, "ThreadCount", r->thread_count);
	xml_u64(f, lvl + 1, "RequestCount", p->pool_requests);
	xml_u64(f, lvl + 1, "ProcCount", r->sys.cpu_count ? r->sys.cpu_count :
	       r->ncpus);
	xml_cpu_utilization(f, lvl + 1, r);
	aggregate3(r, NULL, w->a);
	if (p->measure_latency)
		write_latency(f, lvl + 1, w->a);
	if (r->nintervals && w->s.n) {
		results_series(r, -1, DIR_READ, w->s.dir[DIR_READ]);
		results_series(r, -1, DIR_WRITE, w->s.dir[DIR_WRITE]);
		write_iops(f, lvl + 1, w->a, &w->s, r->interval_ms);
	}
	write_threads(f, lvl + 1, r, w);
	xml_timespan_linux(f, lvl + 1, r);
	xml_close(f, lvl, "TimeSpan");
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
	xml_system(f, 1, r);
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

int report_xml_spans(const struct results *rs, uint32_t n, FILE *f)
{
	const struct profile **ps = calloc(n ? n : 1, sizeof(*ps));
	uint32_t k;
	int ret;

	if (!ps)
		return -ENOMEM;
	for (k = 0; k < n; k++)
		ps[k] = &rs[k].profile;
	fputs("<Results>\n", f);
	xml_system(f, 1, &rs[0]);
	ret = xmlprofile_write_spans(ps, n, FORMAT_XML, f, 1);
	free(ps);
	for (k = 0; k < n && !ret; k++) {
		struct work *w = work_new(&rs[k]);

		if (!w)
			return -ENOMEM;
		write_timespan(f, 1, &rs[k], w);
		work_free(w);
	}
	if (!ret)
		fputs("</Results>", f);
	if (!ret && ferror(f))
		ret = -EIO;
	return ret;
}
