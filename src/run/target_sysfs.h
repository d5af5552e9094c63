/* target_sysfs.h - block device facts from sysfs, for the target code:
 * kernel names, whole disks, partitions, numbers in sysfs files.
 */
#ifndef IOPROBE_TARGET_SYSFS_H
#define IOPROBE_TARGET_SYSFS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

/* The decimal number on the first line of the file @path into @v.
 * 0 or -errno (-EINVAL when the line holds no number). */
int target_read_u64(const char *path, uint64_t *v);

/* Kernel name ("loop0", "vda1") of block device @rdev, via /sys/dev/block,
 * into @name.  0 or -errno. */
int target_dev_name(dev_t rdev, char *name, size_t len);

/* The whole disk behind the kernel name @name: a partition's parent, else
 * @name itself, into @disk. */
void target_disk_of(const char *name, char *disk, size_t len);

/* Device numbers of @name (whose number is @self, stored first) and of
 * its partitions, at most @max into @devs; the count stored. */
unsigned int target_dev_family(const char *name, dev_t self, dev_t *devs,
			       unsigned int max);

/* Is @d one of the @n numbers in @devs? */
bool target_dev_in(dev_t d, const dev_t *devs, unsigned int n);

#endif
