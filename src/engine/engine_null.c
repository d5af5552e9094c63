/* engine_null.c - the null engine: every staged request completes at the
 * next reap() without touching a device, so a run measures ioprobe's own
 * cost per I/O (the worker loop, generators, statistics).  No system
 * calls; each reap counts as one engine round trip in e->syscalls.
 */
#include <errno.h>
#include <stdlib.h>

#include "engine/engine.h"

struct null_state {
	unsigned int depth;
	unsigned int nqueued;
	struct io_req **queued;
};

static int null_init(struct engine *e, unsigned int depth, const int *fds,
		     unsigned int nfds)
{
	struct null_state *s;

	(void)fds;
	(void)nfds;
	if (!depth)
		return -EINVAL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	s->queued = calloc(depth, sizeof(*s->queued));
	if (!s->queued) {
		free(s);
		return -ENOMEM;
	}
	s->depth = depth;
	e->priv = s;
	return 0;
}

static int null_queue(struct engine *e, struct io_req *req)
{
	struct null_state *s = e->priv;

	if (s->nqueued == s->depth)
		return ENGINE_BUSY;
	s->queued[s->nqueued++] = req;
	return ENGINE_QUEUED;
}

static int null_submit(struct engine *e)
{
	struct null_state *s = e->priv;

	return (int)s->nqueued;
}

static int null_reap(struct engine *e, struct io_req **done, unsigned int min,
		     unsigned int max)
{
	struct null_state *s = e->priv;
	unsigned int n = s->nqueued < max ? s->nqueued : max;
	unsigned int i;

	(void)min;
	for (i = 0; i < n; i++) {
		struct io_req *r = s->queued[i];

		r->result = (int32_t)(r->len - r->done);
		done[i] = r;
	}
	if (n < s->nqueued) {
		for (i = n; i < s->nqueued; i++)
			s->queued[i - n] = s->queued[i];
	}
	s->nqueued -= n;
	e->syscalls++;
	e->ios += n;
	return (int)n;
}

static void null_exit(struct engine *e)
{
	struct null_state *s = e->priv;

	if (!s)
		return;
	free(s->queued);
	free(s);
}

const struct engine_ops engine_null_ops = {
	.name = "null",
	.init = null_init,
	.register_buffers = NULL,
	.queue = null_queue,
	.submit = null_submit,
	.reap = null_reap,
	.exit = null_exit,
};
