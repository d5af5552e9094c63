/* fleet_same.h - the ranks of one MPI job run one workload.
 *
 * The first meeting of every rank, in a plain run and in a suite alike
 * (so that a plain run launched beside a suite meets it at once instead
 * of waiting out a timeout): each rank sends rank 0 its mode ("run",
 * "suite") and its command line as typed, placeholders such as {rank}
 * and {host} unexpanded, and rank 0 names the first rank whose words
 * differ from its own.  An MPMD launch of two workloads
 * (`mpirun -n 1 ioprobe -b4K ... : -n 1 ioprobe -b64K ...`) would
 * otherwise be merged into one report under rank 0's name.
 */
#ifndef IOPROBE_FLEET_SAME_H
#define IOPROBE_FLEET_SAME_H

#include <stddef.h>

#include "fleet/fleet.h"

/* How long the first meeting waits for every rank, in seconds. */
#define FLEET_SAME_WAIT_S 60.0

/* Compare this rank's @mode and @argc words at @argv with rank 0's.  0
 * when every rank's are the same; 1 when one differs (rank 0 gets in
 * @why "rank 1 (host) was started with another workload: ...", other
 * ranks ""); -ETIMEDOUT / -EIO / -ENOMEM / -EFBIG when the meeting
 * itself failed (the caller ends the job). */
int fleet_same(struct fleet *f, const char *mode, int argc,
	       char *const *argv, char *why, size_t len);

#endif
