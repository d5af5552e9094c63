/* workload.h - which offset and direction each I/O uses.
 *
 * A struct workload is the generator of one (thread, target) pair.  It is
 * pure: no I/O, no clock, so it is tested alone.  Offsets are aligned and
 * always leave room for a whole block inside [base, end).
 */
#ifndef IOPROBE_WORKLOAD_H
#define IOPROBE_WORKLOAD_H

#include <stdatomic.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "lib/rng.h"

/* Effective -rd range after truncation to the target and renormalising.
 * Ranges cover [base, end) in order; a hole has io_pct 0.  An I/O belongs
 * to the range its start offset lies in. */
struct dist_eff {
	uint64_t start, end;	/* absolute bytes, [start, end) */
	uint32_t io_pct;	/* share in percent, rounded; exact in cum */
	uint64_t cum;		/* cumulative share scaled to 2^32 */
	double io_share_pct;	/* exact share in percent, renormalised */
	uint64_t slot_first;	/* first aligned start, in aligns */
	uint64_t nslots;	/* aligned starts in the range, block fits */
};

/* How workload_next() picks offsets (set by workload_init). */
enum workload_mode {
	WL_SEQUENTIAL = 0,	/* private pointer, stride, -T start */
	WL_INTERLOCKED,		/* -si: shared atomic pointer */
	WL_RANDOM,		/* -r: uniform aligned (or -rd) */
	WL_MIXED,		/* -rs: random with pct, else continue */
};

struct workload {
	const struct target_opts *opts;
	uint64_t base;		/* first usable byte */
	uint64_t end;		/* one past the last usable byte */
	uint64_t block;		/* I/O size */
	uint64_t align;		/* random alignment */
	uint64_t stride;	/* sequential step */
	uint64_t nslots;	/* random: number of aligned start positions */

	uint64_t next_seq;	/* private sequential pointer (relative) */
	uint64_t start_seq;	/* where this thread's sequence starts */
	_Atomic uint64_t *shared_seq;	/* -si: one per target, shared */
	bool last_was_write;	/* -rs: sequential runs keep direction */
	bool have_last;
	uint64_t last_offset;

	uint32_t ndist;		/* ranges in dist[], holes included */
	bool use_dist;		/* random offsets follow dist[] */
	/* one more than the profile: the implicit "rest" range */
	struct dist_eff dist[PROFILE_MAX_DIST + 1];

	enum workload_mode mode;
	uint32_t write_pct;	/* -w */
	uint32_t random_pct;	/* -rs; 100 for -r */
	uint64_t last_start;	/* largest start (relative to base) that
				 * still leaves room for a whole block */
	uint64_t wrap_seq;	/* relative restart after a wrap: k*T mod
				 * stride (0 if that does not fit) */
	uint64_t shared_span;	/* -si: pointer modulus, a multiple of
				 * stride covering every start that fits */

	struct rng rng_offset, rng_mix, rng_seqrand;
};

/* Set @w up for thread @thread_in_target (0-based among the target's
 * threads), DiskSpd thread id @thread_id, of a target of @target_bytes.
 * @shared_seq is the target's interlocked pointer (may be NULL if not
 * -si: the thread then runs its own sequence); every thread of the target
 * gets the same one, starting at 0.  @o must outlive @w.  The streams are
 * seeded from (@seed, @thread_id), so the same profile and seed give the
 * same offsets.  0, or -EINVAL when the target is too small for one block
 * ("The file is too small"), with @err filled. */
int workload_init(struct workload *w, const struct target_opts *o,
		  uint64_t target_bytes, uint32_t thread_in_target,
		  uint32_t thread_id, uint64_t seed,
		  _Atomic uint64_t *shared_seq, char *err, size_t errlen);

/* Next I/O: sets *offset (bytes) and *write. */
void workload_next(struct workload *w, uint64_t *offset, bool *write);

/* -F -O: the target of each I/O of a thread pool, drawn as DiskSpd
 * draws it (IORequest::GetNextTarget): at random, each target in
 * proportion to its weight, independently for every I/O.  A slot whose
 * I/O completes goes to the next target drawn, so slots gather where
 * I/Os take long and the I/O counts follow the weights. */
struct target_pick {
	uint32_t n;			/* targets, 1..PROFILE_MAX_TARGETS */
	uint64_t total;			/* sum of the weights */
	uint64_t cum[PROFILE_MAX_TARGETS];	/* cumulative weights */
	struct rng rng;
};

/* Set @tp up for @n targets of @weights (0 counts as 1, as the static
 * split did), seeded from (@seed, @thread_id) on a stream of its own. */
void target_pick_init(struct target_pick *tp, const uint32_t *weights,
		      uint32_t n, uint64_t seed, uint32_t thread_id);

/* The target index of the next I/O. */
static inline uint32_t target_pick_next(struct target_pick *tp)
{
	uint64_t u;
	uint32_t i = 0;

	if (tp->n < 2)
		return 0;
	u = rng_below(&tp->rng, tp->total);
	while (u >= tp->cum[i])
		i++;
	return i;
}

/* Number of effective -rd ranges and their description, for reports. */
uint32_t workload_dist(const struct workload *w,
		       const struct dist_eff **ranges);

#endif
