/* test_atomic_file.c - output paths: a regular file is replaced whole
 * (mode kept), a symlink's target is written and the link kept, a FIFO
 * and a character device are written through, a directory is refused,
 * and a failing fill leaves the old file and no temporary. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/atomic_file.h"

static char tmpdir[64];
static char err[8192];

static int setup_dir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_atomic_file.XXXXXX");
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
	static char buf[4][128];
	static int n;
	char *p = buf[n++ % 4];

	snprintf(p, 128, "%s/%s", tmpdir, name);
	return p;
}

static int fill_text(FILE *f, const void *arg)
{
	fputs(arg, f);
	return 0;
}

static int fill_fail(FILE *f, const void *arg)
{
	(void)arg;
	fputs("partial", f);
	return -ENOMEM;
}

static void slurp(const char *path, char *buf, size_t len)
{
	FILE *f = fopen(path, "r");
	size_t n;

	assert_non_null(f);
	n = fread(buf, 1, len - 1, f);
	buf[n] = '\0';
	fclose(f);
}

static size_t entries(const char *dir)
{
	DIR *d = opendir(dir);
	struct dirent *e;
	size_t n = 0;

	assert_non_null(d);
	while ((e = readdir(d)))
		n += e->d_name[0] != '.';
	closedir(d);
	return n;
}

static void test_regular_replaced(void **state)
{
	char buf[64];
	struct stat st;

	(void)state;
	assert_int_equal(mkdir(tmp_path("reg"), 0700), 0);
	assert_int_equal(atomic_file_write(tmp_path("reg/a"), fill_text,
					   "one\n", err, sizeof(err)), 0);
	assert_int_equal(chmod(tmp_path("reg/a"), 0640), 0);
	assert_int_equal(atomic_file_write(tmp_path("reg/a"), fill_text,
					   "two\n", err, sizeof(err)), 0);
	slurp(tmp_path("reg/a"), buf, sizeof(buf));
	assert_string_equal(buf, "two\n");
	assert_int_equal(stat(tmp_path("reg/a"), &st), 0);
	assert_int_equal(st.st_mode & 07777, 0640);
	/* a failing fill keeps the old file and leaves no temporary */
	assert_int_equal(atomic_file_write(tmp_path("reg/a"), fill_fail, NULL,
					   err, sizeof(err)), -ENOMEM);
	slurp(tmp_path("reg/a"), buf, sizeof(buf));
	assert_string_equal(buf, "two\n");
	assert_int_equal(entries(tmp_path("reg")), 1);
}

static void test_symlink_target(void **state)
{
	char buf[64], link[64];
	ssize_t n;

	(void)state;
	assert_int_equal(mkdir(tmp_path("web"), 0700), 0);
	assert_int_equal(symlink("web/r.html", tmp_path("r.html")), 0);
	/* dangling: the target is created */
	assert_int_equal(atomic_file_write(tmp_path("r.html"), fill_text,
					   "page1", err, sizeof(err)), 0);
	assert_int_equal(atomic_file_write(tmp_path("r.html"), fill_text,
					   "page2", err, sizeof(err)), 0);
	n = readlink(tmp_path("r.html"), link, sizeof(link) - 1);
	assert_true(n > 0);
	link[n] = '\0';
	assert_string_equal(link, "web/r.html");
	slurp(tmp_path("web/r.html"), buf, sizeof(buf));
	assert_string_equal(buf, "page2");
	assert_int_equal(entries(tmp_path("web")), 1);
}

static void test_fifo_and_device(void **state)
{
	char buf[64];
	int rfd;
	ssize_t n;
	struct stat st;

	(void)state;
	assert_int_equal(mkfifo(tmp_path("fifo"), 0600), 0);
	assert_int_equal(atomic_file_write(tmp_path("fifo"), fill_text, "x",
					   err, sizeof(err)), -ENXIO);
	assert_non_null(strstr(err, "it is a FIFO and nothing reads it"));
	rfd = open(tmp_path("fifo"), O_RDONLY | O_NONBLOCK);
	assert_true(rfd >= 0);
	assert_int_equal(atomic_file_write(tmp_path("fifo"), fill_text,
					   "through", err, sizeof(err)), 0);
	n = read(rfd, buf, sizeof(buf) - 1);
	assert_int_equal(n, 7);
	buf[n] = '\0';
	assert_string_equal(buf, "through");
	close(rfd);
	assert_int_equal(lstat(tmp_path("fifo"), &st), 0);
	assert_true(S_ISFIFO(st.st_mode));
	/* /dev/null is written through, whoever runs this */
	assert_int_equal(atomic_file_write("/dev/null", fill_text, "x", err,
					   sizeof(err)), 0);
	assert_int_equal(lstat("/dev/null", &st), 0);
	assert_true(S_ISCHR(st.st_mode));
	assert_int_equal(atomic_file_write("/dev/full", fill_text, "x", err,
					   sizeof(err)), -ENOSPC);
	assert_non_null(strstr(err, "No space left on device"));
}

static void test_refusals(void **state)
{
	(void)state;
	assert_int_equal(atomic_file_check(tmpdir, err, sizeof(err)), -EISDIR);
	assert_non_null(strstr(err, "it is a directory"));
	assert_int_equal(atomic_file_write(tmpdir, fill_text, "x", err,
					   sizeof(err)), -EISDIR);
	assert_int_equal(atomic_file_check(tmp_path("none/x"), err,
					   sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "/none': No such file or directory"));
	assert_int_equal(atomic_file_check("", err, sizeof(err)), -EINVAL);
	assert_int_equal(atomic_file_check(tmp_path("new"), err, sizeof(err)),
			 0);
	assert_int_equal(access(tmp_path("new"), F_OK), -1);
	assert_int_equal(symlink("loop", tmp_path("loop")), 0);
	assert_int_equal(atomic_file_check(tmp_path("loop"), err, sizeof(err)),
			 -ELOOP);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_regular_replaced),
		cmocka_unit_test(test_symlink_target),
		cmocka_unit_test(test_fifo_and_device),
		cmocka_unit_test(test_refusals),
	};

	return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
