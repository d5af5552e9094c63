/* worker_setup.c - a worker's set-up before the clock starts, and its
 * tear-down: CPU pinning and I/O priority, the per-target generators,
 * the buffers and request slots, the engine (opened by the worker thread
 * itself, with its files, buffers or -Sm maps), the latency histograms;
 * then closing and freeing all of it.
 */
#include "run/worker_setup.h"

#include <errno.h>
#include <pthread.h>
#include <sched.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/syscall.h>
#include <unistd.h>

#include "lib/util.h"

/* -I: 1 = very low (idle class), 2 = low (best effort, lowest level).
 * Refused, it is a warning in @w->warn, which the run says. */
static void worker_ioprio(struct worker *w, uint32_t prio)
{
	int value;

	if (prio == 1)
		value = 3 << 13;		/* IOPRIO_CLASS_IDLE */
	else if (prio == 2)
		value = (2 << 13) | 7;		/* IOPRIO_CLASS_BE, level 7 */
	else
		return;
	/* IOPRIO_WHO_PROCESS with 0 = the calling thread. */
	if (syscall(SYS_ioprio_set, 1, 0, value) < 0)
		snprintf(w->warn, sizeof(w->warn),
			 "cannot set I/O priority %u: %s", prio,
			 strerror(errno));
}

static int worker_pin(struct worker *w)
{
	cpu_set_t set;
	int ret;

	if (w->cpu < 0)
		return 0;
	CPU_ZERO(&set);
	CPU_SET((unsigned int)w->cpu, &set);
	ret = pthread_setaffinity_np(pthread_self(), sizeof(set), &set);
	if (ret)
		return errf(w->errmsg, sizeof(w->errmsg), ret,
			    "cannot pin thread %u to cpu '%d': %s", w->id,
			    w->cpu, strerror(ret));
	return 0;
}

/* A target's throttle queue (only if throttled) and -p pointers for
 * @n slots: its own depth, or every slot of a pool. */
static int setup_slots(struct wt *t, uint32_t n)
{
	uint32_t j;

	if (t->rated) {
		t->idle = calloc(n, sizeof(*t->idle));
		if (!t->idle)
			return -ENOMEM;
	}
	if (t->rt->opts->parallel_async && t->wl.mode == WL_SEQUENTIAL) {
		t->pseq = calloc(n, sizeof(*t->pseq));
		if (!t->pseq)
			return -ENOMEM;
		/* every slot starts where the thread starts */
		for (j = 0; j < n; j++)
			t->pseq[j] = t->wl.next_seq;
	}
	return 0;
}

static void setup_req(struct worker_state *s, uint32_t i, uint32_t k)
{
	struct io_req *req = &s->reqs[k];

	req->slot = k;
	worker_bind(s, req, i);
	req->buf = s->bufs[k];
	req->buf_index = (int32_t)k;
}

static int setup_buffers(struct worker *w, struct worker_state *s)
{
	size_t align = 4096, len = 0;
	uint32_t i, j, k = 0, slots;
	int ret;

	for (i = 0; i < w->ntargets; i++) {
		const struct run_target *rt = &w->targets[w->tidx[i]];

		if (rt->t.logical_block > align)
			align = rt->t.logical_block;
		if (rt->opts->block_bytes > len)
			len = rt->opts->block_bytes;
		if (!s->pool)
			s->nreqs += w->depth[i];
	}
	if (s->pool)
		s->nreqs = w->pool_slots;
	slots = s->pool ? s->nreqs : 0;
	len = (len + align - 1) / align * align;
	s->buf_bytes = len;
	s->nbufs = s->nreqs + w->ntargets;
	s->bufs = calloc(s->nbufs, sizeof(*s->bufs));
	s->reqs = calloc(s->nreqs, sizeof(*s->reqs));
	s->done = calloc(s->nreqs, sizeof(*s->done));
	s->ready = calloc(s->nreqs, sizeof(*s->ready));
	if (!s->bufs || !s->reqs || !s->done || !s->ready)
		return -ENOMEM;
	for (i = 0; i < s->nbufs; i++) {
		if (posix_memalign(&s->bufs[i], align, len))
			return errf(w->errmsg, sizeof(w->errmsg), ENOMEM,
				    "cannot allocate %u buffers of %zu bytes for thread %u",
				    s->nbufs, len, w->id);
		for (j = 0; j < len; j++)
			((unsigned char *)s->bufs[i])[j] = (unsigned char)j;
	}
	for (i = 0; i < w->ntargets; i++) {
		struct wt *t = &s->t[i];
		const struct run_target *rt = t->rt;

		t->wbuf_index = (int32_t)(s->nreqs + i);
		t->wbuf = s->bufs[t->wbuf_index];
		if (rt->opts->wbuf == WBUF_ZERO)
			memset(t->wbuf, 0, len);
		ret = setup_slots(t, slots ? slots : w->depth[i]);
		if (ret)
			return ret;
		t->first_slot = slots ? 0 : k;
		for (j = 0; !slots && j < w->depth[i]; j++, k++)
			setup_req(s, i, k);
	}
	for (k = 0; k < slots; k++)
		setup_req(s, 0, k);	/* the pool draws its target later */
	return 0;
}

static int setup_targets(struct worker *w, struct worker_state *s)
{
	const struct profile *p = w->p;
	uint32_t i, k;
	int ret;

	for (i = 0; i < w->ntargets; i++) {
		struct wt *t = &s->t[i];
		struct run_target *rt = &w->targets[w->tidx[i]];
		const struct target_opts *o = rt->opts;
		struct dir_stats *d;

		t->rt = rt;
		t->row = &w->rows[i];
		t->live = w->live ? &w->live[i] : NULL;
		t->block = o->block_bytes;
		ret = workload_init(&t->wl, o, rt->t.size_bytes,
				    w->thread_in_target[i], w->id, p->seed,
				    o->interlocked ? &rt->seq : NULL,
				    w->errmsg, sizeof(w->errmsg));
		if (ret)
			return ret;
		rng_seed(&t->rng_data, p->seed, w->id, RNG_DATA);
		t->rated = o->throttle_bytes_per_ms || o->throttle_iops ||
			   o->burst;
		t->row->thread = w->id;
		t->row->target = w->tidx[i];
		t->row->cpu = w->cpu;
		for (k = 0; k < DIR_COUNT && w->nintervals; k++) {
			uint32_t j;

			d = &t->row->dir[k];
			for (j = 0; d->intervals && j < w->nintervals; j++)
				if (!d->intervals[j].ios)
					d->intervals[j].lat_min_ns = UINT64_MAX;
		}
	}
	return 0;
}

/* -F -O: every slot of the thread serves every target, drawn per I/O
 * by the targets' weights. */
static void setup_pool(struct worker *w, struct worker_state *s)
{
	uint32_t weights[PROFILE_MAX_TARGETS];
	uint32_t i;

	for (i = 0; i < w->ntargets; i++)
		weights[i] = w->weight[i] ? w->weight[i] :
			     w->targets[w->tidx[i]].opts->weight;
	target_pick_init(&s->pick, weights, w->ntargets, w->p->seed, w->id);
	s->pool = true;
}

/* Engine notes are one line: a later fact joins the first with "; ". */
static void add_note(struct worker *w, const char *what)
{
	size_t n = strlen(w->note);

	snprintf(w->note + n, sizeof(w->note) - n, "%s%s", n ? "; " : "",
		 what);
}

/* -Sm: hand the maps to the engine (NULL: that target was not mapped). */
static int setup_maps(struct worker *w)
{
	void *maps[PROFILE_MAX_TARGETS];
	bool durable[PROFILE_MAX_TARGETS];
	uint32_t i;

	for (i = 0; i < w->ntargets; i++) {
		const struct run_target *rt = &w->targets[w->tidx[i]];

		maps[i] = rt->t.map;
		durable[i] = rt->opts->flush != FLUSH_NONE;
	}
	return w->eng.ops->set_maps(&w->eng, maps, durable, w->ntargets);
}

/* Registered buffers only save the kernel a page walk per I/O: a failed
 * registration (RLIMIT_MEMLOCK, too many) is a note, not an error. */
static void setup_register(struct worker *w, struct worker_state *s)
{
	char what[160];
	int ret;

	ret = w->eng.ops->register_buffers(&w->eng, s->bufs, s->nbufs,
					   s->buf_bytes);
	if (!ret)
		return;
	snprintf(what, sizeof(what),
		 "cannot register buffers with %s (%s): using unregistered buffers",
		 w->eng.ops->name, strerror(-ret));
	add_note(w, what);
}

static int setup_engine(struct worker *w, struct worker_state *s)
{
	int fds[PROFILE_MAX_TARGETS];
	uint32_t i;
	int ret;

	for (i = 0; i < w->ntargets; i++)
		fds[i] = w->targets[w->tidx[i]].t.fd;
	if (w->targets[w->tidx[0]].opts->cache == CACHE_MMAP)
		ret = engine_open_ops(&w->eng, &engine_mmap_ops, s->nreqs, fds,
				      w->ntargets, w->note, sizeof(w->note));
	else
		ret = engine_open(&w->eng, w->p->engine, s->nreqs, fds,
				  w->ntargets, w->note, sizeof(w->note));
	if (ret) {
		str_copy(w->errmsg, sizeof(w->errmsg), w->note);
		w->note[0] = '\0';
		return ret;
	}
	if (w->eng.ops->caps & ENGINE_CAP_NEEDS_MAP) {
		ret = setup_maps(w);
		if (ret)
			return ret;
	}
	if (w->eng.ops->register_buffers)
		setup_register(w, s);
	w->engine_name = w->eng.ops->name;
	s->sync = w->eng.ops->caps & ENGINE_CAP_COMPLETES_IN_QUEUE;
	return 0;
}

/* -L/-D: this worker's own histograms, one cache-line aligned block per
 * target (see struct wt_hist), in the sampler's rows when there is one
 * (it reads them at each interval's end). */
static int setup_hists(struct worker *w, struct worker_state *s)
{
	uint32_t i;
	int d;

	for (i = 0; i < w->ntargets; i++) {
		void *mem = s->t[i].live ? &s->t[i].live->lat : NULL;

		if (!mem && posix_memalign(&mem, 64, sizeof(*s->t[i].hist)))
			return -ENOMEM;
		s->t[i].hist = mem;
		for (d = 0; d < DIR_COUNT; d++)
			hist_init(&s->t[i].hist->dir[d]);
	}
	return 0;
}

int worker_setup(struct worker *w)
{
	struct worker_state *s;
	void *mem;
	int ret;

	if (posix_memalign(&mem, 64, sizeof(*s)))
		return -ENOMEM;
	s = memset(mem, 0, sizeof(*s));
	w->st = s;
	/* the per-target counters are written on every I/O: a line of
	 * their own too */
	if (posix_memalign(&mem, 64, w->ntargets * sizeof(*s->t)))
		return -ENOMEM;
	s->t = memset(mem, 0, w->ntargets * sizeof(*s->t));
	ret = worker_pin(w);
	if (ret)
		return ret;
	worker_ioprio(w, w->targets[w->tidx[0]].opts->io_priority);
	ret = setup_targets(w, s);
	if (ret)
		return ret;
	if (w->pool_slots)
		setup_pool(w, s);
	ret = setup_buffers(w, s);
	if (ret)
		return ret;
	ret = setup_engine(w, s);
	if (ret)
		return ret;
	s->lat_kept = w->p->measure_latency || w->p->iops_interval_ms;
	s->lat = s->lat_kept || w->live;
	if (s->lat) {
		ret = setup_hists(w, s);
		if (ret)
			return ret;
	}
	s->batch_submit = w->p->batch_submit ? w->p->batch_submit : 1;
	s->interval_ns = (uint64_t)w->p->iops_interval_ms * 1000000ull;
	s->nintervals = s->interval_ns ? w->nintervals : 0;
	s->per_interval = s->nintervals || w->live;
	s->interval_idx = UINT32_MAX;
	s->stop_on_error = !w->p->continue_on_error;
	s->set_up = true;
	return 0;
}

void worker_teardown(struct worker *w, bool drained)
{
	struct worker_state *s = w->st;
	uint32_t i;

	if (!s)
		return;
	if (w->eng.ops)
		engine_close(&w->eng);
	if (drained && s->bufs)
		for (i = 0; i < s->nbufs; i++)
			free(s->bufs[i]);
	for (i = 0; s->t && i < w->ntargets; i++) {
		free(s->t[i].idle);
		free(s->t[i].pseq);
		if (!s->t[i].live)	/* the sampler's, else */
			free(s->t[i].hist);
	}
	free(s->t);
	free(s->bufs);
	free(s->reqs);
	free(s->done);
	free(s->ready);
	free(s);
	w->st = NULL;
}
