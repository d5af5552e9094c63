/* test_path_where.c - where a PATH lives, from a fixture sysfs tree and
 * mountinfo: a partition's whole disk, model, size, root disk or not, a
 * loop disk's backing file, tmpfs as memory; the nearest folder of a
 * missing PATH. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include <cmocka.h>

#include "run/path_where.h"

static char root[64];

/* @cmd in sh, with $R the fixture root. */
static void sh(const char *cmd)
{
	assert_int_equal(setenv("R", root, 1), 0);
	assert_int_equal(system(cmd), 0);
}

/* sda (model, 1 GiB) with partition sda2 as 8:2; loop3 (7:3) backed by
 * /img/a.img; "/" on sda1 (8:1). */
static int setup(void **state)
{
	(void)state;
	snprintf(root, sizeof(root), "%s", "/tmp/ioprobe-where-XXXXXX");
	assert_non_null(mkdtemp(root));
	sh("cd $R && D=devices/pci0/ata1/block/sda && "
	   "mkdir -p $D/sda1 $D/sda2 $D/device dev/block class/block "
	   "devices/virtual/block/loop3/loop && "
	   "echo 2097152 > $D/size && echo 'FAKE SSD 1G ' > "
	   "$D/device/model && touch $D/sda1/partition $D/sda2/partition "
	   "&& echo 8192 > devices/virtual/block/loop3/size && "
	   "echo /img/a.img > devices/virtual/block/loop3/loop/backing_file "
	   "&& ln -s ../../$D/sda1 dev/block/8:1 && "
	   "ln -s ../../$D/sda2 dev/block/8:2 && "
	   "ln -s ../../devices/virtual/block/loop3 dev/block/7:3 && "
	   "ln -s ../../$D class/block/sda && "
	   "ln -s ../../devices/virtual/block/loop3 class/block/loop3");
	sh("cd $R && printf '%s\\n' "
	   "'20 1 8:1 / / rw - ext4 /dev/sda1 rw' "
	   "'30 20 8:2 / /mnt/data rw - xfs /dev/sda2 rw' "
	   "'31 20 7:3 / /mnt/my\\040disk rw - ext4 /dev/loop3 rw' "
	   "'32 20 0:40 / /dev/shm rw - tmpfs tmpfs rw' > mountinfo");
	return 0;
}

static int teardown(void **state)
{
	(void)state;
	sh("rm -rf $R");
	return 0;
}

static void lookup(const char *real, dev_t dev, struct path_where *w)
{
	char sys[128], mi[128];

	snprintf(sys, sizeof(sys), "%s", root);
	snprintf(mi, sizeof(mi), "%s/mountinfo", root);
	assert_int_equal(path_where_lookup(sys, mi, real, dev,
					   makedev(8, 1), w), 0);
}

static void partition_of_root_disk(void **state)
{
	struct path_where w;
	char line[1024];

	(void)state;
	lookup("/mnt/data/x", makedev(8, 2), &w);
	assert_string_equal(w.dev, "sda2");
	assert_string_equal(w.disk, "sda");
	assert_string_equal(w.model, "FAKE SSD 1G");
	assert_int_equal(w.disk_bytes, 1ull << 30);
	assert_string_equal(w.fstype, "xfs");
	assert_string_equal(w.mount, "/mnt/data");
	assert_true(w.root_disk);
	assert_false(w.memory);
	path_where_describe(&w, line, sizeof(line));
	assert_string_equal(line, "sda2 on disk sda (FAKE SSD 1G, 1.0 GiB), "
			    "xfs on /mnt/data, the root filesystem's disk");
}

static void loop_disk(void **state)
{
	struct path_where w;
	char line[1024];

	(void)state;
	lookup("/mnt/my disk/a/b", makedev(7, 3), &w);
	assert_string_equal(w.disk, "loop3");
	assert_string_equal(w.backing, "/img/a.img");
	assert_string_equal(w.mount, "/mnt/my disk");
	assert_false(w.root_disk);
	path_where_describe(&w, line, sizeof(line));
	assert_string_equal(line, "loop3 (loop device backed by /img/a.img, "
			    "4.0 MiB), ext4 on /mnt/my disk, not the root "
			    "filesystem's disk");
}

static void tmpfs_is_memory(void **state)
{
	struct path_where w;
	char line[1024];

	(void)state;
	lookup("/dev/shm/x", makedev(0, 40), &w);
	assert_string_equal(w.dev, "");
	assert_string_equal(w.fstype, "tmpfs");
	assert_true(w.memory);
	assert_false(w.root_disk);
	path_where_describe(&w, line, sizeof(line));
	assert_non_null(strstr(line, "memory speeds"));
}

static void nearest_folder(void **state)
{
	char d[256], p[256];

	(void)state;
	path_nearest_folder("/nonexist/a/b", d, sizeof(d));
	assert_string_equal(d, "/");
	snprintf(p, sizeof(p), "%s/devices/nope/x", root);
	path_nearest_folder(p, d, sizeof(d));
	snprintf(p, sizeof(p), "%s/devices", root);
	assert_string_equal(d, p);
}

static void unmounted_folder(void **state)
{
	char p[256];

	(void)state;
	/* not under a mount-point-like folder: never */
	snprintf(p, sizeof(p), "%s/devices/pci0/ata1/block/sda/sda1", root);
	assert_false(path_unmounted_folder(p));
	assert_false(path_unmounted_folder("/tmp"));
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(partition_of_root_disk),
		cmocka_unit_test(loop_disk),
		cmocka_unit_test(tmpfs_is_memory),
		cmocka_unit_test(nearest_folder),
		cmocka_unit_test(unmounted_folder),
	};

	return cmocka_run_group_tests(tests, setup, teardown);
}
