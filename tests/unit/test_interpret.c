/* test_interpret.c - each interpretation rule fires on crafted figures
 * that support it (the throttled-disk story) and stays silent otherwise. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdio.h>
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

/* The null engine's latencies: a median of 0.1 us is ioprobe's own loop,
 * so neither its tail nor its median nor a read/write ratio is a
 * finding, whatever the scheduler did to the P99 and max. */
static void test_null_engine_silent(void **state)
{
	struct interp_test t = mk("latency4k", 3.0e7, 1, K4, true);
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.p50_ms = t.read_p50_ms = 0.0001;
	t.p99_ms = 0.004;
	t.max_ms = 150;
	t.media = MEDIA_ROTATIONAL;
	t.device = "vda";
	interp_tail(&t, f, &n, 4);
	interp_cache(&t, &env, f, &n, 4);
	t = mk("mixed8k", 2.0e7, 0.7, K8, true);
	t.read_mean_ms = 0.0002;
	t.write_mean_ms = 0.004;
	interp_flattered(&t, &env, f, &n, 4);
	assert_int_equal(n, 0);
	/* at the floor, the tail rule speaks again */
	t.p50_ms = 0.001;	/* INTERP_LAT_FLOOR_MS */
	t.p99_ms = 0.02;
	interp_tail(&t, f, &n, 4);
	assert_int_equal(n, 1);
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
	assert_non_null(strstr(f[0].text, "the first 5.0 s ran at 3,000 IOPS, "
				       "then 500 IOPS for the remaining 7.0 s"));
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

/* A window of @io reads by ioprobe, @dev of them completed by loop3. */
static void witness(struct interp_test *t, uint64_t io, uint64_t dev)
{
	memset(&t->dev, 0, sizeof(t->dev));
	t->dev.measured = t->dev.counters = true;
	strcpy(t->dev.name, "loop3");
	t->dev.io_reads = io;
	t->dev.io_read_bytes = io * t->block_bytes;
	t->dev.dev_reads = dev;
	t->dev.dev_read_bytes = dev * t->block_bytes;
}

/* The counters: a buffered re-read of a 16 MiB file the device never saw. */
static void test_cache_counters_fires(void **state)
{
	struct interp_test t = mk("/mnt/f.dat", 180000, 1, K4, true);
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.buffered = true;
	t.file_bytes = 16ull << 20;
	t.p50_ms = t.read_p50_ms = 0.002;
	witness(&t, 360000, 12);
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_CACHE);
	assert_non_null(strstr(f[0].text, "the device loop3 completed 12 "
					  "reads (48 KiB) while ioprobe read "
					  "360,000 times (1.4 GiB)"));
	assert_non_null(strstr(f[0].text, "the page cache or a cache above "
					  "the device answered"));
	assert_non_null(strstr(f[0].text, "-Sh bypasses the page cache"));
	assert_non_null(strstr(f[0].text, "16 MiB test file fits in RAM "
					  "(24 GiB)"));
	/* under half of the reads is enough, merged or not */
	witness(&t, 360000, 170000);
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 2);
	/* interpret() runs the rule, and the buffered guess gives way */
	witness(&t, 360000, 12);
	n = interpret(&t, 1, &env, f, 4);
	assert_int_equal(count_kind(f, n, FIND_CACHE), 1);
	assert_int_equal(count_kind(f, n, FIND_FLATTERED), 0);
}

/* Its twin: the same reads, and the device completed them all. */
static void test_cache_counters_silent(void **state)
{
	struct interp_test t = mk("/mnt/f.dat", 1000, 1, K4, true);
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.file_bytes = 16ull << 20;
	t.p50_ms = t.read_p50_ms = 0.9;
	witness(&t, 2000, 2000);
	interp_cache(&t, &env, f, &n, 4);
	/* buffered too: the device saw every read, so no cache answered */
	t.buffered = true;
	interp_cache(&t, &env, f, &n, 4);
	interp_flattered(&t, &env, f, &n, 4);
	/* sequential 4K reads merged into fewer, larger requests: the
	 * bytes all reached the device */
	t.random = false;
	witness(&t, 2000, 500);
	t.dev.dev_read_bytes = 2000ull * K4;
	interp_cache(&t, &env, f, &n, 4);
	/* too few reads to judge */
	witness(&t, 50, 0);
	interp_cache(&t, &env, f, &n, 4);
	/* the throttled loop disk: 2,300 IOPS at a 99.4 ms median,
	 * -Sh, rotational, RAM far above the file; the device did them */
	t = cached_rot();
	t.iops = t.read_iops = 2300;
	t.p50_ms = t.read_p50_ms = 99.4;
	t.device = "loop0";
	witness(&t, 23000, 23000);
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 0);
	n = interpret(&t, 1, &env, f, 4);
	assert_int_equal(count_kind(f, n, FIND_CACHE), 0);
}

/* Buffered writes the page cache took: the device wrote a fraction. */
static void test_cache_writes(void **state)
{
	struct interp_test t = mk("/mnt/f.dat", 50000, 0, K4, true);
	struct interp_env env = { 0 };
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.buffered = true;
	witness(&t, 0, 0);
	t.dev.io_writes = 100000;
	t.dev.io_write_bytes = 100000ull * K4;
	t.dev.dev_writes = 90;
	t.dev.dev_write_bytes = 90ull * 512 * 1024;
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_CACHE);
	assert_non_null(strstr(f[0].text, "the device loop3 completed 90 "
					  "writes (45 MiB) while ioprobe "
					  "wrote 100,000 times (390.6 MiB)"));
	assert_non_null(strstr(f[0].text, "-Sh writes through"));
	/* twin: -Sh, every write reached the device (as 2x the requests:
	 * each with its flush) */
	t.buffered = false;
	t.dev.dev_writes = 200000;
	t.dev.dev_write_bytes = 100000ull * K4;
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 1);
}

/* No counters (tmpfs, NFS, an older result): the median alone, and only
 * below what the device class can do. */
static void test_cache_latency_fires(void **state)
{
	struct interp_test t = cached_rot();
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct finding f[4];
	size_t n = 0;

	(void)state;
	t.read_p50_ms = t.p50_ms = 0.3;	/* no head seeks in 0.3 ms */
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_CACHE);
	assert_non_null(strstr(f[0].text, "97,744 random read IOPS at a "
					  "median of 300 µs from vda (reports "
					  "itself rotational)"));
	assert_non_null(strstr(f[0].text, "the result has no device "
					  "counters to confirm it"));
	t.media = MEDIA_FLASH;
	t.read_p50_ms = t.p50_ms = 0.004;
	t.dev.measured = true;	/* looked, found no block device */
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[1].text, "no flash device completes a read "
					  "in under 10 µs"));
	assert_non_null(strstr(f[1].text, "no block device under the "
					  "target"));
}

static void test_cache_latency_silent(void **state)
{
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct interp_test t;
	struct finding f[4];
	size_t n = 0;

	(void)state;
	/* the old rule's mistake: 97,744 IOPS at a 1.45 ms median on a
	 * "rotational" virtio disk; a median of milliseconds is a device */
	t = cached_rot();
	interp_cache(&t, &env, f, &n, 4);
	/* the throttled disk: 2,300 IOPS at a 99.4 ms median */
	t.iops = t.read_iops = 2300;
	t.p50_ms = t.read_p50_ms = 99.4;
	interp_cache(&t, &env, f, &n, 4);
	/* real flash at 90 us, a spinning disk at 5.5 ms, unknown at 0.2 ms */
	t = cached_rot();
	t.media = MEDIA_FLASH;
	t.read_p50_ms = t.p50_ms = 0.090;
	interp_cache(&t, &env, f, &n, 4);
	t.media = MEDIA_UNKNOWN;
	t.read_p50_ms = t.p50_ms = 0.2;
	interp_cache(&t, &env, f, &n, 4);
	t = cached_rot();
	t.iops = t.read_iops = 180;
	t.read_p50_ms = t.p50_ms = 5.5;
	interp_cache(&t, &env, f, &n, 4);
	/* sequential, or writes only, at a cache's median */
	t = cached_rot();
	t.read_p50_ms = t.p50_ms = 0.002;
	t.random = false;
	interp_cache(&t, &env, f, &n, 4);
	t.random = true;
	t.read_iops = 0;
	t.write_iops = t.iops;
	t.read_p50_ms = 0;
	interp_cache(&t, &env, f, &n, 4);
	assert_int_equal(n, 0);
}

static void test_device_more(void **state)
{
	struct interp_test t = mk("/mnt/f.dat", 1000, 1, K4, true);
	struct finding f[4];
	size_t n = 0;

	(void)state;
	/* buffered 4K reads, the device read 64K for each: read-ahead */
	witness(&t, 2000, 2000);
	t.dev.dev_read_bytes = 2000ull * K64;
	interp_device_more(&t, f, &n, 4);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_DEVICE_MORE);
	assert_non_null(strstr(f[0].text, "the device loop3 completed 2,000 "
					  "reads and 0 writes (125 MiB) "
					  "while ioprobe did 2,000 reads and "
					  "0 writes (7.8 MiB)"));
	assert_non_null(strstr(f[0].text, "16.0× the bytes: read-ahead"));
	/* writes tripled by a journal */
	witness(&t, 0, 0);
	t.dev.io_writes = 1000;
	t.dev.io_write_bytes = 1000ull * K4;
	t.dev.dev_writes = 3000;
	t.dev.dev_write_bytes = 3000ull * K4;
	interp_device_more(&t, f, &n, 4);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[1].text, "3.0× the bytes: write "
					  "amplification"));
	/* twin: the device did what ioprobe did, give or take 20 % */
	witness(&t, 2000, 2400);
	interp_device_more(&t, f, &n, 4);
	/* split into more, smaller requests: the same bytes */
	witness(&t, 2000, 2000);
	t.dev.dev_reads = 16000;
	interp_device_more(&t, f, &n, 4);
	/* too few I/Os, or no counters */
	witness(&t, 50, 50);
	t.dev.dev_read_bytes = 50ull * K64;
	interp_device_more(&t, f, &n, 4);
	witness(&t, 2000, 2000);
	t.dev.dev_read_bytes = 2000ull * K64;
	t.dev.counters = false;
	interp_device_more(&t, f, &n, 4);
	assert_int_equal(n, 2);
	assert_string_equal(interp_rule_name(FIND_DEVICE_MORE), "device_more");
	assert_string_equal(interp_rule_name(FIND_CACHE), "cache");
	assert_string_equal(interp_rule_name(FIND_WALL_DIR), "wall");
}

/* --expect iops=500 on a disk capped at 1,000: the device completed
 * every read, so the figure is the device's, never "a cache's". */
static void test_expect_device_did_it(void **state)
{
	struct interp_test t = mk("randread4k", 1000, 1, K4, true);
	struct interp_env env = { .expect_iops = 500,
				  .mem_bytes = 24ull << 30 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	witness(&t, 2000, 2000);
	n = interpret(&t, 1, &env, f, 8);
	assert_int_equal(count_kind(f, n, FIND_EXPECT), 1);
	assert_int_equal(count_kind(f, n, FIND_FLATTERED), 0);
	assert_int_equal(count_kind(f, n, FIND_CACHE), 0);
	assert_non_null(strstr(f[0].text, "randread4k: reads at 1,000 IOPS "
					  "are 2.0× the provisioned 500, and "
					  "the device loop3 completed them "
					  "(2,000 reads for ioprobe's 2,000)"));
	assert_null(strstr(f[0].text, "may be a cache's"));
	assert_non_null(strstr(f[0].text, "not a cache's"));
	assert_string_equal(interp_rule_name(FIND_EXPECT), "expect");
	/* twin: within --expect, nothing to say */
	env.expect_iops = 1000;
	n = interpret(&t, 1, &env, f, 8);
	assert_int_equal(n, 0);
	/* twin: no counters to read: the old caution stays */
	env.expect_iops = 500;
	memset(&t.dev, 0, sizeof(t.dev));
	n = interpret(&t, 1, &env, f, 8);
	assert_int_equal(count_kind(f, n, FIND_EXPECT), 0);
	assert_int_equal(count_kind(f, n, FIND_FLATTERED), 1);
	assert_non_null(strstr(f[0].text, "no device counters"));
	/* twin: the counters show a cache: the cache rule, not expect */
	witness(&t, 2000, 10);
	n = interpret(&t, 1, &env, f, 8);
	assert_int_equal(count_kind(f, n, FIND_EXPECT), 0);
	assert_int_equal(count_kind(f, n, FIND_FLATTERED), 0);
	assert_int_equal(count_kind(f, n, FIND_CACHE), 1);
}

/* The same at a wall over three profiles: the wall says it once. */
static void test_expect_at_wall(void **state)
{
	struct interp_test t[3] = {
		mk("randread4k", 1000, 1, K4, true),
		mk("mixed8k", 1000, 1, K8, true),
		mk("seqread64k", 1000, 1, K64, false),
	};
	struct interp_env env = { .expect_iops = 500 };
	struct finding f[8];
	size_t n, i;

	(void)state;
	for (i = 0; i < 3; i++)
		witness(&t[i], 2000, 2000);
	n = interpret(t, 3, &env, f, 8);
	assert_int_equal(n, 1);
	assert_int_equal(f[0].kind, FIND_WALL_IOPS);
	assert_non_null(strstr(f[0].text, "(200% of the provisioned 500 "
					  "IOPS); above --expect"));
	assert_null(strstr(f[0].text, "may be a cache's"));
	/* twin: a MiB/s wall says nothing of IOPS: each test says it */
	t[0] = mk("randread4k", 12800, 1, K4, true);
	t[1] = mk("rand16k", 3200, 1, 4 * K4, true);
	t[2] = mk("seqread64k", 800, 1, K64, false);
	for (i = 0; i < 3; i++)
		witness(&t[i], 2000, 2000);
	n = interpret(t, 3, &env, f, 8);
	assert_int_equal(count_kind(f, n, FIND_WALL_MBPS), 1);
	assert_int_equal(count_kind(f, n, FIND_EXPECT), 3);
}

/* A loop device with --direct-io=off over a cached image: the loop
 * device passed every read on, its backing disk did 4,647 of 551,336. */
static void backing(struct interp_test *t, uint64_t reads, uint64_t bytes)
{
	strcpy(t->dev.back_name, "vda1");
	t->dev.back_reads = reads;
	t->dev.back_read_bytes = bytes;
}

static void test_cache_backing(void **state)
{
	struct interp_test t = mk("/mnt/f.dat", 137802, 1, K4, true);
	struct interp_env env = { .mem_bytes = 24ull << 30 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	t.file_bytes = 64ull << 20;
	t.p50_ms = t.read_p50_ms = 0.0135;
	witness(&t, 551336, 551336);
	backing(&t, 4647, 4647ull * 128 * 1024);
	n = interpret(&t, 1, &env, f, 8);
	assert_int_equal(count_kind(f, n, FIND_CACHE), 1);
	assert_int_equal(f[0].kind, FIND_CACHE);
	assert_non_null(strstr(f[0].text, "/mnt/f.dat: ioprobe read 551,336 "
					  "times (2.1 GiB) and loop3 passed "
					  "them on, but vda1, which holds "
					  "loop3's backing file, completed "
					  "4,647 reads (580.9 MiB)"));
	assert_non_null(strstr(f[0].text, "the page cache under loop3"));
	assert_non_null(strstr(f[0].text, "64 MiB test file fits in RAM "
					  "(24 GiB)"));
	assert_true(interp_dev_cached(&t.dev));
	/* twin: --direct-io=on, the backing disk read what loop3 did */
	n = 0;
	backing(&t, 551336, 551336ull * K4);
	interp_cache(&t, &env, f, &n, 8);
	assert_int_equal(n, 0);
	assert_false(interp_dev_cached(&t.dev));
	/* twin: fewer but larger reads that carried the bytes */
	backing(&t, 4647, 551336ull * K4);
	interp_cache(&t, &env, f, &n, 8);
	assert_int_equal(n, 0);
	/* twin: no backing device (not a loop device) */
	t.dev.back_name[0] = '\0';
	t.dev.back_reads = 0;
	interp_cache(&t, &env, f, &n, 8);
	assert_int_equal(n, 0);
	/* the named device's own cache is said once, not twice */
	witness(&t, 551336, 20);
	backing(&t, 4, 4ull * K4);
	interp_cache(&t, &env, f, &n, 8);
	assert_int_equal(n, 1);
	assert_non_null(strstr(f[0].text, "the device loop3 completed 20"));
}

/* Every rule's JSON name is one the schema lists (docs/json-schema.md),
 * never the old "finding". */
static void test_rule_names_in_schema(void **state)
{
	char buf[1 << 16], quoted[40];
	FILE *fp = fopen(IOPROBE_SRCDIR "/docs/json-schema.md", "r");
	const char *line;
	size_t len;
	int k;

	(void)state;
	assert_non_null(fp);
	len = fread(buf, 1, sizeof(buf) - 1, fp);
	fclose(fp);
	buf[len] = '\0';
	line = strstr(buf, "| `findings` |");
	assert_non_null(line);
	for (k = FIND_WALL_IOPS; k <= FIND_EXPECT; k++) {
		const char *name = interp_rule_name((enum finding_kind)k);
		const char *end = strchr(line, '\n');

		assert_string_not_equal(name, "finding");
		snprintf(quoted, sizeof(quoted), "`\"%s\"`", name);
		assert_non_null(strstr(line, quoted));
		assert_true(strstr(line, quoted) < end);
	}
	assert_string_equal(interp_rule_name(FIND_STEADY), "steady");
}

/* One format for sizes: RAM reads the same in every finding. */
static void test_one_size_format(void **state)
{
	struct interp_test t = mk("randread4k", 20000, 1, K4, true);
	struct interp_env env = { .expect_iops = 500,
				  .mem_bytes = 24105ull << 20 };
	struct finding f[8];
	size_t n = 0;

	(void)state;
	t.file_bytes = 256ull << 20;
	interp_flattered(&t, &env, f, &n, 8);
	t.buffered = true;
	t.file_bytes = 16ull << 20;
	witness(&t, 360000, 12);
	interp_cache(&t, &env, f, &n, 8);
	assert_int_equal(n, 2);
	assert_non_null(strstr(f[0].text, "the 256 MiB test file fits in RAM "
					  "(23.5 GiB)"));
	assert_non_null(strstr(f[1].text, "the 16 MiB test file fits in RAM "
					  "(23.5 GiB)"));
	assert_null(strstr(f[0].text, "24105"));
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
		cmocka_unit_test(test_null_engine_silent),
		cmocka_unit_test(test_flattered),
		cmocka_unit_test(test_burst),
		cmocka_unit_test(test_interpret_all),
		cmocka_unit_test(test_cache_counters_fires),
		cmocka_unit_test(test_cache_counters_silent),
		cmocka_unit_test(test_cache_writes),
		cmocka_unit_test(test_cache_latency_fires),
		cmocka_unit_test(test_cache_latency_silent),
		cmocka_unit_test(test_device_more),
		cmocka_unit_test(test_expect_device_did_it),
		cmocka_unit_test(test_expect_at_wall),
		cmocka_unit_test(test_cache_backing),
		cmocka_unit_test(test_rule_names_in_schema),
		cmocka_unit_test(test_one_size_format),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
