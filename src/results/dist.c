/* dist.c - the effective -rd ranges of a target (see dist.h): the same
 * truncation, alignment, slot count and renormalisation as the offset
 * generator, which ends its ranges with dist_range_end() too. */
#include "results/dist.h"

#include <stdbool.h>

/* -rdpct as DiskSpd places it: over the span where an aligned block can
 * start (the covered length less one block, rounded down to the
 * alignment, plus one alignment unit), a range of cumulative percentages
 * [p, p + s) ends at p*A/100 + s*A/100 rounded down to the alignment, and
 * the range that reaches 100 % ends at A. */
static uint64_t pct_end(const struct target_opts *o, uint64_t len,
			uint64_t first, uint64_t span)
{
	uint64_t align = o->random_align_bytes ? o->random_align_bytes :
		o->block_bytes, a, e;

	if (!align || !o->block_bytes || len < o->block_bytes)
		return (uint64_t)((unsigned __int128)len *
				  (first + span > 100 ? 100 : first + span) /
				  100);
	a = (len - o->block_bytes) / align * align + align;
	if (first + span >= 100)
		return a;
	e = (uint64_t)((unsigned __int128)first * a / 100) +
	    (uint64_t)((unsigned __int128)span * a / 100);
	return e - e % align;
}

uint64_t dist_range_end(const struct target_opts *o, uint32_t i,
			  uint64_t pos, uint64_t len, uint64_t *cum_span)
{
	uint64_t span = o->dist_ranges[i].span, e, first;

	if (!span)
		return len;	/* "the rest" */
	if (o->dist == DIST_PCT) {
		first = *cum_span;
		*cum_span += span;
		return first >= 100 ? len : pct_end(o, len, first, span);
	}
	if (__builtin_add_overflow(pos, span, &e) || e > len)
		return len;
	return e;
}

/* [base, end) after -B base[:len] and -f; false when no block fits. */
static bool covered(const struct target_opts *o, uint64_t target_bytes,
		    uint64_t *base, uint64_t *end)
{
	uint64_t e = target_bytes, lim;

	if (o->max_bytes && o->max_bytes < e)
		e = o->max_bytes;
	if (o->range_len_bytes &&
	    !__builtin_add_overflow(o->base_bytes, o->range_len_bytes, &lim) &&
	    lim < e)
		e = lim;
	*base = o->base_bytes;
	*end = e;
	return o->block_bytes && e > *base && e - *base >= o->block_bytes;
}

/* Relative ranges with their requested shares into @out and @pct. */
static uint32_t split(const struct target_opts *o, uint64_t len,
		      struct results_dist *out, uint32_t *pct)
{
	uint64_t pos = 0, cum_span = 0;
	uint32_t i, n = 0, io_sum = 0;

	for (i = 0; i < o->ndist && i < PROFILE_MAX_DIST && pos < len; i++) {
		uint64_t e = dist_range_end(o, i, pos, len, &cum_span);

		io_sum += o->dist_ranges[i].io_pct;
		if (e <= pos)
			continue;	/* empty span */
		out[n].start = pos;
		out[n].end = e;
		pct[n++] = o->dist_ranges[i].io_pct;
		pos = e;
	}
	if (pos < len) {
		out[n].start = pos;
		out[n].end = len;
		pct[n++] = io_sum < 100 ? 100 - io_sum : 0;
	}
	return n;
}

uint32_t dist_effective(const struct target_opts *o, uint64_t target_bytes,
			struct results_dist *out)
{
	uint32_t pct[RESULTS_MAX_DIST], i, n;
	uint64_t base, end, align, last_k, total = 0;

	if (!o->random || o->dist == DIST_NONE || !o->ndist ||
	    !covered(o, target_bytes, &base, &end))
		return 0;
	align = o->random_align_bytes ? o->random_align_bytes : o->block_bytes;
	last_k = (end - base - o->block_bytes) / align;
	n = split(o, end - base, out, pct);
	for (i = 0; i < n; i++) {
		uint64_t first = (out[i].start + align - 1) / align;
		uint64_t k_end = (out[i].end - 1) / align;

		if (k_end > last_k)
			k_end = last_k;
		if (k_end < first)
			pct[i] = 0;	/* no aligned block starts here */
		total += pct[i];
	}
	if (!total)
		return 0;
	for (i = 0; i < n; i++) {
		out[i].io_pct = pct[i];
		out[i].io_share_pct = 100.0 * pct[i] / (double)total;
		out[i].start += base;
		out[i].end += base;
	}
	return n;
}
