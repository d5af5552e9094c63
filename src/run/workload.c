/* workload.c - the offset and direction of each I/O, as DiskSpd picks
 * them: random over aligned starts (optionally shaped by -rd), sequential
 * with stride and per-thread start (-T), interlocked sequential shared by
 * a target's threads (-si), and the -rs random/sequential mix.
 *
 * workload_init() does every division once; workload_next() runs per I/O
 * and uses multiply-shift draws, adds and compares (the -si modulo is the
 * one exception, next to an atomic on a shared cache line that costs
 * more).
 */
#include "run/workload.h"

#include <errno.h>
#include <inttypes.h>
#include <string.h>

#include "lib/util.h"
#include "results/dist.h"

#define SHARE_ONE (1ull << 32)	/* cum scale: 100 % */

static const char *path_of(const struct target_opts *o)
{
	return o->path ? o->path : "";
}

/* [base, end) after -B base[:len] and -f, or an error if no block fits. */
static int set_range(struct workload *w, const struct target_opts *o,
		     uint64_t target_bytes, char *err, size_t errlen)
{
	uint64_t end = target_bytes, lim;

	if (o->max_bytes && o->max_bytes < end)
		end = o->max_bytes;
	if (o->range_len_bytes &&
	    !__builtin_add_overflow(o->base_bytes, o->range_len_bytes, &lim) &&
	    lim < end)
		end = lim;
	w->base = o->base_bytes;
	w->end = end;
	if (end <= w->base || end - w->base < w->block)
		return errf(err, errlen, EINVAL,
			    "the file is too small: '%s' has %" PRIu64
			    " bytes, the block needs %" PRIu64
			    " beyond base %" PRIu64 "%s",
			    path_of(o), end, w->block, w->base,
			    end < target_bytes ? " (range limited by -f or -B)"
					       : "");
	w->last_start = end - w->base - w->block;
	return 0;
}

static void dist_add(struct workload *w, uint64_t s, uint64_t e,
		     uint32_t io_pct)
{
	struct dist_eff *d = &w->dist[w->ndist++];

	d->start = s;		/* relative until dist_finish() */
	d->end = e;
	d->io_pct = io_pct;
}

/* Slots, renormalised shares and absolute offsets of the listed ranges. */
static int dist_finish(struct workload *w, char *err, size_t errlen)
{
	uint64_t total = 0, run = 0, lastk = w->last_start / w->align;
	uint32_t i;

	for (i = 0; i < w->ndist; i++) {
		struct dist_eff *d = &w->dist[i];
		uint64_t first = (d->start + w->align - 1) / w->align;
		uint64_t k_end = (d->end - 1) / w->align; /* end > start */

		if (k_end > lastk)
			k_end = lastk;
		d->slot_first = first;
		d->nslots = k_end >= first ? k_end - first + 1 : 0;
		if (!d->nslots)
			d->io_pct = 0;	/* no aligned block starts here */
		total += d->io_pct;
	}
	if (!total)
		return errf(err, errlen, EINVAL,
			    "invalid -rd distribution for '%s': no I/O falls "
			    "on a part of the target a block fits in",
			    path_of(w->opts));
	for (i = 0; i < w->ndist; i++) {
		struct dist_eff *d = &w->dist[i];

		run += d->io_pct;
		d->cum = (uint64_t)((unsigned __int128)run * SHARE_ONE / total);
		d->io_share_pct = 100.0 * d->io_pct / (double)total;
		d->io_pct = (uint32_t)(d->io_share_pct + 0.5);
		d->start += w->base;
		d->end += w->base;
	}
	w->use_dist = true;
	return 0;
}

/* -rdpct / -rdabs: the ranges the reports show (dist_place), shares
 * renormalised to 100 % over those a block starts in. */
static int setup_dist(struct workload *w, const struct target_opts *o,
		      char *err, size_t errlen)
{
	struct results_dist r[RESULTS_MAX_DIST];
	uint32_t i, n;

	w->ndist = 0;
	w->use_dist = false;
	if (o->dist == DIST_NONE || !o->ndist)
		return 0;
	n = dist_place(o, w->end - w->base, r);
	for (i = 0; i < n; i++)
		dist_add(w, r[i].start, r[i].end, r[i].io_pct);
	return dist_finish(w, err, errlen);
}

static void setup_sequential(struct workload *w, const struct target_opts *o,
			     uint32_t thread_in_target)
{
	uint64_t start;

	if (__builtin_mul_overflow((uint64_t)thread_in_target,
				   o->thread_stride_bytes, &start))
		start = UINT64_MAX;
	w->start_seq = start;
	w->wrap_seq = start == UINT64_MAX ? 0 : start % w->stride;
	if (w->wrap_seq > w->last_start)
		w->wrap_seq = 0;
	w->next_seq = start <= w->last_start ? start : w->wrap_seq;
	w->shared_span = (w->last_start / w->stride + 1) * w->stride;
}

int workload_init(struct workload *w, const struct target_opts *o,
		  uint64_t target_bytes, uint32_t thread_in_target,
		  uint32_t thread_id, uint64_t seed,
		  _Atomic uint64_t *shared_seq, char *err, size_t errlen)
{
	int ret;

	memset(w, 0, sizeof(*w));
	w->opts = o;
	w->block = o->block_bytes;
	if (!w->block)
		return errf(err, errlen, EINVAL,
			    "invalid block size '0' for '%s': expected at "
			    "least 1 byte", path_of(o));
	w->align = o->random_align_bytes ? o->random_align_bytes : w->block;
	w->stride = o->stride_bytes ? o->stride_bytes : w->block;
	ret = set_range(w, o, target_bytes, err, errlen);
	if (ret)
		return ret;
	w->nslots = w->last_start / w->align + 1;
	w->write_pct = o->write_pct > 100 ? 100 : o->write_pct;
	w->random_pct = o->random ? (o->random_pct ? o->random_pct : 100) : 0;
	if (w->random_pct > 100)
		w->random_pct = 100;
	w->shared_seq = shared_seq;
	setup_sequential(w, o, thread_in_target);

	if (o->random)
		w->mode = w->random_pct >= 100 ? WL_RANDOM : WL_MIXED;
	else if (o->interlocked && shared_seq)
		w->mode = WL_INTERLOCKED;
	else
		w->mode = WL_SEQUENTIAL;
	if (o->random) {
		ret = setup_dist(w, o, err, errlen);
		if (ret)
			return ret;
	}

	/* DiskSpd: thread seed = seed + thread id; one stream per purpose */
	rng_seed(&w->rng_offset, seed, thread_id, RNG_OFFSET);
	rng_seed(&w->rng_mix, seed, thread_id, RNG_MIX);
	rng_seed(&w->rng_seqrand, seed, thread_id, RNG_SEQRAND);
	return 0;
}

static inline bool draw_write(struct workload *w)
{
	/* DiskSpd: rand % 100 + 1 <= w */
	return w->write_pct && rng_below(&w->rng_mix, 100) < w->write_pct;
}

static uint64_t dist_offset(struct workload *w)
{
	uint64_t u = rng_next(&w->rng_offset) >> 32;
	const struct dist_eff *d = w->dist;

	/* the last range with any share has cum == 2^32 > u */
	while (u >= d->cum)
		d++;
	return w->base +
	       (d->slot_first + rng_below(&w->rng_offset, d->nslots)) *
		       w->align;
}

static inline uint64_t random_offset(struct workload *w)
{
	if (w->use_dist)
		return dist_offset(w);
	return w->base + rng_below(&w->rng_offset, w->nslots) * w->align;
}

void workload_next(struct workload *w, uint64_t *offset, bool *write)
{
	uint64_t off, p;

	switch (w->mode) {
	case WL_RANDOM:
		*offset = random_offset(w);
		*write = draw_write(w);
		return;
	case WL_SEQUENTIAL:
		off = w->next_seq;
		w->next_seq += w->stride;
		if (w->next_seq > w->last_start)
			w->next_seq = w->wrap_seq;
		*offset = w->base + off;
		*write = draw_write(w);
		return;
	case WL_INTERLOCKED:
		p = atomic_fetch_add_explicit(w->shared_seq, w->stride,
					      memory_order_relaxed);
		*offset = w->base + p % w->shared_span;
		*write = draw_write(w);
		return;
	case WL_MIXED:
		if (!w->have_last ||
		    rng_below(&w->rng_seqrand, 100) < w->random_pct) {
			off = random_offset(w);
			w->last_was_write = draw_write(w);
			w->have_last = true;
		} else {
			/* continue where the previous I/O ended, same
			 * direction: sequential runs stay homogeneous */
			off = w->last_offset + w->align;
			if (off - w->base > w->last_start)
				off = w->base;
		}
		w->last_offset = off;
		*offset = off;
		*write = w->last_was_write;
		return;
	}
}

uint32_t workload_dist(const struct workload *w,
		       const struct dist_eff **ranges)
{
	*ranges = w->dist;
	return w->use_dist ? w->ndist : 0;
}

void target_pick_init(struct target_pick *tp, const uint32_t *weights,
		      uint32_t n, uint64_t seed, uint32_t thread_id)
{
	uint64_t sum = 0;
	uint32_t i;

	memset(tp, 0, sizeof(*tp));
	if (n > PROFILE_MAX_TARGETS)
		n = PROFILE_MAX_TARGETS;
	for (i = 0; i < n; i++) {
		sum += weights[i] ? weights[i] : 1;
		tp->cum[i] = sum;
	}
	tp->n = n;
	tp->total = sum;
	rng_seed(&tp->rng, seed, thread_id, RNG_TARGET);
}
