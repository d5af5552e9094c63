/* validate.c - the checks that need the machine but must run before any
 * file is created: what target_open() would refuse after a -c fill (too
 * small, -Sr on a local filesystem, O_DIRECT alignment), -a CPUs this
 * process may not use, more threads than the system allows, and more
 * memory than it has.
 *
 * The target rules mirror target.c: the size is the -c size or the
 * existing size; the O_DIRECT alignment is the file's statx DIOALIGN,
 * else its device's logical block from sysfs, else st_blksize; for a
 * file still to be created the folder that will hold it stands in.
 * Nothing here opens a file for writing, creates or allocates.
 */
#include "run/validate.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fs.h>
#include <linux/magic.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/cpuset.h"
#include "run/memplan.h"
#include "run/target_open.h"
#include "lib/util.h"

/* What validation knows about a target before the run touches it. */
struct facts {
	bool known;		/* false: leave the checks to target.c */
	bool remote;		/* on nfs/cifs/smb */
	uint64_t size_bytes;	/* size the run will see */
	uint32_t logical_block;	/* O_DIRECT alignment */
	const char *where;	/* what the block size belongs to */
};

static int read_u64_file(const char *path, uint64_t *v)
{
	char line[64], *end;

	if (read_first_line(path, line, sizeof(line)))
		return -ENOENT;
	errno = 0;
	*v = strtoull(line, &end, 10);
	return errno || end == line ? -EINVAL : 0;
}

/* Logical block size of the disk behind device @dev, 0 if unknown: the
 * partition's own queue link leads to the disk's queue. */
static uint32_t sysfs_logical_block(dev_t dev)
{
	char path[PATH_MAX];
	uint64_t v;

	snprintf(path, sizeof(path),
		 "/sys/dev/block/%u:%u/queue/logical_block_size", major(dev),
		 minor(dev));
	if (!read_u64_file(path, &v))
		return (uint32_t)v;
	snprintf(path, sizeof(path),
		 "/sys/dev/block/%u:%u/../queue/logical_block_size",
		 major(dev), minor(dev));
	return read_u64_file(path, &v) ? 0 : (uint32_t)v;
}

static bool remote_magic(const char *path)
{
	struct statfs sfs;

	if (statfs(path, &sfs))
		return false;
	return sfs.f_type == NFS_SUPER_MAGIC || sfs.f_type == SMB_SUPER_MAGIC ||
	       (unsigned long)sfs.f_type == 0xff534d42ul ||	/* cifs */
	       (unsigned long)sfs.f_type == 0xfe534d42ul;	/* smb2 */
}

/* The nearest existing folder above @path, into @dir. */
static int nearest_dir(const char *path, char *dir, size_t len,
		       struct stat *st)
{
	char *slash;

	str_copy(dir, len, path);
	for (;;) {
		slash = strrchr(dir, '/');
		if (!slash)
			str_copy(dir, len, ".");
		else if (slash == dir)
			dir[1] = '\0';
		else
			*slash = '\0';
		if (!stat(dir, st))
			return S_ISDIR(st->st_mode) ? 0 : -ENOTDIR;
		if (errno != ENOENT && errno != ENOTDIR)
			return -errno;
		if (!strcmp(dir, ".") || !strcmp(dir, "/"))
			return -ENOENT;
	}
}

static uint32_t file_logical_block(const char *path, const struct stat *st)
{
	uint32_t lb = 0;
#ifdef STATX_DIOALIGN
	struct statx sx;

	if (!statx(AT_FDCWD, path, 0, STATX_DIOALIGN, &sx) &&
	    (sx.stx_mask & STATX_DIOALIGN) && sx.stx_dio_offset_align)
		lb = sx.stx_dio_offset_align;
#else
	(void)path;
#endif
	if (!lb)
		lb = sysfs_logical_block(st->st_dev);
	if (!lb)
		lb = (uint32_t)st->st_blksize;
	return lb;
}

static void device_facts(const char *path, struct facts *f)
{
	unsigned int ssz = 0;
	uint64_t bytes;
	int fd = open(path, O_RDONLY | O_CLOEXEC);

	if (fd < 0)
		return;
	if (!ioctl(fd, BLKGETSIZE64, &bytes) && !ioctl(fd, BLKSSZGET, &ssz)) {
		f->known = true;
		f->size_bytes = bytes;
		f->logical_block = ssz ? ssz : 512;
		f->where = "device";
	}
	close(fd);
}

static void target_facts(const struct target_opts *o, struct facts *f)
{
	char dir[PATH_MAX];
	struct stat st;

	*f = (struct facts){ 0 };
	if (!stat(o->path, &st)) {
		if (S_ISBLK(st.st_mode)) {
			device_facts(o->path, f);
			return;
		}
		if (!S_ISREG(st.st_mode))
			return;
		f->known = true;
		f->size_bytes = o->create_bytes ? o->create_bytes :
						  (uint64_t)st.st_size;
		f->logical_block = file_logical_block(o->path, &st);
		f->remote = remote_magic(o->path);
		f->where = "file";
		return;
	}
	if (errno != ENOENT || !o->create_bytes ||
	    nearest_dir(o->path, dir, sizeof(dir), &st))
		return;
	f->known = true;
	f->size_bytes = o->create_bytes;
	f->logical_block = sysfs_logical_block(st.st_dev);
	if (!f->logical_block)
		f->logical_block = (uint32_t)st.st_blksize;
	f->remote = remote_magic(dir);
	f->where = "filesystem";
}

static int check_fit(const struct target_opts *o, const struct facts *f,
		     char *err, size_t errlen)
{
	if (f->size_bytes && o->base_bytes + o->block_bytes <= f->size_bytes)
		return 0;
	if (o->create_bytes && o->base_bytes)
		return errf(err, errlen, EINVAL,
			    "-c %" PRIu64 " is too small for '%s': -B %"
			    PRIu64 " plus one -b %" PRIu64 " block does not "
			    "fit; use a larger -c or a smaller -B/-b",
			    o->create_bytes, o->path, o->base_bytes,
			    o->block_bytes);
	if (o->create_bytes)
		return errf(err, errlen, EINVAL,
			    "-c %" PRIu64 " is too small for '%s': one -b %"
			    PRIu64 " block does not fit; use a larger -c or a "
			    "smaller -b", o->create_bytes, o->path,
			    o->block_bytes);
	if (!f->size_bytes)
		return 0;	/* an empty file: target.c says how to fix it */
	return errf(err, errlen, EINVAL,
		    "-b %" PRIu64 " with -B %" PRIu64 " does not fit in '%s' "
		    "(%" PRIu64 " bytes); use -c or a smaller -B/-b",
		    o->block_bytes, o->base_bytes, o->path, f->size_bytes);
}

/* O_DIRECT alignment: the same rule target_open() applies after the
 * fill, checked before it. */
static int check_direct(const struct target_opts *o, const struct facts *f,
			char *err, size_t errlen)
{
	const char *mode = o->cache == CACHE_REMOTE ? "-Sr" : "-Su";
	const char *sw;
	uint64_t v;

	if (!target_misaligned(o, f->logical_block, &sw, &v))
		return 0;
	return errf(err, errlen, EINVAL,
		    "%s %" PRIu64 " is not a multiple of the %" PRIu32
		    "-byte logical block of the %s holding '%s', which %s "
		    "(O_DIRECT) requires; use a multiple or -Sb", sw, v,
		    f->logical_block, f->where, o->path, mode);
}

static const char *file_kind(mode_t m)
{
	return S_ISDIR(m) ? "folder" : S_ISFIFO(m) ? "FIFO" :
	       S_ISCHR(m) ? "character device" : S_ISSOCK(m) ? "socket" :
							"special file";
}

/* Names the kernel would refuse, and a target that is neither a regular
 * file nor a block device. */
static int check_path(const struct target_opts *o, char *err, size_t errlen)
{
	const char *s = o->path, *name = o->path;
	struct stat st;

	for (; *s; s++)
		if (*s == '/')
			name = s + 1;
		else if (s - name >= NAME_MAX)
			return errf(err, errlen, ENAMETOOLONG, "target '%.60s"
				    "...': a name in it is longer than %d "
				    "bytes", o->path, NAME_MAX);
	if (s - o->path >= PATH_MAX)
		return errf(err, errlen, ENAMETOOLONG, "target '%.60s...' is "
			    "longer than %d bytes", o->path, PATH_MAX - 1);
	if (!stat(o->path, &st)) {
		if (S_ISREG(st.st_mode) || S_ISBLK(st.st_mode))
			return 0;
		return errf(err, errlen, EINVAL, "unsupported target '%s': it "
			    "is a %s; expected a regular file or a block "
			    "device", o->path, file_kind(st.st_mode));
	}
	if (errno == ELOOP)
		return errf(err, errlen, ELOOP, "cannot use target '%s': %s",
			    o->path, strerror(ELOOP));
	return 0;
}

/* -Z<size>,FILE: a non-empty regular file, or a character device such
 * as /dev/urandom; read only when there are writes (a FIFO would hang
 * the run's start). */
static int check_source(const struct target_opts *o, char *err,
			size_t errlen)
{
	const char *path = o->wbuf_source_path;
	struct stat st;

	if (o->wbuf != WBUF_SOURCE || !path || !o->write_pct)
		return 0;
	if (stat(path, &st))
		return errf(err, errlen, errno, "invalid -Z file '%s': %s",
			    path, strerror(errno));
	if (!S_ISREG(st.st_mode) && !S_ISCHR(st.st_mode))
		return errf(err, errlen, EINVAL, "invalid -Z file '%s': it is "
			    "a %s; expected a regular file", path,
			    file_kind(st.st_mode));
	if (S_ISREG(st.st_mode) && !st.st_size)
		return errf(err, errlen, EINVAL, "invalid -Z file '%s': it is "
			    "empty", path);
	return 0;
}

/* DiskSpd also takes '/' as a switch character (/b8K); ioprobe reads
 * '/b8K' as a path.  A missing target of that shape (a switch letter, no
 * further '/') is most likely a DiskSpd switch, and the error says so. */
static int check_switch_like(const struct target_opts *o, char *err,
			     size_t errlen)
{
	const char *s = o->path;
	struct stat st;

	if (s[0] != '/' || !s[1] || !strchr("?abBcCdDefFghiIjlLnNoOpPrRsS"
					    "tTvwWxXyzZ:", s[1]) ||
	    strchr(s + 1, '/') || o->create_bytes || !lstat(s, &st) ||
	    errno != ENOENT)
		return 0;
	return errf(err, errlen, ENOENT,
		    "no such target '%s': it looks like the DiskSpd switch "
		    "'-%s', but ioprobe reads only '-' as a switch character "
		    "('/' starts a path)", s, s + 1);
}

static int check_target(const struct target_opts *o, char *err,
			size_t errlen)
{
	struct facts f;
	int ret;

	if (!o->path || !o->path[0])
		return 0;	/* target.c names the empty path */
	ret = check_switch_like(o, err, errlen);
	if (!ret)
		ret = check_path(o, err, errlen);
	if (!ret)
		ret = check_source(o, err, errlen);
	if (ret)
		return ret;
	target_facts(o, &f);
	if (!f.known)
		return 0;
	if (o->cache == CACHE_REMOTE && !f.remote)
		return errf(err, errlen, EINVAL,
			    "-Sr needs a remote filesystem but '%s' is local "
			    "(nfs, cifs or smb expected); use -Su", o->path);
	ret = check_fit(o, &f, err, errlen);
	if (!ret && (o->cache == CACHE_DIRECT || o->cache == CACHE_REMOTE))
		ret = check_direct(o, &f, err, errlen);
	return ret;
}

static void allowed_list(const cpu_set_t *set, char *buf, size_t len)
{
	struct cpuset cpus;
	unsigned long i;

	cpuset_clear(&cpus);
	for (i = 0; i < CPU_SETSIZE; i++)
		if (CPU_ISSET(i, set))
			cpuset_add(&cpus, i);
	cpuset_format(&cpus, buf, len);
}

static int check_cpus(const struct profile *p, char *err, size_t errlen)
{
	char list[128];
	cpu_set_t set;
	uint32_t i;

	if (!p->affinity_given || p->affinity_disabled || !p->ncpus ||
	    sched_getaffinity(0, sizeof(set), &set))
		return 0;
	for (i = 0; i < p->ncpus; i++) {
		if (p->cpus[i] < CPU_SETSIZE && CPU_ISSET(p->cpus[i], &set))
			continue;
		allowed_list(&set, list, sizeof(list));
		return errf(err, errlen, EINVAL,
			    "invalid -a cpu '%" PRIu32 "': this process may "
			    "run on cpus %s only (online and allowed)",
			    p->cpus[i], list);
	}
	return 0;
}

/* The fewest threads the kernel and the rlimit allow, 0 if unknown. */
static uint64_t thread_limit(const char **why)
{
	static const char *const files[] = { "/proc/sys/kernel/threads-max",
					     "/proc/sys/kernel/pid_max" };
	uint64_t lim = 0, v;
	struct rlimit rl;
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(files); i++) {
		if (!read_u64_file(files[i], &v) && (!lim || v < lim)) {
			lim = v;
			*why = i ? "kernel.pid_max" : "kernel.threads-max";
		}
	}
	if (geteuid() && !getrlimit(RLIMIT_NPROC, &rl) &&
	    rl.rlim_cur != RLIM_INFINITY && (!lim || rl.rlim_cur < lim)) {
		lim = rl.rlim_cur;
		*why = "ulimit -u";
	}
	return lim;
}

static int check_threads(const struct profile *p, char *err, size_t errlen)
{
	uint32_t n = profile_thread_count(p);
	const char *why = "";
	uint64_t lim = thread_limit(&why);

	if (!lim || n < lim)
		return 0;
	return errf(err, errlen, EAGAIN,
		    "%s%" PRIu32 " starts %" PRIu32 " threads but this "
		    "system allows fewer than %" PRIu64 " (%s); use fewer",
		    p->pool_threads ? "-F" : "-t",
		    p->pool_threads ? p->pool_threads : p->targets[0].threads,
		    n, lim, why);
}

/* MemAvailable from /proc/meminfo in bytes, UINT64_MAX if unknown. */
static uint64_t mem_available(void)
{
	FILE *f = fopen("/proc/meminfo", "re");
	char line[128];
	uint64_t kb = UINT64_MAX;

	if (!f)
		return UINT64_MAX;
	while (fgets(line, sizeof(line), f))
		if (sscanf(line, "MemAvailable: %" SCNu64, &kb) == 1)
			break;
	fclose(f);
	return kb == UINT64_MAX ? kb : kb * 1024;
}

static uint64_t rlimit_cur(int res)
{
	struct rlimit rl;

	if (getrlimit(res, &rl) || rl.rlim_cur == RLIM_INFINITY)
		return UINT64_MAX;
	return rl.rlim_cur;
}

static int check_memory(const struct profile *p, char *err, size_t errlen)
{
	uint64_t stack = rlimit_cur(RLIMIT_STACK), limit, data;
	struct memplan m;

	if (stack == UINT64_MAX)
		stack = 2ull << 20;	/* glibc's size for unlimited */
	limit = rlimit_cur(RLIMIT_AS);
	data = rlimit_cur(RLIMIT_DATA);
	if (data < limit)
		limit = data;
	memplan_estimate(p, stack, &m);
	return memplan_check(&m, p, mem_available(), limit, err, errlen);
}

/* A device given twice in a write test: its first open holds it
 * exclusively, so the second would be refused as "in use" by ioprobe
 * itself.  Said plainly instead. */
static int check_twice(const struct profile *p, char *err, size_t errlen)
{
	struct stat a, b;
	uint32_t i, k;

	if (!profile_writes(p))
		return 0;
	for (i = 0; i < p->ntargets; i++) {
		if (stat(p->targets[i].path, &a) || !S_ISBLK(a.st_mode))
			continue;
		for (k = i + 1; k < p->ntargets; k++)
			if (!stat(p->targets[k].path, &b) &&
			    S_ISBLK(b.st_mode) && a.st_rdev == b.st_rdev)
				return errf(err, errlen, EINVAL, "device '%s' "
					    "is given twice (targets %u and "
					    "%u): a write test opens a device "
					    "once; give it once, with -t or -o "
					    "for more load", p->targets[k].path,
					    i + 1, k + 1);
	}
	return 0;
}

int validate_profile(const struct profile *p, char *err, size_t errlen)
{
	uint32_t i;
	int ret;

	if (!p->ntargets)
		return 0;
	ret = check_cpus(p, err, errlen);
	if (!ret)
		ret = check_threads(p, err, errlen);
	if (!ret)
		ret = check_memory(p, err, errlen);
	for (i = 0; !ret && i < p->ntargets; i++)
		ret = check_target(&p->targets[i], err, errlen);
	if (!ret)
		ret = check_twice(p, err, errlen);
	return ret;
}
