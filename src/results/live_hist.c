/* live_hist.c - the sampler's side of the per-interval figures: reading a
 * worker's histogram into a snapshot, adding and subtracting snapshots,
 * percentiles of one interval.  The recording side is inline in hist.h
 * and live_hist.h. */
#include "results/live_hist.h"

#include <math.h>
#include <string.h>

void live_hist_init(struct live_hist *h)
{
	atomic_init(&h->max_ns, 0);
	atomic_init(&h->errors, 0);
}

void live_snap_clear(struct live_snap *s)
{
	memset(s, 0, sizeof(*s));
}

/* @lat's buckets merged LIVE_HIST_MERGE_BITS at a time into @s. */
static void take_buckets(struct live_snap *s, const struct hist *lat)
{
	unsigned int i, j;
	uint64_t n;

	for (j = 0; j < LIVE_HIST_BUCKETS; j++) {
		n = 0;
		for (i = j << LIVE_HIST_MERGE_BITS;
		     i < (j + 1) << LIVE_HIST_MERGE_BITS; i++)
			n += hist_read_bucket(lat, i);
		s->buckets[j] += n;
		s->count += n;
	}
	n = hist_read_overflow(lat);
	s->buckets[LIVE_HIST_BUCKETS] += n;
	s->count += n;
	s->sum_ns += (uint64_t)hist_read_sum(lat);
}

void live_snap_take(struct live_snap *s, const struct hist *lat,
		    struct live_hist *h)
{
	uint64_t max = atomic_exchange_explicit(&h->max_ns, 0,
						memory_order_relaxed);

	if (lat)
		take_buckets(s, lat);
	s->errors += atomic_load_explicit(&h->errors, memory_order_relaxed);
	if (max > s->max_ns)
		s->max_ns = max;
}

void live_snap_add(struct live_snap *s, const struct live_snap *add)
{
	unsigned int i;

	for (i = 0; i < LIVE_HIST_SLOTS; i++)
		s->buckets[i] += add->buckets[i];
	s->count += add->count;
	s->sum_ns += add->sum_ns;
	s->errors += add->errors;
	if (add->max_ns > s->max_ns)
		s->max_ns = add->max_ns;
}

/* Counts only grow, but a reading taken while a worker was between two
 * fields may be a hair behind in one: never wrap below zero. */
static uint64_t sub_floor(uint64_t a, uint64_t b)
{
	return a > b ? a - b : 0;
}

void live_snap_sub(struct live_snap *out, const struct live_snap *cur,
		   const struct live_snap *prev)
{
	unsigned int i;

	out->count = 0;
	for (i = 0; i < LIVE_HIST_SLOTS; i++) {
		out->buckets[i] = sub_floor(cur->buckets[i], prev->buckets[i]);
		out->count += out->buckets[i];
	}
	out->sum_ns = sub_floor(cur->sum_ns, prev->sum_ns);
	out->errors = sub_floor(cur->errors, prev->errors);
	out->max_ns = cur->max_ns;
}

static uint64_t bucket_low(unsigned int j)
{
	return hist_bucket_low(j << LIVE_HIST_MERGE_BITS);
}

static uint64_t bucket_high(unsigned int j)
{
	return hist_bucket_high(((j + 1) << LIVE_HIST_MERGE_BITS) - 1);
}

static int top_bucket(const struct live_snap *s)
{
	int j;

	for (j = LIVE_HIST_SLOTS - 1; j >= 0; j--)
		if (s->buckets[j])
			return j;
	return -1;
}

uint64_t live_snap_max(const struct live_snap *s)
{
	int j = top_bucket(s);
	uint64_t lo, hi;

	if (j < 0)
		return 0;
	if (j == LIVE_HIST_BUCKETS)	/* overflow: only the max says */
		return s->max_ns > HIST_MAX_NS ? s->max_ns : HIST_MAX_NS;
	lo = bucket_low((unsigned int)j);
	hi = bucket_high((unsigned int)j);
	if (s->max_ns < lo)
		return lo;
	return s->max_ns > hi ? hi : s->max_ns;
}

uint64_t live_snap_percentile(const struct live_snap *s, double pct)
{
	uint64_t rank, cum = 0, max = live_snap_max(s);
	double x;
	unsigned int j;

	if (!s->count)
		return 0;
	x = pct * (double)s->count / 100.0;
	x = ceil(x - x * 1e-14);	/* as hist.c: 99 % of 100 is rank 99 */
	rank = x < 1.0 ? 1 : x >= (double)s->count ? s->count : (uint64_t)x;
	for (j = 0; j < LIVE_HIST_BUCKETS; j++) {
		cum += s->buckets[j];
		if (cum >= rank) {
			uint64_t lo = bucket_low(j), hi = bucket_high(j);
			uint64_t mid = lo + (hi - lo + 1) / 2;

			if (hi == lo)
				mid = lo;
			return mid > max ? max : mid;
		}
	}
	return max;
}

double live_snap_mean_ns(const struct live_snap *s)
{
	return s->count ? (double)s->sum_ns / (double)s->count : 0.0;
}
