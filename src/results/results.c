/* results.c - ownership of struct results (rows, intervals, the profile
 * copy) and the aggregates every report prints: totals, per-target and
 * per-direction sums, merged latency histograms and the IOPS standard
 * deviation over -D intervals; the -D series, the -rd ranges and the
 * percentile list the reports share. */
#include "results/results.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"

void results_init(struct results *r)
{
	memset(r, 0, sizeof(*r));
}

static void free_rows(struct results *r)
{
	uint32_t i;
	int d;

	for (i = 0; i < r->nrows; i++)
		for (d = 0; d < DIR_COUNT; d++)
			free(r->rows[i].dir[d].intervals);
	free(r->rows);
	r->rows = NULL;
	r->nrows = 0;
}

void results_release(struct results *r)
{
	free_rows(r);
	free(r->ipct);
	free(r->cpus);
	free(r->fleet.ranks);
	profile_release(&r->profile);
	results_init(r);
}

int results_alloc_ipct(struct results *r)
{
	uint32_t scopes = r->ntargets + 1, i, t, d;
	size_t n = (size_t)r->nintervals * scopes * RESULTS_PCT_DIRS, k = 0;

	free(r->ipct);
	r->ipct = NULL;
	r->nipct = 0;
	if (!r->nintervals)
		return -EINVAL;
	if (n > UINT32_MAX)
		return -ENOMEM;
	r->ipct = calloc(n, sizeof(*r->ipct));
	if (!r->ipct)
		return -ENOMEM;
	for (i = 0; i < r->nintervals; i++)
		for (t = 0; t < scopes; t++)
			for (d = 0; d < RESULTS_PCT_DIRS; d++, k++) {
				r->ipct[k].interval = i;
				r->ipct[k].target = (int32_t)t - 1;
				r->ipct[k].dir = (enum io_dir)d;
			}
	r->nipct = (uint32_t)n;
	return 0;
}

const struct interval_pct *results_ipct(const struct results *r, uint32_t i,
					int target, enum io_dir dir)
{
	size_t k;

	if (!r->nipct || i >= r->nintervals || target >= (int)r->ntargets)
		return NULL;
	k = results_ipct_index(r, i, target < 0 ? -1 : target, dir);
	return k < r->nipct ? &r->ipct[k] : NULL;
}

double *results_interval_p99_ms(const struct results *r)
{
	double *v;
	uint32_t i;

	if (!r->nipct)
		return NULL;
	v = calloc(r->nintervals, sizeof(*v));
	for (i = 0; v && i < r->nintervals; i++) {
		uint64_t ns = results_ipct(r, i, -1, DIR_COUNT)->p99_ns;

		v[i] = ns ? (double)ns / 1e6 : NAN;
	}
	return v;
}

static int alloc_intervals(struct dir_stats *ds, uint32_t n)
{
	uint32_t i;

	ds->intervals = calloc(n, sizeof(*ds->intervals));
	if (!ds->intervals)
		return -ENOMEM;
	for (i = 0; i < n; i++)
		ds->intervals[i].lat_min_ns = UINT64_MAX;
	return 0;
}

int results_alloc_rows(struct results *r, uint32_t nrows,
		       uint32_t nintervals)
{
	uint32_t i;
	int d, ret;

	free_rows(r);
	r->nintervals = 0;
	if (!nrows)
		return 0;
	/* calloc checks nrows * size for overflow */
	r->rows = calloc(nrows, sizeof(*r->rows));
	if (!r->rows)
		return -ENOMEM;
	r->nrows = nrows;
	for (i = 0; i < nrows; i++) {
		r->rows[i].cpu = -1;
		for (d = 0; d < DIR_COUNT; d++) {
			hist_init(&r->rows[i].dir[d].lat);
			if (!nintervals)
				continue;
			ret = alloc_intervals(&r->rows[i].dir[d], nintervals);
			if (ret) {
				free_rows(r);
				return ret;
			}
		}
	}
	r->nintervals = nintervals;
	return 0;
}

static int dup_field(char **dst, const char *src)
{
	*dst = NULL;
	if (!src)
		return 0;
	*dst = strdup(src);
	return *dst ? 0 : -ENOMEM;
}

int profile_copy(struct profile *dst, const struct profile *src)
{
	uint32_t i;
	int ret = 0;

	memcpy(dst, src, sizeof(*dst));
	dst->next_span = NULL;	/* one timespan: the results' own */
	/* every owned string is now aliased; replace each by a copy */
	ret |= dup_field(&dst->cmdline, src->cmdline);
	ret |= dup_field(&dst->engine, src->engine);
	ret |= dup_field(&dst->allow_device_writes, src->allow_device_writes);
	ret |= dup_field(&dst->label, src->label);
	ret |= dup_field(&dst->cloud_disk, src->cloud_disk);
	ret |= dup_field(&dst->cloud_vm, src->cloud_vm);
	ret |= dup_field(&dst->series_path, src->series_path);
	ret |= dup_field(&dst->xml_profile_path, src->xml_profile_path);
	for (i = 0; i < PROFILE_MAX_OUTPUTS; i++)
		ret |= dup_field(&dst->outputs[i].path, src->outputs[i].path);
	for (i = 0; i < PROFILE_MAX_TARGETS; i++) {
		ret |= dup_field(&dst->targets[i].path, src->targets[i].path);
		ret |= dup_field(&dst->targets[i].wbuf_source_path,
				 src->targets[i].wbuf_source_path);
	}
	if (ret) {
		profile_release(dst);
		return -ENOMEM;
	}
	return 0;
}

static bool row_selected(const struct thread_target *row, int target)
{
	return target < 0 || row->target == (uint32_t)target;
}

const struct results_pct results_pcts[RESULTS_NPCT] = {
	{ "min", "min", 0 },		{ "25th", "25", 25 },
	{ "50th", "50", 50 },		{ "75th", "75", 75 },
	{ "90th", "90", 90 },		{ "95th", "95", 95 },
	{ "99th", "99", 99 },		{ "3-nines", "99.9", 99.9 },
	{ "4-nines", "99.99", 99.99 },	{ "5-nines", "99.999", 99.999 },
	{ "6-nines", "99.9999", 99.9999 },
	{ "7-nines", "99.99999", 99.99999 },
	{ "8-nines", "99.999999", 99.999999 },
	{ "9-nines", "99.9999999", 99.9999999 },
	{ "max", "max", 100 },
};

/* Interval @i of directions [dlo, dhi) merged over the selected rows into
 * @x: the one place the -D series is summed. */
static void merge_interval(const struct thread_target *rows, uint32_t nrows,
			   int target, int dlo, int dhi, uint32_t i,
			   struct interval_stat *x)
{
	uint32_t k;
	int d;

	memset(x, 0, sizeof(*x));
	x->lat_min_ns = UINT64_MAX;
	for (k = 0; k < nrows; k++) {
		if (!row_selected(&rows[k], target))
			continue;
		for (d = dlo; d < dhi; d++) {
			const struct interval_stat *s = rows[k].dir[d].intervals;

			if (!s)
				continue;
			s += i;
			x->ios += s->ios;
			x->lat_sum_ns += s->lat_sum_ns;
			x->lat_sumsq_ns += s->lat_sumsq_ns;
			if (s->ios && s->lat_min_ns < x->lat_min_ns)
				x->lat_min_ns = s->lat_min_ns;
			if (s->ios && s->lat_max_ns > x->lat_max_ns)
				x->lat_max_ns = s->lat_max_ns;
		}
	}
}

static void series_rows(const struct results *r,
			const struct thread_target *rows, uint32_t nrows,
			int target, enum io_dir dir, struct interval_stat *out)
{
	int dlo = dir == DIR_COUNT ? 0 : (int)dir;
	int dhi = dir == DIR_COUNT ? DIR_COUNT : (int)dir + 1;
	uint32_t i;

	for (i = 0; i < r->nintervals; i++)
		merge_interval(rows, nrows, target, dlo, dhi, i, &out[i]);
}

void results_series(const struct results *r, int target, enum io_dir dir,
		    struct interval_stat *out)
{
	series_rows(r, r->rows, r->nrows, target, dir, out);
}

void results_row_series(const struct results *r,
			const struct thread_target *row, enum io_dir dir,
			struct interval_stat *out)
{
	series_rows(r, row, 1, -1, dir, out);
}

/* Population sigma of the per-interval I/O counts of @rows (merged over
 * the selected rows and directions first), over intervals 0..last seen
 * (the last with any I/O), in I/Os per second.  Exact integer sums. */
static double iops_stddev(const struct results *r,
			  const struct thread_target *rows, uint32_t nrows,
			  int target, int dlo, int dhi)
{
	unsigned __int128 s = 0, ss = 0, s_last = 0, ss_last = 0;
	unsigned __int128 var_n2;
	struct interval_stat x;
	uint64_t n_last = 0;
	uint32_t i;

	if (!r->nintervals || !r->interval_ms)
		return 0.0;
	for (i = 0; i < r->nintervals; i++) {
		uint64_t c;

		merge_interval(rows, nrows, target, dlo, dhi, i, &x);
		c = x.ios;
		s += c;
		ss += (unsigned __int128)c * c;
		if (c) {
			n_last = i + 1;
			s_last = s;
			ss_last = ss;
		}
	}
	if (!n_last)
		return 0.0;
	/* n^2 var = n * sum(c^2) - (sum c)^2 >= 0 by Cauchy-Schwarz */
	var_n2 = n_last * ss_last - s_last * s_last;
	return sqrt((double)var_n2) / (double)n_last /
	       ((double)r->interval_ms / 1000.0);
}

static void aggregate_rows(const struct results *r,
			   const struct thread_target *rows, uint32_t nrows,
			   int target, enum io_dir dir, struct agg *out)
{
	int dlo = dir == DIR_COUNT ? 0 : (int)dir;
	int dhi = dir == DIR_COUNT ? DIR_COUNT : (int)dir + 1;
	uint32_t k;
	int d;

	out->ios = 0;
	out->bytes = 0;
	hist_init(&out->lat);
	for (k = 0; k < nrows; k++) {
		if (!row_selected(&rows[k], target))
			continue;
		for (d = dlo; d < dhi; d++) {
			out->ios += rows[k].dir[d].ios;
			out->bytes += rows[k].dir[d].bytes;
			hist_merge(&out->lat, &rows[k].dir[d].lat);
		}
	}
	if (r->test_time_s > 0) {
		out->iops = (double)out->ios / r->test_time_s;
		out->mib_s = (double)out->bytes / 1048576.0 / r->test_time_s;
	} else {
		out->iops = 0.0;
		out->mib_s = 0.0;
	}
	out->iops_stddev = iops_stddev(r, rows, nrows, target, dlo, dhi);
}

void results_aggregate(const struct results *r, int target,
		       enum io_dir dir, struct agg *out)
{
	aggregate_rows(r, r->rows, r->nrows, target, dir, out);
}

void results_row_aggregate(const struct results *r,
			   const struct thread_target *row, enum io_dir dir,
			   struct agg *out)
{
	aggregate_rows(r, row, 1, -1, dir, out);
}

void results_fill_dist(struct results *r)
{
	uint32_t i;

	for (i = 0; i < r->ntargets && i < PROFILE_MAX_TARGETS; i++) {
		struct target_info *t = &r->targets[i];

		t->ndist = i < r->profile.ntargets ?
			   dist_effective(&r->profile.targets[i],
					  t->size_bytes, t->dist) : 0;
	}
}

void results_warn(struct results *r, const char *fmt, ...)
{
	va_list ap;

	if (r->nwarnings >= ARRAY_SIZE(r->warnings))
		return;
	va_start(ap, fmt);
	vsnprintf(r->warnings[r->nwarnings], sizeof(r->warnings[0]), fmt, ap);
	va_end(ap);
	r->nwarnings++;
}

void results_count_error(struct thread_target *row, int err)
{
	struct errno_count *c = row->errnos;
	uint32_t i;

	row->errors++;
	for (i = 0; i < RESULTS_ERRNOS - 1; i++) {
		if (!c[i].count)
			c[i].err = err;
		if (c[i].err == err) {
			c[i].count++;
			return;
		}
	}
	c[RESULTS_ERRNOS - 1].err = RESULTS_ERR_OTHER;
	c[RESULTS_ERRNOS - 1].count++;
}

/* Add @n I/Os failed with @err to the merged table @out. */
static void merge_errno(struct errno_count *out, int32_t err, uint64_t n)
{
	uint32_t i;

	for (i = 0; i < RESULTS_ERRNOS - 1; i++) {
		if (!out[i].count)
			out[i].err = err;
		if (out[i].err == err) {
			out[i].count += n;
			return;
		}
	}
	out[RESULTS_ERRNOS - 1].err = RESULTS_ERR_OTHER;
	out[RESULTS_ERRNOS - 1].count += n;
}

uint64_t results_errors(const struct results *r, int target,
			struct errno_count *out)
{
	uint64_t total = 0;
	uint32_t i, j;

	memset(out, 0, RESULTS_ERRNOS * sizeof(*out));
	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];

		if (target >= 0 && row->target != (uint32_t)target)
			continue;
		total += row->errors;
		for (j = 0; j < RESULTS_ERRNOS; j++)
			if (row->errnos[j].count)
				merge_errno(out, row->errnos[j].err,
					    row->errnos[j].count);
	}
	return total;
}

const char *results_errno_name(int err)
{
	const char *name;

	if (err == 0)
		return "EOF";
	if (err < 0)
		return "other";
	name = strerrorname_np(err);
	return name ? name : "other";
}

void results_fmt_errnos(const struct errno_count *c, char *buf, size_t len)
{
	size_t n = 0;
	uint32_t i;

	if (!len)
		return;
	buf[0] = '\0';
	for (i = 0; i < RESULTS_ERRNOS && n < len; i++) {
		if (!c[i].count)
			continue;
		n += (size_t)snprintf(buf + n, len - n, "%s%s: %" PRIu64,
				      n ? ", " : "", results_errno_name(c[i].err),
				      c[i].count);
	}
}

void results_fmt_failure(const struct results *r, char *buf, size_t len)
{
	const struct io_failure *f = &r->io_failure;
	const char *path = f->target < r->ntargets ?
			   r->targets[f->target].path : "?";

	if (!len)
		return;
	buf[0] = '\0';
	if (!f->failed)
		return;
	if (f->offset == IO_FAILURE_WRITEBACK) {
		snprintf(buf, len, "write-back of '%s' failed after the run: "
			 "%s (the page cache took the writes, the device did "
			 "not)", path, strerror(f->err));
		return;
	}
	snprintf(buf, len, "%s %s '%s' at offset %" PRIu64 " failed: %s",
		 f->write ? "write" : "read", f->write ? "to" : "from", path,
		 f->offset, f->err ? strerror(f->err) :
		 "no data transferred (end of file)");
}
