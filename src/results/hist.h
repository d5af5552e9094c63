/* hist.h - constant-memory log-linear latency histogram.
 *
 * Values are nanoseconds.  Below 2^(HIST_SUB_BITS+1) ns every value has its
 * own bucket (exact).  Above, each power of two [2^k, 2^(k+1)) is split into
 * HIST_SUB = 2^HIST_SUB_BITS equal sub-buckets, so a bucket's width is at
 * most value / HIST_SUB and quoting its midpoint is off by at most
 * 1 / (2 * HIST_SUB) = 0.39 % with HIST_SUB_BITS = 7.
 *
 * Groups: index g = 0 and 1 hold the exact values 0..255; group g >= 2
 * holds [2^(g+6), 2^(g+7)).  HIST_GROUPS = 37 reaches 2^43 ns (about
 * 2.4 hours), so a throttled disk's minute-long maxima are still exact to
 * 0.4 %.  Values at or past HIST_MAX_NS are counted in `overflow` (and in
 * min/max/sum), never clamped into the last bucket.
 *
 * Memory: HIST_BUCKETS * 8 bytes = 37,888 bytes per histogram.
 *
 * Recording is single-threaded (one histogram per worker, op and target);
 * merge by adding element-wise, then compute percentiles on the merged one.
 */
#ifndef IOPROBE_HIST_H
#define IOPROBE_HIST_H

#include <stdbool.h>
#include <stdint.h>

#define HIST_SUB_BITS 7
#define HIST_SUB (1u << HIST_SUB_BITS)
#define HIST_GROUPS 37
#define HIST_BUCKETS (HIST_GROUPS * HIST_SUB)
#define HIST_MAX_NS (1ull << (HIST_GROUPS + HIST_SUB_BITS - 1))

struct hist {
	uint64_t count;		/* values recorded, overflow included */
	uint64_t overflow;	/* values >= HIST_MAX_NS */
	uint64_t min_ns;	/* exact; UINT64_MAX when empty */
	uint64_t max_ns;	/* exact; 0 when empty */
	double sum_ns;		/* exact mean = sum_ns / count */
	double sumsq_ns;	/* population sigma from sum and sumsq */
	uint64_t buckets[HIST_BUCKETS];
};

static inline unsigned int hist_index(uint64_t ns)
{
	unsigned int shift;

	if (ns < 2 * HIST_SUB)
		return (unsigned int)ns;
	shift = 63 - (unsigned int)__builtin_clzll(ns) - HIST_SUB_BITS;
	return ((shift + 1) << HIST_SUB_BITS) +
	       (unsigned int)((ns >> shift) & (HIST_SUB - 1));
}

static inline void hist_record(struct hist *h, uint64_t ns)
{
	double d = (double)ns;

	h->count++;
	h->sum_ns += d;
	h->sumsq_ns += d * d;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	if (ns >= HIST_MAX_NS)
		h->overflow++;
	else
		h->buckets[hist_index(ns)]++;
}

/* hist_record() of a histogram another thread reads while the owner
 * records (hist_read_*: the run's sampler takes a worker's histograms at
 * each interval's end): the bucket, overflow and sum stores are relaxed,
 * plain moves on x86-64, so such a reading is no data race.  Single
 * writer: the owner's own loads need no ordering.  The slot is taken
 * first and the shared stores done last, so the compiler keeps the
 * histogram in registers. */
static inline void hist_record_shared(struct hist *h, uint64_t ns)
{
	double d = (double)ns, sum = h->sum_ns + d;
	uint64_t *slot = ns >= HIST_MAX_NS ? &h->overflow :
			 &h->buckets[hist_index(ns)];

	h->count++;
	h->sumsq_ns += d * d;
	if (ns < h->min_ns)
		h->min_ns = ns;
	if (ns > h->max_ns)
		h->max_ns = ns;
	__atomic_store_n(slot, *slot + 1, __ATOMIC_RELAXED);
	__atomic_store(&h->sum_ns, &sum, __ATOMIC_RELAXED);
}

/* Another thread's readings of a histogram recorded by
 * hist_record_shared(). */
static inline uint64_t hist_read_bucket(const struct hist *h, unsigned int i)
{
	return __atomic_load_n(&h->buckets[i], __ATOMIC_RELAXED);
}

static inline uint64_t hist_read_overflow(const struct hist *h)
{
	return __atomic_load_n(&h->overflow, __ATOMIC_RELAXED);
}

static inline double hist_read_sum(const struct hist *h)
{
	double v;

	__atomic_load(&h->sum_ns, &v, __ATOMIC_RELAXED);
	return v;
}

/* Empty @h. */
void hist_init(struct hist *h);
/* Add @src into @dst element-wise. */
void hist_merge(struct hist *dst, const struct hist *src);
/* Lowest and highest value (ns) that bucket @idx covers. */
uint64_t hist_bucket_low(unsigned int idx);
uint64_t hist_bucket_high(unsigned int idx);
/* Midpoint of bucket @idx, the value quoted for it. */
uint64_t hist_bucket_mid(unsigned int idx);
/* Value at percentile @pct (0..100): first bucket whose cumulative count
 * reaches ceil(pct * N / 100), quoted at its midpoint and clamped to
 * [min, max]; pct 0 = min, pct 100 = max.  0 when empty.  Overflowed
 * values rank above every bucket and are quoted as max. */
uint64_t hist_percentile(const struct hist *h, double pct);
double hist_mean_ns(const struct hist *h);
double hist_stddev_ns(const struct hist *h);	/* population sigma */
bool hist_empty(const struct hist *h);

#endif
