/* target_open.c - open a target for the run with the cache mode's flags
 * (O_DIRECT, O_DSYNC, read-only when nothing is written), claim a device
 * written to with O_EXCL, find its size and block sizes, check that the
 * block size, offsets and alignment suit O_DIRECT, and map it for -Sm.
 */
#include "run/target_open.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <stdio.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <unistd.h>

#include "lib/util.h"
#include "run/target_safety.h"
#include "run/target_sysfs.h"

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

	if (target_dev_name(dev, name, sizeof(name)))
		return 0;
	target_disk_of(name, disk, sizeof(disk));
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/%s", disk,
		 which);
	return target_read_u64(path, &v) ? 0 : (uint32_t)v;
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

bool target_misaligned(const struct target_opts *o, uint32_t logical_block,
		       const char **sw, uint64_t *value)
{
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

	for (i = 0; logical_block && i < ARRAY_SIZE(c); i++) {
		if (c[i].v % logical_block) {
			*sw = c[i].what;
			*value = c[i].v;
			return true;
		}
	}
	return false;
}

static int check_align(const struct target *t, char *err, size_t errlen)
{
	const char *sw;
	uint64_t v;

	if (!target_misaligned(t->opts, t->logical_block, &sw, &v))
		return 0;
	return errf(err, errlen, EINVAL,
		    "%s %" PRIu64 " is not a multiple of the %" PRIu32
		    "-byte logical block of '%s', which O_DIRECT requires; "
		    "use a multiple or -Sb", sw, v, t->logical_block,
		    t->opts->path);
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
 * mount it meanwhile.  Decided by what the pin holds, never the name. */
static int guard_flags(const struct target_opts *o,
		       const struct target_pin *pin)
{
	return S_ISBLK(pin->st.st_mode) && o->write_pct > 0 ? O_EXCL : 0;
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

int target_open(struct target *t, const struct target_opts *o,
		const struct target_pin *pin, char *err, size_t errlen)
{
	struct stat st;
	int guard, ret;

	memset(t, 0, sizeof(*t));
	t->opts = o;
	if (pin->fd < 0)
		return open_error(o, ENOENT, err, errlen);
	guard = guard_flags(o, pin);
	t->fd = target_pin_reopen(pin, o->path, open_flags(o) | guard);
	if (t->fd == -EBUSY && o->write_pct > 0)
		return errf(err, errlen, EBUSY, TARGET_IN_USE_FMT, o->path);
	if (t->fd == -ELOOP)
		return target_refuse_link(o->path, err, errlen);
	if (t->fd == -ESTALE)
		return errf(err, errlen, ESTALE, "refusing to open '%s': the "
			    "name now leads to another file than the one "
			    "checked (another process renamed it)", o->path);
	if (t->fd < 0)
		return open_error(o, -t->fd, err, errlen);
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
	if (!target_pin_is(pin, &st) ||
	    (S_ISBLK(st.st_mode) && o->write_pct > 0 && !(guard & O_EXCL))) {
		ret = errf(err, errlen, EBUSY, "refusing to write to '%s': "
			   "it is not the file the safety checks saw",
			   o->path);
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
