/* engine_uring.c - io_uring through liburing, the default engine.
 *
 * One ring per worker, created by the worker thread itself so the
 * SINGLE_ISSUER, DEFER_TASKRUN and COOP_TASKRUN setup flags apply; when
 * the kernel answers EINVAL the strongest set is dropped for the next
 * (down to none).  The worker's files are registered at set-up, and its
 * buffers when register_buffers() succeeds (a failure is returned for
 * the run's engine note; the I/O then goes through unregistered buffers).
 * By default submit() sends each request as soon as it is queued (one
 * io_uring_enter per request); with --batch the worker calls it every N
 * requests, and reap() submits whatever is still staged and waits for
 * completions in the same io_uring_enter, then walks every ready CQE and
 * advances the CQ head once.
 */
#include <errno.h>
#include <liburing.h>
#include <stdlib.h>
#include <string.h>
#include <sys/uio.h>

#include "engine/engine.h"

struct uring_state {
	struct io_uring ring;
	bool files;		/* fds registered: use fixed-file indexes */
	bool bufs;		/* buffers registered: use *_fixed ops */
};

static const unsigned int uring_flag_sets[] = {
	IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_DEFER_TASKRUN |
		IORING_SETUP_COOP_TASKRUN,
	IORING_SETUP_SINGLE_ISSUER | IORING_SETUP_COOP_TASKRUN,
	IORING_SETUP_COOP_TASKRUN,
	0,
};

static unsigned int uring_entries(unsigned int depth)
{
	unsigned int n = 1;

	while (n < depth)
		n <<= 1;
	return n;
}

static int uring_init(struct engine *e, unsigned int depth, const int *fds,
		      unsigned int nfds)
{
	struct uring_state *s;
	struct io_uring_params params;
	size_t i;
	int ret = -EINVAL;

	if (!depth)
		return -EINVAL;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	for (i = 0; i < sizeof(uring_flag_sets) / sizeof(uring_flag_sets[0]);
	     i++) {
		memset(&params, 0, sizeof(params));
		params.flags = uring_flag_sets[i];
		ret = io_uring_queue_init_params(uring_entries(depth),
						 &s->ring, &params);
		if (ret != -EINVAL)
			break;
	}
	if (ret < 0) {
		free(s);
		return ret;
	}
	if (nfds && fds && io_uring_register_files(&s->ring, fds, nfds) == 0)
		s->files = true;
	e->priv = s;
	return 0;
}

static int uring_register_buffers(struct engine *e, void *const *bufs,
				  unsigned int nbufs, size_t len)
{
	struct uring_state *s = e->priv;
	struct iovec *iov;
	unsigned int i;
	int ret;

	iov = calloc(nbufs, sizeof(*iov));
	if (!iov)
		return -ENOMEM;
	for (i = 0; i < nbufs; i++) {
		iov[i].iov_base = bufs[i];
		iov[i].iov_len = len;
	}
	/* Failure (RLIMIT_MEMLOCK, too many) only costs a little speed:
	 * the caller notes it and the ring goes on without. */
	ret = io_uring_register_buffers(&s->ring, iov, nbufs);
	s->bufs = ret == 0;
	free(iov);
	return ret;
}

static int uring_queue(struct engine *e, struct io_req *req)
{
	struct uring_state *s = e->priv;
	struct io_uring_sqe *sqe = io_uring_get_sqe(&s->ring);
	char *buf = (char *)req->buf + req->done;
	unsigned int len = req->len - req->done;
	uint64_t off = req->offset + req->done;
	int fd = s->files ? (int)req->file_index : req->fd;

	if (!sqe)
		return ENGINE_BUSY;
	if (s->bufs && req->buf_index >= 0) {
		if (req->write)
			io_uring_prep_write_fixed(sqe, fd, buf, len, off,
						  req->buf_index);
		else
			io_uring_prep_read_fixed(sqe, fd, buf, len, off,
						 req->buf_index);
	} else if (req->write) {
		io_uring_prep_write(sqe, fd, buf, len, off);
	} else {
		io_uring_prep_read(sqe, fd, buf, len, off);
	}
	if (s->files)
		sqe->flags |= IOSQE_FIXED_FILE;
	io_uring_sqe_set_data(sqe, req);
	return ENGINE_QUEUED;
}

static int uring_submit(struct engine *e)
{
	struct uring_state *s = e->priv;

	int ret;

	if (!io_uring_sq_ready(&s->ring))
		return 0;
	ret = io_uring_submit(&s->ring);
	e->syscalls++;
	if (ret == -EAGAIN || ret == -EBUSY || ret == -EINTR)
		return 0;	/* the next reap() submits them */
	return ret;
}

static int uring_reap(struct engine *e, struct io_req **done, unsigned int min,
		      unsigned int max)
{
	struct uring_state *s = e->priv;
	struct io_uring_cqe *cqe;
	unsigned int head, n = 0, seen = 0;
	int ret;

	if (io_uring_sq_ready(&s->ring) || io_uring_cq_ready(&s->ring) < min) {
		struct __kernel_timespec ts = {
			.tv_sec = 0,
			.tv_nsec = (long long)ENGINE_WAIT_NS,
		};

		ret = io_uring_submit_and_wait_timeout(&s->ring, &cqe, min,
						       &ts, NULL);
		e->syscalls++;
		if (ret < 0 && ret != -ETIME && ret != -EINTR &&
		    ret != -EAGAIN && ret != -EBUSY)
			return ret;
	}
	io_uring_for_each_cqe(&s->ring, head, cqe) {
		struct io_req *req = io_uring_cqe_get_data(cqe);

		if (n == max)
			break;
		seen++;
		if (cqe->user_data == LIBURING_UDATA_TIMEOUT)
			continue;	/* liburing's own timeout on old kernels */
		req->result = cqe->res;
		done[n++] = req;
	}
	io_uring_cq_advance(&s->ring, seen);
	e->ios += n;
	return (int)n;
}

static void uring_exit(struct engine *e)
{
	struct uring_state *s = e->priv;

	if (!s)
		return;
	io_uring_queue_exit(&s->ring);
	free(s);
}

const struct engine_ops engine_uring_ops = {
	.name = "io_uring",
	.reap_submits = true,
	.init = uring_init,
	.register_buffers = uring_register_buffers,
	.queue = uring_queue,
	.submit = uring_submit,
	.reap = uring_reap,
	.exit = uring_exit,
};
