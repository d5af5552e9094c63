/* test_workload.c - offset and direction generators: alignment and range
 * of every offset, sequential wrap, stride, -T start points, -si sharing,
 * -rd shares, -w and -rs mixes, seeds. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <math.h>
#include <cmocka.h>

#include "run/workload.h"

#define K 1024ull
#define M (1024ull * 1024ull)
#define DRAWS 100000

static char test_path[] = "/mnt/t/io.dat";

static void opts(struct target_opts *o, uint64_t block)
{
	memset(o, 0, sizeof(*o));
	o->path = test_path;
	o->block_bytes = block;
	o->threads = 1;
	o->outstanding = 1;
}

static void init_ok(struct workload *w, const struct target_opts *o,
		    uint64_t size, uint32_t k, uint32_t id, uint64_t seed,
		    _Atomic uint64_t *shared)
{
	char err[256] = "";

	if (workload_init(w, o, size, k, id, seed, shared, err, sizeof(err)))
		fail_msg("workload_init: %s", err);
}

static void test_random_align_range(void **state)
{
	struct target_opts o;
	struct workload w;
	uint64_t off, lo = UINT64_MAX, hi = 0;
	bool wr;
	int i;

	(void)state;
	opts(&o, 8 * K);
	o.random = true;
	o.random_pct = 100;
	init_ok(&w, &o, 1 * M, 0, 0, 0, NULL);
	for (i = 0; i < DRAWS; i++) {
		workload_next(&w, &off, &wr);
		assert_int_equal(off % (8 * K), 0);
		assert_true(off + 8 * K <= 1 * M);
		lo = off < lo ? off : lo;
		hi = off > hi ? off : hi;
		assert_false(wr);
	}
	assert_int_equal(lo, 0);	/* first and last slot reached */
	assert_int_equal(hi, 1 * M - 8 * K);

	/* -r512 with 4K blocks, base 1000, max offset 100000, file bigger */
	opts(&o, 4 * K);
	o.random = true;
	o.random_align_bytes = 512;
	o.base_bytes = 1000;
	o.max_bytes = 100000;
	init_ok(&w, &o, 1 * M, 0, 0, 1, NULL);
	lo = UINT64_MAX;
	hi = 0;
	for (i = 0; i < DRAWS; i++) {
		workload_next(&w, &off, &wr);
		assert_int_equal((off - 1000) % 512, 0);
		assert_true(off >= 1000 && off + 4 * K <= 100000);
		lo = off < lo ? off : lo;
		hi = off > hi ? off : hi;
	}
	assert_int_equal(lo, 1000);
	assert_int_equal(hi, 1000 + (100000 - 1000 - 4 * K) / 512 * 512);

	/* -B base:len limits the end too */
	opts(&o, 4 * K);
	o.random = true;
	o.base_bytes = 64 * K;
	o.range_len_bytes = 64 * K;
	init_ok(&w, &o, 1 * M, 0, 0, 1, NULL);
	for (i = 0; i < DRAWS; i++) {
		workload_next(&w, &off, &wr);
		assert_true(off >= 64 * K && off + 4 * K <= 128 * K);
	}
}

static void test_too_small(void **state)
{
	struct target_opts o;
	struct workload w;
	char err[256] = "";

	(void)state;
	opts(&o, 64 * K);
	o.base_bytes = 4 * K;
	assert_int_equal(workload_init(&w, &o, 64 * K, 0, 0, 0, NULL, err,
				       sizeof(err)), -EINVAL);
	assert_string_equal(err, "the file is too small: '/mnt/t/io.dat' has "
				 "65536 bytes, the block needs 65536 beyond "
				 "base 4096");
	o.base_bytes = 0;
	assert_int_equal(workload_init(&w, &o, 64 * K, 0, 0, 0, NULL, err,
				       sizeof(err)), 0); /* exactly one */
	o.base_bytes = 1 * M;
	assert_int_equal(workload_init(&w, &o, 64 * K, 0, 0, 0, NULL, err,
				       sizeof(err)), -EINVAL);
	o.base_bytes = 0;
	o.max_bytes = 32 * K;
	assert_int_equal(workload_init(&w, &o, 1 * M, 0, 0, 0, NULL, err,
				       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "limited by -f or -B"));
}

static void test_sequential_wrap_stride(void **state)
{
	struct target_opts o;
	struct workload w;
	uint64_t off;
	bool wr;
	int i;

	(void)state;
	opts(&o, 4 * K);
	init_ok(&w, &o, 40 * K + 100, 0, 0, 0, NULL);
	for (i = 0; i < 25; i++) {
		workload_next(&w, &off, &wr);
		assert_int_equal(off, (uint64_t)(i % 10) * 4 * K);
	}
	/* -s8K: every other block, wraps at the end */
	o.stride_bytes = 8 * K;
	init_ok(&w, &o, 40 * K, 0, 0, 0, NULL);
	for (i = 0; i < 12; i++) {
		workload_next(&w, &off, &wr);
		assert_int_equal(off, (uint64_t)(i % 5) * 8 * K);
	}
	/* base and -f: [12K, 36K) */
	o.stride_bytes = 0;
	o.base_bytes = 12 * K;
	o.max_bytes = 36 * K;
	init_ok(&w, &o, 1 * M, 0, 0, 0, NULL);
	for (i = 0; i < 13; i++) {
		workload_next(&w, &off, &wr);
		assert_int_equal(off, 12 * K + (uint64_t)(i % 6) * 4 * K);
	}
}

static void test_thread_stride(void **state)
{
	struct target_opts o;
	struct workload w[4];
	uint64_t off;
	bool wr;
	uint32_t k;
	int i;

	(void)state;
	/* -t4 -T4K -s16K: threads interleave, each wraps to k*T mod s */
	opts(&o, 4 * K);
	o.thread_stride_bytes = 4 * K;
	o.stride_bytes = 16 * K;
	for (k = 0; k < 4; k++)
		init_ok(&w[k], &o, 64 * K, k, k, 0, NULL);
	for (i = 0; i < 9; i++)
		for (k = 0; k < 4; k++) {
			workload_next(&w[k], &off, &wr);
			assert_int_equal(off, k * 4 * K +
					 (uint64_t)(i % 4) * 16 * K);
		}

	/* start past the end: thread 3 with -T30K in 40K, 4K stride starts
	 * at 90K mod 4K = 2K and keeps that phase */
	opts(&o, 4 * K);
	o.thread_stride_bytes = 30 * K;
	init_ok(&w[0], &o, 40 * K, 3, 3, 0, NULL);
	for (i = 0; i < 20; i++) {
		workload_next(&w[0], &off, &wr);
		assert_int_equal(off, 2 * K + (uint64_t)(i % 9) * 4 * K);
		assert_true(off + 4 * K <= 40 * K);
	}
	/* thread 1 with -T10K starts at 10K, wraps to 10K mod 4K = 2K */
	opts(&o, 4 * K);
	o.thread_stride_bytes = 10 * K;
	init_ok(&w[0], &o, 40 * K, 1, 1, 0, NULL);
	for (i = 0; i < 7; i++) {
		workload_next(&w[0], &off, &wr);
		assert_int_equal(off, 10 * K + (uint64_t)i * 4 * K);
	}
	workload_next(&w[0], &off, &wr);
	assert_int_equal(off, 2 * K);
}

static void test_interlocked(void **state)
{
	struct target_opts o;
	struct workload a, b;
	_Atomic uint64_t shared = 0;
	uint64_t off;
	bool wr;
	int i;

	(void)state;
	opts(&o, 4 * K);
	o.interlocked = true;
	o.base_bytes = 8 * K;
	init_ok(&a, &o, 48 * K, 0, 0, 0, &shared);
	init_ok(&b, &o, 48 * K, 1, 1, 0, &shared);
	/* 10 slots from 8K; the two threads take turns from one pointer */
	for (i = 0; i < 35; i++) {
		workload_next(i % 3 ? &a : &b, &off, &wr);
		assert_int_equal(off, 8 * K + (uint64_t)(i % 10) * 4 * K);
	}
	assert_int_equal(atomic_load(&shared), 35 * 4 * K);

	/* a range that is not a whole number of strides: never overruns */
	shared = 0;
	o.base_bytes = 0;
	o.stride_bytes = 12 * K;
	init_ok(&a, &o, 50 * K, 0, 0, 0, &shared);
	for (i = 0; i < 20; i++) {
		workload_next(&a, &off, &wr);
		assert_int_equal(off, (uint64_t)(i % 4) * 12 * K);
	}
}

static double share_in(const struct target_opts *o, uint64_t size,
		       uint64_t lo, uint64_t hi)
{
	struct workload w;
	uint64_t off, n = 0;
	bool wr;
	int i;

	init_ok(&w, o, size, 0, 0, 7, NULL);
	for (i = 0; i < DRAWS; i++) {
		workload_next(&w, &off, &wr);
		assert_true(off % o->block_bytes == 0);
		assert_true(off + o->block_bytes <= size);
		n += off >= lo && off < hi;
	}
	return (double)n / DRAWS;
}

static void test_dist_pct(void **state)
{
	struct target_opts o;
	struct workload w;
	const struct dist_eff *d;
	uint64_t sz = 100 * M;

	(void)state;
	/* -rdpct90/10:0/10:5/20: the rest, 5 %, over the last 60 % */
	opts(&o, 4 * K);
	o.random = true;
	o.random_pct = 100;
	o.dist = DIST_PCT;
	o.ndist = 3;
	o.dist_ranges[0] = (struct dist_range){ 90, 10 };
	o.dist_ranges[1] = (struct dist_range){ 0, 10 };
	o.dist_ranges[2] = (struct dist_range){ 5, 20 };
	init_ok(&w, &o, sz, 0, 0, 7, NULL);
	assert_int_equal(workload_dist(&w, &d), 4);
	assert_int_equal(d[0].start, 0);
	assert_int_equal(d[0].end, 10 * M);
	assert_int_equal(d[1].io_pct, 0);
	assert_int_equal(d[2].start, 20 * M);
	assert_int_equal(d[2].end, 40 * M);
	assert_int_equal(d[3].end, 100 * M);
	assert_int_equal(d[3].io_pct, 5);
	assert_int_equal(d[3].cum, 1ull << 32);
	assert_true(fabs(share_in(&o, sz, 0, 10 * M) - 0.90) < 0.01);
	assert_true(share_in(&o, sz, 10 * M, 20 * M) == 0.0);
	assert_true(fabs(share_in(&o, sz, 20 * M, 40 * M) - 0.05) < 0.005);
	assert_true(fabs(share_in(&o, sz, 40 * M, sz) - 0.05) < 0.005);

	/* io shares summing to 100 before the end: the rest is a hole */
	o.ndist = 2;
	o.dist_ranges[0] = (struct dist_range){ 80, 10 };
	o.dist_ranges[1] = (struct dist_range){ 20, 40 };
	init_ok(&w, &o, sz, 0, 0, 7, NULL);
	assert_int_equal(workload_dist(&w, &d), 3);
	assert_int_equal(d[2].io_pct, 0);
	assert_int_equal(d[2].start, 50 * M);
	assert_true(share_in(&o, sz, 50 * M, sz) == 0.0);
	assert_true(fabs(share_in(&o, sz, 0, 10 * M) - 0.80) < 0.01);

	/* -rdpct10/96:10/3:80/1 on 100 KiB: the last 1 % holds no aligned
	 * 4 KiB start, so its 80 % goes to [96 KiB, 100 KiB) with the 10 %
	 * of the range before (DiskSpd), not spread over the first range */
	o.ndist = 3;
	o.dist_ranges[0] = (struct dist_range){ 10, 96 };
	o.dist_ranges[1] = (struct dist_range){ 10, 3 };
	o.dist_ranges[2] = (struct dist_range){ 80, 1 };
	init_ok(&w, &o, 100 * K, 0, 0, 7, NULL);
	assert_int_equal(workload_dist(&w, &d), 2);
	assert_int_equal(d[1].start, 96 * K);
	assert_int_equal(d[1].end, 100 * K);
	assert_int_equal(d[1].io_pct, 90);
	assert_true(fabs(share_in(&o, 100 * K, 96 * K, 100 * K) - 0.90) <
		    0.01);
}

static void test_dist_abs_truncated(void **state)
{
	struct target_opts o;
	struct workload w;
	const struct dist_eff *d;
	uint64_t sz = 100 * M;

	(void)state;
	/* -rdabs30/60M:30/60M:40/1G on 100M: the second is cut at 100M,
	 * the third dropped; 30:30 renormalised to 50:50 */
	opts(&o, 64 * K);
	o.random = true;
	o.dist = DIST_ABS;
	o.ndist = 3;
	o.dist_ranges[0] = (struct dist_range){ 30, 60 * M };
	o.dist_ranges[1] = (struct dist_range){ 30, 60 * M };
	o.dist_ranges[2] = (struct dist_range){ 40, 1024 * M };
	init_ok(&w, &o, sz, 0, 0, 7, NULL);
	assert_int_equal(workload_dist(&w, &d), 2);
	assert_int_equal(d[1].end, 100 * M);
	assert_int_equal(d[0].io_pct, 50);
	assert_int_equal(d[1].io_pct, 50);
	assert_true(fabs(d[0].io_share_pct - 50.0) < 1e-9);
	assert_true(fabs(share_in(&o, sz, 0, 60 * M) - 0.5) < 0.01);

	/* with a base: ranges are absolute offsets after the base */
	o.base_bytes = 10 * M;
	o.ndist = 1;
	o.dist_ranges[0] = (struct dist_range){ 90, 10 * M };
	init_ok(&w, &o, sz, 0, 0, 7, NULL);
	assert_int_equal(workload_dist(&w, &d), 2);
	assert_int_equal(d[0].start, 10 * M);
	assert_int_equal(d[0].end, 20 * M);
	assert_int_equal(d[1].io_pct, 10);
	assert_true(fabs(share_in(&o, sz, 10 * M, 20 * M) - 0.9) < 0.01);
	assert_true(share_in(&o, sz, 0, 10 * M) == 0.0);

	/* a range with no aligned 64K start in it gets no I/O: 10/1K:50/1K
	 * then the rest 40 %, renormalised to 20:0:80 */
	o.base_bytes = 0;
	o.ndist = 2;
	o.dist_ranges[0] = (struct dist_range){ 10, 1 * K };
	o.dist_ranges[1] = (struct dist_range){ 50, 1 * K };
	init_ok(&w, &o, sz, 0, 0, 7, NULL);
	assert_int_equal(workload_dist(&w, &d), 3);
	assert_int_equal(d[1].io_pct, 0);
	assert_int_equal(d[2].io_pct, 80);
	assert_true(fabs(share_in(&o, sz, 0, 1 * K) - 0.2) < 0.01);
	assert_true(share_in(&o, sz, 1 * K, 2 * K) == 0.0);
}

static void test_write_mix(void **state)
{
	static const uint32_t pcts[] = { 0, 1, 30, 50, 99, 100 };
	struct target_opts o;
	struct workload w;
	uint64_t off, writes;
	unsigned int p;
	bool wr;
	int i;

	(void)state;
	for (p = 0; p < sizeof(pcts) / sizeof(pcts[0]); p++) {
		opts(&o, 4 * K);
		o.random = true;
		o.write_pct = pcts[p];
		init_ok(&w, &o, 1 * M, 0, 0, 3, NULL);
		writes = 0;
		for (i = 0; i < DRAWS; i++) {
			workload_next(&w, &off, &wr);
			writes += wr;
		}
		if (pcts[p] == 0 || pcts[p] == 100)
			assert_int_equal(writes, pcts[p] * (DRAWS / 100));
		else
			assert_true(fabs((double)writes / DRAWS -
					 pcts[p] / 100.0) < 0.01);
	}
}

static void test_seeds(void **state)
{
	struct target_opts o;
	struct workload a, b;
	uint64_t x, y;
	bool wa, wb;
	int i, same = 0, same_dir = 0;

	(void)state;
	opts(&o, 4 * K);
	o.random = true;
	o.write_pct = 40;
	init_ok(&a, &o, 1024 * M, 0, 5, 99, NULL);
	init_ok(&b, &o, 1024 * M, 0, 5, 99, NULL);
	for (i = 0; i < 1000; i++) {
		workload_next(&a, &x, &wa);
		workload_next(&b, &y, &wb);
		assert_int_equal(x, y);
		assert_int_equal(wa, wb);
	}
	/* another thread: another sequence */
	init_ok(&a, &o, 1024 * M, 0, 5, 99, NULL);
	init_ok(&b, &o, 1024 * M, 0, 6, 99, NULL);
	for (i = 0; i < 1000; i++) {
		workload_next(&a, &x, &wa);
		workload_next(&b, &y, &wb);
		same += x == y;
	}
	assert_true(same < 5);
	/* the mix has its own stream: changing -w leaves offsets alone */
	init_ok(&a, &o, 1024 * M, 0, 5, 99, NULL);
	o.write_pct = 70;
	init_ok(&b, &o, 1024 * M, 0, 5, 99, NULL);
	for (i = 0; i < 1000; i++) {
		workload_next(&a, &x, &wa);
		workload_next(&b, &y, &wb);
		assert_int_equal(x, y);
		same_dir += wa == wb;
	}
	assert_true(same_dir < 1000);
}

static void test_random_sequential_mix(void **state)
{
	struct target_opts o;
	struct workload w;
	uint64_t off, prev = 0, cont = 0, changed = 0;
	bool wr, prev_wr = false;
	int i;

	(void)state;
	/* -rs30 -w50 on a large range: 70 % of I/Os continue the previous
	 * one, and a continuation never changes direction */
	opts(&o, 4 * K);
	o.random = true;
	o.random_pct = 30;
	o.write_pct = 50;
	init_ok(&w, &o, 64ull * 1024 * M, 0, 0, 11, NULL);
	for (i = 0; i < DRAWS; i++) {
		workload_next(&w, &off, &wr);
		assert_int_equal(off % (4 * K), 0);
		assert_true(off + 4 * K <= 64ull * 1024 * M);
		if (i && off == prev + 4 * K) {
			cont++;
			assert_int_equal(wr, prev_wr);
		} else if (i && wr != prev_wr) {
			changed++;
		}
		prev = off;
		prev_wr = wr;
	}
	assert_true(fabs((double)cont / DRAWS - 0.70) < 0.01);
	/* random I/Os redraw: about half of them switch direction */
	assert_true(fabs((double)changed / (DRAWS - cont) - 0.5) < 0.02);

	/* a continuation at the end of the range wraps to the base */
	opts(&o, 4 * K);
	o.random = true;
	o.random_pct = 1;
	o.base_bytes = 4 * K;
	init_ok(&w, &o, 20 * K, 0, 0, 11, NULL);
	for (i = 0; i < 1000; i++) {
		workload_next(&w, &off, &wr);
		assert_true(off >= 4 * K && off + 4 * K <= 20 * K);
	}
}

/* -F -O: the target of each I/O follows the weights (0 counts as 1),
 * one target always gets every I/O, and the draw is seeded. */
static void test_target_pick(void **state)
{
	static const uint32_t w[] = { 3, 1, 0 };
	struct target_pick tp, tq;
	uint32_t count[3] = { 0 }, i, same = 0;

	(void)state;
	target_pick_init(&tp, w, 3, 42, 0);
	assert_int_equal(tp.total, 5);
	for (i = 0; i < 100000; i++)
		count[target_pick_next(&tp)]++;
	assert_in_range(count[0], 59000, 61000);	/* 3/5 */
	assert_in_range(count[1], 19000, 21000);	/* 1/5 */
	assert_in_range(count[2], 19000, 21000);	/* 0 -> 1 */
	target_pick_init(&tp, w, 1, 42, 0);
	for (i = 0; i < 1000; i++)
		assert_int_equal(target_pick_next(&tp), 0);
	target_pick_init(&tp, w, 2, 7, 3);
	target_pick_init(&tq, w, 2, 7, 3);
	for (i = 0; i < 1000; i++)
		same += target_pick_next(&tp) == target_pick_next(&tq);
	assert_int_equal(same, 1000);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_random_align_range),
		cmocka_unit_test(test_too_small),
		cmocka_unit_test(test_sequential_wrap_stride),
		cmocka_unit_test(test_thread_stride),
		cmocka_unit_test(test_interlocked),
		cmocka_unit_test(test_dist_pct),
		cmocka_unit_test(test_dist_abs_truncated),
		cmocka_unit_test(test_write_mix),
		cmocka_unit_test(test_seeds),
		cmocka_unit_test(test_random_sequential_mix),
		cmocka_unit_test(test_target_pick),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
