/* worker.c - the per-thread I/O loop.
 *
 * A worker keeps exactly its requested number of requests in flight per
 * target (with -F -O: in all, each I/O on a target drawn by weight, as
 * DiskSpd does): it reaps a batch, reads the clock once (the batch's
 * completion stamp, also the issue stamp of the requests that refill
 * the freed slots), accounts the batch and refills, so one engine call
 * submits and waits.  Everything it touches on that path is its own:
 * engine, buffers, generators, throttles, counters and histograms.  The
 * only shared reads are the phase flag (relaxed, once per batch) and the
 * -si pointer.
 */
#include "run/worker.h"

#include <errno.h>
#include <linux/futex.h>
#include <sched.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <time.h>
#include <unistd.h>

#include "lib/clock.h"
#include "lib/util.h"
#include "run/worker_setup.h"

static void fill_random(struct rng *r, void *buf, uint64_t len)
{
	uint64_t *q = buf;
	uint64_t i;

	for (i = 0; i < len / 8; i++)
		q[i] = rng_next(r);
}

/* Stage @req with the engine.  Sync engines complete here: their
 * requests are stamped one by one (a system call dwarfs a clock read) and
 * handed to the next batch through the ready list.  The time inside the
 * call waits in busy_ns until that batch, which counts it in flight only
 * if it still measures, in the same batch that counts the I/O: counted
 * here, the calls issued after the last stamp of the window added time
 * the window never had (1.2 of 8 at 40 IOPS). */
static int issue(struct worker *w, struct wt *t, struct io_req *req,
		 bool fresh)
{
	struct worker_state *s = w->st;
	uint64_t t0 = 0;
	int ret;

	if (s->sync) {
		t0 = clock_now_ns();
		if (fresh)
			req->issue_ns = t0;
	}
	ret = w->eng.ops->queue(&w->eng, req);
	if (ret == ENGINE_QUEUED) {
		/* On the virtio disk we measure on, sending each request
		 * at once (fio's default too) gives 15 % more IOPS at QD32
		 * than one submit per reaped batch; --batch trades that
		 * for fewer system calls. */
		if (++s->staged >= s->batch_submit) {
			int sret = w->eng.ops->submit(&w->eng);

			if (sret < 0)
				return errf(w->errmsg, sizeof(w->errmsg), -sret,
					    "engine '%s' failed to submit: %s",
					    w->eng.ops->name, strerror(-sret));
			s->staged = 0;
		}
	} else if (ret == ENGINE_COMPLETED) {
		req->complete_ns = clock_now_ns();
		t->busy_ns += (double)(req->complete_ns - t0);
		s->ready[s->nready++] = req;
	} else if (ret == ENGINE_BUSY) {
		return errf(w->errmsg, sizeof(w->errmsg), EBUSY,
			    "engine '%s' refused a request with %u in flight: expected room for %u",
			    w->eng.ops->name, s->inflight, s->nreqs);
	} else {
		return ret;
	}
	t->inflight++;
	s->inflight++;
	return 0;
}

/* Point a write at its contents (-Z family); reads use the slot buffer. */
static void set_buffer(struct worker_state *s, struct wt *t,
		       struct io_req *req)
{
	const struct run_target *rt = t->rt;

	req->buf = s->bufs[req->slot];
	req->buf_index = (int32_t)req->slot;
	if (!req->write)
		return;
	switch (rt->opts->wbuf) {
	case WBUF_PATTERN:
	case WBUF_ZERO:
		req->buf = t->wbuf;
		req->buf_index = t->wbuf_index;
		break;
	case WBUF_RANDOM_PER_IO:
		fill_random(&t->rng_data, req->buf, t->block);
		break;
	case WBUF_SOURCE:
		if (rt->wsrc && rt->wsrc_bytes >= t->block) {
			uint64_t n = (rt->wsrc_bytes - t->block) / 4096 + 1;

			req->buf = (char *)rt->wsrc +
				   rng_below(&t->rng_data, n) * 4096;
			req->buf_index = -1;
		}
		break;
	}
}

uint64_t worker_parallel_next(const struct workload *wl, uint64_t *rel)
{
	uint64_t off = *rel;

	/* the same walk and wrap as the thread's own sequential pointer */
	*rel += wl->stride;
	if (*rel > wl->last_start)
		*rel = wl->wrap_seq;
	return wl->base + off;
}

/* Start a new I/O in the free slot @req, unless the throttle holds it. */
static int next_io(struct worker *w, struct wt *t, struct io_req *req,
		   uint64_t now)
{
	struct worker_state *s = w->st;
	uint64_t off;
	bool wr;

	if (t->rated) {
		uint64_t until;

		if (!rate_may_issue(&t->rate, t->block, now, &until)) {
			t->idle[t->nidle++] = req;
			s->nidle_total++;
			if (until < s->next_wake_ns)
				s->next_wake_ns = until;
			return 0;
		}
		rate_issued(&t->rate, t->block, now);
	}
	workload_next(&t->wl, &off, &wr);
	if (t->pseq)
		off = worker_parallel_next(&t->wl,
					   &t->pseq[req->slot - t->first_slot]);
	req->offset = off;
	req->write = wr;
	req->done = 0;
	req->issue_ns = now;
	set_buffer(s, t, req);
	return issue(w, t, req, true);
}

/* The -D bucket of a batch stamped @now, once per batch (a divide per
 * I/O was measurable); >= nintervals when outside the window. */
static uint32_t interval_index(const struct worker_state *s, uint64_t now)
{
	uint64_t idx;

	if (now < s->win_start_ns)
		return UINT32_MAX;
	idx = (now - s->win_start_ns) / s->interval_ns;
	return idx < s->nintervals ? (uint32_t)idx : UINT32_MAX;
}

/* Per-interval records of one I/O: the -D bucket, else the sampler's
 * live max.  The sampler takes an interval's max from the -D bucket when
 * there is one (its store is relaxed, as the histogram's), so a -L -D
 * run records each I/O's latency once per figure.  Out of account()'s
 * way, so a -L run pays one test for both. */
static void record_interval(struct worker_state *s, struct wt *t, int d,
			    uint64_t lat_ns)
{
	struct interval_stat *iv = t->row->dir[d].intervals;

	if (!iv) {
		if (t->live)
			live_hist_record(&t->live->dir[d], lat_ns);
		return;
	}
	if (s->interval_idx >= s->nintervals)
		return;
	iv += s->interval_idx;
	iv->ios++;
	if (lat_ns < iv->lat_min_ns)
		iv->lat_min_ns = lat_ns;
	if (lat_ns > iv->lat_max_ns)
		__atomic_store_n(&iv->lat_max_ns, lat_ns, __ATOMIC_RELAXED);
	iv->lat_sum_ns += (double)lat_ns;
	iv->lat_sumsq_ns += (double)lat_ns * (double)lat_ns;
}

/* Per I/O: counters and histograms only (-P dots are printed by run.c
 * from the published count, the sampler reads the live histograms). */
static void account(struct worker *w, struct wt *t, const struct io_req *req,
		    uint64_t now)
{
	struct worker_state *s = w->st;
	int d = req->write ? DIR_WRITE : DIR_READ;

	s->total_ios++;
	s->total_bytes += req->len;
	if (!s->measuring)
		return;
	t->ios[d]++;
	t->bytes[d] += req->len;
	if (s->lat) {
		uint64_t lat_ns = now > req->issue_ns ? now - req->issue_ns : 0;

		/* the sampler reads the histograms it holds (t->live) */
		if (t->live)
			hist_record_shared(&t->hist->dir[d], lat_ns);
		else
			hist_record(&t->hist->dir[d], lat_ns);
		if (s->per_interval)
			record_interval(s, t, d, lat_ns);
	}
}

/* A failed I/O (@res -errno, or 0: nothing transferred).  It counts in
 * every phase, so no failure goes unreported; the bytes a short transfer
 * moved before it failed count when measuring.  The first failure of the
 * run is recorded by the worker that wins the shared flag. */
static void failed(struct worker *w, struct wt *t, const struct io_req *req,
		   int32_t res)
{
	struct worker_state *s = w->st;
	uint32_t zero = 0;

	results_count_error(t->row, -res);
	if (t->live)
		live_hist_error(&t->live->dir[req->write ? DIR_WRITE :
							DIR_READ]);
	if (s->measuring && req->done)
		t->bytes[req->write ? DIR_WRITE : DIR_READ] += req->done;
	if (atomic_load_explicit(&w->shared->io_failed, memory_order_relaxed) ||
	    !atomic_compare_exchange_strong(&w->shared->io_failed, &zero, 1))
		return;
	w->fail.failed = true;
	w->fail.thread = w->id;
	w->fail.target = t->row->target;
	w->fail.offset = req->offset + req->done;
	w->fail.write = req->write;
	w->fail.err = -res;
}

/* -F -O: the freed slot serves the target drawn next.  Out of line, so
 * the common path of complete() keeps its registers. */
static __attribute__((noinline)) struct wt *
pool_rebind(struct worker_state *s, struct io_req *req)
{
	return worker_bind(s, req, target_pick_next(&s->pick));
}

/* One completion: requeue the rest of a short transfer, retry -EAGAIN,
 * count errors, account a finished I/O, then reuse the slot. */
static int complete(struct worker *w, struct io_req *req, uint64_t now)
{
	struct worker_state *s = w->st;
	struct wt *t = &s->t[req->target];
	int32_t res = req->result;
	uint32_t left = req->len - req->done;

	t->inflight--;
	s->inflight--;
	if (res == -EAGAIN || res == -EINTR)
		return issue(w, t, req, false);
	if (res > 0 && (uint32_t)res < left) {
		req->done += (uint32_t)res;
		return issue(w, t, req, false);
	}
	if (res <= 0) {
		failed(w, t, req, res);
		if (s->stop_on_error)
			return 0;	/* the slot stays free: we stop */
	} else {
		account(w, t, req, s->sync ? req->complete_ns : now);
	}
	if (__builtin_expect(s->pool, 0))
		t = pool_rebind(s, req);
	return next_io(w, t, req, now);
}

static void phase_change(struct worker *w, int ph, uint64_t now)
{
	struct worker_state *s = w->st;

	if (ph == PHASE_MEASURE && !s->measuring) {
		s->win_start_ns = atomic_load_explicit(
			&w->shared->window_start_ns, memory_order_acquire);
		s->meas_start_ns = now;
		s->measuring = true;
	} else if (ph != PHASE_MEASURE && s->measuring) {
		s->meas_end_ns = now;
		s->measuring = false;
	}
	s->phase = ph;
}

/* Time-average of the in-flight count over [last_ns, now], a stretch of
 * the window when measuring: inflight x dt per target, or for a sync
 * engine the time its calls took since last_ns (they ran one after
 * another inside it).  Either way at most the slots x dt, so the achieved
 * depth cannot pass the configured one. */
static void integrate(struct worker_state *s, uint32_t ntargets, uint64_t now)
{
	double dt = (double)(now - s->last_ns);
	uint32_t i;

	for (i = 0; i < ntargets; i++) {
		struct wt *t = &s->t[i];

		if (s->sync) {
			if (s->measuring)
				t->area_ns += t->busy_ns < dt ? t->busy_ns : dt;
			t->busy_ns = 0;
		} else if (s->measuring) {
			t->area_ns += dt * t->inflight;
		}
	}
}

/* Offer the held slots to their throttles again.  A slot held once more
 * goes back to idle[nidle], an entry already taken (nidle <= j): walking
 * from the top instead overwrote a waiting slot, losing it and queueing
 * another twice, so one request was in flight twice. */
static int refill_idle(struct worker *w, uint64_t now)
{
	struct worker_state *s = w->st;
	uint32_t i, j;
	int ret;

	s->next_wake_ns = UINT64_MAX;
	for (i = 0; i < w->ntargets; i++) {
		struct wt *t = &s->t[i];
		uint32_t n = t->nidle;

		s->nidle_total -= n;
		t->nidle = 0;
		for (j = 0; j < n; j++) {
			ret = next_io(w, t, t->idle[j], now);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* Where the scheduler runs this worker, for the report (an unpinned
 * thread away from the device's interrupt CPU pays a cross-CPU wakeup);
 * sampled every 1024 batches, sched_getcpu() being a vDSO call. */
static void sample_cpu(struct worker_state *s)
{
	int cpu = sched_getcpu();

	if (cpu >= 0 && cpu < 64)
		s->cpus_seen |= 1ull << cpu;
	s->cpu_sample_left = 1023;
}

/* Reap one batch, account it and refill the slots it freed. */
static int batch(struct worker *w, int ph)
{
	struct worker_state *s = w->st;
	uint32_t n = 0, i;
	uint64_t now;
	int ret;

	if (s->nready) {
		memcpy(s->done, s->ready, s->nready * sizeof(*s->done));
		n = s->nready;
		s->nready = 0;
	}
	if (s->staged && !w->eng.ops->reap_submits) {
		ret = w->eng.ops->submit(&w->eng);
		if (ret < 0)
			return ret;
		s->staged = 0;
	}
	if (s->inflight > n) {
		s->staged = 0;	/* reap_submits: this call sends them */
		ret = w->eng.ops->reap(&w->eng, s->done + n, n ? 0 : 1,
				       s->nreqs - n);
		if (ret < 0)
			return errf(w->errmsg, sizeof(w->errmsg), -ret,
				    "engine '%s' failed to reap completions: %s",
				    w->eng.ops->name, strerror(-ret));
		n += (uint32_t)ret;
	}
	now = clock_now_ns();
	if (!s->cpu_sample_left--)
		sample_cpu(s);
	if (s->measuring || s->sync)
		integrate(s, w->ntargets, now);
	if (ph != s->phase)
		phase_change(w, ph, now);
	if (s->nintervals && s->measuring)
		s->interval_idx = interval_index(s, now);
	s->last_ns = now;
	for (i = 0; i < n; i++) {
		ret = complete(w, s->done[i], now);
		if (ret)
			return ret;
	}
	if (s->nidle_total) {
		ret = refill_idle(w, now);
		if (ret)
			return ret;
		if (!s->inflight && s->nidle_total) {
			uint64_t until = now + ENGINE_WAIT_NS;

			if (s->next_wake_ns < until)
				until = s->next_wake_ns;
			clock_sleep_until_ns(until);
		}
	}
	atomic_store_explicit(&w->pub_ios, s->total_ios, memory_order_relaxed);
	atomic_store_explicit(&w->pub_bytes, s->total_bytes,
			      memory_order_relaxed);
	return 0;
}

/* The first I/O of every slot: the target's own slots in turn, or in a
 * pool each slot on the target drawn for it. */
static int fill_slots(struct worker *w, uint64_t now)
{
	struct worker_state *s = w->st;
	uint32_t i, j, k = 0;
	int ret = 0;

	if (s->pool) {
		for (k = 0; k < s->nreqs && !ret; k++) {
			struct io_req *req = &s->reqs[k];

			ret = next_io(w, worker_bind(s, req,
						     target_pick_next(&s->pick)),
				      req, now);
		}
		return ret;
	}
	for (i = 0; i < w->ntargets; i++) {
		for (j = 0; j < w->depth[i]; j++, k++) {
			ret = next_io(w, &s->t[i], &s->reqs[k], now);
			if (ret)
				return ret;
		}
	}
	return 0;
}

/* How many threads drive the worker's target @i: the -F threads, or
 * the target's own -t threads. */
static uint32_t worker_target_threads(const struct worker *w, uint32_t i)
{
	if (w->p->pool_threads)
		return w->p->pool_threads;
	return w->targets[w->tidx[i]].opts->threads;
}

static int worker_loop(struct worker *w)
{
	struct worker_state *s = w->st;
	uint64_t now = clock_now_ns();
	uint32_t i;
	int ph, ret;

	s->last_ns = now;
	s->phase = PHASE_INIT;
	ph = atomic_load_explicit(&w->shared->phase, memory_order_acquire);
	phase_change(w, ph, now);
	for (i = 0; i < w->ntargets; i++) {
		const struct target_opts *o = s->t[i].rt->opts;
		uint32_t burst = rate_burst_share(o->burst,
						  worker_target_threads(w, i),
						  w->thread_in_target[i]);

		/* -g<n>i counts I/Os: converting to bytes per ms would
		 * round 333 IOPS of 4K down to 332.8 */
		if (!o->throttle_bytes_per_ms && o->throttle_iops)
			rate_init_iops(&s->t[i].rate, o->throttle_iops,
				       burst, o->think_ms, now);
		else
			rate_init(&s->t[i].rate, o->throttle_bytes_per_ms,
				  burst, o->think_ms, now);
	}
	ret = fill_slots(w, now);
	if (ret)
		return ret;
	for (;;) {
		ph = atomic_load_explicit(&w->shared->phase,
					  memory_order_relaxed);
		if (ph >= PHASE_STOP)	/* run.c's answer to a signal too */
			break;
		if (s->stop_on_error &&
		    atomic_load_explicit(&w->shared->io_failed,
					 memory_order_relaxed))
			break;		/* an I/O failed, here or elsewhere */
		ret = batch(w, ph);
		if (ret)
			return ret;
	}
	return 0;
}

/* Wait (bounded) for what is still in flight so no buffer is freed under
 * the kernel; nothing is counted any more. */
static bool worker_drain(struct worker *w)
{
	struct worker_state *s = w->st;
	uint64_t deadline = clock_now_ns() + 2000000000ull;
	int ret;

	if (!w->eng.ops)
		return true;
	s->inflight -= s->nready;
	s->nready = 0;
	if (s->staged) {
		w->eng.ops->submit(&w->eng);
		s->staged = 0;
	}
	while (s->inflight && clock_now_ns() < deadline) {
		ret = w->eng.ops->reap(&w->eng, s->done, 1, s->nreqs);
		if (ret < 0)
			break;
		s->inflight -= (uint32_t)ret;
	}
	return s->inflight == 0;
}

/* Hand the counters to the rows the results own. */
static void worker_finish(struct worker *w)
{
	struct worker_state *s = w->st;
	double window_ns;
	uint32_t i;
	int d;

	if (s->measuring)
		s->meas_end_ns = s->last_ns;
	window_ns = (double)(s->meas_end_ns - s->meas_start_ns);
	for (i = 0; i < w->ntargets; i++) {
		struct wt *t = &s->t[i];

		for (d = 0; d < DIR_COUNT; d++) {
			t->row->dir[d].ios = t->ios[d];
			t->row->dir[d].bytes = t->bytes[d];
			if (t->hist && s->lat_kept)
				hist_merge(&t->row->dir[d].lat,
					   &t->hist->dir[d]);
		}
		t->row->cpus_seen = s->cpus_seen;
		t->row->mean_inflight = window_ns > 0 ?
			t->area_ns / window_ns : 0.0;
	}
	w->syscalls = w->eng.syscalls;
	w->ios = w->eng.ios;
}

/* Sleep until run.c moves the phase away from @ph (it wakes the futex),
 * or 50 ms pass: thousands of threads polling every 200 us kept two CPUs
 * so busy that starting them took minutes. */
static void wait_phase_change(_Atomic int *phase, int ph)
{
	struct timespec ts = { .tv_sec = 0, .tv_nsec = 50000000 };

	syscall(SYS_futex, (int *)phase, FUTEX_WAIT_PRIVATE, ph, &ts, NULL, 0);
}

static void *worker_main(void *arg)
{
	struct worker *w = arg;
	bool drained;

	w->err = worker_setup(w);
	if (w->err && !w->errmsg[0])
		errf(w->errmsg, sizeof(w->errmsg), -w->err,
		     "cannot set up thread %u: %s", w->id, strerror(-w->err));
	atomic_fetch_add_explicit(&w->shared->nready, 1, memory_order_release);
	while (atomic_load_explicit(&w->shared->phase, memory_order_acquire) ==
	       PHASE_INIT)
		wait_phase_change(&w->shared->phase, PHASE_INIT);
	if (!w->err) {
		w->err = worker_loop(w);
		if (w->err && !w->errmsg[0])
			errf(w->errmsg, sizeof(w->errmsg), -w->err,
			     "thread %u failed during I/O: %s", w->id,
			     strerror(-w->err));
	}
	drained = worker_drain(w);
	if (w->st && w->st->set_up)
		worker_finish(w);
	worker_teardown(w, drained);
	atomic_fetch_add_explicit(&w->shared->nexited, 1, memory_order_release);
	return NULL;
}

int worker_start(struct worker *w)
{
	int ret = pthread_create(&w->thread, NULL, worker_main, w);

	return -ret;
}

void worker_join(struct worker *w)
{
	pthread_join(w->thread, NULL);
}

size_t worker_state_bytes(void)
{
	return sizeof(struct worker_state);
}

size_t worker_target_bytes(void)
{
	return sizeof(struct wt);
}
