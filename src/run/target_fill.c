/* target_fill.c - -c: create the test file (and its folders), fill it with
 * real data by large sequential O_DIRECT writes through the engine layer,
 * mark it filled so a later run reuses it, and give it back on failure or
 * when a workflow is done with it.
 *
 * Who owns the file decides what a failure may do: one this run created
 * is removed, one an earlier run filled is kept and marked unfilled, and a
 * foreign file (--overwrite) is never shrunk nor removed.
 */
#include "run/target_fill.h"

#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <limits.h>
#include <linux/fiemap.h>
#include <linux/fs.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <time.h>
#include <unistd.h>

#include "engine/engine.h"
#include "lib/cleanup.h"
#include "lib/path.h"
#include "lib/util.h"
#include "run/target_safety.h"

#define FILL_BUSY "filling"		/* marker while a fill runs */
#define FILL_CHUNK_BYTES (4u << 20)	/* one write of the fill */
#define FILL_DEPTH 4			/* fill writes in flight */
#define MIB (1024.0 * 1024.0)

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
	n = fgetxattr(fd, TARGET_FILL_XATTR, have, sizeof(have) - 1);
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
	const volatile sig_atomic_t *stop;
	uint64_t done;		/* bytes written */
	uint64_t next;		/* offset of the next chunk to write */
	uint64_t from;		/* where the pass began */
	uint64_t resume;	/* after a failed pass: all below is written */
	int ret;		/* first error of the pass, 0 if none */
	uint64_t last_report_ns, last_report_bytes;
	void *bufs[FILL_DEPTH];
	struct io_req reqs[FILL_DEPTH];
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

/* ---- the writes, through the engine layer ------------------------------ */

/* The pass ends at its first error: nothing more is staged, what is in
 * flight is reaped.  Everything below f->resume is written then: the
 * lowest failed chunk, or the start of the pass when the engine itself
 * failed (@req NULL). */
static void fill_fail(struct filler *f, const struct io_req *req, int ret)
{
	uint64_t at = req ? req->offset : f->from;

	if (!f->ret)
		f->ret = ret;
	if (at < f->resume)
		f->resume = at;
}

/* May the pass go on?  A stop request ends it with -EINTR. */
static bool fill_going(struct filler *f)
{
	if (!f->ret && f->stop && *f->stop)
		fill_fail(f, NULL, -EINTR);
	return !f->ret;
}

/* Stage the chunk at f->next in @req: its data, offset and length. */
static void fill_stage(struct filler *f, struct io_req *req)
{
	size_t len = chunk_len(f, f->next);

	fill_data(req->buf, len, f->next, f->zero);
	req->offset = f->next;
	req->len = (uint32_t)len;
	req->done = 0;
	req->result = 0;
	f->next += len;
}

/* The rest of @req again (a short write, or one a signal interrupted),
 * unless the pass ends: then its chunk counts as not written. */
static bool fill_again(struct filler *f, struct io_req *req)
{
	if (fill_going(f))
		return true;
	fill_fail(f, req, f->ret);
	return false;
}

/* A finished write: count it and stage the next chunk in @req.  True
 * when @req is to be queued again (the rest of a short write, a write a
 * signal interrupted, or the next chunk). */
static bool fill_reaped(struct filler *f, struct io_req *req)
{
	int res = req->result;

	if (res == -EINTR)
		return fill_again(f, req);
	if (res <= 0) {
		fill_fail(f, req, res ? res : -ENOSPC);
		return false;
	}
	req->done += (uint32_t)res;
	if (req->done < req->len)
		return fill_again(f, req);
	f->done += req->len;
	fill_report(f, false);
	if (!fill_going(f) || f->next >= f->size)
		return false;
	fill_stage(f, req);
	return true;
}

/* Queue @req.  A write the engine completes at once (sync) is handled
 * here, and the next chunk queued in its place, until one stays in
 * flight or the pass ends.  True when @req is in flight. */
static bool fill_issue(struct filler *f, struct engine *e,
		       struct io_req *req)
{
	for (;;) {
		int st = e->ops->queue(e, req);

		if (st == ENGINE_QUEUED)
			return true;
		if (st != ENGINE_COMPLETED) {
			/* not with FILL_DEPTH requests on an engine of
			 * that depth */
			fill_fail(f, req, -EBUSY);
			return false;
		}
		if (!fill_reaped(f, req))
			return false;
	}
}

/* Send what is staged and wait for at least one completion (a bounded
 * wait: 0 completions is an answer too).  Count or -errno. */
static int fill_reap(struct engine *e, struct io_req **done)
{
	int ret;

	if (!e->ops->reap_submits) {
		ret = e->ops->submit(e);
		if (ret < 0)
			return ret;
	}
	return e->ops->reap(e, done, 1, FILL_DEPTH);
}

/* One pass from f->next to the end with FILL_DEPTH writes in flight, on
 * the engine the registry picks (io_uring, else libaio, else sync). */
static int fill_pass(struct filler *f)
{
	struct io_req *done[FILL_DEPTH];
	unsigned int i, inflight = 0;
	struct engine e;
	int n;

	/* No registered file: a ring holds those until its teardown, which
	 * ends after engine_close(), and the filesystem would stay busy. */
	n = engine_open(&e, NULL, FILL_DEPTH, NULL, 0, NULL, 0);
	if (n)
		return n;
	f->ret = 0;
	f->from = f->next;
	f->resume = UINT64_MAX;
	for (i = 0; i < FILL_DEPTH && f->next < f->size && !f->ret; i++) {
		fill_stage(f, &f->reqs[i]);
		inflight += fill_issue(f, &e, &f->reqs[i]);
	}
	while (inflight) {
		n = fill_reap(&e, done);
		if (n < 0) {
			fill_fail(f, NULL, n);
			break;
		}
		for (i = 0; i < (unsigned int)n; i++)
			if (!fill_reaped(f, done[i]) ||
			    !fill_issue(f, &e, done[i]))
				inflight--;
		fill_going(f);
	}
	engine_close(&e);
	return f->ret;
}

/* The requests of the fill, one per buffer, on the file f->fd. */
static int fill_alloc(struct filler *f)
{
	unsigned int i;

	for (i = 0; i < FILL_DEPTH; i++) {
		if (posix_memalign(&f->bufs[i], 4096, FILL_CHUNK_BYTES))
			return -ENOMEM;
		f->reqs[i] = (struct io_req){
			.buf = f->bufs[i],
			.fd = f->fd,
			.file_index = 0,
			.write = true,
			.slot = i,
			.buf_index = -1,
		};
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
	    !target_same_inode(&st, &lst))
		return errf(err, errlen, EEXIST,
			    "refusing to fill '%s': the name no longer leads "
			    "to the file ioprobe created", o->path);
	ff->fd = o->fd;
	ff->owner = OWN_GIVEN;
	return 0;
}

/* Open the -c file the first look pinned (through the pin, never the
 * name) and decide, through that descriptor, whose it is. */
static int open_existing(const struct target_opts *o,
			 const struct target_pin *pin, struct fill_file *ff,
			 char *err, size_t errlen)
{
	struct stat st;
	int ret;

	ff->fd = target_pin_reopen(pin, o->path,
				   O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (ff->fd < 0)
		return errf(err, errlen, -ff->fd, "cannot open '%s': %s",
			    o->path, strerror(-ff->fd));
	if (fstat(ff->fd, &st))
		ret = errf(err, errlen, errno, "cannot stat '%s': %s",
			   o->path, strerror(errno));
	else if (!S_ISREG(st.st_mode))
		ret = errf(err, errlen, EINVAL,
			   "unsupported target '%s': expected a regular file "
			   "or a block device", o->path);
	else
		ret = target_check_foreign(o, ff->fd, &st, err, errlen);
	if (ret) {
		close(ff->fd);
		ff->fd = -1;
		return ret;
	}
	ff->owner = target_has_marker(ff->fd) ? OWN_OURS : OWN_FOREIGN;
	return 0;
}

/* Create the -c file with O_EXCL (no link is followed, no existing file
 * is taken over), register it for removal and pin it; or open the file
 * the first look pinned.  A name that appeared since that look is
 * refused.  Every later step uses ff->fd or the pin, never the name. */
static int open_for_fill(const struct target_opts *o, struct target_pin *pin,
			 struct fill_file *ff, char *err, size_t errlen)
{
	int ret;

	ff->fd = -1;
	ff->slot = -1;
	if (o->fd >= 0)
		return take_given(o, ff, err, errlen);
	if (pin->fd >= 0 && S_ISLNK(pin->st.st_mode))
		return target_refuse_link(o->path, err, errlen);
	if (pin->fd >= 0)
		return open_existing(o, pin, ff, err, errlen);
	ret = path_mkdir_parents(o->path);
	if (ret)
		return errf(err, errlen, -ret,
			    "cannot create the folders of '%s': %s", o->path,
			    strerror(-ret));
	ff->fd = open(o->path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW |
			       O_CLOEXEC, 0644);
	if (ff->fd < 0 && errno == EEXIST)
		return errf(err, errlen, EEXIST,
			    "refusing to fill '%s' with -c: the name appeared "
			    "after the safety checks (another process is "
			    "using it); run again, or name another file",
			    o->path);
	if (ff->fd < 0)
		return errf(err, errlen, errno, "cannot create '%s': %s",
			    o->path, strerror(errno));
	ff->owner = OWN_NEW;
	ff->slot = cleanup_add(o->path, ff->fd);
	ret = ff->slot < 0 ? ff->slot : target_pin_set_fd(pin, ff->fd);
	if (ret < 0) {
		if (ff->slot >= 0)
			cleanup_remove(ff->slot);
		else
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
	int ret;

	ret = fill_alloc(f);
	if (ret)
		goto out_free;
	ret = fill_pass(f);
	/* A tail that is not a multiple of the logical block needs buffered
	 * I/O with O_DIRECT: retry from the failed chunk without the flag. */
	if (ret == -EINVAL && direct) {
		fcntl(f->fd, F_SETFL, 0);
		f->next = f->resume;
		f->done = f->resume;
		ret = fill_pass(f);
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
		snprintf(fate, len, "the partial file is removed by the "
			 "command that created it");
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

int target_prepare(const struct target_opts *o, struct target_pin *pin,
		   struct target_info *info, const struct target_fill_ctl *ctl,
		   char *err, size_t errlen)
{
	struct filler f = {
		.progress = ctl ? ctl->progress : NULL,
		.arg = ctl ? ctl->arg : NULL,
		.stop = ctl ? ctl->stop : NULL,
	};
	struct fill_file ff;
	char marker[64], fate[PATH_MAX + 128];
	bool direct;
		double t0;
	int ret;

	info->created = false;
	info->fill_skipped = false;
	info->fill_seconds = 0;
	if (!o->create_bytes)
		return 0;
	if (pin->fd >= 0 && S_ISBLK(pin->st.st_mode))
		return 0;	/* as DiskSpd: -c skips raw devices */
	t0 = now_s();
	ret = open_for_fill(o, pin, &ff, err, errlen);
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
		fsetxattr(f.fd, TARGET_FILL_XATTR, FILL_BUSY,
			  strlen(FILL_BUSY), 0);
	ret = fill_size(o, &ff);
	if (!ret)
		ret = fill_file(&f, direct);
	if (ret) {
		if (ff.owner == OWN_NEW)
			target_pin_release(pin);	/* the file is gone */
		fill_give_up(o, &ff, &f, fate, sizeof(fate));
		return fill_error(o, &f, ret, fate, err, errlen);
	}
	fill_marker(o, marker, sizeof(marker));
	fsetxattr(f.fd, TARGET_FILL_XATTR, marker, strlen(marker), 0);
	if (ff.owner == OWN_NEW)
		cleanup_forget(ff.slot);
	if (ff.owner != OWN_GIVEN)
		close(f.fd);
	info->created = true;
	info->fill_seconds = now_s() - t0;
	return 0;
}

int target_remove(const char *path)
{
	if (unlink(path) && errno != ENOENT)
		return -errno;
	return 0;
}
