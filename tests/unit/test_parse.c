/* test_parse.c - unit tests for parse.c: DiskSpd sizes (K M G T and b/B
 * blocks), lenient and strict integers, overflow and junk rejection. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include "profile/parse.h"

static void test_size_plain(void **state)
{
	uint64_t v = 1;

	(void)state;
	assert_int_equal(parse_size("0", 0, &v), 0);
	assert_int_equal(v, 0);
	assert_int_equal(parse_size("4096", 0, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("010", 0, &v), 0);	/* base 10 */
	assert_int_equal(v, 10);
}

static void test_size_suffixes(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_size("4K", 0, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("4k", 0, &v), 0);
	assert_int_equal(v, 4096);
	assert_int_equal(parse_size("1M", 0, &v), 0);
	assert_int_equal(v, 1048576);
	assert_int_equal(parse_size("2m", 0, &v), 0);
	assert_int_equal(v, 2097152);
	assert_int_equal(parse_size("5G", 0, &v), 0);
	assert_int_equal(v, 5ULL << 30);
	assert_int_equal(parse_size("3g", 0, &v), 0);
	assert_int_equal(v, 3ULL << 30);
	assert_int_equal(parse_size("2T", 0, &v), 0);
	assert_int_equal(v, 2ULL << 40);
	assert_int_equal(parse_size("1t", 0, &v), 0);
	assert_int_equal(v, 1ULL << 40);
}

static void test_size_blocks(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_size("2b", 4096, &v), 0);
	assert_int_equal(v, 8192);
	/* uppercase B is blocks too, never bytes */
	assert_int_equal(parse_size("3B", 8192, &v), 0);
	assert_int_equal(v, 24576);
	/* blocks of an unknown size */
	assert_int_equal(parse_size("2b", 0, &v), -EINVAL);
}

static void test_size_junk(void **state)
{
	uint64_t v = 77;

	(void)state;
	assert_int_equal(parse_size("", 0, &v), -EINVAL);
	assert_int_equal(parse_size("K", 0, &v), -EINVAL);
	assert_int_equal(parse_size("3k7", 0, &v), -EINVAL);
	assert_int_equal(parse_size("4KB", 4096, &v), -EINVAL);
	assert_int_equal(parse_size("-4K", 0, &v), -EINVAL);
	assert_int_equal(parse_size("+4K", 0, &v), -EINVAL);
	assert_int_equal(parse_size(" 4K", 0, &v), -EINVAL);
	assert_int_equal(parse_size("0x10", 0, &v), -EINVAL);
	assert_int_equal(parse_size("1.5G", 0, &v), -EINVAL);
	assert_int_equal(parse_size("4X", 0, &v), -EINVAL);
	assert_int_equal(parse_size(NULL, 0, &v), -EINVAL);
	assert_int_equal(v, 77);	/* untouched on error */
}

static void test_size_overflow(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_size("18446744073709551615", 0, &v), 0);
	assert_int_equal(v, UINT64_MAX);
	assert_int_equal(parse_size("18446744073709551616", 0, &v), -ERANGE);
	assert_int_equal(parse_size("16777215T", 0, &v), 0);
	assert_int_equal(parse_size("16777216T", 0, &v), -ERANGE);
	assert_int_equal(parse_size("17179869184G", 0, &v), -ERANGE);
	assert_int_equal(parse_size("4611686018427387904b", 4, &v), -ERANGE);
	assert_int_equal(parse_size("99999999999999999999999", 0, &v),
			 -ERANGE);
}

static void test_size_prefix(void **state)
{
	const char *end = NULL;
	uint64_t v;

	(void)state;
	assert_int_equal(parse_size_prefix("1G:2G", 0, &v, &end), 0);
	assert_int_equal(v, 1ULL << 30);
	assert_string_equal(end, ":2G");
	assert_int_equal(parse_size_prefix("1M,file.bin", 0, &v, &end), 0);
	assert_int_equal(v, 1ULL << 20);
	assert_string_equal(end, ",file.bin");
	assert_int_equal(parse_size_prefix("12", 0, &v, &end), 0);
	assert_string_equal(end, "");
	assert_int_equal(parse_size_prefix(":1", 0, &v, &end), -EINVAL);
}

static void test_lenient(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_uint_lenient("10", 100, &v), 0);
	assert_int_equal(v, 10);
	/* DiskSpd's atoi: trailing junk ignored */
	assert_int_equal(parse_uint_lenient("10s", 100, &v), 0);
	assert_int_equal(v, 10);
	assert_int_equal(parse_uint_lenient("1m", 100, &v), 0);
	assert_int_equal(v, 1);
	assert_int_equal(parse_uint_lenient("30abc", 100, &v), 0);
	assert_int_equal(v, 30);
	assert_int_equal(parse_uint_lenient("", 100, &v), -EINVAL);
	assert_int_equal(parse_uint_lenient("s10", 100, &v), -EINVAL);
	assert_int_equal(parse_uint_lenient("-1", 100, &v), -EINVAL);
	assert_int_equal(parse_uint_lenient("101", 100, &v), -ERANGE);
	assert_int_equal(parse_uint_lenient("99999999999999999999", UINT64_MAX,
					    &v), -ERANGE);
}

static void test_strict(void **state)
{
	uint64_t v;

	(void)state;
	assert_int_equal(parse_uint_strict("42", 100, &v), 0);
	assert_int_equal(v, 42);
	assert_int_equal(parse_uint_strict("42s", 100, &v), -EINVAL);
	assert_int_equal(parse_uint_strict("", 100, &v), -EINVAL);
	assert_int_equal(parse_uint_strict("200", 100, &v), -ERANGE);
}

static void test_uint_prefix(void **state)
{
	const char *end;
	uint64_t v;

	(void)state;
	assert_int_equal(parse_uint_prefix("90/10", 100, &v, &end), 0);
	assert_int_equal(v, 90);
	assert_string_equal(end, "/10");
	assert_int_equal(parse_uint_prefix("190/10", 100, &v, &end), -ERANGE);
	assert_int_equal(parse_uint_prefix("/10", 100, &v, &end), -EINVAL);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_size_plain),
		cmocka_unit_test(test_size_suffixes),
		cmocka_unit_test(test_size_blocks),
		cmocka_unit_test(test_size_junk),
		cmocka_unit_test(test_size_overflow),
		cmocka_unit_test(test_size_prefix),
		cmocka_unit_test(test_lenient),
		cmocka_unit_test(test_strict),
		cmocka_unit_test(test_uint_prefix),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
