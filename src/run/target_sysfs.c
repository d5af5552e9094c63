/* target_sysfs.c - what sysfs says about block devices: the kernel name
 * of a device number, the whole disk behind a partition, a device's
 * partitions, and the numbers in sysfs files.  The safety checks, the open
 * and the description of a target all ask these questions.
 */
#include "run/target_sysfs.h"

#include <dirent.h>
#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/util.h"

int target_read_u64(const char *path, uint64_t *v)
{
	char line[64], *end;
	int ret = read_first_line(path, line, sizeof(line));

	if (ret)
		return ret;
	errno = 0;
	*v = strtoull(line, &end, 10);
	if (errno || end == line)
		return -EINVAL;
	return 0;
}

/* Kernel name ("loop0", "vda1") of block device @rdev, via /sys/dev/block. */
int target_dev_name(dev_t rdev, char *name, size_t len)
{
	char link[PATH_MAX], path[96];
	const char *base;
	ssize_t n;

	snprintf(path, sizeof(path), "/sys/dev/block/%u:%u", major(rdev),
		 minor(rdev));
	n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return -errno;
	link[n] = '\0';
	base = strrchr(link, '/');
	str_copy(name, len, base ? base + 1 : link);
	return 0;
}

/* The whole disk behind @name: a partition's parent, else @name itself. */
void target_disk_of(const char *name, char *disk, size_t len)
{
	char path[PATH_MAX], link[PATH_MAX], *slash;
	ssize_t n;

	str_copy(disk, len, name);
	snprintf(path, sizeof(path), "/sys/class/block/%s/partition", name);
	if (access(path, F_OK))
		return;
	snprintf(path, sizeof(path), "/sys/class/block/%s", name);
	n = readlink(path, link, sizeof(link) - 1);
	if (n < 0)
		return;
	link[n] = '\0';
	slash = strrchr(link, '/');
	if (!slash)
		return;
	*slash = '\0';
	slash = strrchr(link, '/');
	str_copy(disk, len, slash ? slash + 1 : link);
}

/* Device numbers of @name and its partitions (at most @max). */
unsigned int target_dev_family(const char *name, dev_t self, dev_t *devs,
			       unsigned int max)
{
	char path[PATH_MAX], line[32];
	unsigned int n = 0, ma, mi;
	struct dirent *de;
	DIR *d;

	devs[n++] = self;
	snprintf(path, sizeof(path), "/sys/class/block/%s", name);
	d = opendir(path);
	if (!d)
		return n;
	while ((de = readdir(d)) && n < max) {
		if (strncmp(de->d_name, name, strlen(name)))
			continue;
		snprintf(path, sizeof(path), "/sys/class/block/%s/%s/dev",
			 name, de->d_name);
		if (read_first_line(path, line, sizeof(line)))
			continue;
		if (sscanf(line, "%u:%u", &ma, &mi) == 2)
			devs[n++] = makedev(ma, mi);
	}
	closedir(d);
	return n;
}

bool target_dev_in(dev_t d, const dev_t *devs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (devs[i] == d)
			return true;
	return false;
}
