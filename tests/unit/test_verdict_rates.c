/* test_verdict_rates.c - the verdict's calibration, with the defaults
 * (95 % interval, ±5 % min-effect, VERDICT_ITERS resamples): thousands
 * of simulated before/after pairs cut from per-interval series recorded
 * on throttled loop disks (tests/data/series, scripts/record-series.sh).
 * A run is a window of 30 intervals (the suite's default 30 s); the two
 * sides of a pair never share an interval.  A/A: both as recorded; A/B:
 * the later side scaled by 1.10 or 1.20.  Asserted: A/A called a change
 * in at most 5 % of pairs, +20 % found (as faster) in at least 95 %;
 * the +10 % rate and the unthrottled (loaded machine) series are
 * printed, not asserted.  Also with three runs per side (--runs 3). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/resample.h"
#include "lib/rng.h"
#include "workflow/verdict.h"

#define MAXN 4096
#define PAIRS 1000

struct rec {
	double iops[MAXN];
	uint32_t n;
};

static void load(const char *name, struct rec *r)
{
	char path[512], line[256];
	FILE *f;
	unsigned int k;
	double iops, p99;

	snprintf(path, sizeof(path), "%s/tests/data/series/%s.tsv",
		 IOPROBE_SRCDIR, name);
	f = fopen(path, "r");
	assert_non_null(f);
	r->n = 0;
	while (fgets(line, sizeof(line), f) && r->n < MAXN)
		if (line[0] != '#' &&
		    sscanf(line, "%u %lf %lf", &k, &iops, &p99) == 3)
			r->iops[r->n++] = iops;
	fclose(f);
	assert_true(r->n >= 120);
}

static double mean(const double *v, uint32_t n)
{
	double s = 0;
	uint32_t i;

	for (i = 0; i < n; i++)
		s += v[i];
	return s / n;
}

/* Verdicts of PAIRS pairs of @runs runs of @win intervals per side, the
 * later scaled by @shift: how many called faster, slower. */
static void rates(const struct rec *r, uint32_t runs, uint32_t win,
		  double shift, int *faster, int *slower)
{
	double buf[6][MAXN];
	struct resample_run run[6];
	struct resample_side a = { run, runs }, b = { run + runs, runs };
	struct resample_ci ci;
	uint32_t slots = r->n / win, order[64], i, k, off;
	struct rng g;
	int p;

	assert_true(slots >= 2 * runs && slots <= 64);
	rng_seed(&g, 20261204, 0, RNG_OFFSET);
	*faster = *slower = 0;
	for (p = 0; p < PAIRS; p++) {
		/* 2 x runs disjoint windows: a random pick of the slots,
		 * all moved by one random offset */
		for (i = 0; i < slots; i++)
			order[i] = i;
		for (i = 0; i < 2 * runs; i++) {
			uint32_t j = i + (uint32_t)rng_below(&g, slots - i);
			uint32_t t = order[i];

			order[i] = order[j];
			order[j] = t;
		}
		off = (uint32_t)rng_below(&g, r->n - slots * win + 1);
		for (i = 0; i < 2 * runs; i++) {
			double s = i >= runs ? shift : 1;

			for (k = 0; k < win; k++)
				buf[i][k] = r->iops[off + order[i] * win + k] * s;
			run[i] = (struct resample_run){ mean(buf[i], win),
							buf[i], win };
		}
		assert_int_equal(resample_ratio_ci(&a, &b, RESAMPLE_MEAN,
						   VERDICT_ITERS, (uint64_t)p,
						   VERDICT_CONF, &ci), 0);
		switch (verdict_decide(ci.lo, ci.hi, VERDICT_MIN_EFFECT,
				       true)) {
		case CMP_BETTER:
			(*faster)++;
			break;
		case CMP_WORSE:
			(*slower)++;
			break;
		default:
			break;
		}
	}
}

static void calibrate(const char *name, uint32_t runs, uint32_t win,
		      bool assert_rates)
{
	struct rec *r = malloc(sizeof(*r));
	int f0, s0, f10, s10, f20, s20;

	assert_non_null(r);
	load(name, r);
	rates(r, runs, win, 1.0, &f0, &s0);
	rates(r, runs, win, 1.10, &f10, &s10);
	rates(r, runs, win, 1.20, &f20, &s20);
	print_message("%-7s %u run%s x %2u s: A/A called %5.1f %%, +10 %% "
		      "found %5.1f %%, +20 %% found %5.1f %% (%d pairs)\n",
		      name, runs, runs == 1 ? " " : "s", win,
		      100.0 * (f0 + s0) / PAIRS, 100.0 * f10 / PAIRS,
		      100.0 * f20 / PAIRS, PAIRS);
	if (assert_rates) {
		assert_true(f0 + s0 <= PAIRS * 5 / 100);
		assert_true(f20 >= PAIRS * 95 / 100);
		assert_int_equal(s10 + s20, 0);	/* never the wrong way */
	}
	free(r);
}

static void test_throttled_one_run(void **state)
{
	(void)state;
	calibrate("rand4k", 1, 30, true);
	calibrate("seq64k", 1, 30, true);
	calibrate("lat4k", 1, 30, true);
}

static void test_throttled_three_runs(void **state)
{
	(void)state;
	calibrate("rand4k", 3, 20, true);
	calibrate("seq64k", 3, 20, true);
}

/* An uncapped loop disk on a machine shared with other work: reported,
 * not asserted (its noise is the load's, not the device's). */
static void test_loaded_reported(void **state)
{
	(void)state;
	calibrate("free4k", 1, 30, false);
	calibrate("free4k", 3, 20, false);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_throttled_one_run),
		cmocka_unit_test(test_throttled_three_runs),
		cmocka_unit_test(test_loaded_reported),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
