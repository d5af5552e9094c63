/* test_results_targets.c - the per-target summary on hand-built results:
 * per-path merging (a path given twice is one target), IOPS, MiB/s and
 * shares, and percentiles taken from the union of the histograms, never
 * the mean of the per-target ones. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <cmocka.h>

#include "lib/util.h"
#include "results/results.h"
#include "results/results_targets.h"

static void record(struct dir_stats *ds, uint64_t n, uint64_t ns,
		   uint64_t bs)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		hist_record(&ds->lat, ns);
	ds->ios += n;
	ds->bytes += n * bs;
}

/* Targets "/a", "/b" and "/a" again; rows: thread 0 on target 0 (1000
 * reads at 100 us), thread 1 on target 1 (970 writes at 1 ms, 30 at
 * 20 ms), thread 2 on target 2 (the second "/a": 500 reads at 100 us). */
static struct results *build(void)
{
	struct results *r = malloc(sizeof(*r));

	assert_non_null(r);
	results_init(r);
	r->profile.measure_latency = true;
	r->ntargets = 3;
	str_copy(r->targets[0].path, RESULTS_STR, "/a");
	str_copy(r->targets[1].path, RESULTS_STR, "/b");
	str_copy(r->targets[2].path, RESULTS_STR, "/a");
	assert_int_equal(results_alloc_rows(r, 3, 0), 0);
	r->test_time_s = 2.0;
	r->rows[0].target = 0;
	r->rows[1].thread = 1;
	r->rows[1].target = 1;
	r->rows[2].thread = 2;
	r->rows[2].target = 2;
	record(&r->rows[0].dir[DIR_READ], 1000, 100000, 4096);
	record(&r->rows[1].dir[DIR_WRITE], 970, 1000000, 8192);
	record(&r->rows[1].dir[DIR_WRITE], 30, 20000000, 8192);
	record(&r->rows[2].dir[DIR_READ], 500, 100000, 4096);
	return r;
}

static void free_results(struct results *r)
{
	results_release(r);
	free(r);
}

static void test_per_path(void **state)
{
	struct results *r = build();
	struct target_summary *s = malloc(sizeof(*s));

	(void)state;
	assert_non_null(s);
	assert_true(results_targets_shown(r));
	assert_int_equal(results_target_summary(r, s), 0);
	assert_int_equal(s->n, 2);
	assert_int_equal(s->t[0].target, 0);
	assert_int_equal(s->t[1].target, 1);
	assert_int_equal(s->t[0].ios, 1500);
	assert_int_equal(s->t[0].bytes, 1500 * 4096);
	assert_int_equal(s->t[1].ios, 1000);
	assert_int_equal(s->all.ios, 2500);
	assert_int_equal(s->all.target, UINT32_MAX);
	assert_true(s->t[0].iops == 750.0);
	assert_true(s->t[1].iops == 500.0);
	assert_true(s->all.iops == 1250.0);
	assert_true(s->t[1].mib_s == 1000.0 * 8192 / 1048576.0 / 2.0);
	assert_true(s->t[0].share_pct == 60.0);
	assert_true(s->all.share_pct == 100.0);
	assert_true(s->t[0].has_lat && s->all.has_lat);
	free(s);
	free_results(r);
}

/* P99 of the union: rank ceil(0.99 * 2500) = 2475 falls in the 30 I/Os
 * at 20 ms (1500 + 970 = 2470 below), not at the mean of the per-target
 * P99s (100 us and 20 ms: about 10 ms). */
static void test_union_p99(void **state)
{
	struct results *r = build();
	struct target_summary *s = malloc(sizeof(*s));
	struct hist *h = malloc(sizeof(*h));
	double mean_of_p99;
	uint32_t i;
	int d;

	(void)state;
	assert_non_null(s);
	assert_non_null(h);
	assert_int_equal(results_target_summary(r, s), 0);
	hist_init(h);
	for (i = 0; i < r->nrows; i++)
		for (d = 0; d < DIR_COUNT; d++)
			hist_merge(h, &r->rows[i].dir[d].lat);
	assert_int_equal(s->all.lat_p99_ns, hist_percentile(h, 99));
	assert_true(s->all.lat_p99_ns >= 19800000 &&
		    s->all.lat_p99_ns <= 20200000);
	mean_of_p99 = ((double)s->t[0].lat_p99_ns +
		       (double)s->t[1].lat_p99_ns) / 2;
	assert_true(mean_of_p99 < 0.6 * (double)s->all.lat_p99_ns);
	assert_true(s->t[0].lat_p99_ns >= 99000 &&
		    s->t[0].lat_p99_ns <= 101000);
	/* the second target's own P99: 970 + 30, rank 990 -> 20 ms */
	assert_int_equal(s->t[1].lat_p99_ns,
			 hist_percentile(&r->rows[1].dir[DIR_WRITE].lat, 99));
	assert_true(s->all.lat_mean_ns == hist_mean_ns(h));
	free(h);
	free(s);
	free_results(r);
}

static void test_one_target_not_shown(void **state)
{
	struct results *r = build();
	struct target_summary *s = malloc(sizeof(*s));

	(void)state;
	assert_non_null(s);
	str_copy(r->targets[1].path, RESULTS_STR, "/a");
	assert_false(results_targets_shown(r));
	assert_int_equal(results_target_summary(r, s), 0);
	assert_int_equal(s->n, 1);
	assert_int_equal(s->t[0].ios, s->all.ios);
	assert_int_equal(s->t[0].lat_p99_ns, s->all.lat_p99_ns);
	r->profile.measure_latency = false;
	assert_int_equal(results_target_summary(r, s), 0);
	assert_false(s->all.has_lat);
	assert_int_equal(s->all.lat_p99_ns, 0);
	free(s);
	free_results(r);
}

static void test_no_time(void **state)
{
	struct results *r = build();
	struct target_summary *s = malloc(sizeof(*s));

	(void)state;
	assert_non_null(s);
	r->test_time_s = 0;
	assert_int_equal(results_target_summary(r, s), 0);
	assert_true(s->all.iops == 0.0 && s->t[0].mib_s == 0.0);
	r->no_results = true;
	assert_false(results_targets_shown(r));
	free(s);
	free_results(r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_per_path),
		cmocka_unit_test(test_union_p99),
		cmocka_unit_test(test_one_target_not_shown),
		cmocka_unit_test(test_no_time),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
