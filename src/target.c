/* target.c - files and block devices: safety checks, -c create and fill,
 * open with the cache mode's flags, size and alignment, and the facts the
 * report shows about each target.
 *
 * Nothing here runs inside the measured window.  The safety check runs
 * first, before anything is created or opened for writing, so a refused
 * command leaves the device and the filesystem exactly as they were.
 */
#include "target.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
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

#include "run.h"
#include "sysinfo.h"
#include "util.h"

#define FILL_XATTR "user.ioprobe.filled"
#define FILL_CHUNK_BYTES (4u << 20)	/* one write of the fill */
#define FILL_DEPTH 4			/* fill writes in flight */
#define MIB (1024.0 * 1024.0)

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
	uint64_t have = 0, need = o->create_bytes, avail;
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

int target_check_safe(const struct target_opts *o,
		      const char *allow_device_writes, char *err,
		      size_t errlen)
{
	struct stat st;
	bool exists;

	if (!o->path || !o->path[0])
		return errf(err, errlen, EINVAL, "empty target path");
	exists = stat(o->path, &st) == 0;
	if (exists && S_ISBLK(st.st_mode)) {
		if (o->write_pct == 0)
			return 0;	/* reads never harm a device */
		return check_device(o->path, &st, allow_device_writes, err,
				    errlen);
	}
	if (exists && S_ISREG(st.st_mode) && o->write_pct > 0 &&
	    used_as_swap(NULL, 0, &st))
		return errf(err, errlen, EBUSY,
			    "refusing to write to '%s': it is a swap file in "
			    "use; run swapoff first", o->path);
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
static bool already_filled(const struct target_opts *o, const struct stat *st)
{
	char want[64], have[64];
	ssize_t n;
	bool ok;
	int fd;

	if (!S_ISREG(st->st_mode) || (uint64_t)st->st_size != o->create_bytes)
		return false;
	fd = open(o->path, O_RDONLY | O_CLOEXEC);
	if (fd < 0)
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
	ok = ok && fully_written(fd, o->create_bytes);
	close(fd);
	return ok;
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
			if (run_stop)
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

			if (n < 0 && errno == EINTR && !run_stop)
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
		if (run_stop)
			return -EINTR;
	}
	return 0;
}

/* Open @path for the fill, O_DIRECT where the filesystem allows it. */
static int open_for_fill(const char *path, bool *created, bool *direct)
{
	int fd = open(path, O_WRONLY | O_CLOEXEC);

	*created = false;
	if (fd < 0 && errno == ENOENT) {
		fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0644);
		*created = fd >= 0;
	}
	if (fd < 0)
		return -errno;
	*direct = fcntl(fd, F_SETFL, O_DIRECT) == 0;
	return fd;
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

static int fill_error(const struct target_opts *o, const struct filler *f,
		      int ret, char *err, size_t errlen)
{
	if (ret == -EINTR)
		return errf(err, errlen, EINTR,
			    "filling '%s' was interrupted after %.1f of %.1f "
			    "MiB; the partial file was removed", o->path,
			    (double)f->done / MIB, (double)f->size / MIB);
	if (ret == -ENOSPC || ret == -EDQUOT)
		return errf(err, errlen, -ret,
			    "no space left while filling '%s' after %.1f of "
			    "%.1f MiB; the partial file was removed; use a "
			    "smaller -c or another folder", o->path,
			    (double)f->done / MIB, (double)f->size / MIB);
	return errf(err, errlen, -ret, "cannot fill '%s': %s", o->path,
		    strerror(-ret));
}

int target_prepare(const struct target_opts *o, struct target_info *info,
		   target_progress_fn progress, void *arg, char *err,
		   size_t errlen)
{
	struct filler f = { .progress = progress, .arg = arg };
	char marker[64];
	bool created = false, direct = false;
	struct stat st;
	double t0;
	int ret;

	info->created = false;
	info->fill_skipped = false;
	info->fill_seconds = 0;
	if (!o->create_bytes)
		return 0;
	if (!stat(o->path, &st) && S_ISBLK(st.st_mode))
		return 0;	/* as DiskSpd: -c skips raw devices */
	if (!stat(o->path, &st) && already_filled(o, &st)) {
		info->fill_skipped = true;
		return 0;
	}
	ret = make_parents(o->path);
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot create the folders of '%s': %s", o->path,
			    strerror(-ret));
	t0 = now_s();
	ret = open_for_fill(o->path, &created, &direct);
	if (ret < 0)
		return errf(err, errlen, -ret, "cannot create '%s': %s",
			    o->path, strerror(-ret));
	f.fd = ret;
	f.size = o->create_bytes;
	f.zero = o->wbuf == WBUF_ZERO;
	/* Drop the marker first: an interrupted refill must not look done. */
	fremovexattr(f.fd, FILL_XATTR);
	if (ftruncate(f.fd, (off_t)o->create_bytes))
		ret = -errno;
	else
		ret = fill_file(&f, direct);
	if (ret) {
		close(f.fd);
		if (created || ret == -EINTR || ret == -ENOSPC ||
		    ret == -EDQUOT)
			unlink(o->path);
		return fill_error(o, &f, ret, err, errlen);
	}
	fill_marker(o, marker, sizeof(marker));
	fsetxattr(f.fd, FILL_XATTR, marker, strlen(marker), 0);
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
	int ret;

	memset(t, 0, sizeof(*t));
	t->opts = o;
	t->fd = open(o->path, open_flags(o));
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
