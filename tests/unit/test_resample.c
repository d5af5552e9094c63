/* test_resample.c - the bootstrap of lib/resample.h and the decision of
 * workflow/verdict.h on synthetic series with known answers: a flat pair
 * gives [1, 1], a tripled side an interval around 3, the same seed the
 * same interval, several runs widen it by their spread, and correlated
 * intervals (AR(1)) are covered about as often as the level says. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <string.h>

#include "lib/resample.h"
#include "lib/rng.h"
#include "workflow/verdict.h"

static double uniform(struct rng *g)
{
	return (double)(rng_next(g) >> 11) / 9007199254740992.0;
}

static double gauss(struct rng *g)
{
	double u = uniform(g), v = uniform(g);

	return sqrt(-2 * log(u > 0 ? u : 1e-300)) * cos(2 * M_PI * v);
}

/* @n intervals around @level: AR(1) noise of @phi, @sd relative. */
static void series(struct rng *g, double *v, uint32_t n, double level,
		   double phi, double sd)
{
	double e = 0;
	uint32_t i;

	for (i = 0; i < n; i++) {
		e = phi * e + sqrt(1 - phi * phi) * sd * gauss(g);
		v[i] = level * (1 + e);
	}
}

static double mean(const double *v, uint32_t n)
{
	double s = 0;
	uint32_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s / n;
}

static int ci_of(const double *a, const double *b, uint32_t n,
		 uint64_t seed, struct resample_ci *ci)
{
	struct resample_run ra = { mean(a, n), a, n };
	struct resample_run rb = { mean(b, n), b, n };
	struct resample_side sa = { &ra, 1 }, sb = { &rb, 1 };

	return resample_ratio_ci(&sa, &sb, RESAMPLE_MEAN, 2000, seed, 0.95,
				 ci);
}

static void test_flat_and_tripled(void **state)
{
	double a[30], b[30];
	struct resample_ci ci, again;
	struct rng g;
	int i;

	(void)state;
	for (i = 0; i < 30; i++)
		a[i] = b[i] = 1000;
	assert_int_equal(ci_of(a, b, 30, 1, &ci), 0);
	assert_true(fabs(ci.lo - 1) < 1e-12 && fabs(ci.hi - 1) < 1e-12);
	assert_true(ci.series);
	assert_int_equal(verdict_decide(ci.lo, ci.hi, 0.05, true),
			 CMP_NO_CLEAR);
	rng_seed(&g, 7, 0, RNG_OFFSET);
	series(&g, a, 30, 1000, 0.3, 0.02);
	series(&g, b, 30, 3000, 0.3, 0.02);
	assert_int_equal(ci_of(a, b, 30, 1, &ci), 0);
	assert_true(ci.lo > 2.9 && ci.hi < 3.1 && ci.lo < ci.hi);
	assert_int_equal(verdict_decide(ci.lo, ci.hi, 0.05, true), CMP_BETTER);
	assert_int_equal(verdict_decide(1 / ci.hi, 1 / ci.lo, 0.05, true),
			 CMP_WORSE);
	/* seeded: the same input gives the same interval */
	assert_int_equal(ci_of(a, b, 30, 1, &again), 0);
	assert_true(ci.lo == again.lo && ci.hi == again.hi);
}

static void test_decide_bounds(void **state)
{
	(void)state;
	/* the whole interval must lie beyond ±min-effect */
	assert_int_equal(verdict_decide(1.06, 1.2, 0.05, true), CMP_BETTER);
	assert_int_equal(verdict_decide(1.04, 1.2, 0.05, true), CMP_NO_CLEAR);
	assert_int_equal(verdict_decide(0.8, 0.94, 0.05, true), CMP_WORSE);
	assert_int_equal(verdict_decide(0.8, 0.96, 0.05, true), CMP_NO_CLEAR);
	assert_int_equal(verdict_decide(1.06, 1.2, 0.05, false), CMP_WORSE);
	assert_int_equal(verdict_decide(0, 0, 0.05, true), CMP_NO_CLEAR);
	assert_int_equal(verdict_decide(1.02, 1.03, 0, true), CMP_BETTER);
}

/* Several runs: their spread widens the interval beyond the series'. */
static void test_runs_spread(void **state)
{
	double s[6][30];
	struct resample_run r[6];
	struct resample_side a = { r, 3 }, b = { r + 3, 3 };
	struct resample_ci one, three;
	struct rng g;
	int k;

	(void)state;
	rng_seed(&g, 11, 0, RNG_OFFSET);
	for (k = 0; k < 6; k++) {
		/* each run at its own level: run-to-run spread of 4 % */
		series(&g, s[k], 30, 1000 * (1 + 0.04 * gauss(&g)), 0.2, 0.01);
		r[k] = (struct resample_run){ mean(s[k], 30), s[k], 30 };
	}
	assert_int_equal(ci_of(s[0], s[3], 30, 3, &one), 0);
	assert_int_equal(resample_ratio_ci(&a, &b, RESAMPLE_MEAN, 2000, 3, 0.95,
					   &three), 0);
	assert_true(three.hi - three.lo > one.hi - one.lo);
	/* a run without its series still counts by its figure */
	r[0].series = NULL;
	assert_int_equal(resample_ratio_ci(&a, &b, RESAMPLE_MEDIAN, 500, 3,
					   0.95, &three), 0);
	r[1].value = 0;
	assert_int_equal(resample_ratio_ci(&a, &b, RESAMPLE_MEAN, 500, 3, 0.95,
					   &three), -EINVAL);
}

/* Correlated intervals: the block bootstrap's 95 % interval of an A/A
 * pair of AR(1) series (phi 0.7) holds 1 in most pairs; an iid one would
 * hold it far less often.  Measured, then bounded loosely. */
static void test_correlated_coverage(void **state)
{
	double a[60], b[60];
	struct resample_ci ci;
	struct rng g;
	int k, held = 0, pairs = 200;

	(void)state;
	rng_seed(&g, 5, 0, RNG_OFFSET);
	for (k = 0; k < pairs; k++) {
		series(&g, a, 60, 1000, 0.7, 0.05);
		series(&g, b, 60, 1000, 0.7, 0.05);
		assert_int_equal(ci_of(a, b, 60, (uint64_t)k, &ci), 0);
		held += ci.lo <= 1 && ci.hi >= 1;
	}
	print_message("AR(1) phi 0.7, 60 intervals: 95 %% interval held 1 in "
		      "%d of %d pairs\n", held, pairs);
	assert_true(held >= pairs * 80 / 100);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_flat_and_tripled),
		cmocka_unit_test(test_decide_bounds),
		cmocka_unit_test(test_runs_spread),
		cmocka_unit_test(test_correlated_coverage),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
