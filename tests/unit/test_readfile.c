/* test_readfile.c - the whole-file reader: contents byte for byte
 * (NULs too), and refusals of FIFOs, devices, directories and files past
 * the cap that never block and never read. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/readfile.h"

static char tmpdir[64];
static char err[512];

static int setup_dir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_readfile.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_dir(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd);
}

static const char *tmp_path(const char *name)
{
	static char buf[128];

	snprintf(buf, sizeof(buf), "%s/%s", tmpdir, name);
	return buf;
}

static void put(const char *path, const char *data, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(data, 1, len, f), len);
	assert_int_equal(fclose(f), 0);
}

static void test_reads_whole_file(void **state)
{
	static const char data[] = "a,b\n\0c\n";
	char *buf;
	size_t len;

	(void)state;
	put(tmp_path("f.csv"), data, sizeof(data) - 1);
	assert_int_equal(readfile_all(tmp_path("f.csv"), "history", 1024,
				      &buf, &len, err, sizeof(err)), 0);
	assert_int_equal(len, sizeof(data) - 1);
	assert_memory_equal(buf, data, len);
	assert_int_equal(buf[len], '\0');
	free(buf);
	/* empty is fine, and exactly at the cap too */
	put(tmp_path("e"), "", 0);
	assert_int_equal(readfile_all(tmp_path("e"), "history", 0, &buf, &len,
				      err, sizeof(err)), 0);
	assert_int_equal(len, 0);
	free(buf);
}

static void test_missing(void **state)
{
	char *buf = (char *)1;
	size_t len;

	(void)state;
	assert_int_equal(readfile_all("/nonexistent/h.csv", "history", 1024,
				      &buf, &len, err, sizeof(err)), -ENOENT);
	assert_null(buf);
	assert_string_equal(err, "cannot read history '/nonexistent/h.csv': "
			    "No such file or directory");
}

static void test_fifo_does_not_block(void **state)
{
	char *buf;
	size_t len;

	(void)state;
	assert_int_equal(mkfifo(tmp_path("fifo"), 0600), 0);
	assert_int_equal(readfile_all(tmp_path("fifo"), "profile", 1024, &buf,
				      &len, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "is not a regular file (a FIFO)"));
	assert_non_null(strstr(err, "profile '"));
}

static void test_devices_and_dirs(void **state)
{
	char *buf;
	size_t len;

	(void)state;
	assert_int_equal(readfile_all("/dev/zero", "profile file", 1024, &buf,
				      &len, err, sizeof(err)), -EINVAL);
	assert_string_equal(err, "profile file '/dev/zero' is not a regular "
			    "file (a character device)");
	assert_int_equal(readfile_all(tmpdir, "history", 1024, &buf, &len,
				      err, sizeof(err)), -EISDIR);
	assert_non_null(strstr(err, "' is a directory: expected a regular "
				    "file"));
}

static void test_cap(void **state)
{
	char *buf;
	size_t len;

	(void)state;
	put(tmp_path("big"), "12345", 5);
	assert_int_equal(readfile_all(tmp_path("big"), "history", 4, &buf,
				      &len, err, sizeof(err)), -EFBIG);
	assert_non_null(strstr(err, "is larger than 4 bytes"));
	assert_int_equal(truncate(tmp_path("big"), (16 << 20) + 1), 0);
	assert_int_equal(readfile_all(tmp_path("big"), "profile",
				      READFILE_PROFILE_MAX, &buf, &len, err,
				      sizeof(err)), -EFBIG);
	assert_non_null(strstr(err, "is larger than 16 MiB"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_reads_whole_file),
		cmocka_unit_test(test_missing),
		cmocka_unit_test(test_fifo_does_not_block),
		cmocka_unit_test(test_devices_and_dirs),
		cmocka_unit_test(test_cap),
	};

	return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
