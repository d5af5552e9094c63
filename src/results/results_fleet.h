/* results_fleet.h - the facts of a run made by several ranks (MPI) and
 * the exact merge of the ranks' results into one.
 *
 * A rank's own result lists itself in @ranks; the merged result of rank 0
 * lists every rank, with the range of thread ids its rows got.  The merge
 * is bucket by bucket: a rank's rows join the merged rows (histograms,
 * counters and -D series intact), so every total, percentile and series
 * a report computes over the rows is that of the union of the ranks'
 * I/Os; no percentile is ever averaged.
 */
#ifndef IOPROBE_RESULTS_FLEET_H
#define IOPROBE_RESULTS_FLEET_H

#include "results/fleet_types.h"
#include "results/results.h"

/* Free what @f owns and zero it. */
void results_fleet_release(struct results_fleet *f);
/* Make @r the own result of rank @rank of @size on @host, whose first
 * target's expanded path is r->targets[0].path.  0 or -ENOMEM. */
int results_fleet_own(struct results *r, uint32_t rank, uint32_t size,
		      const char *host);
/* Add the own result @src of one rank (results_fleet_own) to @dst, the
 * merged result so far (initially rank 0's own result): @src's rows join
 * @dst's with thread ids after @dst's, and are moved out of @src (which
 * keeps no rows).  Counters, errors and the measured window are combined;
 * the window becomes the span from the earliest start to the latest end.
 * -EINVAL when the two cannot be merged (other targets, -D intervals or
 * no fleet facts), -ENOMEM. */
int results_fleet_merge(struct results *dst, struct results *src);
/* The rank whose rows hold merged thread @thread, or NULL. */
const struct fleet_rank *results_fleet_rank_of(const struct results *r,
					       uint32_t thread);

#endif
