/* test_rng.c - seeded random streams: reproducible, distinct per thread
 * and purpose, and rng_below() in range and roughly uniform. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <cmocka.h>

#include "lib/rng.h"

static void test_reproducible(void **state)
{
	struct rng a, b;
	int i;

	(void)state;
	rng_seed(&a, 42, 3, RNG_OFFSET);
	rng_seed(&b, 42, 3, RNG_OFFSET);
	for (i = 0; i < 1000; i++)
		assert_int_equal(rng_next(&a), rng_next(&b));
}

static int same_prefix(uint64_t s1, uint32_t t1, enum rng_stream k1,
		       uint64_t s2, uint32_t t2, enum rng_stream k2)
{
	struct rng a, b;
	int i, same = 0;

	rng_seed(&a, s1, t1, k1);
	rng_seed(&b, s2, t2, k2);
	for (i = 0; i < 64; i++)
		same += rng_next(&a) == rng_next(&b);
	return same;
}

static void test_distinct_streams(void **state)
{
	(void)state;
	assert_int_equal(same_prefix(7, 0, RNG_OFFSET, 7, 1, RNG_OFFSET), 0);
	assert_int_equal(same_prefix(7, 0, RNG_OFFSET, 7, 0, RNG_MIX), 0);
	assert_int_equal(same_prefix(7, 0, RNG_MIX, 7, 0, RNG_DATA), 0);
	assert_int_equal(same_prefix(7, 0, RNG_OFFSET, 7, 0, RNG_SEQRAND), 0);
	assert_int_equal(same_prefix(7, 0, RNG_OFFSET, 8, 0, RNG_OFFSET), 0);
	assert_int_equal(same_prefix(0, 0, RNG_OFFSET, 0, 0, RNG_OFFSET), 64);
	/* DiskSpd's rule: thread t of seed s runs on seed s + t */
	assert_int_equal(same_prefix(5, 2, RNG_OFFSET, 7, 0, RNG_OFFSET), 64);
}

static void test_seed_zero_not_stuck(void **state)
{
	struct rng r;
	uint64_t x, y;

	(void)state;
	rng_seed(&r, 0, 0, RNG_OFFSET);
	assert_false(r.s[0] == 0 && r.s[1] == 0 && r.s[2] == 0 &&
		     r.s[3] == 0);
	x = rng_next(&r);
	y = rng_next(&r);
	assert_true(x != y);
}

/* Chi-square over 100 cells with 10^6 draws: 99 degrees of freedom, the
 * 99.99th percentile is about 160. */
static void test_below_uniform(void **state)
{
	enum { CELLS = 100, DRAWS = 1000000 };
	static const uint64_t ns[] = { 1, 2, 3, 100, 1000003, 1ull << 40,
				       UINT64_MAX };
	uint64_t count[CELLS];
	struct rng r;
	double chi = 0, expect = (double)DRAWS / CELLS;
	unsigned int i, k;

	(void)state;
	rng_seed(&r, 1234, 0, RNG_OFFSET);
	for (k = 0; k < sizeof(ns) / sizeof(ns[0]); k++)
		for (i = 0; i < 10000; i++)
			assert_true(rng_below(&r, ns[k]) < ns[k]);
	for (i = 0; i < 1000; i++)
		assert_int_equal(rng_below(&r, 1), 0);

	memset(count, 0, sizeof(count));
	for (i = 0; i < DRAWS; i++)
		count[rng_below(&r, CELLS)]++;
	for (i = 0; i < CELLS; i++) {
		double d = (double)count[i] - expect;

		chi += d * d / expect;
	}
	assert_true(chi < 160.0);
	assert_true(chi > 40.0);	/* too even is suspicious as well */
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reproducible),
		cmocka_unit_test(test_distinct_streams),
		cmocka_unit_test(test_seed_zero_not_stuck),
		cmocka_unit_test(test_below_uniform),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
