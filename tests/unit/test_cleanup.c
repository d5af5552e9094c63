/* test_cleanup.c - the created-files registry removes only our inodes. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "cleanup.h"

static char dir[64];

static int setup(void **state)
{
	(void)state;
	snprintf(dir, sizeof(dir), "%s", "/tmp/ioprobe-cleanup-XXXXXX");
	return mkdtemp(dir) ? 0 : -1;
}

static int teardown(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd);
}

static int make_file(const char *path)
{
	return open(path, O_CREAT | O_EXCL | O_WRONLY | O_CLOEXEC, 0644);
}

static void removes_registered_file(void **state)
{
	char path[128];
	int fd, slot;

	(void)state;
	snprintf(path, sizeof(path), "%s/a.dat", dir);
	fd = make_file(path);
	assert_true(fd >= 0);
	slot = cleanup_add(path, fd);
	assert_true(slot >= 0);
	cleanup_now();
	assert_int_equal(access(path, F_OK), -1);
	close(fd);
}

static void forgotten_file_stays(void **state)
{
	char path[128];
	int fd, slot;

	(void)state;
	snprintf(path, sizeof(path), "%s/b.dat", dir);
	fd = make_file(path);
	slot = cleanup_add(path, fd);
	cleanup_forget(slot);
	cleanup_forget(slot);
	cleanup_now();
	assert_int_equal(access(path, F_OK), 0);
	close(fd);
}

/* Someone renamed another file over our name: that file is not ours. */
static void swapped_name_is_left_alone(void **state)
{
	char path[128], other[128];
	int fd, fd2, slot;

	(void)state;
	snprintf(path, sizeof(path), "%s/c.dat", dir);
	snprintf(other, sizeof(other), "%s/foreign.dat", dir);
	fd = make_file(path);
	slot = cleanup_add(path, fd);
	assert_true(slot >= 0);
	fd2 = make_file(other);
	assert_int_equal(rename(other, path), 0);
	assert_int_equal(cleanup_remove(slot), 0);
	assert_int_equal(access(path, F_OK), 0);
	close(fd);
	close(fd2);
}

static void slots_run_out(void **state)
{
	char path[128];
	int fd, i, slot[CLEANUP_SLOTS];

	(void)state;
	snprintf(path, sizeof(path), "%s/d.dat", dir);
	fd = make_file(path);
	for (i = 0; i < CLEANUP_SLOTS; i++) {
		slot[i] = cleanup_add(path, fd);
		assert_true(slot[i] >= 0);
	}
	assert_int_equal(cleanup_add(path, fd), -ENOSPC);
	for (i = 0; i < CLEANUP_SLOTS; i++)
		cleanup_forget(slot[i]);
	assert_true(cleanup_add(path, fd) >= 0);
	cleanup_now();
	assert_int_equal(access(path, F_OK), -1);
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(removes_registered_file),
		cmocka_unit_test(forgotten_file_stays),
		cmocka_unit_test(swapped_name_is_left_alone),
		cmocka_unit_test(slots_run_out),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
