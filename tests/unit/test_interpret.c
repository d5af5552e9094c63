/* test_interpret.c - each interpretation rule fires on crafted figures
 * that support it (the throttled-disk story) and stays silent otherwise. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <string.h>

#include "workflow/interpret.h"

#define K4 4096u
#define K8 8192u
#define K64 65536u

static struct interp_test mk(const char *name, double iops, double rd_share,
			     uint64_t bs, bool random)
{
	struct interp_test t;

	memset(&t, 0, sizeof(t));
	t.name = name;
	t.iops = iops;
	t.read_iops = iops * rd_share;
	t.write_iops = iops - t.read_iops;
	t.block_bytes = bs;
	t.random = random;
	t.mib_s = iops * (double)bs / 1048576.0;
	t.inflight = 1;
	t.file_bytes = 4ull << 30;
	return t;
}

static size_t count_kind(const struct finding *f, size_t n,
			 enum finding_kind k)
{
	size_t i, c = 0;

	for (i = 0; i < n; i++)
		c += f[i].kind == k;
	return c;
}

/* The field story's "before": 407 / 398 / 410 IOPS. */
static void test_wall_total_fires(void **state)
{
	struct interp_test t[3] = {
		mk("randread4k", 407, 1, K4, true),
		mk("mixed8k", 398, 0.7, K8, true),
		mk("seqread64k", 410, 1, K64, false),
	};
	struct interp_env env = { .expect_iops = 500 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	interp_wall(t, 3, &env, f, &n, 8);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_WALL_IOPS);
	assert_true(f[0].value > 398 && f[0].value < 410);
	assert_non_null(strstr(f[0].text, "capped at ≈405 IOPS"));
	assert_non_null(strstr(f[0].text, "81% of the provisioned 500 IOPS"));
}

/* Kernel throttle: reads capped at 500 each, mixed total 714 = 500/0.7. */
static void test_wall_direction_fires(void **state)
{
	struct interp_test t[3] = {
		mk("randread4k", 499, 1, K4, true),
		mk("mixed8k", 714, 0.7, K8, true),
		mk("seqread64k", 501, 1, K64, false),
	};
	struct interp_env env = { 0 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	interp_wall(t, 3, &env, f, &n, 8);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_WALL_DIR);
	assert_non_null(strstr(f[0].text, "reads capped at ≈500 IOPS"));
	assert_non_null(strstr(f[0].text, "mixed8k's total 714 = the cap ÷ 0.70"));
}

static void test_wall_mbps_fires(void **state)
{
	/* 60 MiB/s whatever the block size */
	struct interp_test t[2] = {
		mk("seq1m", 60, 1, 1048576, false),
		mk("seqread64k", 960, 1, K64, false),
	};
	struct interp_env env = { .expect_mib_s = 60 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	interp_wall(t, 2, &env, f, &n, 8);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_WALL_MBPS);
	assert_non_null(strstr(f[0].text, "capped at ≈60.0 MiB/s"));
	assert_non_null(strstr(f[0].text, "100% of the provisioned 60.0 MiB/s"));
}

static void test_wall_silent(void **state)
{
	/* the "after" disk: 7,071 / 4,970 / 2,733 */
	struct interp_test t[3] = {
		mk("randread4k", 7071, 1, K4, true),
		mk("mixed8k", 4970, 0.7, K8, true),
		mk("seqread64k", 2733, 1, K64, false),
	};
	/* same workload twice: equal IOPS prove nothing */
	struct interp_test same[2] = {
		mk("a", 500, 1, K4, true),
		mk("b", 501, 1, K4, true),
	};
	struct interp_env env = { 0 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	interp_wall(t, 3, &env, f, &n, 8);
	interp_wall(same, 2, &env, f, &n, 8);
	interp_wall(t, 1, &env, f, &n, 8);
	assert_int_equal(n, 0);
}

static void test_little(void **state)
{
	struct interp_test t = mk("randread4k", 7071, 1, K4, true);
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.inflight = 128;
	t.mean_ms = 18.2;	/* 128 / 7071 = 18.1 ms */
	interp_little(&t, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_LITTLE);
	assert_non_null(strstr(f[0].text, "128 in flight ÷ 7,071 IOPS"));
	assert_non_null(strstr(f[0].text, "queueing, not a slow device"));
	/* silent: QD1, or a mean Little's law does not explain */
	t.inflight = 1;
	interp_little(&t, f, &n, 4);
	t.inflight = 128;
	t.mean_ms = 60;
	interp_little(&t, f, &n, 4);
	assert_int_equal(n, 1);
}

static void test_tail(void **state)
{
	struct interp_test t = mk("randread4k", 407, 1, K4, true);
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.p50_ms = 300;
	t.p99_ms = 12800;
	t.max_ms = 14000;
	interp_tail(&t, f, &n, 4);
	assert_int_equal(n, 1);
	assert_non_null(strstr(f[0].text, "P99 12.8 s is 43× the median 300 ms"));
	/* max alone, long enough to matter */
	t.p50_ms = 1;
	t.p99_ms = 3;
	t.max_ms = 800;
	interp_tail(&t, f, &n, 4);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[1].text, "max 800 ms is 800×"));
	/* silent: a tight distribution, or a short blip */
	t.max_ms = 20;
	interp_tail(&t, f, &n, 4);
	t.p50_ms = 0.05;
	t.p99_ms = 0.2;
	t.max_ms = 9;
	interp_tail(&t, f, &n, 4);
	assert_int_equal(n, 2);
}

static void test_flattered(void **state)
{
	struct interp_test t = mk("randread4k", 20000, 1, K4, true);
	struct interp_env env = { .expect_iops = 500,
				  .mem_bytes = 8ull << 30 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	t.file_bytes = 256ull << 20;
	interp_flattered(&t, &env, f, &n, 8);
	assert_int_equal(n, 1);
	assert_non_null(strstr(f[0].text, "40.0× the provisioned 500"));
	assert_non_null(strstr(f[0].text, "fits in RAM"));
	t.buffered = true;
	interp_flattered(&t, &env, f, &n, 8);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[1].text, "buffered"));
	/* reads far faster than writes on the same file */
	t = mk("mixed8k", 3000, 0.7, K8, true);
	t.read_mean_ms = 0.05;
	t.write_mean_ms = 4;
	env.expect_iops = 0;
	interp_flattered(&t, &env, f, &n, 8);
	assert_int_equal(n, 3);
	assert_non_null(strstr(f[2].text, "80× faster than writes"));
	/* silent: direct I/O within the provisioned rate, similar latencies */
	t.read_mean_ms = 2;
	t.write_mean_ms = 3;
	env.expect_iops = 5000;
	interp_flattered(&t, &env, f, &n, 8);
	assert_int_equal(n, 3);
}

static void test_burst(void **state)
{
	double drop[12] = { 3000, 3010, 2990, 3000, 2995, 500,
			    498, 502, 500, 501, 499, 500 };
	double flat[12] = { 500, 510, 490, 505, 495, 500,
			    498, 502, 500, 501, 499, 500 };
	struct interp_test t = mk("mixed8k", 1500, 0.7, K8, true);
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.interval_iops = drop;
	t.nintervals = 12;
	t.interval_s = 1;
	interp_burst(&t, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_BURST);
	assert_true(f[0].value > 4.9 && f[0].value < 5.1);
	assert_non_null(strstr(f[0].text, "the first 5 s ran at 3,000 IOPS, "
				       "then 500 IOPS for the remaining 7 s"));
	t.interval_iops = flat;
	interp_burst(&t, f, &n, 4);
	t.interval_iops = drop;
	t.nintervals = 4;	/* too short a series to say */
	interp_burst(&t, f, &n, 4);
	assert_int_equal(n, 1);
}

static void test_interpret_all(void **state)
{
	struct interp_test t[3] = {
		mk("randread4k", 7071, 1, K4, true),
		mk("mixed8k", 4970, 0.7, K8, true),
		mk("seqread64k", 2733, 1, K64, false),
	};
	struct interp_env env = { 0 };
	struct finding f[INTERP_MAX_FINDINGS];
	size_t n;

	(void)state;
	t[0].inflight = 128;
	t[0].mean_ms = 18;
	n = interpret(t, 3, &env, f, INTERP_MAX_FINDINGS);
	assert_int_equal(n, 1);
	assert_int_equal(count_kind(f, n, FIND_LITTLE), 1);
}

/* This machine's `make run`: 97,744 random 4K reads/s at a 1.45 ms median
 * from a 256 MiB file on a virtio disk that says it is rotational. */
static struct interp_test cached_rot(void)
{
	struct interp_test t = mk("randread4k", 97744, 1, K4, true);

	t.p50_ms = 1.45;
	t.read_p50_ms = 1.45;
	t.media = MEDIA_ROTATIONAL;
	t.device = "vda";
	t.file_bytes = 256ull << 20;
	return t;
}

static void test_cache_fires(void **state)
{
	struct interp_test t = cached_rot(), q = cached_rot();
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct finding f[4];
	size_t n = 0;

	(void)state;
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_CACHE);
	assert_non_null(strstr(f[0].text, "97,744 random read IOPS at a "
					  "median of 1.45 ms from vda"));
	assert_non_null(strstr(f[0].text, "reports itself rotational"));
	assert_non_null(strstr(f[0].text, "256 MiB test file fits in RAM "
					  "(24.0 GiB)"));
	assert_non_null(strstr(f[0].text, "--file-size larger than RAM "
					  "(e.g. 32G)"));
	/* QD1 at a sub-ms median fires on the latency alone */
	q.iops = q.read_iops = 900;
	q.read_p50_ms = q.p50_ms = 0.4;
	interp_cache(&q, &env, f, &n, 4);
	assert_int_equal(n, 2);
	/* flash: only a median far under what flash can do */
	q.media = MEDIA_FLASH;
	q.read_p50_ms = 0.012;
	interp_cache(&q, &env, f, &n, 4);
	assert_int_equal(n, 3);
	assert_non_null(strstr(f[2].text, "flash (not rotational)"));
	/* interpret() runs the rule too */
	n = interpret(&t, 1, &env, f, 4);
	assert_true(n >= 1);
}

static void test_cache_silent(void **state)
{
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct interp_test t;
	struct finding f[4];
	size_t n = 0;

	(void)state;
	/* the throttled disk: 500 IOPS at a 256 ms median, rotational loop */
	t = cached_rot();
	t.iops = t.read_iops = 500;
	t.p50_ms = t.read_p50_ms = 256;
	interp_cache(&t, &env, f, &n, 4);
	/* a file larger than RAM: the disk itself answers */
	t = cached_rot();
	t.file_bytes = 32ull << 30;
	interp_cache(&t, &env, f, &n, 4);
	/* RAM unknown, sequential, unknown device type, writes only */
	t = cached_rot();
	interp_cache(&t, &(struct interp_env){ 0 }, f, &n, 4);
	t.random = false;
	interp_cache(&t, &env, f, &n, 4);
	t = cached_rot();
	t.media = MEDIA_UNKNOWN;
	interp_cache(&t, &env, f, &n, 4);
	t = cached_rot();
	t.read_iops = 0;
	t.write_iops = t.iops;
	t.read_p50_ms = 0;
	interp_cache(&t, &env, f, &n, 4);
	/* real flash: 90 us median */
	t = cached_rot();
	t.media = MEDIA_FLASH;
	t.read_p50_ms = t.p50_ms = 0.090;
	interp_cache(&t, &env, f, &n, 4);
	/* a real spinning disk: 180 IOPS at 5.5 ms */
	t = cached_rot();
	t.iops = t.read_iops = 180;
	t.read_p50_ms = t.p50_ms = 5.5;
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_wall_total_fires),
		cmocka_unit_test(test_wall_direction_fires),
		cmocka_unit_test(test_wall_mbps_fires),
		cmocka_unit_test(test_wall_silent),
		cmocka_unit_test(test_little),
		cmocka_unit_test(test_tail),
		cmocka_unit_test(test_flattered),
		cmocka_unit_test(test_burst),
		cmocka_unit_test(test_interpret_all),
		cmocka_unit_test(test_cache_fires),
		cmocka_unit_test(test_cache_silent),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
