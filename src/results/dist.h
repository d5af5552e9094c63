/* dist.h - the -rd ranges a run really uses, for the reports.
 *
 * The ranges the profile asks for are truncated to the part of the target
 * the run covers (-B base[:len], -f) and their I/O shares renormalised to
 * 100 %, exactly as the offset generator (run/workload.c) does it.  They
 * follow from the profile and the target size alone, so a saved result
 * gets the same ranges back when it is loaded.
 */
#ifndef IOPROBE_DIST_H
#define IOPROBE_DIST_H

#include <stdint.h>

#include "profile/profile.h"

/* One effective range; a hole (no I/O goes there) has io_share_pct 0. */
struct results_dist {
	uint64_t start, end;	/* absolute bytes, [start, end) */
	uint32_t io_pct;	/* the share the profile states, 0 for a hole */
	double io_share_pct;	/* exact share in percent, renormalised */
};

/* At most one range per profile range plus the implicit "rest". */
#define RESULTS_MAX_DIST (PROFILE_MAX_DIST + 1)

/* Relative end of profile range @i of @o over @len covered bytes; @pos is
 * where the previous range ended, @cum_span the -rdpct spans so far in
 * percent (updated).  -rdpct ends are DiskSpd's: the cumulative
 * percentage of the span an aligned block can start in, rounded down to
 * the alignment (so the range reaching 100 % may end short of @len, the
 * rest then a hole); an absolute span is cut at @len.  The offset
 * generator and the reports share it. */
uint64_t dist_range_end(const struct target_opts *o, uint32_t i,
			uint64_t pos, uint64_t len, uint64_t *cum_span);

/* The effective ranges of target @o of @target_bytes into @out
 * (RESULTS_MAX_DIST entries), in offset order, holes included.  Returns
 * their number: 0 when @o is not random, has no -rd, or no block fits
 * in the covered part (the run refuses that profile). */
uint32_t dist_effective(const struct target_opts *o, uint64_t target_bytes,
			struct results_dist *out);

#endif
