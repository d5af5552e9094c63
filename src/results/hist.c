/* hist.c - the log-linear latency histogram: bucket geometry, merging,
 * percentiles and moments.  Recording itself is inline in hist.h because
 * it runs once per I/O. */
#include "results/hist.h"

#include <math.h>
#include <string.h>

void hist_init(struct hist *h)
{
	memset(h, 0, sizeof(*h));
	h->min_ns = UINT64_MAX;
}

void hist_merge(struct hist *dst, const struct hist *src)
{
	unsigned int i;

	if (!src->count)
		return;
	dst->count += src->count;
	dst->overflow += src->overflow;
	dst->sum_ns += src->sum_ns;
	dst->sumsq_ns += src->sumsq_ns;
	if (src->min_ns < dst->min_ns)
		dst->min_ns = src->min_ns;
	if (src->max_ns > dst->max_ns)
		dst->max_ns = src->max_ns;
	for (i = 0; i < HIST_BUCKETS; i++)
		dst->buckets[i] += src->buckets[i];
}

/*
 * Bucket idx >= 2 * HIST_SUB sits in group g = idx / HIST_SUB, which
 * hist_index() reached with shift = g - 1: the bucket starts at
 * (HIST_SUB + sub) << shift and is 1 << shift wide.  Below that every
 * bucket holds exactly one value.
 */
uint64_t hist_bucket_low(unsigned int idx)
{
	unsigned int shift, sub;

	if (idx < 2 * HIST_SUB)
		return idx;
	shift = (idx >> HIST_SUB_BITS) - 1;
	sub = idx & (HIST_SUB - 1);
	return (uint64_t)(HIST_SUB + sub) << shift;
}

uint64_t hist_bucket_high(unsigned int idx)
{
	if (idx < 2 * HIST_SUB)
		return idx;
	return hist_bucket_low(idx) +
	       ((uint64_t)1 << ((idx >> HIST_SUB_BITS) - 1)) - 1;
}

uint64_t hist_bucket_mid(unsigned int idx)
{
	if (idx < 2 * HIST_SUB)
		return idx;
	/* low + width / 2: at most width / 2 from any value in the bucket,
	 * and every value is at least HIST_SUB widths, so <= 1/(2*HIST_SUB) */
	return hist_bucket_low(idx) +
	       ((uint64_t)1 << ((idx >> HIST_SUB_BITS) - 2));
}

/* Nearest rank ceil(pct * N / 100), in 1..N.  The product is computed in
 * double: shave a relative 1e-14 first so that a rank that is an integer
 * on paper (99.9 % of 1000) does not round up to the next one. */
static uint64_t pct_rank(double pct, uint64_t n)
{
	double x = pct * (double)n / 100.0;
	double r = ceil(x - x * 1e-14);

	if (r < 1.0)
		return 1;
	if (r >= (double)n)
		return n;
	return (uint64_t)r;
}

static uint64_t clamp_u64(uint64_t v, uint64_t lo, uint64_t hi)
{
	if (v < lo)
		return lo;
	if (v > hi)
		return hi;
	return v;
}

uint64_t hist_percentile(const struct hist *h, double pct)
{
	uint64_t rank, cum = 0;
	unsigned int i;

	if (!h->count)
		return 0;
	if (!(pct > 0.0))	/* also NaN */
		return h->min_ns;
	if (pct >= 100.0)
		return h->max_ns;
	rank = pct_rank(pct, h->count);
	for (i = 0; i < HIST_BUCKETS; i++) {
		cum += h->buckets[i];
		if (cum >= rank)
			return clamp_u64(hist_bucket_mid(i), h->min_ns,
					 h->max_ns);
	}
	/* the rank lies among the overflowed values, all above the range */
	return h->max_ns;
}

double hist_mean_ns(const struct hist *h)
{
	if (!h->count)
		return 0.0;
	return h->sum_ns / (double)h->count;
}

double hist_stddev_ns(const struct hist *h)
{
	double n, var;

	if (!h->count)
		return 0.0;
	n = (double)h->count;
	/* (sumsq - sum^2 / n) / n; rounding may make it a hair negative */
	var = (h->sumsq_ns - h->sum_ns * (h->sum_ns / n)) / n;
	return var > 0.0 ? sqrt(var) : 0.0;
}

bool hist_empty(const struct hist *h)
{
	return h->count == 0;
}
