/* target_safety.c - the refusals before anything is created or opened
 * for writing: a block device in use (mounted, swap, held by another
 * device, backing a loop device, claimed exclusively) or not named by
 * --allow-device-writes, a regular file in use as swap or as a loop
 * device's backing file, a -c on a symbolic link or on a file ioprobe did
 * not write (--overwrite rules), and a -c that does not fit the free space.
 *
 * A refused command leaves the device and the filesystem exactly as they
 * were: nothing here writes.
 */
#include "run/target_safety.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/loop.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "lib/path.h"
#include "lib/util.h"
#include "run/target_pin.h"
#include "run/target_sysfs.h"

#define MIB (1024.0 * 1024.0)

/* Mount point of any of @devs from /proc/self/mountinfo, into @where. */
static bool dev_mounted(const dev_t *devs, unsigned int n, char *where,
			size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], mnt[PATH_MAX];
	unsigned int ma, mi;
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*u %*u %u:%u %*s %4095s", &ma, &mi,
			   mnt) != 3)
			continue;
		if (target_dev_in(makedev(ma, mi), devs, n)) {
			str_copy(where, len, mnt);
			found = true;
		}
	}
	fclose(f);
	return found;
}

/* Is any of @devs (or the regular file @st) listed in /proc/swaps? */
static bool used_as_swap(const dev_t *devs, unsigned int n,
			 const struct stat *st)
{
	FILE *f = fopen("/proc/swaps", "re");
	char line[4096], path[PATH_MAX];
	struct stat sst;
	bool found = false;

	if (!f)
		return false;
	while (!found && fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%4095s", path) != 1 || path[0] != '/' ||
		    stat(path, &sst))
			continue;
		if (S_ISBLK(sst.st_mode) && n)
			found = target_dev_in(sst.st_rdev, devs, n);
		else if (S_ISREG(sst.st_mode) && S_ISREG(st->st_mode))
			found = sst.st_dev == st->st_dev &&
				sst.st_ino == st->st_ino;
	}
	fclose(f);
	return found;
}

/* First holder (dm-0, md0) of @rdev or a partition of it, into @holder. */
static bool dev_held(const dev_t *devs, unsigned int n, char *holder,
		     size_t len)
{
	char name[64], path[PATH_MAX];
	struct dirent *de;
	unsigned int i;
	bool found = false;
	DIR *d;

	for (i = 0; i < n && !found; i++) {
		if (target_dev_name(devs[i], name, sizeof(name)))
			continue;
		snprintf(path, sizeof(path), "/sys/class/block/%s/holders",
			 name);
		d = opendir(path);
		if (!d)
			continue;
		while ((de = readdir(d))) {
			if (de->d_name[0] == '.')
				continue;
			snprintf(path, sizeof(path), "%s (holds %s)",
				 de->d_name, name);
			str_copy(holder, len, path);
			found = true;
			break;
		}
		closedir(d);
	}
	return found;
}

/* Does loop device @name (sysfs name) have @st as its backing file: the
 * same inode, or for a device target a device of @devs?  Asks the loop
 * device itself (device and inode of the backing file, also when it was
 * renamed or deleted) and the path in sysfs. */
static bool loop_backed_by(const char *name, const struct stat *st,
			   const dev_t *devs, unsigned int n)
{
	char path[PATH_MAX], file[PATH_MAX];
	struct loop_info64 li;
	struct stat bst, lst;
	dev_t rdev;
	int fd;

	snprintf(path, sizeof(path), "/sys/block/%s/loop/backing_file", name);
	if (read_first_line(path, file, sizeof(file)))
		return false;	/* not attached */
	if (!stat(file, &bst)) {
		if (S_ISBLK(bst.st_mode) && n &&
		    target_dev_in(bst.st_rdev, devs, n))
			return true;
		if (S_ISREG(bst.st_mode) && S_ISREG(st->st_mode) &&
		    bst.st_dev == st->st_dev && bst.st_ino == st->st_ino)
			return true;
	}
	snprintf(path, sizeof(path), "/dev/%s", name);
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return false;
	memset(&li, 0, sizeof(li));
	if (fstat(fd, &lst) || !S_ISBLK(lst.st_mode) ||
	    ioctl(fd, LOOP_GET_STATUS64, &li)) {
		close(fd);
		return false;
	}
	close(fd);
	/* the kernel's encoding of dev_t: 12-bit major, 20-bit minor */
	rdev = makedev((unsigned int)((li.lo_rdevice & 0xfff00) >> 8),
		       (unsigned int)((li.lo_rdevice & 0xff) |
				      ((li.lo_rdevice >> 12) & 0xfff00)));
	if (S_ISBLK(st->st_mode))
		return n && li.lo_rdevice && target_dev_in(rdev, devs, n);
	return makedev((unsigned int)((li.lo_device & 0xfff00) >> 8),
		       (unsigned int)((li.lo_device & 0xff) |
				      ((li.lo_device >> 12) & 0xfff00))) ==
		       st->st_dev && li.lo_inode == st->st_ino;
}

/* The active loop device (as /dev/NAME in @loop) whose backing file is
 * the regular file @st, or a device of @devs. */
static bool backs_loop(const struct stat *st, const dev_t *devs,
		       unsigned int n, char *loop, size_t len)
{
	DIR *d = opendir("/sys/block");
	struct dirent *de;
	bool found = false;

	if (!d)
		return false;
	while (!found && (de = readdir(d))) {
		if (strncmp(de->d_name, "loop", 4))
			continue;
		if (loop_backed_by(de->d_name, st, devs, n)) {
			snprintf(loop, len, "/dev/%s", de->d_name);
			found = true;
		}
	}
	closedir(d);
	return found;
}

/* Claimed by someone we cannot see from here: a mount in another mount
 * namespace, or a process holding it open with O_EXCL.  The kernel knows:
 * an O_EXCL open of a block device fails with EBUSY then.  Asked of the
 * pinned device, never of the name. */
static bool dev_claimed(const struct target_pin *pin, const char *path)
{
	int fd = target_pin_reopen(pin, path,
				   O_RDONLY | O_EXCL | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return false;
	}
	return fd == -EBUSY;
}

/* Does --allow-device-writes=@allow name the device @rdev? */
static bool allow_names(const char *allow, dev_t rdev)
{
	char real[PATH_MAX];
	struct stat st;

	if (!allow || !allow[0] || !realpath(allow, real) || stat(real, &st))
		return false;
	return S_ISBLK(st.st_mode) && st.st_rdev == rdev;
}

/* A device in use (mounted, swap, held) is refused before the opt-in is
 * even looked at: asking for --allow-device-writes would only lead to a
 * second refusal. */
static int check_device(const char *path, const struct target_pin *pin,
			const char *allow, char *err, size_t errlen)
{
	const struct stat *st = &pin->st;
	char name[64] = "", where[PATH_MAX];
	dev_t devs[256];
	unsigned int n;

	if (target_dev_name(st->st_rdev, name, sizeof(name))) {
		devs[0] = st->st_rdev;
		n = 1;
	} else {
		n = target_dev_family(name, st->st_rdev, devs,
				      ARRAY_SIZE(devs));
	}
	if (dev_mounted(devs, n, where, sizeof(where)))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it is mounted at %s; "
			    "unmount it first", path, where);
	if (used_as_swap(devs, n, st))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it is used as swap; "
			    "run swapoff first", path);
	if (dev_held(devs, n, where, sizeof(where)))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it is held by %s "
			    "(device-mapper, md or similar); release it first",
			    path, where);
	if (backs_loop(st, devs, n, where, sizeof(where)))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it backs loop device "
			    "%s; detach it first (losetup -d %s)", path, where,
			    where);
	if (dev_claimed(pin, path))
		return errf(err, errlen, EBUSY, TARGET_IN_USE_FMT, path);
	if (!allow_names(allow, st->st_rdev))
		return errf(err, errlen, EPERM,
			    "refusing to write to block device '%s': writes "
			    "destroy its data; pass --allow-device-writes=%s "
			    "to allow it", path, path);
	return 0;
}

/* @st: the existing file, NULL for a new one. */
static int check_space(const struct target_opts *o, const struct stat *st,
		       char *err, size_t errlen)
{
	uint64_t have = 0, need = o->create_bytes, avail = 0;
	int ret;

	if (st)
		have = (uint64_t)st->st_blocks * 512;
	need = need > have ? need - have : 0;
	if (!need)
		return 0;
	ret = path_free_bytes(o->path, &avail);
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot check free space for '%s': %s", o->path,
			    strerror(-ret));
	if (need + path_space_margin(o->create_bytes) > avail)
		return errf(err, errlen, ENOSPC,
			    "not enough free space for '%s': -c needs %.1f "
			    "MiB plus a %.0f MiB margin, the filesystem has "
			    "%.1f MiB free; use a smaller -c or another "
			    "folder", o->path, (double)need / MIB,
			    (double)path_space_margin(o->create_bytes) / MIB,
			    (double)avail / MIB);
	return 0;
}

/* The -c path is a symbolic link: never followed, whatever it names. */
int target_refuse_link(const char *path, char *err, size_t errlen)
{
	char to[PATH_MAX];
	ssize_t n = readlink(path, to, sizeof(to) - 1);

	to[n > 0 ? n : 0] = '\0';
	return errf(err, errlen, EEXIST,
		    "refusing to create '%s' with -c: it is a symbolic link "
		    "(to '%s') and -c never follows one; give the real path "
		    "or a new file name", path, to);
}

bool target_has_marker(int fd)
{
	return fgetxattr(fd, TARGET_FILL_XATTR, NULL, 0) >= 0;
}

bool target_same_inode(const struct stat *a, const struct stat *b)
{
	return a->st_dev == b->st_dev && a->st_ino == b->st_ino;
}

/* Empty, or holes only (truncate -s): there is nothing to lose. */
static bool holds_no_data(int fd)
{
	return lseek(fd, 0, SEEK_DATA) < 0 && errno == ENXIO;
}

/* A -c on the existing regular file open as @fd (@st): one ioprobe filled
 * before is ours; anything else is someone's data, rewritten only with
 * --overwrite and never shrunk.  A file without any data is filled (and
 * only grown) without asking. */
int target_check_foreign(const struct target_opts *o, int fd,
			 const struct stat *st, char *err, size_t errlen)
{
	if (target_has_marker(fd))
		return 0;
	if (holds_no_data(fd) && (uint64_t)st->st_size <= o->create_bytes)
		return 0;
	if (!o->overwrite)
		return errf(err, errlen, EEXIST,
			    "refusing to fill '%s' with -c: the file exists "
			    "(%" PRIu64 " bytes) and holds data ioprobe did "
			    "not write; pass --overwrite to rewrite it in "
			    "place, or name a new file", o->path,
			    (uint64_t)st->st_size);
	if ((uint64_t)st->st_size > o->create_bytes)
		return errf(err, errlen, EEXIST,
			    "refusing to shrink '%s' to -c %" PRIu64 " bytes: "
			    "it has %" PRIu64 " bytes ioprobe did not write "
			    "and is never truncated; use -c%" PRIu64 " or "
			    "more, or name a new file", o->path,
			    o->create_bytes, (uint64_t)st->st_size,
			    (uint64_t)st->st_size);
	return 0;
}

/* -c on a path that named a regular file at the first look: a foreign
 * file needs --overwrite.  Looked at through the pin; a descriptor handed
 * over by the caller is the pin itself. */
static int check_existing(const struct target_opts *o,
			  const struct target_pin *pin, char *err,
			  size_t errlen)
{
	struct stat lst;
	int fd, ret;

	if (o->fd >= 0) {	/* the caller created it with O_EXCL */
		if (lstat(o->path, &lst) || !target_pin_is(pin, &lst))
			return errf(err, errlen, EEXIST,
				    "refusing to fill '%s': the name no "
				    "longer leads to the file ioprobe "
				    "created", o->path);
		return 0;
	}
	fd = target_pin_reopen(pin, o->path,
			       O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errf(err, errlen, -fd, "cannot open '%s': %s",
			    o->path, strerror(-fd));
	ret = target_check_foreign(o, fd, &pin->st, err, errlen);
	close(fd);
	return ret;
}

int target_check_safe(const struct target_opts *o,
		      const struct target_pin *pin,
		      const char *allow_device_writes, char *err,
		      size_t errlen)
{
	const struct stat *st = &pin->st;
	bool writes = o->write_pct > 0 || o->create_bytes;
	char loop[PATH_MAX];
	int ret;

	if (!o->path || !o->path[0])
		return errf(err, errlen, EINVAL, "empty target path");
	if (pin->fd < 0)	/* nothing there: -c creates it (O_EXCL) */
		return o->create_bytes ? check_space(o, NULL, err, errlen) : 0;
	if (S_ISLNK(st->st_mode))
		return target_refuse_link(o->path, err, errlen);
	if (S_ISBLK(st->st_mode)) {
		if (o->write_pct == 0)
			return 0;	/* reads never harm a device */
		return check_device(o->path, pin, allow_device_writes, err,
				    errlen);
	}
	if (!S_ISREG(st->st_mode))
		return errf(err, errlen, EINVAL,
			    "unsupported target '%s': expected a regular file "
			    "or a block device", o->path);
	if (o->create_bytes) {
		ret = check_existing(o, pin, err, errlen);
		if (ret)
			return ret;
	}
	if (writes && used_as_swap(NULL, 0, st))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it is a swap file in "
			    "use; run swapoff first", o->path);
	if (writes && backs_loop(st, NULL, 0, loop, sizeof(loop)))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it backs loop device "
			    "%s; detach it first (losetup -d %s)", o->path,
			    loop, loop);
	if (o->create_bytes)
		return check_space(o, st, err, errlen);
	return 0;
}
