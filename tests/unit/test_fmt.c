/* test_fmt.c - number formatting for people and for DiskSpd's notation. */
#include <math.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/fmt.h"

static void sizes_follow_diskspd(void **state)
{
	char b[32];

	(void)state;
	fmt_size(b, sizeof(b), 512);
	assert_string_equal(b, "512");
	fmt_size(b, sizeof(b), 8192);
	assert_string_equal(b, "8KiB");
	fmt_size(b, sizeof(b), 1536ull << 20);
	assert_string_equal(b, "1.50GiB");
	fmt_size(b, sizeof(b), 2ull << 40);
	assert_string_equal(b, "2TiB");
}

static void factors(void **state)
{
	char b[32];

	(void)state;
	fmt_factor(b, sizeof(b), 205.4);
	assert_string_equal(b, "×205");
	fmt_factor(b, sizeof(b), 1.844);
	assert_string_equal(b, "×1.84");
	fmt_factor(b, sizeof(b), 0);
	assert_string_equal(b, "–");
	fmt_factor(b, sizeof(b), NAN);
	assert_string_equal(b, "–");
}

static void counts(void **state)
{
	char b[32];

	(void)state;
	fmt_count(b, sizeof(b), 1820004.4);
	assert_string_equal(b, "1,820,004");
	fmt_count(b, sizeof(b), 99.44);
	assert_string_equal(b, "99.4");
	fmt_count(b, sizeof(b), 1000);
	assert_string_equal(b, "1,000");
	fmt_count(b, sizeof(b), -5);
	assert_string_equal(b, "0.0");
	fmt_count(b, 4, 123456);	/* truncated, still terminated */
	assert_int_equal(b[3], '\0');
	fmt_grouped(b, sizeof(b), 30456.324, 2);
	assert_string_equal(b, "30,456.32");
	fmt_grouped(b, sizeof(b), 999.996, 2);
	assert_string_equal(b, "1,000.00");
	fmt_grouped(b, sizeof(b), 63948, 0);
	assert_string_equal(b, "63,948");
	fmt_grouped(b, sizeof(b), 118.97, 2);
	assert_string_equal(b, "118.97");
	fmt_grouped(b, sizeof(b), NAN, 1);
	assert_string_equal(b, "0.0");
}

static void latencies(void **state)
{
	char b[32];

	(void)state;
	fmt_latency_ms(b, sizeof(b), 0.85);
	assert_string_equal(b, "850 µs");
	fmt_latency_ms(b, sizeof(b), 4.9);
	assert_string_equal(b, "4.90 ms");
	fmt_latency_ms(b, sizeof(b), 25.12);
	assert_string_equal(b, "25.1 ms");
	fmt_latency_ms(b, sizeof(b), 256.4);
	assert_string_equal(b, "256 ms");
	fmt_latency_ms(b, sizeof(b), 1520);
	assert_string_equal(b, "1.5 s");
	fmt_latency_ms(b, sizeof(b), 120000);
	assert_string_equal(b, "120 s");
	fmt_latency_ms(b, sizeof(b), 12800);	/* as the findings quote them */
	assert_string_equal(b, "12.8 s");
	fmt_latency_ms(b, sizeof(b), 0.085);
	assert_string_equal(b, "85 µs");
	/* sub-microsecond: a cache hit or the null engine, never "0 µs" */
	fmt_latency_ms(b, sizeof(b), 0.0004);
	assert_string_equal(b, "400 ns");
	fmt_latency_ms(b, sizeof(b), 0.000049);
	assert_string_equal(b, "49 ns");
	fmt_latency_ms(b, sizeof(b), 0.0049);
	assert_string_equal(b, "4.90 µs");
	fmt_latency_ms(b, sizeof(b), 0.0099);
	assert_string_equal(b, "10 µs");
	fmt_latency_ms(b, sizeof(b), 0.0009999);
	assert_string_equal(b, "1.00 µs");
	fmt_latency_ms(b, sizeof(b), 0);
	assert_string_equal(b, "0 µs");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(sizes_follow_diskspd),
		cmocka_unit_test(factors),
		cmocka_unit_test(counts),
		cmocka_unit_test(latencies),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
