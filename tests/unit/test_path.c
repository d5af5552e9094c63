/* test_path.c - folder of a path, mkdir -p, free space, margins. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/path.h"

static void folders(void **state)
{
	char d[64];

	(void)state;
	path_dir("a/b/c.dat", d, sizeof(d));
	assert_string_equal(d, "a/b");
	path_dir("/c.dat", d, sizeof(d));
	assert_string_equal(d, "/");
	path_dir("c.dat", d, sizeof(d));
	assert_string_equal(d, ".");
	path_dir("a//c.dat", d, sizeof(d));
	assert_string_equal(d, "a");
	path_dir("/", d, sizeof(d));
	assert_string_equal(d, "/");
}

static void mkdir_parents(void **state)
{
	char dir[64], path[128], cmd[160];
	struct stat st;

	(void)state;
	snprintf(dir, sizeof(dir), "%s", "/tmp/ioprobe-path-XXXXXX");
	assert_non_null(mkdtemp(dir));
	snprintf(path, sizeof(path), "%s/x//y/z.dat", dir);
	assert_int_equal(path_mkdir_parents(path), 0);
	snprintf(path, sizeof(path), "%s/x/y", dir);
	assert_int_equal(stat(path, &st), 0);
	assert_true(S_ISDIR(st.st_mode));
	snprintf(path, sizeof(path), "%s/x/y/z.dat", dir);
	assert_int_equal(access(path, F_OK), -1);	/* not the file itself */
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	assert_int_equal(system(cmd), 0);
}

static void free_space_of_missing_file(void **state)
{
	uint64_t a = 0, b = 0;

	(void)state;
	assert_int_equal(path_free_bytes("/tmp", &a), 0);
	assert_int_equal(path_free_bytes("/tmp/no/such/dir/f.dat", &b), 0);
	assert_true(a > 0 && b > 0);
}

static void margins(void **state)
{
	(void)state;
	assert_int_equal(path_space_margin(0), 64ull << 20);
	assert_int_equal(path_space_margin(4ull << 30), (4ull << 30) / 20);
	assert_int_equal(path_space_margin(1ull << 40), 1ull << 30);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(folders),
		cmocka_unit_test(mkdir_parents),
		cmocka_unit_test(free_space_of_missing_file),
		cmocka_unit_test(margins),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
