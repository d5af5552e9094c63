/* verdict.c - the factors' intervals and the verdicts of one test from
 * its runs under two labels.  See verdict.h. */
#include "workflow/verdict.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/resample.h"
#include "workflow/figures.h"

enum cmp_verdict verdict_decide(double lo, double hi, double min_effect,
				bool higher_better)
{
	if (!(lo > 0) || !(hi >= lo))
		return CMP_NO_CLEAR;
	if (lo > 1 + min_effect)
		return higher_better ? CMP_BETTER : CMP_WORSE;
	if (hi < 1 - min_effect)
		return higher_better ? CMP_WORSE : CMP_BETTER;
	return CMP_NO_CLEAR;
}

/* One run's figures and its headline phase's series (owned). */
struct run_data {
	double iops, mib_s, p99_ms;
	double *iops_s, *p99_s;
	uint32_t n;
};

/* The series of @row's headline phase from its saved JSON result. */
static int load_series(const char *history_path, verdict_load_fn load,
		       const struct history_row *row, struct run_data *d)
{
	struct cmp_detail det;
	char err[256];
	uint32_t k0, n;
	int ret;

	ret = load(history_path, row, &det, err, sizeof(err));
	if (ret == -ENOMEM)
		return ret;
	if (ret || !det.interval_iops || det.nintervals < 2)
		goto out;
	k0 = det.phase_first < det.nintervals ? det.phase_first : 0;
	n = det.nintervals - k0;
	d->iops_s = malloc(n * sizeof(double));
	if (!d->iops_s) {
		ret = -ENOMEM;
		goto out;
	}
	memcpy(d->iops_s, det.interval_iops + k0, n * sizeof(double));
	d->n = n;
	if (det.interval_p99_ms) {
		d->p99_s = malloc(n * sizeof(double));
		if (d->p99_s)
			memcpy(d->p99_s, det.interval_p99_ms + k0,
			       n * sizeof(double));
	}
	ret = 0;
out:
	figures_release(&det);
	return ret == -ENOMEM ? ret : 0;
}

/* Which figure of a run: 0 IOPS, 1 MiB/s, 2 P99. */
static void fill_side(const struct run_data *d, size_t n, int what,
		      struct resample_run *r)
{
	size_t i;

	for (i = 0; i < n; i++) {
		r[i].value = what == 0 ? d[i].iops : what == 1 ? d[i].mib_s :
								  d[i].p99_ms;
		r[i].series = what == 2 ? d[i].p99_s : d[i].iops_s;
		r[i].n = r[i].series ? d[i].n : 0;
	}
}

static uint64_t name_seed(const char *s, int what)
{
	uint64_t h = 1469598103934665603ull;	/* FNV-1a */

	for (; *s; s++)
		h = (h ^ (unsigned char)*s) * 1099511628211ull;
	return h ^ (uint64_t)what;
}

/* The interval of figure @what into @ci (ci->factor set before). */
static int one_ci(struct run_data *const d[2], const size_t n[2], int what,
		  const char *test, struct cmp_ci *ci)
{
	struct resample_run r[2][64];
	struct resample_side s[2];
	struct resample_ci out;
	int k, ret;

	ci->lo = ci->hi = ci->factor;
	ci->series = false;
	for (k = 0; k < 2; k++) {
		fill_side(d[k], n[k], what, r[k]);
		s[k] = (struct resample_side){ r[k], n[k] };
	}
	ret = resample_ratio_ci(&s[0], &s[1], what == 2 ? RESAMPLE_MEDIAN :
					   RESAMPLE_MEAN, VERDICT_ITERS,
				name_seed(test, what), VERDICT_CONF, &out);
	if (ret == -ENOMEM)
		return ret;
	if (ret || !(ci->factor > 0))
		return 0;	/* a figure of 0: no interval */
	if (what == 2) {	/* P99: earlier / later */
		double lo = out.lo;

		out.lo = out.hi > 0 ? 1 / out.hi : 0;
		out.hi = lo > 0 ? 1 / lo : 0;
	}
	ci->lo = fmin(out.lo, ci->factor);
	ci->hi = fmax(out.hi, ci->factor);
	ci->series = out.series;
	return 0;
}

static void set_factors(struct cmp_test *c)
{
	c->iops_ci.factor = c->iops[0].median > 0 ?
				    c->iops[1].median / c->iops[0].median : 0;
	c->mib_ci.factor = c->mib_s[0].median > 0 ?
				   c->mib_s[1].median / c->mib_s[0].median : 0;
	c->p99_ci.factor = c->p99_ms[1].median > 0 ?
				   c->p99_ms[0].median / c->p99_ms[1].median :
				   0;
}

int verdict_test(const char *history_path, verdict_load_fn load,
		 const struct verdict_runs *runs, double min_effect,
		 struct cmp_test *c)
{
	struct run_data *d[2] = { NULL, NULL };
	size_t n[2] = { runs[0].n, runs[1].n }, i;
	int k, ret = -ENOMEM;

	set_factors(c);
	for (k = 0; k < 2; k++) {
		d[k] = calloc(n[k] ? n[k] : 1, sizeof(*d[k]));
		if (!d[k])
			goto out;
		for (i = 0; i < n[k]; i++) {
			const struct history_row *row = runs[k].rows[i];

			d[k][i].iops = row->iops;
			d[k][i].mib_s = row->mib_s;
			d[k][i].p99_ms = row->p99_ms;
			if (history_path && load &&
			    load_series(history_path, load, row, &d[k][i]))
				goto out;
		}
	}
	ret = one_ci(d, n, 0, c->test, &c->iops_ci);
	if (!ret)
		ret = one_ci(d, n, 1, c->test, &c->mib_ci);
	if (!ret)
		ret = one_ci(d, n, 2, c->test, &c->p99_ci);
	c->iops_verdict = verdict_decide(c->iops_ci.lo, c->iops_ci.hi,
					 min_effect, true);
	c->mib_verdict = verdict_decide(c->mib_ci.lo, c->mib_ci.hi,
					min_effect, true);
	c->p99_verdict = verdict_decide(c->p99_ci.lo, c->p99_ci.hi,
					min_effect, true);
out:
	for (k = 0; k < 2; k++)
		for (i = 0; d[k] && i < n[k]; i++) {
			free(d[k][i].iops_s);
			free(d[k][i].p99_s);
		}
	free(d[0]);
	free(d[1]);
	return ret;
}
