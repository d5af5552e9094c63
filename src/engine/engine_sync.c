/* engine_sync.c - plain pread/pwrite: each request completes inside
 * queue() (ENGINE_COMPLETED), one system call per transfer.  The engine
 * of last resort when neither io_uring nor libaio can be set up.
 */
#include <errno.h>
#include <unistd.h>

#include "engine/engine.h"

static int sync_init(struct engine *e, unsigned int depth, const int *fds,
		     unsigned int nfds)
{
	(void)e;
	(void)depth;
	(void)fds;
	(void)nfds;
	return 0;
}

static int sync_queue(struct engine *e, struct io_req *req)
{
	char *buf = (char *)req->buf + req->done;
	size_t len = req->len - req->done;
	off_t off = (off_t)(req->offset + req->done);
	ssize_t n;

	if (req->write)
		n = pwrite(req->fd, buf, len, off);
	else
		n = pread(req->fd, buf, len, off);
	req->result = n < 0 ? -errno : (int32_t)n;
	e->syscalls++;
	e->ios++;
	return ENGINE_COMPLETED;
}

const struct engine_ops engine_sync_ops = {
	.name = "sync",
	.caps = ENGINE_CAP_COMPLETES_IN_QUEUE,
	.init = sync_init,
	.register_buffers = NULL,
	.queue = sync_queue,
	.submit = engine_noop_submit,
	.reap = engine_noop_reap,
	.exit = engine_noop_exit,
};
