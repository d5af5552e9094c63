/* report_html_time.c - the run page's charts over time (see
 * report_html_time.h), drawn with chart_time() from the -D series of the
 * results: IOPS per interval from the I/O counts, MiB/s from the counts
 * times each target's block size, P50 and P99 from the per-interval
 * percentiles of a -L -D run (results.ipct), latency from the interval
 * sums and maxima.  A table under the P99 chart lists each interval's
 * figures, so the page says the numbers as well as drawing them. */
#include "report/report_html_time.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>

#include "lib/emit.h"

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

static bool any_positive(const double *v, size_t n)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (v[i] > 0)
			return true;
	return false;
}

/* Line @i of the rate chart (0 total, 1 read, 2 write), by which
 * directions have I/Os: with both, all three; a direction alone is its
 * own total, so one line (not two on top of each other and a flat zero);
 * with none, the total. */
static bool draw_line(const bool seen[3], size_t i)
{
	if (i == 0)
		return seen[1] == seen[2];
	return seen[i];
}

static void rate_chart(const struct results *r, struct time_set *t,
		       bool mib, FILE *f)
{
	static const char *const name[] = { "read", "write", "total" };
	static const char *const col[] = { COL_READ, COL_WRITE, COL_TOTAL };
	static const enum io_dir order[] = { DIR_COUNT, DIR_READ, DIR_WRITE };
	struct chart_line l[3];
	bool seen[3];
	size_t i, n = 0;

	for (i = 0; i < 3; i++) {
		dir_rate(r, t, -1, order[i], mib, t->v + i * t->n);
		seen[i] = any_positive(t->v + i * t->n, t->n);
	}
	for (i = 0; i < 3; i++)
		if (draw_line(seen, i))
			set_line(&l[n++], t, i, col[order[i]],
				 name[order[i]]);
	chart_time(f, mib ? "MiB/s over time" : "IOPS over time",
		   mib ? "MiB/s" : "IOPS", l, n, chart_fmt_axis, false);
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
		   chart_fmt_axis, false);
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

/* Does the run have I/Os of direction @d in its per-interval figures? */
static bool pct_dir_seen(const struct results *r, enum io_dir d)
{
	uint32_t k;

	for (k = 0; k < r->nintervals; k++)
		if (results_ipct(r, k, -1, d)->p99_ns)
			return true;
	return false;
}

/* @which 0: P50, 1: P99, 2: max of direction @d, all targets, in ms. */
static void pct_values(const struct results *r, enum io_dir d, int which,
		       double *out)
{
	uint32_t k;

	for (k = 0; k < r->nintervals; k++) {
		const struct interval_pct *e = results_ipct(r, k, -1, d);
		uint64_t v = which == 0 ? e->p50_ns :
			     which == 1 ? e->p99_ns : e->max_ns;

		out[k] = v ? (double)v / 1e6 : NAN;
	}
}

/* P99 of every I/O per interval, of reads and writes apart when the run
 * does both, and P50 of every I/O. */
static void p99_chart(const struct results *r, struct time_set *t, FILE *f)
{
	static const char *const name[] = { "P99 of reads", "P99 of writes",
					     "P99 of all I/Os" };
	static const char *const col[] = { COL_READ, COL_WRITE, COL_TOTAL };
	bool both = pct_dir_seen(r, DIR_READ) && pct_dir_seen(r, DIR_WRITE);
	struct chart_line l[4];
	size_t n = 0;
	int d;

	pct_values(r, DIR_COUNT, 1, t->v);
	set_line(&l[n++], t, 0, col[DIR_COUNT], name[DIR_COUNT]);
	for (d = 0; both && d < DIR_COUNT; d++) {
		pct_values(r, (enum io_dir)d, 1, t->v + n * t->n);
		set_line(&l[n], t, n, col[d], name[d]);
		n++;
	}
	pct_values(r, DIR_COUNT, 0, t->v + n * t->n);
	set_line(&l[n], t, n, "#94a3b8", "P50 of all I/Os");
	n++;
	chart_time(f, "P99 over time", "P99 latency", l, n, chart_fmt_ms,
		   true);
}

/* A latency cell to three significant figures ("42.5 µs", "4.17 ms"),
 * empty for an interval without I/O. */
static void td_ms(FILE *f, uint64_t ns)
{
	double ms = (double)ns / 1e6, p;
	char buf[32] = "";

	if (ns) {
		p = pow(10, floor(log10(ms)) - 2);
		chart_fmt_ms(buf, sizeof(buf), round(ms / p) * p);
	}
	fprintf(f, "<td>%s</td>", buf);
}

/* Each interval's IOPS, P50, P99 and max (all targets, every I/O), in a
 * table under the chart that scrolls past about 20 rows. */
static void pct_table(const struct results *r, struct time_set *t, FILE *f)
{
	char iops[32];
	uint32_t k;

	dir_rate(r, t, -1, DIR_COUNT, false, t->v);
	fprintf(f, "<p class=\"sub\">P50, P99 and max of each of the %u "
		   "intervals</p>\n<div class=\"ipct scroll\"><table><tr><th>interval</th>"
		   "<th>IOPS</th><th>P50</th><th>P99</th><th>max</th></tr>\n",
		t->n);
	for (k = 0; k < t->n; k++) {
		const struct interval_pct *e = results_ipct(r, k, -1,
							    DIR_COUNT);

		chart_fmt_count(iops, sizeof(iops), round(t->v[k]));
		fprintf(f, "<tr><td>%g–%g s</td><td>%s</td>", k * t->sec,
			(k + 1) * t->sec, iops);
		td_ms(f, e->p50_ns);
		td_ms(f, e->p99_ns);
		td_ms(f, e->max_ns);
		fputs("</tr>\n", f);
	}
	fputs("</table></div>\n", f);
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
	size_t lines = r->ntargets > 4 ? r->ntargets : 4;

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
	if (r->nipct) {
		fputs("<h2>P99 latency over time</h2>\n<div class=\"panel\">\n",
		      f);
		p99_chart(r, &t, f);
		pct_table(r, &t, f);
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
