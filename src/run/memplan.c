/* memplan.c - the memory estimate of a profile, and the refusal of one
 * that does not fit.
 *
 * The figures mirror what run.c and worker.c allocate: each thread holds
 * one buffer per queue slot plus one write buffer per target, each the
 * largest -b of its targets rounded up to 4 KiB; results.c keeps one row
 * (two histograms, and with -L or -D two more the worker records into
 * until it ends) per thread and target, and -D adds an interval series
 * per row and direction; run.c loads a -Z<size> source per written
 * target.  Thread costs outside our allocations (kernel task and stack,
 * the user stack pages a thread touches) are a fixed allowance.  Pure: no
 * system calls, so the tests pass the available memory in.
 */
#include "run/memplan.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>

#include "engine/engine.h"
#include "results/results.h"
#include "lib/util.h"
#include "run/worker.h"

#define PAGE_BYTES 4096ull
/* Kernel task, kernel stack and the user stack pages one thread touches. */
#define THREAD_KERNEL_BYTES (64ull << 10)

static uint64_t add_sat(uint64_t a, uint64_t b)
{
	uint64_t s;

	return __builtin_add_overflow(a, b, &s) ? UINT64_MAX : s;
}

static uint64_t mul_sat(uint64_t a, uint64_t b)
{
	uint64_t s;

	return __builtin_mul_overflow(a, b, &s) ? UINT64_MAX : s;
}

/* Requests target @j gets from one thread, as run_pool_depth() does. */
static uint64_t target_depth(const struct profile *p, uint32_t j)
{
	uint64_t wsum = 0, d;
	uint32_t k;

	if (!p->pool_threads || !p->pool_requests)	/* -O alone: unused */
		return p->targets[j].outstanding ? p->targets[j].outstanding : 1;
	for (k = 0; k < p->ntargets; k++)
		wsum += p->targets[k].weight ? p->targets[k].weight : 1;
	d = (uint64_t)p->pool_requests *
	    (p->targets[j].weight ? p->targets[j].weight : 1) / wsum;
	return d ? d : 1;
}

static uint64_t round_block(uint64_t bytes)
{
	if (bytes > UINT64_MAX - PAGE_BYTES)
		return UINT64_MAX;
	return (bytes + PAGE_BYTES - 1) / PAGE_BYTES * PAGE_BYTES;
}

/* One thread's buffers and requests for @n targets from @first on. */
static void thread_cost(const struct profile *p, uint32_t first, uint32_t n,
			struct memplan *m, uint64_t *buf, uint64_t *state)
{
	uint64_t slots = 0, len = 0;
	uint32_t j;

	for (j = first; j < first + n; j++) {
		if (p->targets[j].block_bytes > len)
			len = p->targets[j].block_bytes;
		slots = add_sat(slots, target_depth(p, j));
	}
	len = round_block(len);
	if (slots > m->depth_max)
		m->depth_max = slots > UINT32_MAX ? UINT32_MAX :
						    (uint32_t)slots;
	if (len > m->block_max)
		m->block_max = len;
	*buf = mul_sat(add_sat(slots, n), len);
	/* worker.c's own state: the real sizes (a target's was 2,304
	 * bytes against the 1,024 once assumed) */
	*state = add_sat(worker_state_bytes() + sizeof(struct worker) +
			 THREAD_KERNEL_BYTES,
			 add_sat(mul_sat(slots, sizeof(struct io_req) +
					 3 * sizeof(void *)),
				 mul_sat(n, worker_target_bytes())));
}

static void estimate_threads(const struct profile *p, struct memplan *m)
{
	uint64_t buf, state;
	uint32_t j;

	if (p->pool_threads) {
		thread_cost(p, 0, p->ntargets, m, &buf, &state);
		m->buffers_bytes = mul_sat(buf, p->pool_threads);
		m->threads_bytes = mul_sat(state, p->pool_threads);
		return;
	}
	for (j = 0; j < p->ntargets; j++) {
		thread_cost(p, j, 1, m, &buf, &state);
		m->buffers_bytes = add_sat(m->buffers_bytes,
					   mul_sat(buf, p->targets[j].threads));
		m->threads_bytes = add_sat(m->threads_bytes,
					   mul_sat(state, p->targets[j].threads));
	}
}

void memplan_estimate(const struct profile *p, uint64_t stack_bytes,
		      struct memplan *m)
{
	uint64_t nrows, nint = 0;
	uint32_t j;

	*m = (struct memplan){ 0 };
	m->nthreads = profile_thread_count(p);
	estimate_threads(p, m);
	nrows = mul_sat(m->nthreads, p->pool_threads ? p->ntargets : 1);
	m->stats_bytes = mul_sat(nrows, sizeof(struct thread_target));
	if (p->measure_latency || p->iops_interval_ms || p->series_path)
		m->stats_bytes = add_sat(m->stats_bytes, mul_sat(nrows,
					 DIR_COUNT * sizeof(struct hist)));
	if (p->series_path)	/* the sampler's live histograms */
		m->stats_bytes = add_sat(m->stats_bytes, mul_sat(nrows,
					 sizeof(struct live_row)));
	if (p->iops_interval_ms)
		nint = ((uint64_t)p->duration_s * 1000 + p->iops_interval_ms -
			1) / p->iops_interval_ms;
	m->series_bytes = mul_sat(mul_sat(nrows, DIR_COUNT),
				  mul_sat(nint, sizeof(struct interval_stat)));
	for (j = 0; j < p->ntargets; j++) {
		const struct target_opts *o = &p->targets[j];

		if (o->wbuf == WBUF_SOURCE && o->write_pct > 0)
			m->wsrc_bytes = add_sat(m->wsrc_bytes,
						o->wbuf_source_bytes);
	}
	m->total_bytes = add_sat(add_sat(m->buffers_bytes, m->wsrc_bytes),
				 add_sat(add_sat(m->stats_bytes,
						 m->series_bytes),
					 m->threads_bytes));
	m->virtual_bytes = add_sat(m->total_bytes,
				   mul_sat(m->nthreads, stack_bytes));
}

void memplan_format(uint64_t bytes, char *buf, size_t len)
{
	static const char *const unit[] = { "KiB", "MiB", "GiB", "TiB",
					    "PiB", "EiB" };
	double v = (double)bytes;
	int u = -1;

	if (bytes < 1024) {
		snprintf(buf, len, "%" PRIu64 " bytes", bytes);
		return;
	}
	while (v >= 1024.0 && u < 5) {
		v /= 1024.0;
		u++;
	}
	snprintf(buf, len, "%.1f %s", v, unit[u]);
}

/* A switch value as DiskSpd spells sizes: 64M, 4K, else plain bytes. */
static void size_arg(uint64_t bytes, char *buf, size_t len)
{
	if (bytes && !(bytes % (1ull << 30)))
		snprintf(buf, len, "%" PRIu64 "G", bytes >> 30);
	else if (bytes && !(bytes % (1ull << 20)))
		snprintf(buf, len, "%" PRIu64 "M", bytes >> 20);
	else if (bytes && !(bytes % 1024))
		snprintf(buf, len, "%" PRIu64 "K", bytes >> 10);
	else
		snprintf(buf, len, "%" PRIu64, bytes);
}

/* "-t4" or "-F4": the switch that sets the thread count. */
static void threads_arg(const struct profile *p, char *buf, size_t len)
{
	if (p->pool_threads)
		snprintf(buf, len, "-F%" PRIu32, p->pool_threads);
	else
		snprintf(buf, len, "-t%" PRIu32,
			 p->ntargets ? p->targets[0].threads : 0);
}

/* "-b64M with -t4 -o32 needs 8.0 GiB of I/O buffers" and the like. */
static void biggest(const struct memplan *m, const struct profile *p,
		    bool with_stacks, char *buf, size_t len)
{
	char n[32], t[32], s[32];
	uint64_t stacks = m->virtual_bytes - m->total_bytes;

	threads_arg(p, t, sizeof(t));
	if (with_stacks && stacks >= m->buffers_bytes &&
	    stacks >= m->wsrc_bytes && stacks >= m->stats_bytes) {
		memplan_format(stacks, n, sizeof(n));
		snprintf(buf, len, "%s needs %s of thread stacks", t, n);
	} else if (m->buffers_bytes >= m->wsrc_bytes &&
		   m->buffers_bytes >= m->stats_bytes &&
		   m->buffers_bytes >= m->series_bytes &&
		   m->buffers_bytes >= m->threads_bytes) {
		size_arg(m->block_max, s, sizeof(s));
		memplan_format(m->buffers_bytes, n, sizeof(n));
		snprintf(buf, len, "-b%s with %s -o%" PRIu32
			 " needs %s of I/O buffers", s, t, m->depth_max, n);
	} else if (m->wsrc_bytes >= m->stats_bytes &&
		   m->wsrc_bytes >= m->series_bytes &&
		   m->wsrc_bytes >= m->threads_bytes) {
		size_arg(m->wsrc_bytes, s, sizeof(s));
		memplan_format(m->wsrc_bytes, n, sizeof(n));
		snprintf(buf, len, "-Z%s needs %s of write source buffers",
			 s, n);
	} else if (m->series_bytes >= m->stats_bytes &&
		   m->series_bytes >= m->threads_bytes) {
		memplan_format(m->series_bytes, n, sizeof(n));
		snprintf(buf, len, "-D%" PRIu32 " over -d%" PRIu32
			 " with %s needs %s of interval series",
			 p->iops_interval_ms, p->duration_s, t, n);
	} else if (m->stats_bytes >= m->threads_bytes) {
		memplan_format(m->stats_bytes, n, sizeof(n));
		snprintf(buf, len, "%s needs %s of latency histograms", t, n);
	} else {
		memplan_format(m->threads_bytes, n, sizeof(n));
		snprintf(buf, len, "%s needs %s of per-thread state", t, n);
	}
}

int memplan_check(const struct memplan *m, const struct profile *p,
		  uint64_t avail_bytes, uint64_t limit_bytes, char *err,
		  size_t errlen)
{
	uint64_t allowed = avail_bytes / 100 * MEMPLAN_MAX_PCT;
	char what[160], total[32], have[32];

	if (m->virtual_bytes > limit_bytes) {
		biggest(m, p, true, what, sizeof(what));
		memplan_format(m->virtual_bytes, total, sizeof(total));
		memplan_format(limit_bytes, have, sizeof(have));
		return errf(err, errlen, ENOMEM,
			    "%s (%s of address space in all), more than the "
			    "%s limit (ulimit -v, -d); use fewer threads or "
			    "smaller buffers", what, total, have);
	}
	if (m->total_bytes > allowed) {
		biggest(m, p, false, what, sizeof(what));
		memplan_format(m->total_bytes, total, sizeof(total));
		memplan_format(avail_bytes, have, sizeof(have));
		return errf(err, errlen, ENOMEM,
			    "%s (%s in all), more than %d%% of the %s "
			    "available; use fewer threads or smaller buffers",
			    what, total, MEMPLAN_MAX_PCT, have);
	}
	return 0;
}
