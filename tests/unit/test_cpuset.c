/* test_cpuset.c - the kernel's CPU list notation, both ways. */
#include <errno.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>

#include <cmocka.h>

#include "lib/cpuset.h"

static void round_trip(void **state)
{
	struct cpuset s;
	char b[64];

	(void)state;
	cpuset_clear(&s);
	assert_int_equal(cpuset_parse(&s, "0-3,8,10-11\n"), 0);
	assert_int_equal(cpuset_count(&s), 7);
	assert_true(cpuset_has(&s, 8));
	assert_false(cpuset_has(&s, 9));
	cpuset_format(&s, b, sizeof(b));
	assert_string_equal(b, "0-3,8,10-11");
}

static void bad_and_edges(void **state)
{
	struct cpuset s;
	char b[4];

	(void)state;
	cpuset_clear(&s);
	assert_int_equal(cpuset_parse(&s, "x"), -EINVAL);
	assert_int_equal(cpuset_parse(&s, ""), -EINVAL);
	cpuset_add(&s, CPUSET_MAX);	/* out of range: ignored */
	assert_int_equal(cpuset_count(&s), 0);
	cpuset_format(&s, b, sizeof(b));
	assert_string_equal(b, "");
	assert_int_equal(cpuset_parse(&s, "1,3,5"), 0);
	cpuset_format(&s, b, sizeof(b));	/* "1,3" fits, ",5" does not */
	assert_string_equal(b, "1,3");
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(round_trip),
		cmocka_unit_test(bad_and_edges),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
