/* engine_aio.c - Linux native AIO through libaio: queue() prepares an
 * iocb per request, submit() sends the batch with one io_submit(), reap()
 * collects a batch with one io_getevents() whose wait is bounded.
 */
#include <errno.h>
#include <libaio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "engine/engine.h"

struct aio_state {
	io_context_t ctx;
	unsigned int depth;
	unsigned int npending;
	struct iocb *iocbs;		/* depth entries, indexed by req->slot */
	struct iocb **pending;		/* staged, not yet submitted */
	struct io_event *events;
};

static void aio_free(struct aio_state *s)
{
	free(s->iocbs);
	free(s->pending);
	free(s->events);
	free(s);
}

static int aio_init(struct engine *e, unsigned int depth, const int *fds,
		    unsigned int nfds)
{
	struct aio_state *s;
	int ret;

	(void)fds;
	(void)nfds;
	if (!depth)
		return -EINVAL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->iocbs = calloc(depth, sizeof(*s->iocbs));
	s->pending = calloc(depth, sizeof(*s->pending));
	s->events = calloc(depth, sizeof(*s->events));
	if (!s->iocbs || !s->pending || !s->events) {
		aio_free(s);
		return -ENOMEM;
	}
	ret = io_setup((int)depth, &s->ctx);	/* libaio returns -errno */
	if (ret < 0) {
		aio_free(s);
		return ret;
	}
	s->depth = depth;
	e->priv = s;
	return 0;
}

static int aio_queue(struct engine *e, struct io_req *req)
{
	struct aio_state *s = e->priv;
	struct iocb *cb;
	char *buf = (char *)req->buf + req->done;
	size_t len = req->len - req->done;
	long long off = (long long)(req->offset + req->done);

	if (s->npending == s->depth || req->slot >= s->depth)
		return ENGINE_BUSY;
	cb = &s->iocbs[req->slot];
	if (req->write)
		io_prep_pwrite(cb, req->fd, buf, len, off);
	else
		io_prep_pread(cb, req->fd, buf, len, off);
	cb->data = req;
	s->pending[s->npending++] = cb;
	return ENGINE_QUEUED;
}

static int aio_submit(struct engine *e)
{
	struct aio_state *s = e->priv;
	unsigned int sent = 0;
	int ret;

	while (sent < s->npending) {
		ret = io_submit(s->ctx, (long)(s->npending - sent),
				s->pending + sent);
		e->syscalls++;
		if (ret == -EAGAIN || ret == -EINTR || ret == 0)
			break;	/* kernel is full: retry after a reap */
		if (ret < 0)
			return ret;
		sent += (unsigned int)ret;
	}
	if (sent && sent < s->npending)
		memmove(s->pending, s->pending + sent,
			(s->npending - sent) * sizeof(*s->pending));
	s->npending -= sent;
	return (int)sent;
}

static int aio_reap(struct engine *e, struct io_req **done, unsigned int min,
		    unsigned int max)
{
	struct aio_state *s = e->priv;
	struct timespec ts = {
		.tv_sec = 0,
		.tv_nsec = (long)ENGINE_WAIT_NS,
	};
	int n, i;

	if (s->npending) {
		n = aio_submit(e);
		if (n < 0)
			return n;
	}
	if (max > s->depth)
		max = s->depth;
	n = io_getevents(s->ctx, (long)min, (long)max, s->events, &ts);
	e->syscalls++;
	if (n == -EINTR)
		return 0;
	if (n < 0)
		return n;
	for (i = 0; i < n; i++) {
		struct io_req *req = s->events[i].data;
		long res = (long)s->events[i].res;

		req->result = (int32_t)res;
		done[i] = req;
	}
	e->ios += (uint64_t)n;
	return n;
}

static void aio_exit(struct engine *e)
{
	struct aio_state *s = e->priv;

	if (!s)
		return;
	io_destroy(s->ctx);	/* waits for requests still in flight */
	aio_free(s);
}

const struct engine_ops engine_aio_ops = {
	.name = "libaio",
	.init = aio_init,
	.register_buffers = NULL,
	.queue = aio_queue,
	.submit = aio_submit,
	.reap = aio_reap,
	.exit = aio_exit,
};
