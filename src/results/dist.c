/* dist.c - the effective -rd ranges of a target (see dist.h): DiskSpd's
 * placement of -rdpct on aligned bounds, the truncation of -rdabs, and
 * the renormalised shares.  The offset generator places its ranges with
 * dist_place() too, so a run draws what the reports show. */
#include "results/dist.h"

#include <stdbool.h>

/* An -rdabs range ends where its span says, cut at @len; 0 = the rest. */
static uint64_t abs_end(const struct dist_range *r, uint64_t pos,
			uint64_t len)
{
	uint64_t e;

	if (!r->span || __builtin_add_overflow(pos, r->span, &e) || e > len)
		return len;
	return e;
}

/* -rdabs: the ranges in order, cut at @len (those starting past it are
 * dropped), the uncovered rest with the share left over, or a hole. */
static uint32_t place_abs(const struct target_opts *o, uint64_t len,
			  struct results_dist *out)
{
	uint64_t pos = 0;
	uint32_t i, n = 0, io_sum = 0;

	for (i = 0; i < o->ndist && i < PROFILE_MAX_DIST && pos < len; i++) {
		uint64_t e = abs_end(&o->dist_ranges[i], pos, len);

		io_sum += o->dist_ranges[i].io_pct;
		out[n].start = pos;
		out[n].end = e;
		out[n++].io_pct = o->dist_ranges[i].io_pct;
		pos = e;
	}
	if (pos < len) {
		out[n].start = pos;
		out[n].end = len;
		out[n++].io_pct = io_sum < 100 ? 100 - io_sum : 0;
	}
	return n;
}

/* One -rdpct range while it is placed: aligned base and length. */
struct placed {
	uint64_t b, len;
	uint32_t io;
};

/* Place the -rdpct range of target shares [t0, t0 + ts) %, I/O share
 * @io, after the @n already in @e; @carry holds a share no range took
 * yet.  DiskSpd's rule, over A, the span an aligned block can start in:
 * the bounds are t0 * A / 100 and that plus ts * A / 100 (A itself when
 * the range reaches 100 %), each rounded down to the alignment.  A range
 * with no aligned start in it hands its share to the range before when
 * that one is a single start at the same place, else to the next range
 * placed.  A range whose base lands on the previous one's moves up one
 * unit, the previous one growing to meet it (two degenerate 1 % ranges of
 * 100 KiB share [0, 4 KiB)); and a share carried over goes to the
 * smaller of the previous range and the new one. */
static uint32_t place_one(struct placed *e, uint32_t n, uint64_t a,
			  uint64_t al, uint64_t t0, uint64_t ts, uint32_t io,
			  uint32_t *carry)
{
	uint64_t b = (uint64_t)((unsigned __int128)t0 * a / 100), end;

	end = t0 + ts >= 100 ? a :
	      b + (uint64_t)((unsigned __int128)ts * a / 100);
	end -= end % al;
	if (end < b) {		/* no aligned start inside */
		if (n && e[n - 1].b == end)
			e[n - 1].io += io;
		else
			*carry += io;	/* DiskSpd drops an earlier carry */
		return n;
	}
	b -= b % al;
	if (b < end && n && e[n - 1].b == b) {
		b += al;
		e[n - 1].len += al;
		if (b == a) {
			*carry += io;
			return n;
		}
		if (b == end) {
			e[n - 1].io += io;
			return n;
		}
	}
	if (*carry && n && e[n - 1].io < io) {
		e[n - 1].io += *carry;
		*carry = 0;
	}
	e[n].b = b;
	e[n].len = end - b;
	e[n].io = io + *carry;
	*carry = 0;
	return n + 1;
}

/* -rdpct over @len covered bytes as DiskSpd places it (place_one), then
 * the gaps between the ranges as holes: a hole range of the profile, a
 * rest without I/O, and the bytes past the last aligned start. */
static uint32_t place_pct(const struct target_opts *o, uint64_t len,
			  struct results_dist *out)
{
	struct placed e[RESULTS_MAX_DIST];
	uint64_t al = o->random_align_bytes ? o->random_align_bytes :
		o->block_bytes, a, t0 = 0, pos = 0;
	uint32_t i, n = 0, k = 0, carry = 0, io_sum = 0;

	if (!al || !o->block_bytes || len < o->block_bytes)
		return 0;
	a = (len - o->block_bytes) / al * al + al;
	for (i = 0; i < o->ndist && i < PROFILE_MAX_DIST && t0 < 100; i++) {
		const struct dist_range *r = &o->dist_ranges[i];
		uint64_t ts = r->span && r->span < 100 - t0 ? r->span :
							      100 - t0;

		io_sum += r->io_pct;
		if (r->io_pct)
			n = place_one(e, n, a, al, t0, ts, r->io_pct, &carry);
		t0 += ts;
	}
	if (t0 < 100 && io_sum < 100)	/* the rest, as DiskSpd appends it */
		n = place_one(e, n, a, al, t0, 100 - t0, 100 - io_sum, &carry);
	if (carry && n) {	/* the last range takes it, to the end */
		e[n - 1].io += carry;
		e[n - 1].len = a - e[n - 1].b;
	}
	for (i = 0; i < n; i++) {
		/* a gap no room is left to list stays a gap: no I/O there */
		if (e[i].b > pos && k + n - i < RESULTS_MAX_DIST) {
			out[k].start = pos;
			out[k].end = e[i].b;
			out[k++].io_pct = 0;
		}
		out[k].start = e[i].b;
		/* a single start left alone (a hole follows): DiskSpd's only
		 * possible I/O there */
		out[k].end = e[i].b + (e[i].len ? e[i].len : al);
		out[k].io_pct = e[i].io;
		pos = out[k++].end;
	}
	if (n && pos < len && k < RESULTS_MAX_DIST) {
		out[k].start = pos;
		out[k].end = len;
		out[k++].io_pct = 0;
	}
	return k;
}

uint32_t dist_place(const struct target_opts *o, uint64_t len,
		    struct results_dist *out)
{
	if (o->dist == DIST_PCT)
		return place_pct(o, len, out);
	if (o->dist == DIST_ABS)
		return place_abs(o, len, out);
	return 0;
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
	n = dist_place(o, end - base, out);
	for (i = 0; i < n; i++) {
		uint64_t first = (out[i].start + align - 1) / align;
		uint64_t k_end = (out[i].end - 1) / align;

		pct[i] = out[i].io_pct;
		if (k_end > last_k)
			k_end = last_k;
		if (k_end < first)
			pct[i] = 0;	/* -rdabs: no aligned block starts */
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
