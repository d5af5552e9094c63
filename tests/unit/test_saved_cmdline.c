/* test_saved_cmdline.c - a history row's saved command line back into a
 * profile (saved_cmdline.c): the switches without the test files, the
 * placeholder targets that -t and -o count per, and refusals. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <string.h>

#include "profile/profile.h"
#include "workflow/saved_cmdline.h"

static const char suite_line[] =
	"-b8K -r -w30 -t4 -o32 -Sh -L -d30 -W5 -D1000 --engine=null "
	"/mnt/a/ioprobe-suite-1.dat /mnt/b/ioprobe-suite-1.dat";

static void test_switches(void **state)
{
	char buf[512], small[12];

	(void)state;
	saved_cmdline_switches(suite_line, buf, sizeof(buf));
	assert_string_equal(buf, "-b8K -r -w30 -t4 -o32 -Sh -L -d30 -W5 "
			    "-D1000 --engine=null");
	saved_cmdline_switches("-b4K\t-r  /x/y.dat", buf, sizeof(buf));
	assert_string_equal(buf, "-b4K -r");
	saved_cmdline_switches("-b64K -s -w0 -t1 -o8", small, sizeof(small));
	assert_string_equal(small, "-b64K -s -w");	/* cut, ended */
	saved_cmdline_switches("", buf, sizeof(buf));
	assert_string_equal(buf, "");
}

static void test_profile(void **state)
{
	struct profile p;
	char err[256];

	(void)state;
	assert_int_equal(saved_cmdline_profile(suite_line, 2, &p, err,
					       sizeof(err)), 0);
	assert_int_equal(p.ntargets, 2);
	assert_string_equal(p.targets[1].path, "target");
	assert_int_equal(p.targets[0].block_bytes, 8192);
	assert_true(p.targets[0].random);
	assert_int_equal(p.targets[0].write_pct, 30);
	assert_int_equal(p.targets[0].outstanding, 32);
	assert_int_equal(p.targets[0].cache, CACHE_DIRECT);
	assert_true(p.targets[0].write_through);
	assert_int_equal(profile_thread_count(&p), 8);	/* 4 per file */
	assert_int_equal(p.duration_s, 30);
	assert_int_equal(p.warmup_s, 5);
	assert_true(p.measure_latency);
	assert_string_equal(p.engine, "null");
	profile_release(&p);
	assert_int_equal(saved_cmdline_profile(suite_line, 1, &p, err,
					       sizeof(err)), 0);
	assert_int_equal(profile_thread_count(&p), 4);
	profile_release(&p);
}

static void test_refused(void **state)
{
	struct profile p;
	char err[256];

	(void)state;
	assert_int_equal(saved_cmdline_profile("-b4K -r -s /x", 1, &p, err,
					       sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "-s conflicts with -r"));
	profile_release(&p);
	assert_int_equal(saved_cmdline_profile("-b4K -Rp /x", 1, &p, err,
					       sizeof(err)), -EINVAL);
	assert_string_equal(err, "'-b4K -Rp /x' is not a runnable profile");
	profile_release(&p);
	assert_int_equal(saved_cmdline_profile("-b4K", 0, &p, err,
					       sizeof(err)), -EINVAL);
	profile_release(&p);
	/* no switches at all: DiskSpd's defaults on the placeholder */
	assert_int_equal(saved_cmdline_profile("/x/y.dat", 1, &p, err,
					       sizeof(err)), 0);
	assert_int_equal(p.targets[0].block_bytes, 65536);
	profile_release(&p);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_switches),
		cmocka_unit_test(test_profile),
		cmocka_unit_test(test_refused),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
