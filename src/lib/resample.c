/* resample.c - the bootstrap of resample.h: runs drawn with replacement,
 * each run's series by a moving-block bootstrap.  Pure: no I/O. */
#include "lib/resample.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/rng.h"

uint32_t resample_block_len(uint32_t n)
{
	uint32_t b = (uint32_t)lround(sqrt((double)n));

	return b ? b : 1;
}

static int cmp_dbl(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

static double stat_of(double *v, uint32_t n, enum resample_stat stat)
{
	double s = 0;
	uint32_t i;

	if (!n)
		return 0;
	if (stat == RESAMPLE_MEDIAN) {
		qsort(v, n, sizeof(*v), cmp_dbl);
		return n % 2 ? v[n / 2] : (v[n / 2 - 1] + v[n / 2]) / 2;
	}
	for (i = 0; i < n; i++)
		s += v[i];
	return s / n;
}

/* The finite values of @r's series into @v; their count. */
static uint32_t clean_series(const struct resample_run *r, double *v)
{
	uint32_t i, k = 0;

	for (i = 0; r->series && i < r->n && k < RESAMPLE_MAX_SERIES; i++)
		if (isfinite(r->series[i]))
			v[k++] = r->series[i];
	return k;
}

/* One side's prepared runs: clean series and the scale that turns the
 * series' statistic into the run's figure. */
struct prep {
	double *series[RESAMPLE_MAX_RUNS];
	uint32_t n[RESAMPLE_MAX_RUNS];
	double scale[RESAMPLE_MAX_RUNS];
	double value[RESAMPLE_MAX_RUNS];
	size_t nruns;
};

static void prep_release(struct prep *p)
{
	size_t i;

	for (i = 0; i < p->nruns; i++)
		free(p->series[i]);
}

static int prep_side(const struct resample_side *s, enum resample_stat stat,
		     struct prep *p, double *tmp, bool *any)
{
	size_t i;
	double st;

	memset(p, 0, sizeof(*p));
	if (!s->nruns || s->nruns > RESAMPLE_MAX_RUNS)
		return -EINVAL;
	for (i = 0; i < s->nruns; i++) {
		const struct resample_run *r = &s->runs[i];
		uint32_t n = clean_series(r, tmp);

		if (!(r->value > 0))
			return -EINVAL;
		p->nruns = i + 1;
		p->value[i] = r->value;
		if (n < 2)
			continue;
		p->series[i] = malloc(n * sizeof(double));
		if (!p->series[i])
			return -ENOMEM;
		memcpy(p->series[i], tmp, n * sizeof(double));
		st = stat_of(tmp, n, stat);
		if (!(st > 0)) {
			free(p->series[i]);
			p->series[i] = NULL;
			continue;
		}
		p->n[i] = n;
		p->scale[i] = r->value / st;
		*any = true;
	}
	return 0;
}

/* A moving-block bootstrap of run @k's series, its statistic scaled. */
static double draw_run(const struct prep *p, size_t k,
		       enum resample_stat stat, struct rng *g, double *tmp)
{
	uint32_t n = p->n[k], b, o = 0, start, j;

	if (!p->series[k])
		return p->value[k];
	b = resample_block_len(n);
	while (o < n) {
		start = (uint32_t)rng_below(g, n - b + 1);
		for (j = 0; j < b && o < n; j++)
			tmp[o++] = p->series[k][start + j];
	}
	return stat_of(tmp, n, stat) * p->scale[k];
}

static double draw_side(const struct prep *p, enum resample_stat stat,
			struct rng *g, double *tmp)
{
	double s = 0;
	size_t i;

	for (i = 0; i < p->nruns; i++) {
		size_t k = p->nruns > 1 ? (size_t)rng_below(g, p->nruns) : 0;

		s += draw_run(p, k, stat, g, tmp);
	}
	return s / (double)p->nruns;
}

/* Percentile @q (0..1) of sorted @v. */
static double quantile(const double *v, unsigned int n, double q)
{
	double x = q * (n - 1);
	unsigned int i = (unsigned int)x;

	if (i + 1 >= n)
		return v[n - 1];
	return v[i] + (x - i) * (v[i + 1] - v[i]);
}

int resample_ratio_ci(const struct resample_side *a,
		      const struct resample_side *b, enum resample_stat stat,
		      unsigned int iters, uint64_t seed, double conf,
		      struct resample_ci *out)
{
	struct prep *p = calloc(2, sizeof(*p));
	double *tmp = malloc(RESAMPLE_MAX_SERIES * sizeof(double));
	double *ratio = calloc(iters ? iters : 1, sizeof(double));
	struct rng g;
	unsigned int i;
	int ret = -ENOMEM;

	memset(out, 0, sizeof(*out));
	if (!p || !tmp || !ratio)
		goto out;
	ret = -EINVAL;
	if (!iters || !(conf > 0 && conf < 1))
		goto out;
	ret = prep_side(a, stat, &p[0], tmp, &out->series);
	if (!ret)
		ret = prep_side(b, stat, &p[1], tmp, &out->series);
	if (ret)
		goto out;
	rng_seed(&g, seed, 0, RNG_OFFSET);
	for (i = 0; i < iters; i++) {
		double x = draw_side(&p[0], stat, &g, tmp);

		ratio[i] = x > 0 ? draw_side(&p[1], stat, &g, tmp) / x : 0;
	}
	qsort(ratio, iters, sizeof(double), cmp_dbl);
	out->lo = quantile(ratio, iters, (1 - conf) / 2);
	out->hi = quantile(ratio, iters, 1 - (1 - conf) / 2);
out:
	if (p) {
		prep_release(&p[0]);
		prep_release(&p[1]);
	}
	free(p);
	free(tmp);
	free(ratio);
	return ret;
}
