/* path_where.h - where a PATH lives, said before the suite creates a
 * byte there: the filesystem's device, its whole disk, the disk's model
 * and size, a loop device's backing file, the filesystem type and mount
 * point, and whether that disk also holds the root filesystem.  Read from
 * sysfs and mountinfo whose locations are parameters, so tests give a
 * fixture tree.
 */
#ifndef IOPROBE_PATH_WHERE_H
#define IOPROBE_PATH_WHERE_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>

struct path_where {
	char dev[64];		/* kernel name of the filesystem's device,
				 * "vda1"; "" for a device-less one (tmpfs) */
	char disk[64];		/* its whole disk, "vda"; "" as @dev */
	char model[128];	/* the disk's model, "" unknown */
	char backing[PATH_MAX];	/* a loop disk's backing file, else "" */
	uint64_t disk_bytes;	/* the whole disk's size, 0 unknown */
	char fstype[32];	/* "ext4", "" unknown */
	char mount[PATH_MAX];	/* the mount point holding the PATH */
	bool root_disk;		/* the disk (or filesystem) of "/" */
	bool memory;		/* RAM-backed: tmpfs, ramfs, zram, brd */
};

/* Where the existing file or folder @real (a realpath) on the device
 * @dev lives, with "/" on @root_dev; @sys is the sysfs root ("/sys"),
 * @mountinfo a mountinfo file ("/proc/self/mountinfo").  Facts that
 * cannot be read stay empty.  0, or -errno when @mountinfo cannot be
 * read. */
int path_where_lookup(const char *sys, const char *mountinfo,
		      const char *real, dev_t dev, dev_t root_dev,
		      struct path_where *w);

/* path_where_lookup() for @path on this system (its nearest existing
 * parent when @path does not exist).  0 or -errno. */
int path_where(const char *path, struct path_where *w);

/* One line for the suite's plan into @buf: "vda (virtio disk, 100.0
 * GiB), ext4 on /, the root filesystem's disk". */
void path_where_describe(const struct path_where *w, char *buf, size_t len);

/* The nearest existing folder above the missing @path into @dir ("/" at
 * worst). */
void path_nearest_folder(const char *path, char *dir, size_t len);

/* Is @real (an existing folder's realpath) an empty folder that looks
 * meant as a mount point (under /mnt, /media, /run/media or /srv, or
 * one level below "/", such as /data) but is not one? */
bool path_unmounted_folder(const char *real);

#endif
