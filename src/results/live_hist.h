/* live_hist.h - per-interval latency figures of a run while it goes (the
 * --series file, the live status line, and the results' per-interval
 * percentiles of a -L -D run), read by the run's sampler from what each
 * worker thread records anyway.
 *
 * A worker records every latency into its own struct hist (hist.h) with
 * hist_record_shared(), whose bucket, overflow and sum stores are relaxed
 * atomics; the sampler reads them with relaxed loads (live_snap_take), so
 * neither waits for the other and no access is a data race.  The counts only grow: the
 * sampler keeps its previous snapshot and subtracts (live_snap_sub), so
 * the memory stays the same for a run of any length (a snapshot is
 * LIVE_HIST_SLOTS counters, about 9.5 KiB).  Beside it the worker keeps a
 * struct live_hist: the largest value since the sampler last took it
 * (the one figure a growing histogram cannot give per interval) and the
 * failed I/Os.  Only max_ns is reset, by the sampler, once per interval.
 *
 * A snapshot merges hist.h's buckets 2^LIVE_HIST_MERGE_BITS at a time: 32
 * per power of two, so a quoted midpoint is within 1/64 = 1.6 % of any
 * value in its bucket (hist.h: 0.4 %), exact below 256 ns to 4 ns.
 * Values at or past HIST_MAX_NS go to the last slot and are quoted as the
 * max.
 */
#ifndef IOPROBE_LIVE_HIST_H
#define IOPROBE_LIVE_HIST_H

#include <stdatomic.h>
#include <stdint.h>

#include "results/hist.h"

#define LIVE_HIST_MERGE_BITS 2
#define LIVE_HIST_BUCKETS (HIST_BUCKETS >> LIVE_HIST_MERGE_BITS)
#define LIVE_HIST_SLOTS (LIVE_HIST_BUCKETS + 1)	/* + overflow */

struct live_hist {
	_Alignas(64) _Atomic uint64_t max_ns;	/* since the sampler last
						 * took it */
	_Atomic uint64_t errors;	/* failed I/Os (live_hist_error) */
};

/* What the sampler read from one or more live histograms, or the
 * difference of two such readings: one interval. */
struct live_snap {
	uint64_t count;		/* values, the sum of buckets[] */
	uint64_t sum_ns;
	uint64_t max_ns;	/* exact largest value, 0 when none */
	uint64_t errors;
	uint64_t buckets[LIVE_HIST_SLOTS];
};

/* Single writer: the owning worker only. */
static inline void live_hist_bump(_Atomic uint64_t *v, uint64_t by)
{
	atomic_store_explicit(v, atomic_load_explicit(v, memory_order_relaxed)
				 + by, memory_order_relaxed);
}

/* The worker's part per I/O beside hist_record_shared() when the run has
 * no -D buckets (they keep the max): the interval's max. */
static inline void live_hist_record(struct live_hist *h, uint64_t ns)
{
	if (ns > atomic_load_explicit(&h->max_ns, memory_order_relaxed))
		atomic_store_explicit(&h->max_ns, ns, memory_order_relaxed);
}

static inline void live_hist_error(struct live_hist *h)
{
	live_hist_bump(&h->errors, 1);
}

/* Empty @h (before its worker starts). */
void live_hist_init(struct live_hist *h);

/* Empty @s. */
void live_snap_clear(struct live_snap *s);
/* Add what @lat (the worker's histogram, NULL: none yet) and @h hold
 * now into @s, and take @h's max (reset to 0): the max of @s is then the
 * largest value since the previous take. */
void live_snap_take(struct live_snap *s, const struct hist *lat,
		    struct live_hist *h);
/* @s += @add (counts summed, max the larger). */
void live_snap_add(struct live_snap *s, const struct live_snap *add);
/* @out = @cur - @prev for the counts, @cur's max: the interval between
 * two readings of the same histograms. */
void live_snap_sub(struct live_snap *out, const struct live_snap *cur,
		   const struct live_snap *prev);

/* Value at percentile @pct (0 < pct < 100) of @s: first bucket whose
 * cumulative count reaches ceil(pct * N / 100), quoted at its midpoint,
 * never above the max.  0 when empty. */
uint64_t live_snap_percentile(const struct live_snap *s, double pct);
/* The interval's max: the exact one, kept inside the highest bucket that
 * saw a value (a value recorded while the sampler reset the max may be
 * missing from it).  0 when empty. */
uint64_t live_snap_max(const struct live_snap *s);
/* Mean in ns, 0 when empty. */
double live_snap_mean_ns(const struct live_snap *s);

#endif
