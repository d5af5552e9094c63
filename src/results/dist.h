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
	uint32_t io_pct;	/* its share of the I/O (-rdpct: after
				 * DiskSpd's moves), 0 for a hole */
	double io_share_pct;	/* exact share in percent, renormalised */
};

/* At most one range per profile range plus the implicit "rest". */
#define RESULTS_MAX_DIST (PROFILE_MAX_DIST + 1)

/* The -rd ranges of @o over @len covered bytes into @out
 * (RESULTS_MAX_DIST entries), relative to the base, in offset order, with
 * the gaps between them as holes (io_pct 0); returns their number.
 * -rdpct as DiskSpd places it: over the span an aligned block can start
 * in, each bound rounded down to the alignment; a range too small for
 * any aligned start hands its I/O share to a neighbour (the single-start
 * range before it, else the next range, the smaller of the two, or the
 * last).  -rdabs ranges end where their spans say, cut at @len, the rest
 * taking the share left over.  Shares are not renormalised here. */
uint32_t dist_place(const struct target_opts *o, uint64_t len,
		    struct results_dist *out);

/* The effective ranges of target @o of @target_bytes into @out
 * (RESULTS_MAX_DIST entries), in offset order, holes included.  Returns
 * their number: 0 when @o is not random, has no -rd, or no block fits
 * in the covered part (the run refuses that profile). */
uint32_t dist_effective(const struct target_opts *o, uint64_t target_bytes,
			struct results_dist *out);

#endif
