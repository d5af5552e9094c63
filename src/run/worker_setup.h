/* worker_setup.h - a worker's private loop state, shared by the loop
 * (worker.c) and its set-up and tear-down (worker_setup.c) only.
 *
 * Everything here belongs to one worker thread; nothing is read by
 * another thread while it runs.  The state and the histograms it records
 * into are allocated cache-line aligned, so two workers never write the
 * same line.
 */
#ifndef IOPROBE_WORKER_SETUP_H
#define IOPROBE_WORKER_SETUP_H

#include <stdbool.h>
#include <stdint.h>

#include "results/hist.h"
#include "run/rate.h"
#include "lib/rng.h"
#include "run/worker_types.h"
#include "run/workload.h"

/* One target as this worker drives it (an array of them per worker,
 * cache-line aligned). */
struct wt {
	_Alignas(64) struct workload wl;
	struct rate rate;
	struct rng rng_data;		/* -Zr contents, -Z<size> offsets */
	const struct run_target *rt;
	struct thread_target *row;
	struct wt_hist *hist;		/* latency recorded, else NULL; the
					 * sampler's live->lat when live */
	struct live_row *live;		/* the sampler's, else NULL */
	uint64_t block;
	uint64_t ios[DIR_COUNT], bytes[DIR_COUNT];
	double area_ns;			/* integral of in-flight count dt */
	double busy_ns;			/* sync engines: time inside queue()
					 * since the last batch stamp */
	void *wbuf;			/* pattern/zero write contents */
	int32_t wbuf_index;
	uint32_t inflight;
	uint32_t nidle;			/* slots held back by the throttle */
	struct io_req **idle;
	uint64_t *pseq;			/* -p: each slot's own relative
					 * sequential pointer, or NULL */
	uint32_t first_slot;		/* this target's first req index
					 * (0 in a pool: any slot may come) */
	bool rated;
};

struct worker_state {
	_Alignas(64) struct wt *t;
	struct io_req *reqs;
	uint32_t nreqs;
	void **bufs;
	uint32_t nbufs;
	size_t buf_bytes;
	struct io_req **done;		/* one batch of completions */
	struct io_req **ready;		/* completed inside queue() */
	uint32_t nready;
	uint32_t inflight;		/* queued, submitted or ready */
	uint32_t staged;		/* queued, not yet submitted */
	uint32_t batch_submit;		/* submit when staged reaches it */
	uint32_t nidle_total;
	uint64_t next_wake_ns;		/* earliest throttle slot */
	bool sync;			/* engine completes in queue() */
	bool lat;			/* record latency (-L, -D or for
					 * the sampler: live set) */
	bool lat_kept;			/* -L or -D: the histograms go to
					 * the results; for the sampler
					 * alone they are recorded (the
					 * path stays -L's) and dropped */
	bool measuring;
	bool stop_on_error;		/* no --continue-on-error */
	bool set_up;			/* setup finished */
	int phase;
	uint64_t last_ns;
	uint64_t win_start_ns, meas_start_ns, meas_end_ns;
	uint64_t interval_ns;
	uint32_t nintervals;
	bool per_interval;		/* -D buckets or the sampler's live
					 * histograms to record into */
	uint32_t interval_idx;		/* -D bucket of this batch's stamp,
					 * >= nintervals: outside the window */
	uint64_t total_ios, total_bytes;
	uint32_t cpu_sample_left;	/* batches until the next CPU sample */
	uint64_t cpus_seen;		/* bit i: ran on CPU i */
	bool pool;			/* -F -O: a target drawn per I/O */
	struct target_pick pick;	/* used only when pool */
};

/* Point the free slot @req at target @i of its worker. */
static inline struct wt *worker_bind(struct worker_state *s,
				     struct io_req *req, uint32_t i)
{
	struct wt *t = &s->t[i];

	req->target = i;
	req->fd = t->rt->t.fd;
	req->file_index = i;
	req->len = (uint32_t)t->block;
	return t;
}

/* Allocate and fill w->st: pin, I/O priority, generators, buffers and
 * requests, the engine (registered files and buffers, -Sm maps).  0 or
 * -errno with w->errmsg filled where there is more to say. */
int worker_setup(struct worker *w);

/* Close the engine and free w->st; the buffers only when @drained (the
 * kernel may still write into them otherwise). */
void worker_teardown(struct worker *w, bool drained);

#endif
