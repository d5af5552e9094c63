/* test_results.c - results ownership and the report aggregates on
 * hand-built results: totals, target and direction filters, merged
 * histograms, the -D IOPS standard deviation and series, the percentile
 * list, the per-interval percentiles (their layout, and a latency step
 * read from a histogram as the run's sampler reads it), and the -rd
 * ranges checked against the offset generator. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "results/live_hist.h"
#include "results/results.h"
#include "run/workload.h"

/* Per-interval I/O counts: [row][dir][interval].  Rows 0, 1 are threads
 * 0, 1 on target 0; rows 2, 3 threads 2, 3 on target 1. */
#define NROWS 4
#define NINT 6
static const uint64_t counts[NROWS][DIR_COUNT][NINT] = {
	{ { 10, 20, 30, 0, 0, 0 }, { 1, 0, 4, 0, 0, 0 } },
	{ { 0, 5, 5, 0, 0, 0 }, { 2, 2, 2, 0, 0, 0 } },
	{ { 7, 0, 7, 7, 0, 0 }, { 0, 0, 0, 0, 3, 0 } },
	{ { 1, 1, 1, 1, 0, 0 }, { 0, 0, 0, 0, 0, 0 } },
};

static struct results *build(void)
{
	struct results *r = malloc(sizeof(*r));
	uint32_t i, k;
	int d;

	assert_non_null(r);
	results_init(r);
	assert_int_equal(results_alloc_rows(r, NROWS, NINT), 0);
	r->interval_ms = 500;
	r->test_time_s = 3.0;
	for (i = 0; i < NROWS; i++) {
		struct thread_target *row = &r->rows[i];

		row->thread = i;
		row->target = i / 2;
		for (d = 0; d < DIR_COUNT; d++) {
			struct dir_stats *ds = &row->dir[d];

			for (k = 0; k < NINT; k++) {
				uint64_t c = counts[i][d][k], j;

				ds->intervals[k].ios = c;
				ds->ios += c;
				ds->bytes += c * 4096 * (d + 1);
				for (j = 0; j < c; j++)
					hist_record(&ds->lat,
						    1000 * (i + 1) + 10 * j);
			}
		}
	}
	return r;
}

static void release(struct results *r)
{
	results_release(r);
	free(r);
}

/* Reference: population sigma of merged counts up to the last non-zero
 * interval, per second. */
static double ref_stddev(int target, int dlo, int dhi)
{
	double c[NINT] = { 0 }, mean = 0, var = 0;
	int i, k, d, last = -1;

	for (k = 0; k < NINT; k++) {
		for (i = 0; i < NROWS; i++) {
			if (target >= 0 && i / 2 != target)
				continue;
			for (d = dlo; d < dhi; d++)
				c[k] += (double)counts[i][d][k];
		}
		if (c[k] > 0)
			last = k;
	}
	if (last < 0)
		return 0;
	for (k = 0; k <= last; k++)
		mean += c[k];
	mean /= last + 1;
	for (k = 0; k <= last; k++)
		var += (c[k] - mean) * (c[k] - mean);
	var /= last + 1;
	return sqrt(var) / 0.5;
}

static uint64_t ref_sum(int target, int dlo, int dhi, int bytes)
{
	uint64_t s = 0;
	int i, k, d;

	for (i = 0; i < NROWS; i++)
		for (d = dlo; d < dhi; d++)
			for (k = 0; k < NINT; k++)
				if (target < 0 || i / 2 == target)
					s += counts[i][d][k] *
					     (bytes ? 4096u * (d + 1) : 1);
	return s;
}

static void check(const struct results *r, int target, enum io_dir dir)
{
	struct agg *a = malloc(sizeof(*a));
	int dlo = dir == DIR_COUNT ? 0 : dir;
	int dhi = dir == DIR_COUNT ? DIR_COUNT : dir + 1;
	uint64_t ios = ref_sum(target, dlo, dhi, 0);

	results_aggregate(r, target, dir, a);
	assert_int_equal(a->ios, ios);
	assert_int_equal(a->bytes, ref_sum(target, dlo, dhi, 1));
	assert_int_equal(a->lat.count, ios);
	assert_true(fabs(a->iops - (double)ios / 3.0) < 1e-9);
	assert_true(fabs(a->mib_s - (double)a->bytes / 1048576.0 / 3.0) <
		    1e-12);
	assert_true(fabs(a->iops_stddev - ref_stddev(target, dlo, dhi)) <
		    1e-9);
	free(a);
}

static void test_totals_and_filters(void **state)
{
	struct results *r = build();
	int t;

	(void)state;
	for (t = -1; t < 2; t++) {
		check(r, t, DIR_READ);
		check(r, t, DIR_WRITE);
		check(r, t, DIR_COUNT);
	}
	release(r);
}

static void test_hand_values(void **state)
{
	struct results *r = build();
	struct agg *a = malloc(sizeof(*a));

	(void)state;
	/* target 0 reads: intervals 10, 25, 35 (then zeros): mean 70/3,
	 * population variance 950/9, sigma 10.2740 per 0.5 s */
	results_aggregate(r, 0, DIR_READ, a);
	assert_int_equal(a->ios, 70);
	assert_true(fabs(a->iops_stddev - 2.0 * sqrt(950.0 / 9.0)) < 1e-9);
	assert_true(fabs(a->iops_stddev - 20.548) < 1e-3);
	/* target 1 writes: 0, 0, 0, 0, 3 -> last seen is interval 4 */
	results_aggregate(r, 1, DIR_WRITE, a);
	assert_int_equal(a->ios, 3);
	assert_true(fabs(a->iops_stddev - 2.0 * sqrt(9.0 / 5 - 0.36)) < 1e-9);
	/* merged latency: min of row 0, max of row 3 */
	results_aggregate(r, -1, DIR_COUNT, a);
	assert_int_equal(a->lat.min_ns, 1000);
	assert_int_equal(a->lat.max_ns, 4000);
	/* one row, both directions */
	results_row_aggregate(r, &r->rows[1], DIR_COUNT, a);
	assert_int_equal(a->ios, 16);
	assert_int_equal(a->bytes, 10 * 4096 + 6 * 8192);
	assert_int_equal(a->lat.count, 16);

	/* -D off: no sigma */
	r->nintervals = 0;
	results_aggregate(r, -1, DIR_COUNT, a);
	assert_true(a->iops_stddev == 0.0);
	r->nintervals = NINT;
	/* no measured time: rates are 0, not inf */
	r->test_time_s = 0;
	results_aggregate(r, -1, DIR_COUNT, a);
	assert_true(a->iops == 0.0 && a->mib_s == 0.0);
	free(a);
	release(r);
}

static void test_alloc_state(void **state)
{
	struct results *r = malloc(sizeof(*r));

	(void)state;
	results_init(r);
	assert_int_equal(results_alloc_rows(r, 3, 4), 0);
	assert_int_equal(r->nrows, 3);
	assert_int_equal(r->nintervals, 4);
	assert_int_equal(r->rows[2].dir[DIR_WRITE].lat.min_ns, UINT64_MAX);
	assert_true(hist_empty(&r->rows[2].dir[DIR_READ].lat));
	assert_int_equal(r->rows[1].dir[DIR_READ].intervals[3].lat_min_ns,
			 UINT64_MAX);
	assert_int_equal(r->rows[1].dir[DIR_READ].intervals[3].ios, 0);
	/* again, without intervals: the old rows are freed */
	assert_int_equal(results_alloc_rows(r, 2, 0), 0);
	assert_null(r->rows[0].dir[DIR_READ].intervals);
	assert_int_equal(r->nintervals, 0);
	release(r);
}

static void test_profile_copy(void **state)
{
	struct profile *src = calloc(1, sizeof(*src));
	struct results *r = malloc(sizeof(*r));
	char path0[] = "/tmp/a.dat", path1[] = "/dev/loop0", cmd[] = "-b4K x";

	(void)state;
	results_init(r);
	src->cmdline = cmd;
	src->ntargets = 2;
	src->targets[0].path = path0;
	src->targets[0].block_bytes = 4096;
	src->targets[1].path = path1;
	src->duration_s = 7;
	assert_int_equal(profile_copy(&r->profile, src), 0);
	assert_ptr_not_equal(r->profile.cmdline, src->cmdline);
	assert_string_equal(r->profile.cmdline, "-b4K x");
	assert_ptr_not_equal(r->profile.targets[0].path, path0);
	assert_string_equal(r->profile.targets[1].path, "/dev/loop0");
	assert_null(r->profile.label);
	assert_null(r->profile.targets[2].path);
	assert_int_equal(r->profile.targets[0].block_bytes, 4096);
	assert_int_equal(r->profile.duration_s, 7);
	path0[1] = 'X';
	assert_string_equal(r->profile.targets[0].path, "/tmp/a.dat");
	release(r);	/* frees the copies; ASan checks */
	free(src);
}

static void test_warn(void **state)
{
	struct results *r = malloc(sizeof(*r));
	int i;

	(void)state;
	results_init(r);
	for (i = 0; i < 10; i++)
		results_warn(r, "worker %d pinned to cpu '%d'", i, i + 1);
	assert_int_equal(r->nwarnings, 8);
	assert_string_equal(r->warnings[7], "worker 7 pinned to cpu '8'");
	release(r);
}

/* Failed I/Os by errno: first-seen order per row, merged per target and
 * overall, kinds past the table's size folded into "other". */
static void test_errors_by_errno(void **state)
{
	struct results *r = malloc(sizeof(*r));
	struct errno_count c[RESULTS_ERRNOS];
	char buf[256];
	int i;

	(void)state;
	results_init(r);
	r->ntargets = 2;
	assert_int_equal(results_alloc_rows(r, 2, 0), 0);
	r->rows[1].target = 1;
	for (i = 0; i < 5; i++)
		results_count_error(&r->rows[0], EIO);
	results_count_error(&r->rows[0], ENOSPC);
	results_count_error(&r->rows[1], ENOSPC);
	results_count_error(&r->rows[1], 0);
	assert_int_equal(r->rows[0].errors, 6);
	results_fmt_errnos(r->rows[0].errnos, buf, sizeof(buf));
	assert_string_equal(buf, "EIO: 5, ENOSPC: 1");
	assert_int_equal(results_errors(r, 1, c), 2);
	results_fmt_errnos(c, buf, sizeof(buf));
	assert_string_equal(buf, "ENOSPC: 1, EOF: 1");
	assert_int_equal(results_errors(r, -1, c), 8);
	results_fmt_errnos(c, buf, sizeof(buf));
	assert_string_equal(buf, "EIO: 5, ENOSPC: 2, EOF: 1");
	/* 7 kinds fit; the 8th and later share the last entry */
	for (i = 1; i <= 9; i++)
		results_count_error(&r->rows[1], 100 + i);
	assert_int_equal(r->rows[1].errnos[RESULTS_ERRNOS - 1].err,
			 RESULTS_ERR_OTHER);
	assert_int_equal(r->rows[1].errnos[RESULTS_ERRNOS - 1].count, 4);
	assert_int_equal(r->rows[1].errors, 11);
	release(r);
}

/* The one-line description of the first failed I/O. */
static void test_fmt_failure(void **state)
{
	struct results *r = malloc(sizeof(*r));
	char buf[256];

	(void)state;
	results_init(r);
	r->ntargets = 1;
	snprintf(r->targets[0].path, RESULTS_STR, "%s", "/mnt/x/io.dat");
	results_fmt_failure(r, buf, sizeof(buf));
	assert_string_equal(buf, "");
	r->io_failure.failed = true;
	r->io_failure.write = true;
	r->io_failure.offset = 1048576;
	r->io_failure.err = EIO;
	results_fmt_failure(r, buf, sizeof(buf));
	assert_string_equal(buf, "write to '/mnt/x/io.dat' at offset 1048576 "
			    "failed: Input/output error");
	r->io_failure.write = false;
	r->io_failure.err = 0;
	results_fmt_failure(r, buf, sizeof(buf));
	assert_string_equal(buf, "read from '/mnt/x/io.dat' at offset 1048576 "
			    "failed: no data transferred (end of file)");
	release(r);
}

/* The merged -D series: I/O counts per interval for every target and
 * direction filter, latency min/max over the intervals that saw I/O. */
static void test_series(void **state)
{
	struct results *r = build();
	struct interval_stat out[NINT];
	static const enum io_dir dirs[] = { DIR_READ, DIR_WRITE, DIR_COUNT };
	int target, k, i, di;

	(void)state;
	r->rows[0].dir[DIR_READ].intervals[1].lat_min_ns = 50;
	r->rows[0].dir[DIR_READ].intervals[1].lat_max_ns = 90;
	r->rows[1].dir[DIR_READ].intervals[1].lat_min_ns = 40;
	r->rows[1].dir[DIR_READ].intervals[1].lat_max_ns = 70;
	r->rows[1].dir[DIR_READ].intervals[0].lat_min_ns = 1;	/* no I/O */
	for (target = -1; target < 2; target++) {
		for (di = 0; di < 3; di++) {
			int dlo = dirs[di] == DIR_COUNT ? 0 : dirs[di];
			int dhi = dirs[di] == DIR_COUNT ? 2 : dirs[di] + 1;

			results_series(r, target, dirs[di], out);
			for (k = 0; k < NINT; k++) {
				uint64_t c = 0;
				int d;

				for (i = 0; i < NROWS; i++)
					for (d = dlo; d < dhi; d++)
						if (target < 0 ||
						    i / 2 == target)
							c += counts[i][d][k];
				assert_int_equal(out[k].ios, c);
			}
		}
	}
	results_series(r, 0, DIR_READ, out);
	assert_int_equal(out[1].lat_min_ns, 40);
	assert_int_equal(out[1].lat_max_ns, 90);
	assert_int_equal(out[0].lat_min_ns, UINT64_MAX);
	results_row_series(r, &r->rows[3], DIR_COUNT, out);
	assert_int_equal(out[0].ios, 1);
	assert_int_equal(out[4].ios, 0);
	release(r);
}

/* The per-interval percentiles: one entry per interval, scope (all
 * targets, then each) and direction, each naming itself, found by
 * results_ipct(); none before they are allocated. */
static void test_interval_pct_layout(void **state)
{
	struct results *r = build();
	const struct interval_pct *e;
	static const enum io_dir dirs[] = { DIR_READ, DIR_WRITE, DIR_COUNT };
	double *p99;
	uint32_t k;
	int t, d;

	(void)state;
	r->ntargets = 2;
	assert_null(results_ipct(r, 0, -1, DIR_COUNT));
	assert_null(results_interval_p99_ms(r));
	assert_int_equal(results_alloc_ipct(r), 0);
	assert_int_equal(r->nipct, NINT * 3 * RESULTS_PCT_DIRS);
	for (k = 0; k < NINT; k++)
		for (t = -1; t < 2; t++)
			for (d = 0; d < 3; d++) {
				e = results_ipct(r, k, t, dirs[d]);
				assert_non_null(e);
				assert_int_equal(e->interval, k);
				assert_int_equal(e->target, t);
				assert_int_equal(e->dir, dirs[d]);
				assert_int_equal(e->p99_ns, 0);
			}
	assert_null(results_ipct(r, NINT, -1, DIR_COUNT));
	assert_null(results_ipct(r, 0, 2, DIR_READ));
	r->ipct[results_ipct_index(r, 2, -1, DIR_COUNT)].p99_ns = 2500000;
	p99 = results_interval_p99_ms(r);
	assert_non_null(p99);
	assert_true(isnan(p99[0]));
	assert_true(p99[2] == 2.5);
	free(p99);
	release(r);
}

/* A latency step as the sampler sees it: a worker's histogram read at
 * each interval's end and differenced.  Interval 0 holds 1,000 I/Os of
 * 100 us; interval 1 adds 980 of 100 us and 20 of 50 ms: its P99 is
 * 50 ms (within a bucket), interval 0's stays 100 us, P50 does not move,
 * and the histogram's memory is the same however many intervals pass. */
static void test_interval_step(void **state)
{
	struct live_snap a, b, c, d;
	struct live_hist lh;
	struct hist *h = malloc(sizeof(*h));
	int i;

	(void)state;
	assert_non_null(h);
	hist_init(h);
	live_hist_init(&lh);
	live_snap_clear(&a);
	live_snap_take(&a, h, &lh);	/* the window's start */
	for (i = 0; i < 1000; i++) {
		hist_record_shared(h, 100000);
		live_hist_record(&lh, 100000);
	}
	live_snap_clear(&b);
	live_snap_take(&b, h, &lh);
	for (i = 0; i < 1000; i++) {
		uint64_t ns = i < 20 ? 50000000 : 100000;

		hist_record_shared(h, ns);
		live_hist_record(&lh, ns);
	}
	live_snap_clear(&c);
	live_snap_take(&c, h, &lh);
	live_snap_sub(&d, &b, &a);
	assert_int_equal(d.count, 1000);
	assert_true(fabs((double)live_snap_percentile(&d, 99) - 1e5) < 1.6e3);
	assert_int_equal(live_snap_max(&d), 100000);
	live_snap_sub(&d, &c, &b);
	assert_int_equal(d.count, 1000);
	assert_true(fabs((double)live_snap_percentile(&d, 99) - 5e7) < 8e5);
	assert_true(fabs((double)live_snap_percentile(&d, 50) - 1e5) < 1.6e3);
	assert_int_equal(live_snap_max(&d), 50000000);
	assert_true(live_snap_mean_ns(&d) == (20 * 5e7 + 980 * 1e5) / 1000);
	free(h);
}

/* DiskSpd's rows in order, min first, 9-nines before max. */
static void test_percentile_list(void **state)
{
	int i;

	(void)state;
	assert_string_equal(results_pcts[0].label, "min");
	assert_string_equal(results_pcts[RESULTS_PCT_FIRST].label, "25th");
	assert_string_equal(results_pcts[RESULTS_PCT_6NINES].label, "6-nines");
	assert_string_equal(results_pcts[RESULTS_PCT_MAX].label, "max");
	assert_string_equal(results_pcts[RESULTS_PCT_MAX - 1].key,
			    "99.9999999");
	assert_true(results_pcts[RESULTS_PCT_MAX].pct == 100);
	for (i = 1; i < RESULTS_NPCT; i++)
		assert_true(results_pcts[i].pct > results_pcts[i - 1].pct);
}

/* The reports' -rd ranges equal the generator's for truncated, holed,
 * based and aligned targets; none when not random or nothing fits. */
static uint32_t check_dist(const struct target_opts *o, uint64_t size)
{
	struct results_dist out[RESULTS_MAX_DIST];
	const struct dist_eff *d;
	struct workload *w = malloc(sizeof(*w));
	_Atomic uint64_t seq = 0;
	char err[256];
	uint32_t n = dist_effective(o, size, out), m = 0, j;

	assert_non_null(w);
	if (!workload_init(w, o, size, 0, 0, 0, &seq, err, sizeof(err)))
		m = workload_dist(w, &d);
	assert_int_equal(n, m);
	for (j = 0; j < n; j++) {
		assert_int_equal(out[j].start, d[j].start);
		assert_int_equal(out[j].end, d[j].end);
		assert_true(out[j].io_share_pct == d[j].io_share_pct);
	}
	free(w);
	return n;
}

static void test_dist_matches_workload(void **state)
{
	struct target_opts o;

	(void)state;
	memset(&o, 0, sizeof(o));
	o.block_bytes = 4096;
	o.random = true;
	o.dist = DIST_PCT;
	o.ndist = 4;
	o.dist_ranges[0] = (struct dist_range){ .io_pct = 10, .span = 10 };
	o.dist_ranges[1] = (struct dist_range){ .io_pct = 10, .span = 10 };
	o.dist_ranges[2] = (struct dist_range){ .io_pct = 0, .span = 10 };
	o.dist_ranges[3] = (struct dist_range){ .io_pct = 80, .span = 70 };
	assert_int_equal(check_dist(&o, 100 << 10), 4);
	assert_int_equal(check_dist(&o, 4 << 20), 4);
	o.ndist = 2;		/* the rest gets 80 % */
	assert_int_equal(check_dist(&o, 4 << 20), 3);
	o.dist = DIST_ABS;
	o.dist_ranges[0].span = 1 << 20;
	o.dist_ranges[1].span = 3 << 20;
	o.base_bytes = 1 << 20;
	o.random_align_bytes = 512;
	assert_int_equal(check_dist(&o, 8 << 20), 3);
	o.max_bytes = 2 << 20;	/* -f truncates */
	assert_int_equal(check_dist(&o, 8 << 20), 1);
	assert_int_equal(check_dist(&o, 1 << 20), 0);	/* no block fits */
	o.max_bytes = 0;
	o.random = false;	/* sequential: none */
	assert_int_equal(check_dist(&o, 8 << 20), 0);
	assert_int_equal(dist_effective(&o, 8 << 20,
					(struct results_dist[RESULTS_MAX_DIST]){ 0 }), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_totals_and_filters),
		cmocka_unit_test(test_hand_values),
		cmocka_unit_test(test_alloc_state),
		cmocka_unit_test(test_profile_copy),
		cmocka_unit_test(test_warn),
		cmocka_unit_test(test_errors_by_errno),
		cmocka_unit_test(test_fmt_failure),
		cmocka_unit_test(test_series),
		cmocka_unit_test(test_interval_pct_layout),
		cmocka_unit_test(test_interval_step),
		cmocka_unit_test(test_percentile_list),
		cmocka_unit_test(test_dist_matches_workload),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
