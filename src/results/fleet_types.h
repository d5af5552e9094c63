/* fleet_types.h - what a result says of the ranks of a run made by
 * several processes (MPI): kept apart from results_fleet.h, which merges
 * results, so that results.h can hold these without an include cycle.
 */
#ifndef IOPROBE_FLEET_TYPES_H
#define IOPROBE_FLEET_TYPES_H

#include <stdbool.h>
#include <stdint.h>

#define RESULTS_FLEET_HOST 64
#define RESULTS_FLEET_MAX_RANKS 65536

/* One rank of the run. */
struct fleet_rank {
	uint32_t rank;
	char host[RESULTS_FLEET_HOST];	/* gethostname(), "" unknown */
	char path[256];			/* its first target, placeholders
					 * expanded */
	uint32_t first_thread;		/* merged thread id of its thread 0 */
	uint32_t threads;		/* its thread count */
	uint64_t window_start_unix_ns;	/* wall clock at the start of its
					 * measured window, 0 unknown */
	double test_time_s;		/* its measured window */
};

struct results_fleet {
	uint32_t size;			/* ranks in the run; 0 = not a fleet
					 * run (nothing below is set) */
	bool merged;			/* the result of every rank, not one */
	uint32_t nranks;		/* entries of @ranks */
	struct fleet_rank *ranks;	/* owned; a rank's own result: itself */
};

#endif
