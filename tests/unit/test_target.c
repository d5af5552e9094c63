/* test_target.c - run/target_*.c on temporary files: -c create and fill
 * (real data, no holes), no refill of a filled file, O_DIRECT alignment
 * errors, open flags, too-small files, the free-space and block-device
 * refusals, and -c on files that are not ours (foreign, --overwrite,
 * links, a descriptor handed over by the caller). */
#include <errno.h>
#include <stdbool.h>
#include <fcntl.h>
#include <setjmp.h>
#include <signal.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mount.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#define ARRAY_LEN(a) (sizeof(a) / sizeof((a)[0]))

#include "profile/profile.h"
#include "run/target.h"

static char dir[256];
static char path[512];
static char err[512];
/* a fill that is asked to stop from the start, as after Ctrl+C */
static volatile sig_atomic_t stop_now = 1;
static const struct target_fill_ctl stopping = { .stop = &stop_now };

/* The run's order through a pin, as run.c does it: one look at the name
 * (check_safe), the fill through it (prepare), the open from it.  A call
 * that does not follow its step in that order starts a new run. */
static struct target_pin pin = { .fd = -1 };
static enum { PIN_NONE, PIN_CHECKED, PIN_PREPARED } pinned;

static int pin_for(const struct target_opts *o)
{
	target_pin_release(&pin);
	return target_pin_take(&pin, o);
}

static int check_safe(const struct target_opts *o, const char *allow,
		      char *e, size_t len)
{
	int ret = pin_for(o);

	pinned = PIN_CHECKED;
	return ret ? ret : target_check_safe(o, &pin, allow, e, len);
}

static int prepare(const struct target_opts *o, struct target_info *info,
		   const struct target_fill_ctl *ctl, char *e, size_t len)
{
	int ret = pinned == PIN_CHECKED ? 0 : pin_for(o);

	pinned = PIN_PREPARED;
	return ret ? ret : target_prepare(o, &pin, info, ctl, e, len);
}

static int open_target(struct target *t, const struct target_opts *o,
		       char *e, size_t len)
{
	int ret = pinned != PIN_NONE ? 0 : pin_for(o);

	if (!ret)
		ret = target_open(t, o, &pin, e, len);
	target_pin_release(&pin);
	pinned = PIN_NONE;
	return ret;
}

static int setup(void **state)
{
	const char *base = getenv("TMPDIR");

	(void)state;
	snprintf(dir, sizeof(dir), "%s/ioprobe-target.XXXXXX",
		 base ? base : "/var/tmp");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/sub/dir/test.dat", dir);
	return 0;
}

static int teardown(void **state)
{
	char cmd[600];

	(void)state;
	target_pin_release(&pin);
	pinned = PIN_NONE;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

static void opts(struct target_opts *o, uint64_t create_bytes)
{
	target_opts_init(o);
	o->path = path;
	o->create_bytes = create_bytes;
}

struct progress_log {
	unsigned int calls;
	uint64_t last_done, total;
};

static void on_progress(void *arg, uint64_t done, uint64_t total)
{
	struct progress_log *p = arg;

	p->calls++;
	p->last_done = done;
	p->total = total;
}

static void make_file(const char *p, size_t bytes)
{
	char *buf = calloc(1, bytes ? bytes : 1);
	int fd = open(p, O_WRONLY | O_CREAT | O_TRUNC, 0644);

	assert_true(fd >= 0);
	memset(buf, 0x5a, bytes);
	assert_int_equal(write(fd, buf, bytes), (ssize_t)bytes);
	close(fd);
	free(buf);
}

/* -c makes the parent folders and a file of real, distinct, non-zero
 * blocks without holes; the tail that is not a whole chunk is written. */
static void test_create_fill(void **state)
{
	const uint64_t size = (9u << 20) + 4096;
	struct progress_log pl = { 0 };
	const struct target_fill_ctl ctl = {
		.progress = on_progress,
		.arg = &pl,
	};
	struct target_info info;
	struct target_opts o;
	unsigned char a[4096], b[4096];
	struct stat st;
	unsigned int i;
	int fd;

	(void)state;
	opts(&o, size);
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)), 0);
	assert_int_equal(prepare(&o, &info, &ctl, err, sizeof(err)), 0);
	assert_true(info.created);
	assert_false(info.fill_skipped);
	assert_true(info.fill_seconds > 0);
	assert_true(pl.calls >= 1);
	assert_int_equal(pl.last_done, size);
	assert_int_equal(pl.total, size);
	assert_int_equal(stat(path, &st), 0);
	assert_int_equal(st.st_size, size);
	assert_true((uint64_t)st.st_blocks * 512 >= size);
	fd = open(path, O_RDONLY);
	assert_true(fd >= 0);
	assert_int_equal(lseek(fd, 0, SEEK_HOLE), (off_t)size);
	/* first and last block: not zero, not equal to each other */
	assert_int_equal(pread(fd, a, sizeof(a), 0), sizeof(a));
	assert_int_equal(pread(fd, b, sizeof(b), (off_t)(size - 4096)),
			 sizeof(b));
	for (i = 0; i < sizeof(a) && !a[i]; i++)
		;
	assert_true(i < sizeof(a));
	for (i = 0; i < sizeof(b) && !b[i]; i++)
		;
	assert_true(i < sizeof(b));
	assert_memory_not_equal(a, b, sizeof(a));
	close(fd);
}

/* Repeating -c on a filled file skips the fill and leaves it untouched;
 * another size refills. */
static void test_second_prepare_skips(void **state)
{
	const uint64_t size = 2u << 20;
	struct target_info info;
	struct target_opts o;
	struct stat st1, st2;

	(void)state;
	opts(&o, size);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.created);
	assert_int_equal(stat(path, &st1), 0);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.fill_skipped);
	assert_false(info.created);
	assert_int_equal(stat(path, &st2), 0);
	assert_int_equal(st1.st_mtim.tv_sec, st2.st_mtim.tv_sec);
	assert_int_equal(st1.st_mtim.tv_nsec, st2.st_mtim.tv_nsec);

	o.create_bytes = 3u << 20;
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.created);
	assert_false(info.fill_skipped);
	assert_int_equal(stat(path, &st2), 0);
	assert_int_equal(st2.st_size, 3u << 20);
}

/* A file of the right size that ioprobe did not fill (sparse, or
 * preallocated) is filled, not trusted. */
static void test_sparse_file_is_refilled(void **state)
{
	const uint64_t size = 1u << 20;
	struct target_info info;
	struct target_opts o;
	int fd;

	(void)state;
	opts(&o, size);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	/* punch it back to a sparse file of the same size */
	assert_int_equal(truncate(path, 0), 0);
	assert_int_equal(truncate(path, (off_t)size), 0);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.created);
	fd = open(path, O_RDONLY);
	assert_int_equal(lseek(fd, 0, SEEK_HOLE), (off_t)size);
	close(fd);
}

/* Interrupted fill: -EINTR and the partial file is gone. */
static void test_interrupted_fill_removes_file(void **state)
{
	struct target_info info;
	struct target_opts o;

	(void)state;
	opts(&o, 16u << 20);
	assert_int_equal(prepare(&o, &info, &stopping, err,
					 sizeof(err)), -EINTR);
	assert_non_null(strstr(err, "interrupted"));
	assert_int_equal(access(path, F_OK), -1);
}

/* An absurd -c is refused before anything is created. */
static void test_free_space_refusal(void **state)
{
	struct target_opts o;

	(void)state;
	opts(&o, 1ull << 50);	/* 1 PiB */
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)),
			 -ENOSPC);
	assert_non_null(strstr(err, "not enough free space"));
	assert_non_null(strstr(err, path));
	assert_int_equal(access(path, F_OK), -1);
	snprintf(path, sizeof(path), "%s/sub", dir);
	assert_int_equal(access(path, F_OK), -1);	/* no folder either */
}

/* The filesystem fills up part-way (the free-space check is bypassed by
 * calling target_prepare directly): -ENOSPC, a clear message, no file. */
static void test_enospc_mid_fill(void **state)
{
	struct target_info info;
	struct target_opts o;
	char mnt[300];

	(void)state;
	snprintf(mnt, sizeof(mnt), "%s/small", dir);
	if (geteuid() != 0 || mkdir(mnt, 0755) ||
	    mount("tmpfs", mnt, "tmpfs", 0, "size=4m")) {
		skip();	/* needs root to mount a small tmpfs */
		return;
	}
	snprintf(path, sizeof(path), "%s/f.dat", mnt);
	opts(&o, 16u << 20);
	assert_int_equal(prepare(&o, &info, NULL, err,
					 sizeof(err)), -ENOSPC);
	assert_non_null(strstr(err, "no space left while filling"));
	assert_non_null(strstr(err, path));
	assert_int_equal(access(path, F_OK), -1);
	umount(mnt);
}

static void test_open_flags(void **state)
{
	struct target_info info;
	struct target_opts o;
	struct target t;

	(void)state;
	opts(&o, 1u << 20);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	o.write_pct = 0;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), 0);
	assert_int_equal(fcntl(t.fd, F_GETFL) & O_ACCMODE, O_RDONLY);
	assert_int_equal(t.size_bytes, 1u << 20);
	assert_false(t.is_block_device);
	assert_true(t.logical_block >= 512);
	target_describe(&t, &info);
	assert_string_equal(info.path, path);
	assert_int_equal(info.size_bytes, 1u << 20);
	assert_true(info.fs_type[0] != '\0');
	target_close(&t);
	assert_int_equal(t.fd, -1);

	o.write_pct = 100;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), 0);
	assert_int_equal(fcntl(t.fd, F_GETFL) & O_ACCMODE, O_WRONLY);
	target_close(&t);
	o.write_pct = 30;
	o.write_through = true;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), 0);
	assert_int_equal(fcntl(t.fd, F_GETFL) & O_ACCMODE, O_RDWR);
	assert_true(fcntl(t.fd, F_GETFL) & O_DSYNC);
	target_close(&t);

	o.write_pct = 0;
	o.cache = CACHE_REMOTE;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "-Sr"));
}

static void test_direct_alignment(void **state)
{
	struct target_info info;
	struct target_opts o;
	struct target t;
	char want[128];
	int ret;

	(void)state;
	opts(&o, 1u << 20);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	o.cache = CACHE_DIRECT;
	o.block_bytes = 4096;
	ret = open_target(&t, &o, err, sizeof(err));
	if (ret == -EINVAL && strstr(err, "O_DIRECT")) {
		skip();	/* the temp filesystem has no O_DIRECT */
		return;
	}
	assert_int_equal(ret, 0);
	assert_true(fcntl(t.fd, F_GETFL) & O_DIRECT);
	target_close(&t);

	o.block_bytes = 1000;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "-b 1000 is not a multiple of the"));
	assert_non_null(strstr(err, "which O_DIRECT requires"));
	assert_int_equal(t.fd, -1);

	o.block_bytes = 4096;
	o.base_bytes = 100;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "-B 100 is not a multiple"));
	o.base_bytes = 0;
	o.random = true;
	o.random_align_bytes = 700;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	snprintf(want, sizeof(want), "-r 700 is not a multiple");
	assert_non_null(strstr(err, want));
	/* buffered I/O has no alignment rule */
	o.cache = CACHE_BUFFERED;
	o.block_bytes = 1000;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), 0);
	target_close(&t);
}

static void test_too_small_and_empty(void **state)
{
	struct target_opts o;
	struct target t;

	(void)state;
	snprintf(path, sizeof(path), "%s/small.dat", dir);
	make_file(path, 4096);
	opts(&o, 0);
	o.block_bytes = 65536;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "the file is too small"));
	o.block_bytes = 4096;
	o.base_bytes = 4096;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "too small"));

	make_file(path, 0);
	o.base_bytes = 0;
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "could not be determined"));

	snprintf(path, sizeof(path), "%s/missing.dat", dir);
	assert_int_equal(open_target(&t, &o, err, sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "missing.dat"));
}

/* Two loop device nodes with nothing attached (sysfs size 0), so no other
 * test's mounted loop device changes the answers; false when there are
 * not two. */
static bool free_loops(char *a, char *b, size_t len)
{
	char sys[64], buf[32];
	struct stat st;
	int i, n = 0;

	for (i = 0; i < 64 && n < 2; i++) {
		char *dst = n ? b : a;
		FILE *f;

		snprintf(dst, len, "/dev/loop%d", i);
		if (stat(dst, &st) || !S_ISBLK(st.st_mode))
			continue;
		snprintf(sys, sizeof(sys), "/sys/block/loop%d/size", i);
		f = fopen(sys, "r");
		if (!f)
			continue;
		if (fgets(buf, sizeof(buf), f) && !strcmp(buf, "0\n"))
			n++;
		fclose(f);
	}
	return n == 2;
}

/* Refusals on a real block device node: only stat and sysfs are used, no
 * byte is read or written, so this is safe without a test device. */
static void test_block_device_refusal(void **state)
{
	struct target_info info;
	struct target_opts o;
	char loop0[32], loop1[32], want[256];

	(void)state;
	if (!free_loops(loop0, loop1, sizeof(loop0))) {
		skip();
		return;
	}
	target_opts_init(&o);
	o.path = loop0;
	o.write_pct = 0;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)), 0);
	o.write_pct = 1;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)),
			 -EPERM);
	snprintf(want, sizeof(want),
		 "refusing to write to block device '%s': writes destroy its "
		 "data; pass --allow-device-writes=%s to allow it", loop0,
		 loop0);
	assert_string_equal(err, want);
	/* the opt-in must name the same device */
	assert_int_equal(check_safe(&o, loop1, err,
					   sizeof(err)), -EPERM);
	assert_int_equal(check_safe(&o, "/dev/null", err,
					   sizeof(err)), -EPERM);
	/* a symlink to the device is the same device */
	snprintf(path, sizeof(path), "%s/link", dir);
	assert_int_equal(symlink(loop0, path), 0);
	o.path = path;
	assert_int_equal(check_safe(&o, loop1, err,
					   sizeof(err)), -EPERM);
	/* named through the link or directly, the opt-in is accepted (an
	 * attached, mounted device would still give -EBUSY) */
	assert_int_not_equal(check_safe(&o, loop0, err,
					       sizeof(err)), -EPERM);
	o.path = loop0;
	assert_int_not_equal(check_safe(&o, path, err, sizeof(err)),
			     -EPERM);
	o.path = path;
	/* -c on a device: skipped, nothing written, no error */
	o.create_bytes = 1u << 20;
	assert_int_equal(prepare(&o, &info, NULL, err,
					sizeof(err)), 0);
	assert_false(info.created);
}

/* Bytes of @p, or -1. */
static off_t file_size(const char *p)
{
	struct stat st;

	return lstat(p, &st) ? -1 : st.st_size;
}

static bool same_bytes(const char *p, unsigned char c, size_t bytes)
{
	unsigned char *buf = malloc(bytes + 1);
	int fd = open(p, O_RDONLY);
	bool same;
	size_t i;

	assert_true(fd >= 0);
	same = read(fd, buf, bytes + 1) == (ssize_t)bytes;
	for (i = 0; same && i < bytes; i++)
		same = buf[i] == c;
	close(fd);
	free(buf);
	return same;
}

/* A file with data ioprobe did not write: refused for every -c size by
 * the check and by prepare itself, untouched. */
static void test_foreign_file_refused(void **state)
{
	static const uint64_t sizes[] = { 1u << 20, 2u << 20, 4u << 20 };
	struct target_info info;
	struct target_opts o;
	unsigned int i;

	(void)state;
	snprintf(path, sizeof(path), "%s/foreign.dat", dir);
	make_file(path, 2u << 20);
	for (i = 0; i < ARRAY_LEN(sizes); i++) {
		opts(&o, sizes[i]);
		assert_int_equal(check_safe(&o, NULL, err,
						   sizeof(err)), -EEXIST);
		assert_non_null(strstr(err, "holds data ioprobe did not write"));
		assert_non_null(strstr(err, "--overwrite"));
		assert_int_equal(prepare(&o, &info, NULL, err,
						 sizeof(err)), -EEXIST);
		assert_int_equal(file_size(path), 2u << 20);
		assert_true(same_bytes(path, 0x5a, 2u << 20));
	}
}

/* --overwrite: never shrinks; grows and rewrites; an interrupted rewrite
 * keeps the file and says it was partly rewritten. */
static void test_overwrite(void **state)
{
	struct target_info info;
	struct target_opts o;

	(void)state;
	snprintf(path, sizeof(path), "%s/foreign.dat", dir);
	make_file(path, 2u << 20);
	opts(&o, 1u << 20);
	o.overwrite = true;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)),
			 -EEXIST);
	assert_non_null(strstr(err, "refusing to shrink"));
	assert_true(same_bytes(path, 0x5a, 2u << 20));

	o.create_bytes = 4u << 20;
	assert_int_equal(prepare(&o, &info, &stopping, err,
					 sizeof(err)), -EINTR);
	assert_non_null(strstr(err, "was partly rewritten"));
	assert_true(file_size(path) >= (2 << 20));

	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)), 0);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.created);
	assert_int_equal(file_size(path), 4u << 20);
	/* now ours: reused without --overwrite */
	o.overwrite = false;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)), 0);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.fill_skipped);
}

/* A link at the -c path is never followed, even with --overwrite. */
static void test_symlink_refused(void **state)
{
	char victim[600];
	struct target_info info;
	struct target_opts o;

	(void)state;
	snprintf(victim, sizeof(victim), "%s/victim", dir);
	make_file(victim, 4096);
	snprintf(path, sizeof(path), "%s/link.dat", dir);
	assert_int_equal(symlink(victim, path), 0);
	opts(&o, 1u << 20);
	o.overwrite = true;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)),
			 -EEXIST);
	assert_non_null(strstr(err, "symbolic link"));
	assert_int_equal(prepare(&o, &info, NULL, err,
					 sizeof(err)), -EEXIST);
	assert_true(same_bytes(victim, 0x5a, 4096));
}

/* A descriptor from the caller's O_EXCL create is filled through, left
 * open, and refused once the name leads elsewhere. */
static void test_given_fd(void **state)
{
	char other[600];
	struct target_info info;
	struct target_opts o;
	int fd;

	(void)state;
	snprintf(path, sizeof(path), "%s/claimed.dat", dir);
	fd = open(path, O_WRONLY | O_CREAT | O_EXCL, 0600);
	assert_true(fd >= 0);
	opts(&o, 1u << 20);
	o.fd = fd;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)), 0);
	assert_int_equal(prepare(&o, &info, NULL, err, sizeof(err)), 0);
	assert_true(info.created);
	assert_int_equal(file_size(path), 1u << 20);
	assert_true(fcntl(fd, F_GETFD) >= 0);	/* still open */

	snprintf(other, sizeof(other), "%s/other.dat", dir);
	make_file(other, 4096);
	assert_int_equal(rename(other, path), 0);
	o.create_bytes = 2u << 20;
	assert_int_equal(check_safe(&o, NULL, err, sizeof(err)),
			 -EEXIST);
	assert_int_equal(prepare(&o, &info, NULL, err,
					 sizeof(err)), -EEXIST);
	assert_non_null(strstr(err, "no longer leads"));
	assert_true(same_bytes(path, 0x5a, 4096));
	close(fd);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test_setup_teardown(test_create_fill, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_second_prepare_skips,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_sparse_file_is_refilled,
						setup, teardown),
		cmocka_unit_test_setup_teardown(
			test_interrupted_fill_removes_file, setup, teardown),
		cmocka_unit_test_setup_teardown(test_free_space_refusal, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_enospc_mid_fill, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_open_flags, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_direct_alignment, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_too_small_and_empty,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_block_device_refusal,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_foreign_file_refused,
						setup, teardown),
		cmocka_unit_test_setup_teardown(test_overwrite, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_symlink_refused, setup,
						teardown),
		cmocka_unit_test_setup_teardown(test_given_fd, setup,
						teardown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
