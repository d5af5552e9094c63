/* test_suite_file.c - the test file of one folder outside a suite (the
 * sweep's folder target, struct test_file): named in the folder as a
 * suite PATH's is, claimed with O_EXCL, removed on release unless kept,
 * and an existing file is never taken. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "workflow/suite.h"

static char dir[] = "/tmp/ioprobe-test-suite-file-XXXXXX";

static int setup(void **state)
{
	(void)state;
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	(void)state;
	return rmdir(dir);
}

static void test_claim_release(void **state)
{
	char want[PATH_MAX], err[512];
	struct test_file t;
	struct stat st;

	(void)state;
	test_file_init(&t, dir, false, 1 << 20);
	assert_int_equal(test_file_fd(&t), -1);
	assert_int_equal(test_file_choose(&t, err, sizeof(err)), 0);
	snprintf(want, sizeof(want), "%s/ioprobe-suite-%d.dat", dir,
		 (int)getpid());
	assert_string_equal(t.f.name, want);
	assert_int_equal(test_file_check_space(&t, err, sizeof(err)), 0);
	assert_int_equal(test_file_claim(&t, err, sizeof(err)), 0);
	assert_true(test_file_fd(&t) >= 0);
	assert_int_equal(stat(want, &st), 0);
	assert_int_equal(st.st_mode & 0777, 0600);
	assert_int_equal(test_file_release(&t), 0);
	assert_int_equal(test_file_fd(&t), -1);
	assert_int_equal(stat(want, &st), -1);
	assert_int_equal(test_file_release(&t), 0);	/* once is enough */
}

static void test_keep_and_refuse(void **state)
{
	char err[512];
	struct test_file t, other;
	struct stat st;

	(void)state;
	test_file_init(&t, dir, true, 1 << 20);
	assert_int_equal(test_file_choose(&t, err, sizeof(err)), 0);
	assert_int_equal(test_file_claim(&t, err, sizeof(err)), 0);
	assert_int_equal(test_file_release(&t), 0);
	assert_int_equal(stat(t.f.name, &st), 0);	/* --keep-file */
	/* the kept file is someone's now: never claimed again */
	test_file_init(&other, dir, false, 1 << 20);
	assert_int_equal(test_file_choose(&other, err, sizeof(err)), 0);
	assert_int_equal(test_file_claim(&other, err, sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "cannot create test file"));
	/* nor named as a PATH */
	test_file_init(&other, t.f.name, false, 1 << 20);
	assert_int_equal(test_file_choose(&other, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "already exists"));
	/* more than the filesystem holds */
	test_file_init(&other, dir, false, UINT64_C(1) << 60);
	assert_int_equal(test_file_choose(&other, err, sizeof(err)), 0);
	assert_int_equal(test_file_check_space(&other, err, sizeof(err)),
			 -ENOSPC);
	assert_int_equal(unlink(t.f.name), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_claim_release),
		cmocka_unit_test(test_keep_and_refuse),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
