/* test_target_race.c - the run's target steps (pin, safety checks, -c
 * fill, open, a write) repeated thousands of times while a second thread
 * swaps the name for a link to a loop device and back as fast as it can.
 * Whatever the interleaving, every write lands in a regular file and the
 * device's bytes stay as they were.  Needs root and a free loop device;
 * skipped otherwise. */
#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <setjmp.h>
#include <stdarg.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cmocka.h>

#include "profile/profile.h"
#include "run/target.h"

/* 2,000 rounds take about 2 s; a sanitizer build (IOPROBE_SANITIZED)
 * is some 20 times slower, and does 300 */
#define TRIES 2000
#define TRIES_SANITIZED 300
#define DEV_BYTES (1u << 20)

static char dir[256], path[512], aside[600], img[512], dev[64];
static atomic_bool racing;
static atomic_ulong flips;

static void *racer(void *arg)
{
	(void)arg;
	while (atomic_load(&racing)) {
		if (rename(path, aside))
			continue;
		if (!symlink(dev, path)) {
			atomic_fetch_add(&flips, 1);
			unlink(path);
		}
		rename(aside, path);
	}
	return NULL;
}

static uint64_t dev_sum(void)
{
	unsigned char buf[65536];
	uint64_t h = 1469598103934665603ull;
	ssize_t n, i;
	int fd = open(dev, O_RDONLY | O_DIRECT);

	if (fd < 0)
		return 0;
	while ((n = read(fd, buf, sizeof(buf))) > 0)
		for (i = 0; i < n; i++)
			h = (h ^ buf[i]) * 1099511628211ull;
	close(fd);
	return h;
}

/* One try: what run.c does for one target, then a write through the
 * descriptor the run would use.  Returns the kind of file written, or 0
 * when a step refused. */
static mode_t one_try(bool existing, char *err, size_t errlen)
{
	static const char block[4096] = { 0x5a };
	struct target_info info;
	struct target_opts o;
	struct target_pin pin;
	struct target t;
	struct stat st;
	mode_t kind = 0;

	if (existing)	/* an empty file: -c fills it without asking */
		close(open(path, O_WRONLY | O_CREAT | O_EXCL, 0644));
	target_opts_init(&o);
	o.path = path;
	o.create_bytes = 64 * 1024;
	o.block_bytes = 4096;
	o.write_pct = 100;
	if (target_pin_take(&pin, &o))
		return 0;
	if (!target_check_safe(&o, &pin, NULL, err, errlen) &&
	    !target_prepare(&o, &pin, &info, NULL, err, errlen) &&
	    !target_open(&t, &o, &pin, err, errlen)) {
		if (!fstat(t.fd, &st) &&
		    pwrite(t.fd, block, sizeof(block), 0) == sizeof(block))
			kind = st.st_mode & S_IFMT;
		target_close(&t);
	}
	target_pin_release(&pin);
	unlink(path);
	unlink(aside);
	return kind;
}

static void test_swaps_never_reach_the_device(void **state)
{
	const char *san = getenv("IOPROBE_SANITIZED");
	unsigned int tries = san && san[0] ? TRIES_SANITIZED : TRIES;
	unsigned int files = 0, refused = 0, devices = 0, i;
	char err[1024], cmd[700];
	uint64_t before;
	pthread_t th;
	FILE *p;

	(void)state;
	snprintf(cmd, sizeof(cmd), "losetup -f --show '%s' 2>/dev/null", img);
	p = popen(cmd, "r");
	if (!p || !fgets(dev, sizeof(dev), p) || pclose(p)) {
		skip();	/* no free loop device here */
		return;
	}
	p = NULL;
	dev[strcspn(dev, "\n")] = '\0';
	before = dev_sum();
	assert_true(before != 0);
	atomic_store(&racing, true);
	assert_int_equal(pthread_create(&th, NULL, racer, NULL), 0);
	for (i = 0; i < tries; i++) {
		mode_t kind = one_try(i & 1, err, sizeof(err));

		if (kind == S_IFREG)
			files++;
		else if (kind)
			devices++;
		else
			refused++;
	}
	atomic_store(&racing, false);
	pthread_join(th, NULL);
	print_message("# %u tries: %u wrote the file, %u refused, %lu swaps\n",
		      tries, files, refused, atomic_load(&flips));
	assert_int_equal(devices, 0);
	assert_true(dev_sum() == before);
	assert_true(atomic_load(&flips) > 0);
	snprintf(cmd, sizeof(cmd), "losetup -d '%s'", dev);
	assert_int_equal(system(cmd), 0);
}

static int setup(void **state)
{
	const char *base = getenv("TMPDIR");
	unsigned char buf[4096];
	unsigned int i;
	FILE *f;

	(void)state;
	if (geteuid() != 0)
		return 0;
	snprintf(dir, sizeof(dir), "%s/ioprobe-race.XXXXXX",
		 base ? base : "/var/tmp");
	if (!mkdtemp(dir))
		return -1;
	snprintf(path, sizeof(path), "%s/t.dat", dir);
	snprintf(aside, sizeof(aside), "%s/t.dat.aside", dir);
	snprintf(img, sizeof(img), "%s/disk.img", dir);
	f = fopen(img, "w");
	if (!f)
		return -1;
	for (i = 0; i < DEV_BYTES / sizeof(buf); i++) {
		memset(buf, (int)(i * 37 + 11), sizeof(buf));
		fwrite(buf, 1, sizeof(buf), f);
	}
	return fclose(f) ? -1 : 0;
}

static int teardown(void **state)
{
	char cmd[400];

	(void)state;
	if (!dir[0])
		return 0;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", dir);
	return system(cmd) ? -1 : 0;
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_swaps_never_reach_the_device),
	};

	if (geteuid() != 0) {
		printf("1..0 # SKIP needs root for a loop device\n");
		fprintf(stderr, "skipped: target races: needs root\n");
		return 0;
	}
	return cmocka_run_group_tests(tests, setup, teardown);
}
