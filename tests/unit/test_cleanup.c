/* test_cleanup.c - the created-files registry removes only our inodes, a
 * second signal removes them before exiting 128+N, and the sweep of a
 * killed suite's leftovers removes only files proven ours. */
#include <errno.h>
#include <fcntl.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <signal.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cmocka.h>

#include "lib/cleanup.h"
#include "workflow/leftovers.h"
#include "lib/signals.h"

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

/* The first signal only stops; the second removes and exits 128+N. */
static void second_signal_removes_and_exits(void **state)
{
	char path[128];
	int fd, st;
	pid_t pid;

	(void)state;
	snprintf(path, sizeof(path), "%s/e.dat", dir);
	pid = fork();
	assert_true(pid >= 0);
	if (!pid) {
		signals_install();
		fd = make_file(path);
		if (fd < 0 || cleanup_add(path, fd) < 0)
			_exit(1);
		raise(SIGUSR1);
		if (!signals_stop_requested || signals_stop_signo != SIGUSR1 ||
		    access(path, F_OK))
			_exit(2);
		raise(SIGUSR1);
		_exit(3);	/* not reached */
	}
	assert_int_equal(waitpid(pid, &st, 0), pid);
	assert_true(WIFEXITED(st));
	assert_int_equal(WEXITSTATUS(st), 128 + SIGUSR1);
	assert_int_equal(access(path, F_OK), -1);
}

struct seen {
	int removed, unproven, failed, other_host, alive;
};

static void count_leftover(void *arg, const char *path, pid_t pid,
			   enum leftover_verdict v, int err)
{
	struct seen *s = arg;

	(void)path;
	(void)pid;
	(void)err;
	if (v == LEFTOVER_REMOVED)
		s->removed++;
	else if (v == LEFTOVER_UNPROVEN)
		s->unproven++;
	else if (v == LEFTOVER_OTHER_HOST)
		s->other_host++;
	else if (v == LEFTOVER_ALIVE)
		s->alive++;
	else
		s->failed++;
}

/* A file named @pid's test file in dir, marked with @mark (NULL: none). */
static int leftover(char *path, size_t len, long pid, const char *mark)
{
	int fd;

	snprintf(path, len, "%s/ioprobe-suite-%ld.dat", dir, pid);
	fd = make_file(path);
	if (fd < 0)
		return -1;
	if (mark && fsetxattr(fd, LEFTOVERS_XATTR, mark, strlen(mark), 0)) {
		close(fd);
		return -1;
	}
	close(fd);
	return 0;
}

static void sweep_removes_only_proven_files(void **state)
{
	char gone_p[128], none_p[128], kept_p[128], live_p[128], other_p[128];
	char link_p[128], host_p[128], old_p[128], v[320], host[256];
	char rank_p[128], alive_p[128];
	struct seen seen = { 0 };
	pid_t gone[7];
	int i, st, fd;

	(void)state;
	assert_int_equal(gethostname(host, sizeof(host)), 0);
	for (i = 0; i < 7; i++) {	/* pids that ran and were reaped */
		gone[i] = fork();
		assert_true(gone[i] >= 0);
		if (!gone[i])
			_exit(0);
		waitpid(gone[i], &st, 0);
	}
	snprintf(v, sizeof(v), "%ld@%s", (long)gone[0], host);
	if (leftover(gone_p, sizeof(gone_p), gone[0], v)) {
		if (errno == ENOTSUP)
			skip();
		fail();
	}
	assert_int_equal(leftover(none_p, sizeof(none_p), gone[1], NULL), 0);
	assert_int_equal(leftover(kept_p, sizeof(kept_p), gone[2], "kept"), 0);
	snprintf(v, sizeof(v), "%ld@%s", (long)getpid(), host);
	assert_int_equal(leftover(live_p, sizeof(live_p), getpid(), v), 0);
	/* a mark naming another pid proves nothing */
	assert_int_equal(leftover(other_p, sizeof(other_p), gone[3], v), 0);
	snprintf(link_p, sizeof(link_p), "%s/ioprobe-suite-%ld.dat", dir,
		 (long)gone[4]);
	assert_int_equal(symlink(gone_p, link_p), 0);
	/* a shared folder: another host's suite, its pid gone here */
	snprintf(v, sizeof(v), "%ld@fake-host-of-test", (long)gone[5]);
	assert_int_equal(leftover(host_p, sizeof(host_p), gone[5], v), 0);
	/* an older mark without a host */
	snprintf(v, sizeof(v), "%ld", (long)gone[6]);
	assert_int_equal(leftover(old_p, sizeof(old_p), gone[6], v), 0);

	/* an MPI rank's file, its pid gone: removed; a live pid's: kept */
	snprintf(rank_p, sizeof(rank_p), "%s/ioprobe-suite-%ld-r1.dat", dir,
		 (long)gone[1]);
	fd = make_file(rank_p);
	assert_true(fd >= 0);
	snprintf(v, sizeof(v), "%ld@%s", (long)gone[1], host);
	assert_int_equal(fsetxattr(fd, LEFTOVERS_XATTR, v, strlen(v), 0), 0);
	close(fd);
	snprintf(v, sizeof(v), "%ld@%s", (long)getppid(), host);
	assert_int_equal(leftover(alive_p, sizeof(alive_p), getppid(), v), 0);

	assert_int_equal(leftovers_sweep(dir, count_leftover, &seen), 0);
	assert_int_equal(seen.alive, 1);
	assert_int_equal(access(rank_p, F_OK), -1);
	assert_int_equal(access(alive_p, F_OK), 0);
	seen.removed--;		/* the rank's file */
	assert_int_equal(seen.removed, 1);
	assert_int_equal(seen.unproven, 2);
	assert_int_equal(seen.other_host, 1);
	assert_int_equal(seen.failed, 0);
	assert_int_equal(access(host_p, F_OK), 0);
	assert_int_equal(access(old_p, F_OK), 0);
	assert_int_equal(access(gone_p, F_OK), -1);
	assert_int_equal(access(none_p, F_OK), 0);
	assert_int_equal(access(kept_p, F_OK), 0);
	assert_int_equal(access(live_p, F_OK), 0);
	assert_int_equal(access(other_p, F_OK), 0);
	assert_int_equal(faccessat(AT_FDCWD, link_p, F_OK,
				   AT_SYMLINK_NOFOLLOW), 0);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(removes_registered_file),
		cmocka_unit_test(forgotten_file_stays),
		cmocka_unit_test(swapped_name_is_left_alone),
		cmocka_unit_test(slots_run_out),
		cmocka_unit_test(second_signal_removes_and_exits),
		cmocka_unit_test(sweep_removes_only_proven_files),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
