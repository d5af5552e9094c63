/* series_sampler.c - the per-interval sampler of series_sampler.h: the
 * workers' histograms (owned here) handed to them, readings at each
 * interval's end, rows for the caller's callback and, for a -L -D run,
 * each interval's percentiles kept in the results.
 */
#include "run/series_sampler.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "results/live_hist.h"

struct run_series {
	series_fn fn;			/* NULL: percentiles only */
	void *arg;
	const struct profile *p;
	struct results *r;
	bool keep;			/* fill r->ipct (-L with -D) */
	struct live_row *live;	/* one per results row, the workers'
				 * (cache-line aligned) */
	uint32_t nrows;
	uint32_t ntargets;
	struct live_snap *prev, *cur;	/* [target * DIR_COUNT + dir] */
	struct live_snap diff, total;	/* scratch, one interval */
	struct live_snap both;		/* one target, reads and writes */
	struct live_snap dirs[DIR_COUNT];	/* one direction, all targets */
	struct series_row *out;		/* ntargets * DIR_COUNT rows */
	uint64_t period_ns;
	uint64_t t0_ns;			/* the measured window's start */
	uint64_t last_ns;		/* the previous reading */
	uint64_t next_ns;		/* next interval's end, UINT64_MAX */
	uint32_t index;			/* intervals reported */
};

/* The results keep per-interval percentiles when the run has -L and -D
 * and the sampler's intervals are -D's. */
static bool keeps_pct(const struct profile *p, const struct results *r,
		      uint32_t interval_ms)
{
	return p->measure_latency && r->nintervals && r->interval_ms &&
	       interval_ms == r->interval_ms;
}

static int alloc_rows(struct run_series *s)
{
	size_t nsnap = (size_t)s->ntargets * DIR_COUNT;
	uint32_t i, d;
	void *mem;

	if (posix_memalign(&mem, 64, (size_t)s->nrows * sizeof(*s->live)))
		return -ENOMEM;
	s->live = mem;
	s->prev = calloc(nsnap, sizeof(*s->prev));
	s->cur = calloc(nsnap, sizeof(*s->cur));
	s->out = calloc(nsnap, sizeof(*s->out));
	if (!s->prev || !s->cur || !s->out)
		return -ENOMEM;
	for (i = 0; i < s->nrows; i++)
		for (d = 0; d < DIR_COUNT; d++) {
			hist_init(&s->live[i].lat.dir[d]);
			live_hist_init(&s->live[i].dir[d]);
		}
	return 0;
}

int run_series_new(struct run_series **out, series_fn fn, void *arg,
		   uint32_t interval_ms, const struct profile *p,
		   struct results *r, struct worker *w, uint32_t nworkers)
{
	struct run_series *s;
	uint32_t i;
	int ret;

	*out = NULL;
	if (!fn)
		interval_ms = r->interval_ms;
	if ((!fn && !keeps_pct(p, r, interval_ms)) || !interval_ms ||
	    !r->nrows)
		return 0;
	s = calloc(1, sizeof(*s));
	if (!s)
		return -ENOMEM;
	*out = s;
	s->fn = fn;
	s->arg = arg;
	s->p = p;
	s->r = r;
	s->nrows = r->nrows;
	s->ntargets = p->ntargets;
	s->period_ns = (uint64_t)interval_ms * 1000000ull;
	s->next_ns = UINT64_MAX;
	ret = alloc_rows(s);
	if (ret)
		return ret;
	if (keeps_pct(p, r, interval_ms)) {
		ret = results_alloc_ipct(r);
		if (ret)
			return ret;
		s->keep = true;
	}
	/* a worker's rows are a slice of the results' rows: its live
	 * histograms are the same slice of ours */
	for (i = 0; i < nworkers; i++)
		w[i].live = &s->live[w[i].rows - r->rows];
	return 0;
}

/* Read every row's histograms into cur[], per target and direction. */
static void take_all(struct run_series *s)
{
	size_t nsnap = (size_t)s->ntargets * DIR_COUNT;
	uint32_t i, d;

	for (i = 0; i < nsnap; i++)
		live_snap_clear(&s->cur[i]);
	for (i = 0; i < s->nrows; i++) {
		uint32_t t = s->r->rows[i].target;

		if (t >= s->ntargets)
			continue;
		for (d = 0; d < DIR_COUNT; d++)
			live_snap_take(&s->cur[t * DIR_COUNT + d],
				       &s->live[i].lat.dir[d],
				       &s->live[i].dir[d]);
	}
}

static bool target_does(const struct target_opts *o, uint32_t d)
{
	return d == DIR_READ ? o->write_pct < 100 : o->write_pct > 0;
}

static double unix_now_s(void)
{
	struct timespec ts;

	clock_gettime(CLOCK_REALTIME, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec / 1e9;
}

/* @row's figures from the interval @x of @secs seconds, @bytes moved. */
static void fill_row(struct series_row *row, const struct live_snap *x,
		     uint64_t bytes, double secs)
{
	double mean = live_snap_mean_ns(x);

	row->ios = x->count;
	row->bytes = bytes;
	row->errors = x->errors;
	row->iops = secs > 0 ? (double)x->count / secs : 0.0;
	row->mib_s = secs > 0 ? (double)bytes / 1048576.0 / secs : 0.0;
	row->mean_ns = (uint64_t)(mean + 0.5);
	row->p50_ns = live_snap_percentile(x, 50);
	row->p99_ns = live_snap_percentile(x, 99);
	row->max_ns = live_snap_max(x);
	row->inflight = row->iops * mean / 1e9;
}

/* With -D the workers keep each bucket's exact max there, not in the
 * live histogram: the max of target @t's rows in direction @d for the
 * -D interval @slot (relaxed loads of what they store relaxed).  The
 * sampler's interval is that bucket, read a poll late. */
static void bucket_max(const struct run_series *s, uint32_t slot, uint32_t t,
		       uint32_t d, struct live_snap *x)
{
	uint32_t i;

	if (slot >= s->r->nintervals)
		return;
	for (i = 0; i < s->nrows; i++) {
		const struct interval_stat *iv = s->r->rows[i].dir[d].intervals;
		uint64_t v;

		if (s->r->rows[i].target != t || !iv)
			continue;
		v = __atomic_load_n(&iv[slot].lat_max_ns, __ATOMIC_RELAXED);
		if (v > x->max_ns)
			x->max_ns = v;
	}
}

/* The percentiles of @x into the results, at the -D interval @slot of
 * target @t (-1: all) and direction @d. */
static void keep_pct(struct run_series *s, uint32_t slot, int t,
		     enum io_dir d, const struct live_snap *x)
{
	struct interval_pct *e;

	if (!s->keep || slot >= s->r->nintervals || !x->count)
		return;
	e = &s->r->ipct[results_ipct_index(s->r, slot, t, d)];
	e->p50_ns = live_snap_percentile(x, 50);
	e->p99_ns = live_snap_percentile(x, 99);
	e->max_ns = live_snap_max(x);
}

/* Target @t's two directions of the interval into its rows at s->out[*n]
 * (those it does), the sums and the kept percentiles. */
static void report_target(struct run_series *s, uint32_t t,
			  const struct series_row *head, uint32_t slot,
			  double secs, uint32_t *n, uint64_t *total_bytes)
{
	const struct target_opts *o = &s->p->targets[t];
	uint32_t d;

	live_snap_clear(&s->both);
	for (d = 0; d < DIR_COUNT; d++) {
		size_t k = (size_t)t * DIR_COUNT + d;
		struct series_row *row = &s->out[*n];
		uint64_t bytes;

		live_snap_sub(&s->diff, &s->cur[k], &s->prev[k]);
		bucket_max(s, slot, t, d, &s->diff);
		live_snap_add(&s->total, &s->diff);
		if (s->keep) {
			live_snap_add(&s->dirs[d], &s->diff);
			live_snap_add(&s->both, &s->diff);
			keep_pct(s, slot, (int)t, (enum io_dir)d, &s->diff);
		}
		bytes = s->diff.count * o->block_bytes;
		*total_bytes += bytes;
		if (!s->fn || !target_does(o, d))
			continue;
		*row = *head;
		row->target = t;
		row->path = s->r->targets[t].path;
		row->dir = (enum io_dir)d;
		fill_row(row, &s->diff, bytes, secs);
		(*n)++;
	}
	keep_pct(s, slot, (int)t, DIR_COUNT, &s->both);
}

/* One interval from the last reading to @now_ns: rows to the callback,
 * percentiles to the results (at the -D interval where it began: a late
 * reading spanning several is kept in the first). */
static void report(struct run_series *s, uint64_t now_ns)
{
	struct series_row head = { 0 }, total;
	double secs = (double)(now_ns - s->last_ns) / 1e9;
	uint32_t slot = (uint32_t)((s->last_ns - s->t0_ns) / s->period_ns);
	uint64_t total_bytes = 0;
	uint32_t t, d, n = 0;
	struct live_snap *swap;

	take_all(s);
	head.index = s->index++;
	head.start_s = (double)(s->last_ns - s->t0_ns) / 1e9;
	head.end_s = (double)(now_ns - s->t0_ns) / 1e9;
	head.unix_s = s->fn ? unix_now_s() : 0;
	live_snap_clear(&s->total);
	for (d = 0; d < DIR_COUNT; d++)
		live_snap_clear(&s->dirs[d]);
	for (t = 0; t < s->ntargets; t++)
		report_target(s, t, &head, slot, secs, &n, &total_bytes);
	for (d = 0; d < DIR_COUNT; d++)
		keep_pct(s, slot, -1, (enum io_dir)d, &s->dirs[d]);
	keep_pct(s, slot, -1, DIR_COUNT, &s->total);
	swap = s->prev;
	s->prev = s->cur;
	s->cur = swap;
	s->last_ns = now_ns;
	if (!s->fn)
		return;
	total = head;
	total.target = SERIES_ALL;
	total.path = "";
	total.dir = DIR_COUNT;
	fill_row(&total, &s->total, total_bytes, secs);
	s->fn(s->arg, s->out, n, &total);
}

void run_series_start(struct run_series *s, uint64_t t0_ns)
{
	if (!s)
		return;
	take_all(s);	/* errors of the warm-up stay out of the series */
	memcpy(s->prev, s->cur,
	       (size_t)s->ntargets * DIR_COUNT * sizeof(*s->prev));
	s->t0_ns = s->last_ns = t0_ns;
	s->next_ns = t0_ns + s->period_ns;
}

uint64_t run_series_next_ns(const struct run_series *s)
{
	return s ? s->next_ns : UINT64_MAX;
}

void run_series_poll(struct run_series *s, uint64_t now_ns)
{
	if (!s || now_ns < s->next_ns)
		return;
	report(s, now_ns);
	/* a main thread that slept through several ends (a stalled
	 * machine) reports them as one longer interval: its start_s and
	 * end_s say so */
	while (s->next_ns <= now_ns)
		s->next_ns += s->period_ns;
}

void run_series_end(struct run_series *s, uint64_t t1_ns)
{
	if (!s || s->next_ns == UINT64_MAX)
		return;
	/* the rest of the window, when it is worth a line (1 ms) */
	if (t1_ns > s->last_ns + 1000000ull)
		report(s, t1_ns);
	s->next_ns = UINT64_MAX;
}

void run_series_free(struct run_series *s)
{
	if (!s)
		return;
	free(s->live);
	free(s->prev);
	free(s->cur);
	free(s->out);
	free(s);
}
