/* test_rate.c - the throttle and burst/think time on a simulated clock. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "run/rate.h"

#define MS 1000000ull

static void test_unlimited(void **state)
{
	struct rate r;
	uint64_t wait = 0;
	int i;

	(void)state;
	rate_init(&r, 0, 0, 0, 1000);
	for (i = 0; i < 1000; i++) {
		assert_true(rate_may_issue(&r, 1 << 20, 1000, &wait));
		rate_issued(&r, 1 << 20, 1000);
	}
}

/* Step a fake clock in odd increments; at each step issue everything the
 * throttle allows.  Issued bytes never exceed elapsed * rate, and after
 * each step one more I/O would exceed it (the allowance is reached within
 * one I/O). */
static void run_bytes(uint64_t rate_bpm, uint64_t len, uint64_t step_ns)
{
	struct rate r;
	uint64_t start = 5 * MS, now, wait = 0, w2, issued = 0;

	rate_init(&r, rate_bpm, 0, 0, start);
	for (now = start; now < start + 2000 * MS; now += step_ns) {
		unsigned __int128 allow =
			(unsigned __int128)(now - start) * rate_bpm / MS;

		while (rate_may_issue(&r, len, now, &wait)) {
			rate_issued(&r, len, now);
			issued += len;
		}
		assert_true(issued <= allow);
		assert_true(issued + len > allow);
		/* the wait is exact: not allowed just before, allowed at */
		assert_true(wait > now);
		assert_true(rate_may_issue(&r, len, wait, &w2));
		assert_false(rate_may_issue(&r, len, wait - 1, &w2));
	}
	assert_true(issued > 0);
}

static void test_bytes_per_ms(void **state)
{
	(void)state;
	run_bytes(4096, 4096, 333333);		/* 1000 IOPS of 4K */
	run_bytes(61440, 8192, 1234567);	/* 60 MB/s-ish, 8K */
	run_bytes(1, 512, 7 * MS + 3);		/* very slow */
	run_bytes(1000000, 65536, 10001);	/* ~1 GB/s, 64K */
}

static void test_iops_form(void **state)
{
	struct rate r;
	uint64_t now, wait, n = 0;

	(void)state;
	/* 333 IOPS is not a whole number of bytes per ms for 4K I/Os */
	rate_init_iops(&r, 333, 0, 0, 0);
	for (now = 0; now <= 3000 * MS; now += 100000) {
		while (rate_may_issue(&r, 4096, now, &wait)) {
			rate_issued(&r, 4096, now);
			n++;
		}
		assert_true(n * 1000000000ull <= now * 333);
		assert_true((n + 1) * 1000000000ull > now * 333);
	}
	assert_int_equal(n, 999);
}

static void test_burst_think(void **state)
{
	struct rate r;
	uint64_t now = 0, wait;
	int round, i;

	(void)state;
	rate_init(&r, 0, 4, 10, 0);
	for (round = 0; round < 3; round++) {
		for (i = 0; i < 4; i++) {
			assert_true(rate_may_issue(&r, 4096, now, &wait));
			rate_issued(&r, 4096, now);
		}
		/* burst used up: the next slot is think time later */
		assert_false(rate_may_issue(&r, 4096, now, &wait));
		assert_int_equal(wait, now + 10 * MS);
		assert_false(rate_may_issue(&r, 4096, now + 10 * MS - 1,
					    &wait));
		now += 10 * MS;
	}
	assert_true(rate_may_issue(&r, 4096, now, &wait));
}

static void test_burst_with_rate(void **state)
{
	struct rate r;
	uint64_t now = 0, wait, n = 0;

	(void)state;
	/* 1 I/O per ms by bytes, bursts of 5 then 20 ms pause: the pause
	 * wins while the byte allowance builds up behind it */
	rate_init(&r, 4096, 5, 20, 0);
	while (now < 250 * MS) {
		if (rate_may_issue(&r, 4096, now, &wait)) {
			rate_issued(&r, 4096, now);
			n++;
		} else {
			assert_true(wait > now);
			now = wait;
		}
	}
	/* every 20 ms a burst of 5 (the allowance is ahead by then) */
	assert_true(n >= 60 && n <= 66);
	assert_true(r.issued_bytes <= 250 * 4096 + 4096);
}

/* -i shared among a target's threads: the shares add up to the burst
 * (DiskSpd's division, its remainder to the first threads), never 0. */
static void test_burst_share(void **state)
{
	uint32_t k, sum;

	(void)state;
	assert_int_equal(rate_burst_share(10, 1, 0), 10);
	assert_int_equal(rate_burst_share(0, 4, 1), 0);	/* no bursts */
	for (sum = 0, k = 0; k < 4; k++)
		sum += rate_burst_share(10, 4, k);
	assert_int_equal(sum, 10);
	assert_int_equal(rate_burst_share(10, 4, 0), 3);
	assert_int_equal(rate_burst_share(10, 4, 3), 2);
	assert_int_equal(rate_burst_share(10, 2, 1), 5);
	assert_int_equal(rate_burst_share(2, 8, 7), 1);	/* floor 1 */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_unlimited),
		cmocka_unit_test(test_bytes_per_ms),
		cmocka_unit_test(test_iops_form),
		cmocka_unit_test(test_burst_think),
		cmocka_unit_test(test_burst_with_rate),
		cmocka_unit_test(test_burst_share),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
