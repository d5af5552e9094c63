/* report_html_time.c - the run page's charts over time (see
 * report_html_time.h), drawn with chart_time() from the -D series of the
 * results: IOPS per interval from the I/O counts, MiB/s from the counts
 * times each target's block size, latency from the interval sums and
 * maxima.  Each interval keeps no histogram, so the latency chart shows
 * the mean and the largest value, not a percentile. */
#include "report/report_html_time.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "report/chart_time.h"

#define COL_READ "#2563eb"
#define COL_WRITE "#ea580c"
#define COL_TOTAL "#334155"
#define MIB (1024.0 * 1024.0)

static const char *const target_col[] = {
	"#2563eb", "#ea580c", "#059669", "#7c3aed", "#db2777", "#0891b2",
	"#ca8a04", "#475569",
};

/* Values of one chart: @v[line * n + k]. */
struct time_set {
	uint32_t n;
	double sec;
	double *v;
	struct interval_stat *s;	/* scratch, n entries */
};

static void set_line(struct chart_line *l, const struct time_set *t,
		     size_t i, const char *color, const char *name)
{
	*l = (struct chart_line){ .v = t->v + i * t->n, .n = t->n,
				  .step_s = t->sec, .color = color,
				  .name = name };
}

/* IOPS (@mib false) or MiB/s of direction @d over every row of target
 * @target (< 0: all) into @out. */
static void dir_rate(const struct results *r, struct time_set *t, int target,
		     enum io_dir d, bool mib, double *out)
{
	uint32_t i, k;

	for (k = 0; k < t->n; k++)
		out[k] = 0;
	for (i = 0; i < r->nrows; i++) {
		const struct thread_target *row = &r->rows[i];
		double bs = 1;

		if (target >= 0 && row->target != (uint32_t)target)
			continue;
		if (mib)
			bs = row->target < r->profile.ntargets ?
			     r->profile.targets[row->target].block_bytes / MIB :
			     0;
		results_row_series(r, row, d, t->s);
		for (k = 0; k < t->n; k++)
			out[k] += (double)t->s[k].ios * bs / t->sec;
	}
}

static void rate_chart(const struct results *r, struct time_set *t,
		       bool mib, FILE *f)
{
	static const char *const name[] = { "read", "write", "total" };
	static const char *const col[] = { COL_READ, COL_WRITE, COL_TOTAL };
	static const enum io_dir order[] = { DIR_COUNT, DIR_READ, DIR_WRITE };
	struct chart_line l[3];
	size_t i;

	for (i = 0; i < 3; i++) {
		dir_rate(r, t, -1, order[i], mib, t->v + i * t->n);
		set_line(&l[i], t, i, col[order[i]], name[order[i]]);
	}
	chart_time(f, mib ? "MiB/s over time" : "IOPS over time",
		   mib ? "MiB/s" : "IOPS", l, 3, chart_fmt_count, false);
}

static void target_chart(const struct results *r, struct time_set *t,
			 FILE *f)
{
	struct chart_line l[8];
	uint32_t i, n = r->ntargets < 8 ? r->ntargets : 8;

	for (i = 0; i < n; i++) {
		dir_rate(r, t, (int)i, DIR_COUNT, false, t->v + i * t->n);
		set_line(&l[i], t, i, target_col[i], r->targets[i].path);
	}
	chart_time(f, "IOPS over time per target", "IOPS", l, n,
		   chart_fmt_count, false);
}

static void latency_chart(const struct results *r, struct time_set *t,
			  FILE *f)
{
	struct chart_line l[2];
	uint32_t k;

	results_series(r, -1, DIR_COUNT, t->s);
	for (k = 0; k < t->n; k++) {
		const struct interval_stat *s = &t->s[k];

		t->v[k] = s->ios ? s->lat_sum_ns / (double)s->ios / 1e6 : NAN;
		t->v[t->n + k] = s->ios ? (double)s->lat_max_ns / 1e6 : NAN;
	}
	set_line(&l[0], t, 0, COL_READ, "mean of the interval");
	set_line(&l[1], t, 1, COL_WRITE, "largest of the interval");
	chart_time(f, "latency over time", "latency", l, 2, chart_fmt_ms,
		   true);
}

static bool measured_latency(const struct results *r)
{
	uint32_t i;

	for (i = 0; i < r->nrows; i++)
		if (r->rows[i].dir[DIR_READ].lat.count ||
		    r->rows[i].dir[DIR_WRITE].lat.count)
			return true;
	return false;
}

int report_html_time(const struct results *r, FILE *f)
{
	struct time_set t = { r->nintervals, r->interval_ms / 1000.0, NULL,
			      NULL };
	size_t lines = r->ntargets > 3 ? r->ntargets : 3;

	if (!r->nintervals || !r->interval_ms)
		return 0;
	t.v = calloc(lines * t.n, sizeof(*t.v));
	t.s = calloc(t.n, sizeof(*t.s));
	if (!t.v || !t.s) {
		free(t.v);
		free(t.s);
		return -ENOMEM;
	}
	fputs("<h2>IOPS and MiB/s over time</h2>\n<div class=\"panel\">\n",
	      f);
	rate_chart(r, &t, false, f);
	rate_chart(r, &t, true, f);
	fputs("</div>\n", f);
	if (r->ntargets > 1) {
		fputs("<h2>IOPS over time per target</h2>\n"
		      "<div class=\"panel\">\n", f);
		target_chart(r, &t, f);
		fputs("</div>\n", f);
	}
	if (measured_latency(r)) {
		fputs("<h2>Latency over time</h2>\n<div class=\"panel\">\n", f);
		latency_chart(r, &t, f);
		fputs("</div>\n", f);
	}
	free(t.v);
	free(t.s);
	return 0;
}
