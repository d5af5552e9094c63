/* target.c - files and block devices: safety checks, -c create and fill,
 * open with the cache mode's flags, size and alignment, and the facts the
 * report shows about each target.
 *
 * Nothing here runs inside the measured window.  The safety check runs
 * first, before anything is created or opened for writing, so a refused
 * command leaves the device and the filesystem exactly as they were.
 */
#include "run/target.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <linux/loop.h>
#include <linux/magic.h>
#include <liburing.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/statvfs.h>
#include <sys/sysmacros.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/signals.h"
#include "run/sysinfo.h"
#include "lib/util.h"

#define FILL_XATTR "user.ioprobe.filled"
#define FILL_BUSY "filling"		/* marker while a fill runs */
#define FILL_CHUNK_BYTES (4u << 20)	/* one write of the fill */
#define FILL_DEPTH 4			/* fill writes in flight */
#define MIB (1024.0 * 1024.0)
#define IN_USE_FMT "refusing to write to '%s': it is in use (mounted in " \
	"another mount namespace, or held open exclusively by another " \
	"process); release it first"

/* ---- sysfs helpers ---------------------------------------------------- */

static int read_u64(const char *path, uint64_t *v)
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
static int dev_name(dev_t rdev, char *name, size_t len)
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
static void disk_of(const char *name, char *disk, size_t len)
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
static unsigned int dev_family(const char *name, dev_t self, dev_t *devs,
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

static bool dev_in(dev_t d, const dev_t *devs, unsigned int n)
{
	unsigned int i;

	for (i = 0; i < n; i++)
		if (devs[i] == d)
			return true;
	return false;
}

/* ---- safety ----------------------------------------------------------- */

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
		if (dev_in(makedev(ma, mi), devs, n)) {
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
			found = dev_in(sst.st_rdev, devs, n);
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
		if (dev_name(devs[i], name, sizeof(name)))
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
		if (S_ISBLK(bst.st_mode) && n && dev_in(bst.st_rdev, devs, n))
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
		return n && li.lo_rdevice && dev_in(rdev, devs, n);
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
 * an O_EXCL open of a block device fails with EBUSY then. */
static bool dev_claimed(const char *path)
{
	int fd = open(path, O_RDONLY | O_EXCL | O_NONBLOCK | O_CLOEXEC);

	if (fd >= 0) {
		close(fd);
		return false;
	}
	return errno == EBUSY;
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
static int check_device(const char *path, const struct stat *st,
			const char *allow, char *err, size_t errlen)
{
	char name[64] = "", where[PATH_MAX];
	dev_t devs[256];
	unsigned int n;

	if (dev_name(st->st_rdev, name, sizeof(name))) {
		devs[0] = st->st_rdev;
		n = 1;
	} else {
		n = dev_family(name, st->st_rdev, devs, ARRAY_SIZE(devs));
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
	if (dev_claimed(path))
		return errf(err, errlen, EBUSY, IN_USE_FMT, path);
	if (!allow_names(allow, st->st_rdev))
		return errf(err, errlen, EPERM,
			    "refusing to write to block device '%s': writes "
			    "destroy its data; pass --allow-device-writes=%s "
			    "to allow it", path, path);
	return 0;
}

/* Safety margin kept free beyond a -c file: 1% of it, 16 MiB..1 GiB. */
static uint64_t space_margin(uint64_t bytes)
{
	uint64_t m = bytes / 100;

	if (m < (16u << 20))
		m = 16u << 20;
	if (m > (1ull << 30))
		m = 1ull << 30;
	return m;
}

/* Free space of the filesystem that holds @path or its nearest existing
 * parent. */
static int free_space(const char *path, uint64_t *free_bytes)
{
	char dir[PATH_MAX];
	struct statvfs vfs;
	char *slash;

	str_copy(dir, sizeof(dir), path);
	while (statvfs(dir, &vfs)) {
		if (errno != ENOENT && errno != ENOTDIR)
			return -errno;
		slash = strrchr(dir, '/');
		if (!slash)
			str_copy(dir, sizeof(dir), ".");
		else if (slash == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
	}
	*free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	return 0;
}

static int check_space(const struct target_opts *o, const struct stat *st,
		       bool exists, char *err, size_t errlen)
{
	uint64_t have = 0, need = o->create_bytes, avail = 0;
	int ret;

	if (exists)
		have = (uint64_t)st->st_blocks * 512;
	need = need > have ? need - have : 0;
	if (!need)
		return 0;
	ret = free_space(o->path, &avail);
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot check free space for '%s': %s", o->path,
			    strerror(-ret));
	if (need + space_margin(o->create_bytes) > avail)
		return errf(err, errlen, ENOSPC,
			    "not enough free space for '%s': -c needs %.1f "
			    "MiB plus a %.0f MiB margin, the filesystem has "
			    "%.1f MiB free; use a smaller -c or another "
			    "folder", o->path, (double)need / MIB,
			    (double)space_margin(o->create_bytes) / MIB,
			    (double)avail / MIB);
	return 0;
}

/* The -c path is a symbolic link: never followed, whatever it names. */
static int refuse_link(const char *path, char *err, size_t errlen)
{
	char to[PATH_MAX];
	ssize_t n = readlink(path, to, sizeof(to) - 1);

	to[n > 0 ? n : 0] = '\0';
	return errf(err, errlen, EEXIST,
		    "refusing to create '%s' with -c: it is a symbolic link "
		    "(to '%s') and -c never follows one; give the real path "
		    "or a new file name", path, to);
}

static bool has_marker(int fd)
{
	return fgetxattr(fd, FILL_XATTR, NULL, 0) >= 0;
}

static bool same_inode(const struct stat *a, const struct stat *b)
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
static int check_foreign(const struct target_opts *o, int fd,
			 const struct stat *st, char *err, size_t errlen)
{
	if (has_marker(fd))
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

/* -c on an existing path, looked at through a descriptor (no link is
 * followed): a link is refused, a foreign file needs --overwrite, and a
 * descriptor handed over by the caller must still be the file at the
 * path. */
static int check_existing(const struct target_opts *o, char *err,
			  size_t errlen)
{
	struct stat lst, st;
	int fd, ret;

	if (lstat(o->path, &lst))
		return 0;	/* new: created with O_EXCL later */
	if (S_ISLNK(lst.st_mode))
		return refuse_link(o->path, err, errlen);
	if (!S_ISREG(lst.st_mode))
		return 0;	/* the type check below says why */
	if (o->fd >= 0) {
		if (fstat(o->fd, &st) || !same_inode(&st, &lst))
			return errf(err, errlen, EEXIST,
				    "refusing to fill '%s': the name no "
				    "longer leads to the file ioprobe "
				    "created", o->path);
		return 0;
	}
	fd = open(o->path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errf(err, errlen, errno, "cannot open '%s': %s",
			    o->path, strerror(errno));
	ret = fstat(fd, &st) ? -errno : 0;
	if (!ret)
		ret = check_foreign(o, fd, &st, err, errlen);
	else
		errf(err, errlen, -ret, "cannot stat '%s': %s", o->path,
		     strerror(-ret));
	close(fd);
	return ret;
}

int target_check_safe(const struct target_opts *o,
		      const char *allow_device_writes, char *err,
		      size_t errlen)
{
	char loop[PATH_MAX];
	struct stat st;
	bool exists;
	int ret;

	if (!o->path || !o->path[0])
		return errf(err, errlen, EINVAL, "empty target path");
	exists = stat(o->path, &st) == 0;
	if (exists && S_ISBLK(st.st_mode)) {
		if (o->write_pct == 0)
			return 0;	/* reads never harm a device */
		return check_device(o->path, &st, allow_device_writes, err,
				    errlen);
	}
	if (o->create_bytes) {
		ret = check_existing(o, err, errlen);
		if (ret)
			return ret;
	}
	if (exists && S_ISREG(st.st_mode) &&
	    (o->write_pct > 0 || o->create_bytes) &&
	    used_as_swap(NULL, 0, &st))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it is a swap file in "
			    "use; run swapoff first", o->path);
	if (exists && S_ISREG(st.st_mode) &&
	    (o->write_pct > 0 || o->create_bytes) &&
	    backs_loop(&st, NULL, 0, loop, sizeof(loop)))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it backs loop device "
			    "%s; detach it first (losetup -d %s)", o->path,
			    loop, loop);
	if (exists && !S_ISREG(st.st_mode))
		return errf(err, errlen, EINVAL,
			    "unsupported target '%s': expected a regular file "
			    "or a block device", o->path);
	if (o->create_bytes)
		return check_space(o, &st, exists, err, errlen);
	return 0;
}

/* ---- -c: create and fill ----------------------------------------------- */

/* mkdir -p of the folders above @path. */
static int make_parents(const char *path)
{
	char dir[PATH_MAX];
	char *p;

	str_copy(dir, sizeof(dir), path);
	for (p = dir + 1; *p; p++) {
		if (*p != '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

/* The fill marker: the size and the content kind, e.g. "1048576 pattern". */
static void fill_marker(const struct target_opts *o, char *buf, size_t len)
{
	snprintf(buf, len, "%" PRIu64 " %s", o->create_bytes,
		 o->wbuf == WBUF_ZERO ? "zero" : "pattern");
}

/* True when [0, size) has no hole and no unwritten (preallocated) extent. */
static bool fully_written(int fd, uint64_t size)
{
	enum { NEXT = 64 };
	/* struct fiemap ends in a flexible array: the extents follow it in
	 * one suitably aligned buffer. */
	_Alignas(struct fiemap) unsigned char
		buf[sizeof(struct fiemap) + NEXT * sizeof(struct fiemap_extent)];
	struct fiemap *fm = (struct fiemap *)buf;
	uint64_t pos = 0;
	unsigned int i;
	off_t hole;

	hole = lseek(fd, 0, SEEK_HOLE);
	if (hole < 0 || (uint64_t)hole < size)
		return false;
	while (pos < size) {
		memset(buf, 0, sizeof(buf));
		fm->fm_start = pos;
		fm->fm_length = size - pos;
		fm->fm_extent_count = NEXT;
		if (ioctl(fd, FS_IOC_FIEMAP, fm))
			return true;	/* no fiemap (tmpfs): SEEK_HOLE said so */
		if (!fm->fm_mapped_extents)
			return false;
		for (i = 0; i < fm->fm_mapped_extents && i < NEXT; i++) {
			const struct fiemap_extent *e = &fm->fm_extents[i];

			if (e->fe_logical > pos ||
			    (e->fe_flags & FIEMAP_EXTENT_UNWRITTEN))
				return false;
			pos = e->fe_logical + e->fe_length;
			if (e->fe_flags & FIEMAP_EXTENT_LAST)
				return pos >= size;
		}
	}
	return true;
}

/* Already filled with this size and content by an earlier run? */
static bool already_filled(const struct target_opts *o, int fd)
{
	char want[64], have[64];
	struct stat st;
	ssize_t n;
	bool ok;

	if (fstat(fd, &st) || !S_ISREG(st.st_mode) ||
	    (uint64_t)st.st_size != o->create_bytes)
		return false;
	fill_marker(o, want, sizeof(want));
	n = fgetxattr(fd, FILL_XATTR, have, sizeof(have) - 1);
	if (n >= 0) {
		have[n] = '\0';
		ok = !strcmp(have, want);
	} else {
		/* No xattr support here: trust a file without holes. */
		ok = errno == ENOTSUP;
	}
	return ok && fully_written(fd, o->create_bytes);
}

/* Fill @buf with data no compressor or dedup engine can shrink: a
 * SplitMix64 sequence seeded by the file offset, so every block differs. */
static void fill_data(uint64_t *buf, size_t len, uint64_t offset, bool zero)
{
	size_t i, n = len / sizeof(*buf);
	uint64_t x = offset * 0x9e3779b97f4a7c15ull + 0x1234567;

	if (zero) {
		memset(buf, 0, len);
		return;
	}
	for (i = 0; i < n; i++) {
		uint64_t z = (x += 0x9e3779b97f4a7c15ull);

		z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
		z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
		buf[i] = (z ^ (z >> 31)) | 1;	/* never an all-zero word */
	}
}

struct filler {
	int fd;
	uint64_t size;
	bool zero;
	target_progress_fn progress;
	void *arg;
	uint64_t done;
	uint64_t last_report_ns, last_report_bytes;
	void *bufs[FILL_DEPTH];
};

static double now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

static void fill_report(struct filler *f, bool last)
{
	uint64_t now = (uint64_t)(now_s() * 1e9);

	if (!f->progress)
		return;
	if (!last && f->done - f->last_report_bytes < f->size / 100 &&
	    now - f->last_report_ns < 1000000000ull)
		return;
	f->last_report_ns = now;
	f->last_report_bytes = f->done;
	f->progress(f->arg, f->done, f->size);
}

static size_t chunk_len(const struct filler *f, uint64_t off)
{
	uint64_t left = f->size - off;

	return left < FILL_CHUNK_BYTES ? (size_t)left : FILL_CHUNK_BYTES;
}

/* Sequential fill with FILL_DEPTH writes in flight through io_uring. */
static int fill_uring(struct filler *f)
{
	struct io_uring ring;
	struct io_uring_cqe *cqe;
	struct io_uring_sqe *sqe;
	uint64_t next = 0, offs[FILL_DEPTH];
	unsigned int i, inflight = 0;
	int ret;

	ret = io_uring_queue_init(FILL_DEPTH, &ring, 0);
	if (ret)
		return ret == -EINVAL ? -ENOSYS : ret;
	for (i = 0; i < FILL_DEPTH && next < f->size; i++) {
		size_t len = chunk_len(f, next);

		fill_data(f->bufs[i], len, next, f->zero);
		sqe = io_uring_get_sqe(&ring);
		io_uring_prep_write(sqe, f->fd, f->bufs[i], (unsigned int)len,
				    next);
		io_uring_sqe_set_data64(sqe, i);
		offs[i] = next;
		next += len;
		inflight++;
	}
	ret = 0;
	while (inflight) {
		int sub = io_uring_submit_and_wait(&ring, 1);

		if (sub < 0 && sub != -EINTR) {
			ret = sub;
			break;
		}
		if (io_uring_peek_cqe(&ring, &cqe))
			continue;
		i = (unsigned int)io_uring_cqe_get_data64(cqe);
		if (cqe->res < 0 && !ret)
			ret = cqe->res;
		else if ((size_t)cqe->res != chunk_len(f, offs[i]) && !ret)
			ret = cqe->res >= 0 ? -ENOSPC : cqe->res;
		io_uring_cqe_seen(&ring, cqe);
		inflight--;
		if (!ret) {
			f->done += chunk_len(f, offs[i]);
			fill_report(f, false);
			if (signals_stop_requested)
				ret = -EINTR;
		}
		if (ret || next >= f->size)
			continue;
		fill_data(f->bufs[i], chunk_len(f, next), next, f->zero);
		sqe = io_uring_get_sqe(&ring);
		io_uring_prep_write(sqe, f->fd, f->bufs[i],
				    (unsigned int)chunk_len(f, next), next);
		io_uring_sqe_set_data64(sqe, i);
		offs[i] = next;
		next += chunk_len(f, next);
		inflight++;
	}
	io_uring_queue_exit(&ring);
	return ret;
}

/* Plain pwrite fill: the fallback when io_uring is unavailable. */
static int fill_pwrite(struct filler *f)
{
	uint64_t off;

	for (off = f->done; off < f->size;) {
		size_t len = chunk_len(f, off), got = 0;

		fill_data(f->bufs[0], len, off, f->zero);
		while (got < len) {
			ssize_t n = pwrite(f->fd, (char *)f->bufs[0] + got,
					   len - got, (off_t)(off + got));

			if (n < 0 && errno == EINTR && !signals_stop_requested)
				continue;
			if (n < 0)
				return -errno;
			if (n == 0)
				return -ENOSPC;
			got += (size_t)n;
		}
		off += len;
		f->done = off;
		fill_report(f, false);
		if (signals_stop_requested)
			return -EINTR;
	}
	return 0;
}

/* Who owns the file a -c fills, which decides what a failure may do. */
enum fill_owner {
	OWN_NEW,	/* created by this run (O_EXCL): removed on failure */
	OWN_OURS,	/* filled by an earlier run (marker): kept, refilled */
	OWN_GIVEN,	/* created by the caller (o->fd): the caller's */
	OWN_FOREIGN,	/* --overwrite: never shrunk, never removed */
};

struct fill_file {
	int fd;
	enum fill_owner owner;
	int slot;		/* cleanup registry slot, OWN_NEW only */
};

/* The caller's descriptor must still be the regular file at the path. */
static int take_given(const struct target_opts *o, struct fill_file *ff,
		      char *err, size_t errlen)
{
	struct stat st, lst;

	if (fstat(o->fd, &st) || lstat(o->path, &lst) || !S_ISREG(st.st_mode) ||
	    !same_inode(&st, &lst))
		return errf(err, errlen, EEXIST,
			    "refusing to fill '%s': the name no longer leads "
			    "to the file ioprobe created", o->path);
	ff->fd = o->fd;
	ff->owner = OWN_GIVEN;
	return 0;
}

/* Open an existing -c file without following a link and decide, through
 * that descriptor, whose it is. */
static int open_existing(const struct target_opts *o, struct fill_file *ff,
			 char *err, size_t errlen)
{
	struct stat st;
	int ret;

	ff->fd = open(o->path, O_WRONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (ff->fd < 0 && errno == ELOOP)
		return refuse_link(o->path, err, errlen);
	if (ff->fd < 0)
		return errf(err, errlen, errno, "cannot open '%s': %s",
			    o->path, strerror(errno));
	if (fstat(ff->fd, &st))
		ret = errf(err, errlen, errno, "cannot stat '%s': %s",
			   o->path, strerror(errno));
	else if (!S_ISREG(st.st_mode))
		ret = errf(err, errlen, EINVAL,
			   "unsupported target '%s': expected a regular file "
			   "or a block device", o->path);
	else
		ret = check_foreign(o, ff->fd, &st, err, errlen);
	if (ret) {
		close(ff->fd);
		ff->fd = -1;
		return ret;
	}
	ff->owner = has_marker(ff->fd) ? OWN_OURS : OWN_FOREIGN;
	return 0;
}

/* Create the -c file with O_EXCL (no link is followed, no existing file
 * is taken over) and register it for removal, or open the existing one.
 * Every later step uses ff->fd, never the name. */
static int open_for_fill(const struct target_opts *o, struct fill_file *ff,
			 char *err, size_t errlen)
{
	int ret;

	ff->fd = -1;
	ff->slot = -1;
	if (o->fd >= 0)
		return take_given(o, ff, err, errlen);
	ret = make_parents(o->path);
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot create the folders of '%s': %s", o->path,
			    strerror(-ret));
	ff->fd = open(o->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			       O_CLOEXEC, 0644);
	if (ff->fd < 0 && errno == EEXIST)
		return open_existing(o, ff, err, errlen);
	if (ff->fd < 0)
		return errf(err, errlen, errno, "cannot create '%s': %s",
			    o->path, strerror(errno));
	ff->owner = OWN_NEW;
	ff->slot = cleanup_add(o->path, ff->fd);
	if (ff->slot < 0) {
		ret = ff->slot;
		unlink(o->path);	/* just made, still empty */
		close(ff->fd);
		ff->fd = -1;
		return errf(err, errlen, -ret, "cannot register '%s' for "
			    "removal: %s", o->path, strerror(-ret));
	}
	return 0;
}

static int fill_file(struct filler *f, bool direct)
{
	unsigned int i;
	int ret = 0;

	for (i = 0; i < FILL_DEPTH; i++) {
		if (posix_memalign(&f->bufs[i], 4096, FILL_CHUNK_BYTES)) {
			ret = -ENOMEM;
			goto out_free;
		}
	}
	ret = fill_uring(f);
	if (ret == -ENOSYS || ret == -EPERM) {
		f->done = 0;
		ret = fill_pwrite(f);
	}
	/* A tail that is not a multiple of the logical block needs buffered
	 * I/O with O_DIRECT: retry it without the flag. */
	if (ret == -EINVAL && direct) {
		fcntl(f->fd, F_SETFL, 0);
		ret = fill_pwrite(f);
	}
	if (!ret && fsync(f->fd))
		ret = -errno;
	if (!ret)
		fill_report(f, true);
out_free:
	for (i = 0; i < FILL_DEPTH; i++)
		free(f->bufs[i]);
	return ret;
}

/* After a failed fill: remove what this run created, keep the rest,
 * and say which in @fate. */
static void fill_give_up(const struct target_opts *o, struct fill_file *ff,
			 const struct filler *f, char *fate, size_t len)
{
	int ret;

	if (ff->owner != OWN_GIVEN)
		close(ff->fd);
	ff->fd = -1;
	switch (ff->owner) {
	case OWN_NEW:
		ret = cleanup_remove(ff->slot);
		if (ret)
			snprintf(fate, len, "the partial file could not be "
				 "removed: %s", strerror(-ret));
		else
			snprintf(fate, len, "the partial file was removed");
		break;
	case OWN_OURS:
		snprintf(fate, len, "the partial file was kept, marked "
			 "unfilled (the next -c refills it)");
		break;
	case OWN_FOREIGN:
		snprintf(fate, len, "the file at '%s' was partly rewritten "
			 "(about the first %.1f MiB) and kept, neither removed "
			 "nor shrunk", o->path, (double)f->done / MIB);
		break;
	default:
		snprintf(fate, len, "the partial file is left to its creator");
		break;
	}
}

static int fill_error(const struct target_opts *o, const struct filler *f,
		      int ret, const char *fate, char *err, size_t errlen)
{
	if (ret == -EINTR)
		return errf(err, errlen, EINTR,
			    "filling '%s' was interrupted after %.1f of %.1f "
			    "MiB; %s", o->path, (double)f->done / MIB,
			    (double)f->size / MIB, fate);
	if (ret == -ENOSPC || ret == -EDQUOT)
		return errf(err, errlen, -ret,
			    "no space left while filling '%s' after %.1f of "
			    "%.1f MiB; %s; use a smaller -c or another folder",
			    o->path, (double)f->done / MIB,
			    (double)f->size / MIB, fate);
	return errf(err, errlen, -ret, "cannot fill '%s': %s after %.1f of "
		    "%.1f MiB; %s", o->path, strerror(-ret),
		    (double)f->done / MIB, (double)f->size / MIB, fate);
}

/* Size the file for the fill: ours are set to -c exactly; a foreign file
 * is only ever extended. */
static int fill_size(const struct target_opts *o, const struct fill_file *ff)
{
	struct stat st;

	if (ff->owner != OWN_FOREIGN)
		return ftruncate(ff->fd, (off_t)o->create_bytes) ? -errno : 0;
	if (fstat(ff->fd, &st))
		return -errno;
	if ((uint64_t)st.st_size > o->create_bytes)
		return -EEXIST;	/* checked before; never shrink */
	if ((uint64_t)st.st_size < o->create_bytes &&
	    ftruncate(ff->fd, (off_t)o->create_bytes))
		return -errno;
	return 0;
}

int target_prepare(const struct target_opts *o, struct target_info *info,
		   target_progress_fn progress, void *arg, char *err,
		   size_t errlen)
{
	struct filler f = { .progress = progress, .arg = arg };
	struct fill_file ff;
	char marker[64], fate[PATH_MAX + 128];
	bool direct;
	struct stat st;
	double t0;
	int ret;

	info->created = false;
	info->fill_skipped = false;
	info->fill_seconds = 0;
	if (!o->create_bytes)
		return 0;
	if (o->fd < 0 && !stat(o->path, &st) && S_ISBLK(st.st_mode))
		return 0;	/* as DiskSpd: -c skips raw devices */
	t0 = now_s();
	ret = open_for_fill(o, &ff, err, errlen);
	if (ret)
		return ret;
	if (ff.owner == OWN_OURS && already_filled(o, ff.fd)) {
		close(ff.fd);
		info->fill_skipped = true;
		return 0;
	}
	f.fd = ff.fd;
	f.size = o->create_bytes;
	f.zero = o->wbuf == WBUF_ZERO;
	/* O_DIRECT where the filesystem allows it (this also clears the
	 * O_NONBLOCK of the open) */
	direct = fcntl(f.fd, F_SETFL, O_DIRECT) == 0;
	/* Mark ours as unfilled first: an interrupted refill must not look
	 * done, and must still look ours.  A foreign file is only marked
	 * once it is all ours. */
	if (ff.owner != OWN_FOREIGN)
		fsetxattr(f.fd, FILL_XATTR, FILL_BUSY, strlen(FILL_BUSY), 0);
	ret = fill_size(o, &ff);
	if (!ret)
		ret = fill_file(&f, direct);
	if (ret) {
		fill_give_up(o, &ff, &f, fate, sizeof(fate));
		return fill_error(o, &f, ret, fate, err, errlen);
	}
	fill_marker(o, marker, sizeof(marker));
	fsetxattr(f.fd, FILL_XATTR, marker, strlen(marker), 0);
	if (ff.owner == OWN_NEW)
		cleanup_forget(ff.slot);
	if (ff.owner != OWN_GIVEN)
		close(f.fd);
	info->created = true;
	info->fill_seconds = now_s() - t0;
	return 0;
}

/* ---- open ---------------------------------------------------------------- */

static bool is_remote_fs(int fd)
{
	struct statfs sfs;

	if (fstatfs(fd, &sfs))
		return false;
	return sfs.f_type == NFS_SUPER_MAGIC || sfs.f_type == SMB_SUPER_MAGIC ||
	       (unsigned long)sfs.f_type == 0xff534d42ul ||	/* cifs */
	       (unsigned long)sfs.f_type == 0xfe534d42ul;	/* smb2 */
}

/* Logical block of a file's backing device from sysfs, 0 if unknown. */
static uint32_t sysfs_block_size(dev_t dev, const char *which)
{
	char name[64], disk[64], path[PATH_MAX];
	uint64_t v;

	if (dev_name(dev, name, sizeof(name)))
		return 0;
	disk_of(name, disk, sizeof(disk));
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/%s", disk,
		 which);
	return read_u64(path, &v) ? 0 : (uint32_t)v;
}

static int target_sizes(struct target *t, const struct stat *st)
{
	unsigned int ssz = 0, psz = 0;
	struct statx sx;
	uint64_t bytes;

	t->is_block_device = S_ISBLK(st->st_mode);
	if (t->is_block_device) {
		if (ioctl(t->fd, BLKGETSIZE64, &bytes))
			return -errno;
		t->size_bytes = bytes;
		if (!ioctl(t->fd, BLKSSZGET, &ssz))
			t->logical_block = ssz;
		if (!ioctl(t->fd, BLKPBSZGET, &psz))
			t->physical_block = psz;
	} else {
		t->size_bytes = (uint64_t)st->st_size;
#ifdef STATX_DIOALIGN
		if (!statx(t->fd, "", AT_EMPTY_PATH, STATX_DIOALIGN, &sx) &&
		    (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align)
			t->logical_block = sx.stx_dio_offset_align;
#else
		(void)sx;
#endif
		if (!t->logical_block)
			t->logical_block = sysfs_block_size(st->st_dev,
					"logical_block_size");
		t->physical_block = sysfs_block_size(st->st_dev,
				"physical_block_size");
	}
	if (!t->logical_block)
		t->logical_block = (uint32_t)st->st_blksize;
	if (!t->physical_block)
		t->physical_block = t->logical_block;
	return 0;
}

static int check_align(const struct target *t, char *err, size_t errlen)
{
	const struct target_opts *o = t->opts;
	const struct {
		const char *what;
		uint64_t v;
	} c[] = {
		{ "-b", o->block_bytes },
		{ "-B", o->base_bytes },
		{ "-r", o->random ? o->random_align_bytes : 0 },
		{ "-s", o->random ? 0 : o->stride_bytes },
		{ "-T", o->thread_stride_bytes },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(c); i++) {
		if (!(c[i].v % t->logical_block))
			continue;
		return errf(err, errlen, EINVAL,
			    "%s %" PRIu64 " is not a multiple of the %" PRIu32
			    "-byte logical block of '%s', which O_DIRECT "
			    "requires; use a multiple or -Sb", c[i].what,
			    c[i].v, t->logical_block, o->path);
	}
	return 0;
}

static int open_flags(const struct target_opts *o)
{
	int flags = O_CLOEXEC;

	if (o->write_pct == 0)
		flags |= O_RDONLY;
	else if (o->write_pct == 100 && o->cache != CACHE_MMAP)
		flags |= O_WRONLY;
	else
		flags |= O_RDWR;
	if (o->cache == CACHE_DIRECT || o->cache == CACHE_REMOTE)
		flags |= O_DIRECT;
	if (o->write_through)
		flags |= O_DSYNC;
	return flags;
}

/* A device written to is claimed with O_EXCL for the run, so the kernel
 * refuses it while mounted anywhere or claimed by anyone, and nobody can
 * mount it meanwhile; a -c file is never reached through a link. */
static int guard_flags(const struct target_opts *o)
{
	struct stat st;

	if (!stat(o->path, &st) && S_ISBLK(st.st_mode))
		return o->write_pct > 0 ? O_EXCL : 0;
	return o->create_bytes ? O_NOFOLLOW : 0;
}

static int open_error(const struct target_opts *o, int e, char *err,
		      size_t errlen)
{
	if (e == EINVAL && (open_flags(o) & O_DIRECT))
		return errf(err, errlen, e,
			    "cannot open '%s' with O_DIRECT: the filesystem "
			    "does not support it (tmpfs?); use -Sb for "
			    "buffered I/O", o->path);
	if (e == ENOENT)
		return errf(err, errlen, e,
			    "cannot open '%s': no such file; create it with "
			    "-c<size>", o->path);
	return errf(err, errlen, e, "cannot open '%s': %s", o->path,
		    strerror(e));
}

static void advise(const struct target *t)
{
	const struct target_opts *o = t->opts;

	if (o->hint_random)
		posix_fadvise(t->fd, 0, 0, POSIX_FADV_RANDOM);
	if (o->hint_sequential)
		posix_fadvise(t->fd, 0, 0, POSIX_FADV_SEQUENTIAL);
	if (o->hint_temporary)
		posix_fadvise(t->fd, 0, 0, POSIX_FADV_NOREUSE);
}

static int map_target(struct target *t, char *err, size_t errlen)
{
	int prot = PROT_READ;

	if (t->opts->write_pct > 0)
		prot |= PROT_WRITE;
	t->map = mmap(NULL, t->size_bytes, prot, MAP_SHARED, t->fd, 0);
	if (t->map == MAP_FAILED) {
		int e = errno;

		t->map = NULL;
		return errf(err, errlen, e, "cannot map '%s' for -Sm: %s",
			    t->opts->path, strerror(e));
	}
	return 0;
}

int target_open(struct target *t, const struct target_opts *o, char *err,
		size_t errlen)
{
	struct stat st;
	int guard, ret;

	memset(t, 0, sizeof(*t));
	t->opts = o;
	guard = guard_flags(o);
	t->fd = open(o->path, open_flags(o) | guard);
	if (t->fd < 0 && errno == EBUSY && o->write_pct > 0)
		return errf(err, errlen, EBUSY, IN_USE_FMT, o->path);
	if (t->fd < 0 && errno == ELOOP && o->create_bytes)
		return refuse_link(o->path, err, errlen);
	if (t->fd < 0)
		return open_error(o, errno, err, errlen);
	if (o->cache == CACHE_REMOTE && !is_remote_fs(t->fd)) {
		ret = errf(err, errlen, EINVAL,
			   "-Sr needs a remote filesystem but '%s' is local "
			   "(nfs, cifs or smb expected); use -Su", o->path);
		goto out_close;
	}
	if (fstat(t->fd, &st)) {
		ret = errf(err, errlen, errno, "cannot stat '%s': %s",
			   o->path, strerror(errno));
		goto out_close;
	}
	if (S_ISBLK(st.st_mode) && o->write_pct > 0 &&
	    !(guard & O_EXCL)) {
		ret = errf(err, errlen, EBUSY, "refusing to write to '%s': "
			   "it became a block device after the safety "
			   "check", o->path);
		goto out_close;
	}
	ret = target_sizes(t, &st);
	if (ret) {
		errf(err, errlen, -ret, "cannot get the size of '%s': %s",
		     o->path, strerror(-ret));
		goto out_close;
	}
	if (!t->size_bytes) {
		ret = errf(err, errlen, EINVAL,
			   "target size of '%s' could not be determined (it "
			   "is empty); create it with -c<size>", o->path);
		goto out_close;
	}
	if (o->base_bytes + o->block_bytes > t->size_bytes) {
		ret = errf(err, errlen, EINVAL,
			   "the file is too small: '%s' has %" PRIu64
			   " bytes, -B %" PRIu64 " plus one -b %" PRIu64
			   " block does not fit; use -c or a smaller -B/-b",
			   o->path, t->size_bytes, o->base_bytes,
			   o->block_bytes);
		goto out_close;
	}
	if (open_flags(o) & O_DIRECT) {
		ret = check_align(t, err, errlen);
		if (ret)
			goto out_close;
	}
	if (o->cache == CACHE_MMAP) {
		ret = map_target(t, err, errlen);
		if (ret)
			goto out_close;
	}
	advise(t);
	return 0;
out_close:
	close(t->fd);
	t->fd = -1;
	return ret;
}

void target_close(struct target *t)
{
	if (t->map)
		munmap(t->map, t->size_bytes);
	t->map = NULL;
	if (t->fd >= 0)
		close(t->fd);
	t->fd = -1;
}

/* ---- describe ------------------------------------------------------------ */

static const char *fs_name(unsigned long magic)
{
	static const struct {
		unsigned long magic;
		const char *name;
	} fs[] = {
		{ EXT4_SUPER_MAGIC, "ext4" },	/* also ext2/ext3 */
		{ XFS_SUPER_MAGIC, "xfs" },
		{ BTRFS_SUPER_MAGIC, "btrfs" },
		{ TMPFS_MAGIC, "tmpfs" },
		{ NFS_SUPER_MAGIC, "nfs" },
		{ 0xff534d42ul, "cifs" },
		{ 0xfe534d42ul, "smb2" },
		{ SMB_SUPER_MAGIC, "smb" },
		{ OVERLAYFS_SUPER_MAGIC, "overlay" },
		{ 0x2fc12fc1ul, "zfs" },
		{ F2FS_SUPER_MAGIC, "f2fs" },
		{ 0x4d44ul, "vfat" },
		{ 0x5346544eul, "ntfs" },
		{ 0x65735546ul, "fuse" },
		{ SQUASHFS_MAGIC, "squashfs" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fs); i++)
		if (fs[i].magic == magic)
			return fs[i].name;
	return NULL;
}

/* Filesystem type of the mount holding @st from /proc/self/mountinfo. */
static void fs_from_mountinfo(dev_t dev, char *out, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], type[64];
	unsigned int ma, mi;
	const char *sep;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*u %*u %u:%u", &ma, &mi) != 2 ||
		    makedev(ma, mi) != dev)
			continue;
		sep = strstr(line, " - ");
		if (sep && sscanf(sep + 3, "%63s", type) == 1) {
			str_copy(out, len, type);
			break;
		}
	}
	fclose(f);
}

static void describe_queue(const char *disk, struct target_info *info)
{
	char path[PATH_MAX], line[256], *a, *b;
	uint64_t v;

	snprintf(path, sizeof(path), "/sys/class/block/%s/device/model", disk);
	if (!read_first_line(path, line, sizeof(line))) {
		for (a = line + strlen(line); a > line && a[-1] == ' '; a--)
			a[-1] = '\0';
		str_copy(info->model, sizeof(info->model), line);
	} else if (!strncmp(disk, "vd", 2)) {
		str_copy(info->model, sizeof(info->model), "virtio disk");
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/rotational",
		 disk);
	info->rotational = read_u64(path, &v) ? -1 : (int32_t)v;
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/scheduler",
		 disk);
	if (!read_first_line(path, line, sizeof(line))) {
		a = strchr(line, '[');
		b = a ? strchr(a, ']') : NULL;
		if (a && b) {
			*b = '\0';
			str_copy(info->scheduler, sizeof(info->scheduler),
				 a + 1);
		} else {
			str_copy(info->scheduler, sizeof(info->scheduler),
				 line);
		}
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/nr_requests",
		 disk);
	if (!read_u64(path, &v))
		info->hw_queue_depth = (uint32_t)v;
	snprintf(path, sizeof(path),
		 "/sys/class/block/%s/queue/logical_block_size", disk);
	if (!info->logical_block && !read_u64(path, &v))
		info->logical_block = (uint32_t)v;
	snprintf(path, sizeof(path),
		 "/sys/class/block/%s/queue/physical_block_size", disk);
	if (!info->physical_block && !read_u64(path, &v))
		info->physical_block = (uint32_t)v;
}

void target_describe(const struct target *t, struct target_info *info)
{
	const char *path = t->opts ? t->opts->path : NULL;
	char name[64] = "", disk[64];
	const char *fs;
	struct statfs sfs;
	struct stat st;
	int ret;

	if (path)
		str_copy(info->path, sizeof(info->path), path);
	info->size_bytes = t->size_bytes;
	info->is_block_device = t->is_block_device;
	info->logical_block = t->logical_block;
	info->physical_block = t->physical_block;
	info->rotational = -1;
	ret = t->fd >= 0 ? fstat(t->fd, &st) : (path ? stat(path, &st) : -1);
	if (ret)
		return;
	if (S_ISBLK(st.st_mode)) {
		info->is_block_device = true;
		info->fs_type[0] = '\0';
		dev_name(st.st_rdev, name, sizeof(name));
	} else {
		/* mountinfo names ext2/3/4 apart; the magic is the fallback
		 * for filesystems with anonymous device numbers (btrfs). */
		info->fs_type[0] = '\0';
		fs_from_mountinfo(st.st_dev, info->fs_type,
				  sizeof(info->fs_type));
		fs = NULL;
		if (!info->fs_type[0] &&
		    !(t->fd >= 0 ? fstatfs(t->fd, &sfs) : statfs(path, &sfs)))
			fs = fs_name((unsigned long)sfs.f_type);
		if (fs)
			str_copy(info->fs_type, sizeof(info->fs_type), fs);
		dev_name(st.st_dev, name, sizeof(name));
	}
	if (!name[0])
		return;
	str_copy(info->device, sizeof(info->device), name);
	disk_of(name, disk, sizeof(disk));
	describe_queue(disk, info);
	sysinfo_irq_cpus(disk, info->irq_cpus, sizeof(info->irq_cpus));
}

int target_remove(const char *path)
{
	if (unlink(path) && errno != ENOENT)
		return -errno;
	return 0;
}
