/* engine_mmap.c - -Sm: targets mapped into memory, each request served
 * by memcpy inside queue() (ENGINE_COMPLETED); a -N write is made durable
 * with msync before it completes.  A file that could not be mapped (the
 * worker passes NULL for it) goes through the sync engine's pread/pwrite.
 * Nothing to submit, nothing to reap.
 *
 * A copy that faults (the file truncated under the run, or a read error
 * of its device: the kernel sends SIGBUS) is a failed request with -EIO,
 * like a failed pread: each engine, so each worker thread, arms its
 * fault guard around the copy (lib/fault_guard.h).
 */
#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <unistd.h>

#include "engine/engine.h"
#include "lib/fault_guard.h"

struct mmap_state {
	unsigned int nfiles;
	uint64_t page_bytes;	/* msync start alignment, read once */
	char **maps;		/* per file index, NULL = not mapped */
	bool *durable;		/* per file index: msync each write */
	struct fault_guard guard;	/* armed around each copy */
};

static int mmap_init(struct engine *e, unsigned int depth, const int *fds,
		     unsigned int nfds)
{
	struct mmap_state *s;
	long page = sysconf(_SC_PAGESIZE);

	(void)depth;
	(void)fds;
	if (fault_guard_install())
		return -EIO;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->nfiles = nfds;
	s->page_bytes = page > 0 ? (uint64_t)page : 4096;
	s->maps = calloc(nfds ? nfds : 1, sizeof(*s->maps));
	s->durable = calloc(nfds ? nfds : 1, sizeof(*s->durable));
	if (!s->maps || !s->durable) {
		free(s->maps);
		free(s->durable);
		free(s);
		return -ENOMEM;
	}
	e->priv = s;
	return 0;
}

static int mmap_set_maps(struct engine *e, void *const *maps,
			 const bool *durable, unsigned int nmaps)
{
	struct mmap_state *s = e->priv;
	unsigned int i;

	if (nmaps > s->nfiles)
		return -EINVAL;
	for (i = 0; i < nmaps; i++) {
		s->maps[i] = maps[i];
		s->durable[i] = durable[i];
	}
	return 0;
}

/* Copy @len bytes; -EIO when the map faulted under the copy. */
static int mmap_copy(struct mmap_state *s, char *dst, const char *src,
		     size_t len)
{
	if (sigsetjmp(s->guard.env, 0))
		return -EIO;
	fault_guard_arm(&s->guard);
	memcpy(dst, src, len);
	fault_guard_disarm();
	return 0;
}

static int mmap_queue(struct engine *e, struct io_req *req)
{
	struct mmap_state *s = e->priv;
	char *map = s->maps[req->file_index];
	char *buf = (char *)req->buf + req->done;
	size_t len = req->len - req->done;
	uint64_t off = req->offset + req->done;

	if (!map)
		return engine_sync_ops.queue(e, req);
	if (mmap_copy(s, req->write ? map + off : buf,
		      req->write ? buf : map + off, len)) {
		req->result = -EIO;
		e->ios++;
		return ENGINE_COMPLETED;
	}
	if (req->write) {
		if (s->durable[req->file_index]) {
			/* -N: make the write durable before it completes */
			uint64_t start = off & ~(s->page_bytes - 1);

			e->syscalls++;
			if (msync(map + start, len + (off - start), MS_SYNC)) {
				req->result = -errno;
				e->ios++;
				return ENGINE_COMPLETED;
			}
		}
	}
	req->result = (int32_t)len;
	e->ios++;
	return ENGINE_COMPLETED;
}

static void mmap_exit(struct engine *e)
{
	struct mmap_state *s = e->priv;

	if (!s)
		return;
	free(s->maps);
	free(s->durable);
	free(s);
}

const struct engine_ops engine_mmap_ops = {
	.name = "mmap",
	.caps = ENGINE_CAP_COMPLETES_IN_QUEUE | ENGINE_CAP_NEEDS_MAP,
	.init = mmap_init,
	.set_maps = mmap_set_maps,
	.queue = mmap_queue,
	.submit = engine_noop_submit,
	.reap = engine_noop_reap,
	.exit = mmap_exit,
};
