/* test_hist.c - the latency histogram: bucket geometry round trips,
 * percentiles against an exact sort, merging and moments. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "results/hist.h"
#include "lib/rng.h"

/* 1 / (2 * HIST_SUB): the quoting error bound of a bucket midpoint */
#define REL_TOL (1.0 / (2.0 * HIST_SUB))

static const double test_pcts[] = {
	0, 0.1, 1, 5, 10, 25, 50, 75, 90, 95, 99, 99.9, 99.99, 99.999,
	99.9999, 99.99999, 99.999999, 99.9999999, 100,
};

static struct hist *hist_new(void)
{
	struct hist *h = malloc(sizeof(*h));

	assert_non_null(h);
	hist_init(h);
	return h;
}

static int cmp_u64(const void *a, const void *b)
{
	uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;

	return (x > y) - (x < y);
}

/* Nearest rank on sorted values: smallest v with #(x <= v) >= p * N. */
static uint64_t exact_pct(const uint64_t *sorted, size_t n, double pct)
{
	double x = pct * (double)n / 100.0;
	double r = ceil(x - x * 1e-14);
	size_t rank;

	if (pct <= 0)
		return sorted[0];
	if (pct >= 100)
		return sorted[n - 1];
	rank = r < 1 ? 1 : (r > (double)n ? n : (size_t)r);
	return sorted[rank - 1];
}

static void check_against_sort(uint64_t *v, size_t n)
{
	struct hist *h = hist_new();
	size_t i;

	for (i = 0; i < n; i++)
		hist_record(h, v[i]);
	qsort(v, n, sizeof(*v), cmp_u64);
	assert_int_equal(h->count, n);
	assert_int_equal(h->min_ns, v[0]);
	assert_int_equal(h->max_ns, v[n - 1]);
	for (i = 0; i < sizeof(test_pcts) / sizeof(test_pcts[0]); i++) {
		double want = (double)exact_pct(v, n, test_pcts[i]);
		double got = (double)hist_percentile(h, test_pcts[i]);

		if (fabs(got - want) > REL_TOL * want) {
			fail_msg("p%g: got %.0f, exact %.0f (n=%zu)",
				 test_pcts[i], got, want, n);
		}
	}
	free(h);
}

static void test_index_round_trip_all_buckets(void **state)
{
	unsigned int i;

	(void)state;
	for (i = 0; i < HIST_BUCKETS; i++) {
		uint64_t lo = hist_bucket_low(i), hi = hist_bucket_high(i);
		uint64_t mid = hist_bucket_mid(i);

		assert_true(lo <= mid && mid <= hi);
		assert_int_equal(hist_index(lo), i);
		assert_int_equal(hist_index(hi), i);
		assert_int_equal(hist_index(mid), i);
		if (i > 0)
			assert_int_equal(hist_bucket_high(i - 1) + 1, lo);
	}
	assert_int_equal(hist_bucket_low(0), 0);
	assert_int_equal(hist_bucket_high(HIST_BUCKETS - 1), HIST_MAX_NS - 1);
}

static void test_index_boundaries(void **state)
{
	unsigned int k;
	struct hist *h = hist_new();

	(void)state;
	assert_int_equal(hist_index(255), 255);
	assert_int_equal(hist_index(256), 256);
	assert_int_equal(hist_bucket_low(256), 256);
	assert_int_equal(hist_bucket_high(255), 255);
	assert_int_equal(hist_index(HIST_MAX_NS - 1), HIST_BUCKETS - 1);
	for (k = 0; k < 63; k++) {
		uint64_t p = 1ull << k;
		unsigned int idx;

		if (p >= HIST_MAX_NS)
			break;
		idx = hist_index(p);
		assert_true(idx < HIST_BUCKETS);
		assert_int_equal(hist_bucket_low(idx), p);
		if (p > 1)
			assert_int_equal(hist_bucket_high(hist_index(p - 1)),
					 p - 1);
	}
	/* exactly at the limit: overflow, not clamped into the last bucket */
	hist_record(h, HIST_MAX_NS - 1);
	hist_record(h, HIST_MAX_NS);
	assert_int_equal(h->count, 2);
	assert_int_equal(h->overflow, 1);
	assert_int_equal(h->buckets[HIST_BUCKETS - 1], 1);
	assert_int_equal(hist_percentile(h, 100), HIST_MAX_NS);
	assert_int_equal(hist_percentile(h, 99), HIST_MAX_NS);
	free(h);
}

static void test_mid_error_bound(void **state)
{
	unsigned int i;

	(void)state;
	for (i = 0; i < HIST_BUCKETS; i++) {
		double lo = (double)hist_bucket_low(i);
		double hi = (double)hist_bucket_high(i);
		double mid = (double)hist_bucket_mid(i);

		assert_true(mid - lo <= REL_TOL * lo + 1e-9);
		assert_true(hi - mid <= REL_TOL * hi + 1e-9);
	}
}

static void test_uniform(void **state)
{
	size_t n = 200000, i;
	uint64_t *v = malloc(n * sizeof(*v));
	struct rng r;

	(void)state;
	rng_seed(&r, 1, 0, RNG_DATA);
	for (i = 0; i < n; i++)
		v[i] = 1000 + rng_below(&r, 10000000);
	check_against_sort(v, n);
	free(v);
}

static void test_lognormal_like(void **state)
{
	size_t n = 1000001, i;
	uint64_t *v = malloc(n * sizeof(*v));
	struct rng r;

	(void)state;
	rng_seed(&r, 2, 0, RNG_DATA);
	for (i = 0; i < n; i++) {
		/* exp of a sum of uniforms: a heavy right tail */
		double s = 0;
		int k;

		for (k = 0; k < 4; k++)
			s += (double)rng_below(&r, 1000000) / 1e6;
		v[i] = (uint64_t)(20000.0 * exp(3.0 * (s - 2.0)));
	}
	check_against_sort(v, n);	/* includes 99.9999999 on 10^6+ */
	free(v);
}

static void test_bimodal(void **state)
{
	size_t n = 300000, i;
	uint64_t *v = malloc(n * sizeof(*v));
	struct rng r;

	(void)state;
	rng_seed(&r, 3, 0, RNG_DATA);
	for (i = 0; i < n; i++) {
		if (rng_below(&r, 100) < 95)
			v[i] = 50000 + rng_below(&r, 20000);	/* ~60 us */
		else
			v[i] = 8000000 + rng_below(&r, 4000000); /* ~10 ms */
	}
	check_against_sort(v, n);
	free(v);
}

static void test_adversarial_edges(void **state)
{
	size_t n = 0, i;
	uint64_t *v = malloc(2 * HIST_BUCKETS * sizeof(*v));

	(void)state;
	for (i = 0; i < HIST_BUCKETS; i += 3) {
		v[n++] = hist_bucket_low((unsigned int)i);
		v[n++] = hist_bucket_high((unsigned int)i);
	}
	check_against_sort(v, n);
	free(v);
}

static void test_outlier_single_two(void **state)
{
	uint64_t *v = malloc(100001 * sizeof(*v));
	size_t i;

	(void)state;
	for (i = 0; i < 100000; i++)
		v[i] = 100000 + i % 977;
	v[100000] = 3600ull * 1000000000ull;	/* one hour */
	check_against_sort(v, 100001);

	v[0] = 123456789;
	check_against_sort(v, 1);
	v[0] = 1000;
	v[1] = 5000000;
	check_against_sort(v, 2);
	v[0] = 0;
	check_against_sort(v, 1);
	free(v);
}

static void test_one_hour_not_clamped(void **state)
{
	struct hist *h = hist_new();
	uint64_t hour = 3600ull * 1000000000ull;
	uint64_t q;
	int i;

	(void)state;
	assert_true(hour < HIST_MAX_NS);
	for (i = 0; i < 10; i++)
		hist_record(h, hour + (uint64_t)i * 1000000000ull);
	assert_int_equal(h->overflow, 0);
	q = hist_percentile(h, 10);
	assert_true(fabs((double)q - (double)hour) <= REL_TOL * (double)hour);
	q = hist_percentile(h, 50);
	assert_true(fabs((double)q - (double)(hour + 4000000000ull)) <=
		    REL_TOL * (double)hour);
	free(h);
}

static void test_empty(void **state)
{
	struct hist *h = hist_new();

	(void)state;
	assert_true(hist_empty(h));
	assert_int_equal(hist_percentile(h, 50), 0);
	assert_true(hist_mean_ns(h) == 0.0);
	assert_true(hist_stddev_ns(h) == 0.0);
	hist_record(h, 7);
	assert_false(hist_empty(h));
	assert_int_equal(hist_percentile(h, 0), 7);
	assert_int_equal(hist_percentile(h, 50), 7);
	assert_int_equal(hist_percentile(h, 100), 7);
	free(h);
}

/* Values small enough that the double sums stay exact integers, so the
 * merged histogram must be bytewise the same as the single one. */
static void test_merge_equals_single(void **state)
{
	enum { K = 5, N = 20000 };
	struct hist *parts[K], *all = hist_new(), *merged = hist_new();
	struct rng r;
	int k, i;

	(void)state;
	rng_seed(&r, 4, 0, RNG_DATA);
	for (k = 0; k < K; k++)
		parts[k] = hist_new();
	for (i = 0; i < N * K; i++) {
		uint64_t ns = rng_below(&r, 1u << 17);

		hist_record(parts[rng_below(&r, K)], ns);
		hist_record(all, ns);
	}
	/* merge in a different order than recorded, with an empty one */
	hist_merge(merged, parts[3]);
	hist_merge(merged, parts[0]);
	hist_merge(merged, parts[4]);
	hist_merge(merged, parts[1]);
	hist_merge(merged, parts[2]);
	for (k = 0; k < K; k++)
		free(parts[k]);
	parts[0] = hist_new();
	hist_merge(merged, parts[0]);
	free(parts[0]);
	assert_memory_equal(merged, all, sizeof(*all));

	/* overflowed values merge too (powers of two keep the sums exact) */
	hist_init(all);
	hist_init(merged);
	for (k = 0; k < 2; k++)
		parts[k] = hist_new();
	for (i = 0; i < 1000; i++) {
		uint64_t ns = i % 3 ? HIST_MAX_NS : 4 * HIST_MAX_NS;

		if (i % 7 == 0)
			ns = 2 * HIST_MAX_NS;
		hist_record(parts[i & 1], ns);
		hist_record(all, ns);
	}
	hist_merge(merged, parts[1]);
	hist_merge(merged, parts[0]);
	assert_int_equal(all->overflow, 1000);
	assert_memory_equal(merged, all, sizeof(*all));
	free(parts[0]);
	free(parts[1]);
	free(all);
	free(merged);
}

/* Large values: buckets and counts still identical, sums to rounding. */
static void test_merge_large_values(void **state)
{
	struct hist *a = hist_new(), *b = hist_new(), *all = hist_new();
	struct rng r;
	int i;

	(void)state;
	rng_seed(&r, 5, 0, RNG_DATA);
	for (i = 0; i < 200000; i++) {
		uint64_t ns = rng_below(&r, 20000000000ull);

		hist_record(i & 1 ? a : b, ns);
		hist_record(all, ns);
	}
	hist_merge(a, b);
	assert_memory_equal(a->buckets, all->buckets, sizeof(all->buckets));
	assert_int_equal(a->count, all->count);
	assert_int_equal(a->min_ns, all->min_ns);
	assert_int_equal(a->max_ns, all->max_ns);
	assert_true(fabs(a->sum_ns - all->sum_ns) <= 1e-12 * all->sum_ns);
	assert_true(fabs(a->sumsq_ns - all->sumsq_ns) <=
		    1e-12 * all->sumsq_ns);
	free(a);
	free(b);
	free(all);
}

static void test_mean_stddev(void **state)
{
	size_t n = 100000, i;
	uint64_t *v = malloc(n * sizeof(*v));
	struct hist *h = hist_new();
	long double sum = 0, mean, var = 0;
	struct rng r;

	(void)state;
	rng_seed(&r, 6, 0, RNG_DATA);
	for (i = 0; i < n; i++) {
		v[i] = 90000 + rng_below(&r, 20000);
		if (i % 5000 == 0)
			v[i] = 5000000;
		hist_record(h, v[i]);
		sum += v[i];
	}
	mean = sum / n;
	for (i = 0; i < n; i++)
		var += ((long double)v[i] - mean) * ((long double)v[i] - mean);
	var /= n;
	assert_true(fabs(hist_mean_ns(h) - (double)mean) <=
		    1e-9 * (double)mean);
	assert_true(fabs(hist_stddev_ns(h) - (double)sqrtl(var)) <=
		    1e-6 * (double)sqrtl(var));

	/* constant values: sigma exactly 0, never NaN */
	hist_init(h);
	for (i = 0; i < 1000; i++)
		hist_record(h, 123457);
	assert_true(hist_stddev_ns(h) == 0.0);
	assert_true(hist_mean_ns(h) == 123457.0);
	free(h);
	free(v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_index_round_trip_all_buckets),
		cmocka_unit_test(test_index_boundaries),
		cmocka_unit_test(test_mid_error_bound),
		cmocka_unit_test(test_uniform),
		cmocka_unit_test(test_lognormal_like),
		cmocka_unit_test(test_bimodal),
		cmocka_unit_test(test_adversarial_edges),
		cmocka_unit_test(test_outlier_single_two),
		cmocka_unit_test(test_one_hour_not_clamped),
		cmocka_unit_test(test_empty),
		cmocka_unit_test(test_merge_equals_single),
		cmocka_unit_test(test_merge_large_values),
		cmocka_unit_test(test_mean_stddev),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
