/* figures_headline.c - a test's one headline figure: after a burst (the
 * -D series stepped down, workflow/burst.h) the sustained phase, with
 * its latency from the same intervals, so in-flight / IOPS = mean
 * latency holds on the row; otherwise the whole window.  See figures.h.
 *
 * The phase starts at the first interval after the drop that is within
 * PHASE_SETTLED of the sustained level: a throttle or cache may pass
 * through a level or two on its way down (or stall once), and those
 * intervals are neither phase.
 *
 * The phase's mean and max are exact (interval sums); its P50 and P99
 * are the medians of the phase's per-interval percentiles (-L -D keeps
 * them per interval, not their histograms), and its P99.9 the whole
 * window's, kept within [P99, max] of the phase.
 */
#include "workflow/figures.h"

#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "workflow/burst.h"

#define PHASE_SETTLED 0.25	/* |interval - level| / level */

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

/* Median of the finite positive values of @v (sorted in place), 0 none. */
static double median_of(double *v, uint32_t n)
{
	uint32_t i, k = 0;

	for (i = 0; i < n; i++)
		if (isfinite(v[i]) && v[i] > 0)
			v[k++] = v[i];
	if (!k)
		return 0;
	qsort(v, k, sizeof(*v), cmp_dbl);
	return k % 2 ? v[k / 2] : (v[k / 2 - 1] + v[k / 2]) / 2;
}

/* Median of interval percentile @pct (0: P50, 1: P99) from @k0 on. */
static double phase_pct_ms(const struct results *r, uint32_t k0, int pct)
{
	double v[4096];
	uint32_t i, n = 0;

	if (!r->nipct)
		return 0;
	for (i = k0; i < r->nintervals && n < 4096; i++) {
		const struct interval_pct *p = results_ipct(r, i, -1,
							    DIR_COUNT);

		v[n++] = (double)(pct ? p->p99_ns : p->p50_ns) / 1e6;
	}
	return median_of(v, n);
}

/* I/Os, latency sum and max of every row and direction from @k0 on. */
static void phase_sums(const struct results *r, uint32_t k0, double *ios,
		       double *lat_sum_ns, uint64_t *lat_max_ns)
{
	uint32_t i, k;
	int d;

	*ios = *lat_sum_ns = 0;
	*lat_max_ns = 0;
	for (i = 0; i < r->nrows; i++)
		for (d = 0; d < DIR_COUNT; d++) {
			const struct interval_stat *s = r->rows[i].dir[d].intervals;

			for (k = k0; s && k < r->nintervals; k++) {
				*ios += (double)s[k].ios;
				*lat_sum_ns += s[k].lat_sum_ns;
				if (s[k].ios && s[k].lat_max_ns > *lat_max_ns)
					*lat_max_ns = s[k].lat_max_ns;
			}
		}
}

/* The phase's figures in place of the window's in @d. */
static void use_phase(const struct results *r, uint32_t k0,
		      struct cmp_detail *d)
{
	double ios, lat_sum, secs = (r->nintervals - k0) * d->interval_s;
	double scale;
	uint64_t max_ns;

	phase_sums(r, k0, &ios, &lat_sum, &max_ns);
	if (!(ios > 0) || !(secs > 0))
		return;
	scale = d->iops > 0 ? ios / secs / d->iops : 0;
	d->sustained = true;
	d->phase_first = k0;
	d->iops = ios / secs;
	d->mib_s *= scale;
	d->read_iops *= scale;
	d->write_iops *= scale;
	if (lat_sum > 0) {
		d->mean_ms = lat_sum / ios / 1e6;
		d->max_ms = (double)max_ns / 1e6;
		d->p50_ms = phase_pct_ms(r, k0, 0);
		d->p99_ms = phase_pct_ms(r, k0, 1);
		d->p999_ms = fmin(fmax(d->p999_ms, d->p99_ms), d->max_ms);
	}
}

void figures_headline(const struct results *r, struct cmp_detail *d)
{
	struct burst_phases bp;
	uint32_t k0;

	d->window_iops = d->iops;
	d->window_mib_s = d->mib_s;
	d->window_mean_ms = d->mean_ms;
	d->window_p99_ms = d->p99_ms;
	if (!d->interval_iops || !(d->interval_s > 0) ||
	    !burst_detect(d->interval_iops, d->nintervals, d->interval_s,
			  &bp))
		return;
	/* the interval holding the drop belongs to neither phase */
	k0 = (uint32_t)ceil(bp.drop_s / d->interval_s - 1e-9);
	while (k0 + BURST_MIN_INTERVALS < d->nintervals &&
	       fabs(d->interval_iops[k0] - bp.sustained_iops) >
		       PHASE_SETTLED * bp.sustained_iops)
		k0++;
	if (k0 >= d->nintervals)
		return;
	d->burst_iops = bp.burst_iops;
	d->burst_s = bp.drop_s;
	use_phase(r, k0, d);
}
