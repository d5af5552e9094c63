/* burst.c - step drops (burst credits, an SLC cache running out) and
 * SNIA's steady state in the -D series, and the findings that state them.
 * See burst.h. */
#include "workflow/burst.h"
#include "workflow/finding.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/fmt.h"
#include "workflow/interpret.h"

static double mean_of(const double *v, uint32_t from, uint32_t to)
{
	double sum = 0;
	uint32_t i;

	for (i = from; i < to; i++)
		sum += v[i];
	return to > from ? sum / (to - from) : 0;
}

static double sse_of(const double *v, uint32_t from, uint32_t to)
{
	double m = mean_of(v, from, to), sum = 0;
	uint32_t i;

	for (i = from; i < to; i++)
		sum += (v[i] - m) * (v[i] - m);
	return sum;
}

/* Residual sum of squares of the least-squares line through @v; its
 * slope per interval in *@slope. */
static double line_sse(const double *v, uint32_t n, double *slope)
{
	double xm = (n - 1) / 2.0, ym = mean_of(v, 0, n), sxy = 0, sxx = 0;
	double b, sum = 0;
	uint32_t i;

	for (i = 0; i < n; i++) {
		sxy += (i - xm) * (v[i] - ym);
		sxx += (i - xm) * (i - xm);
	}
	b = sxx > 0 ? sxy / sxx : 0;
	for (i = 0; i < n; i++) {
		double r = v[i] - (ym + b * (i - xm));

		sum += r * r;
	}
	*slope = b;
	return sum;
}

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median of v[from, to) (to > from); the series is at most a few
 * thousand intervals, copied once. */
static double median_of(const double *v, uint32_t from, uint32_t to)
{
	uint32_t n = to - from;
	double *s = malloc(n * sizeof(*s)), m;

	if (!s)
		return mean_of(v, from, to);
	memcpy(s, v + from, n * sizeof(*s));
	qsort(s, n, sizeof(*s), cmp_double);
	m = n % 2 ? s[n / 2] : (s[n / 2 - 1] + s[n / 2]) / 2;
	free(s);
	return m;
}

/* The split that fits two levels best: the first index of the second. */
static uint32_t best_split(const double *v, uint32_t n, double *sse)
{
	uint32_t k, best = BURST_MIN_INTERVALS;

	*sse = INFINITY;
	for (k = BURST_MIN_INTERVALS; k + BURST_MIN_INTERVALS <= n; k++) {
		double s = sse_of(v, 0, k) + sse_of(v, k, n);

		if (s < *sse) {
			*sse = s;
			best = k;
		}
	}
	return best;
}

/* Share of interval @x spent at level @a rather than @b, 0..1. */
static double share_high(double x, double a, double b)
{
	double f = (x - b) / (a - b);

	return f < 0 ? 0 : f > 1 ? 1 : f;
}

bool burst_detect(const double *v, uint32_t n, double interval_s,
		  struct burst_phases *out)
{
	double step, line, slope, a, b, mid;
	uint32_t k, j;

	if (!v || n < 2 * BURST_MIN_INTERVALS || !(interval_s > 0))
		return false;
	k = best_split(v, n, &step);
	line = line_sse(v, n, &slope);
	a = median_of(v, 0, k);
	b = median_of(v, k, n);
	if (!(a > 0) || b >= BURST_DROP * a || !(step < line))
		return false;
	mid = (a + b) / 2;
	for (j = 1; j < n; j++)
		if (v[j] < mid && mean_of(v, j, n) < mid)
			break;
	if (n - j < BURST_MIN_INTERVALS)
		return false;	/* one slow last interval is no phase */
	out->burst_iops = a;
	out->sustained_iops = b;
	out->drop_s = interval_s * (j - 1 + share_high(v[j - 1], a, b) +
				    share_high(v[j], a, b));
	out->total_s = interval_s * n;
	return true;
}

bool steady_check(const double *v, uint32_t n, struct steady_state *out)
{
	const double *w;
	double slope;
	uint32_t i;

	memset(out, 0, sizeof(*out));
	if (!v || n < STEADY_WINDOW)
		return false;
	w = v + n - STEADY_WINDOW;
	out->mean = mean_of(w, 0, STEADY_WINDOW);
	if (!(out->mean > 0))
		return false;
	for (i = 0; i < STEADY_WINDOW; i++)
		out->max_dev = fmax(out->max_dev,
				    fabs(w[i] - out->mean) / out->mean);
	line_sse(w, STEADY_WINDOW, &slope);
	out->slope_dev = fabs(slope) * (STEADY_WINDOW - 1) / out->mean;
	out->steady = out->max_dev <= STEADY_BAND &&
		      out->slope_dev <= STEADY_BAND;
	return true;
}

static void burst_finding(const struct interp_test *t,
			  const struct burst_phases *p, struct finding *out,
			  size_t *nout, size_t max)
{
	struct finding *f = finding_add(out, nout, max, FIND_BURST, p->drop_s);
	char a[32], b[32], first[32], rest[32];

	if (!f)
		return;
	fmt_count(a, sizeof(a), p->burst_iops);
	fmt_count(b, sizeof(b), p->sustained_iops);
	finding_seconds(first, sizeof(first), p->drop_s);
	finding_seconds(rest, sizeof(rest), p->total_s - p->drop_s);
	snprintf(f->text, sizeof(f->text), "%s: the first %s ran at %s "
		 "IOPS, then %s IOPS for the remaining %s: burst credits "
		 "or a cache ran out; the sustained figure is %s IOPS",
		 t->name, first, a, b, rest, b);
}

static void steady_finding(const struct interp_test *t,
			   const struct steady_state *st, struct finding *out,
			   size_t *nout, size_t max)
{
	struct finding *f = finding_add(out, nout, max, FIND_STEADY,
				fmax(st->max_dev, st->slope_dev));
	char m[32];

	if (!f)
		return;
	fmt_count(m, sizeof(m), st->mean);
	snprintf(f->text, sizeof(f->text), "%s: no steady state: the last "
		 "%d intervals stray up to %.0f%% from their mean of %s IOPS "
		 "and the line through them moves %.0f%% (SNIA allows %.0f%% "
		 "each): the run was too short to trust a mean; rerun with a "
		 "longer --duration", t->name, STEADY_WINDOW,
		 st->max_dev * 100, m, st->slope_dev * 100, STEADY_BAND * 100);
}

void interp_burst(const struct interp_test *t, struct finding *out,
		  size_t *nout, size_t max)
{
	struct burst_phases p;
	struct steady_state st;

	if (burst_detect(t->interval_iops, t->nintervals, t->interval_s, &p))
		burst_finding(t, &p, out, nout, max);
	if (steady_check(t->interval_iops, t->nintervals, &st) && !st.steady)
		steady_finding(t, &st, out, nout, max);
}
