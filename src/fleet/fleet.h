/* fleet.h - the processes of one run started by mpirun: who we are, and
 * the few collective steps a fleet run takes (an element-wise maximum,
 * a gather to rank 0, a broadcast from it), each with a timeout so that
 * no rank waits forever for one that is gone.
 *
 * fleet_mpi.c implements this over MPI; fleet_nompi.c, built when the
 * Makefile found no MPI, says it is not built in.  Only fleet_mpi.c
 * includes <mpi.h>.
 */
#ifndef IOPROBE_FLEET_H
#define IOPROBE_FLEET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/fleet_types.h"

struct fleet {
	uint32_t rank, size;		/* of MPI_COMM_WORLD */
	char host[RESULTS_FLEET_HOST];	/* gethostname() */
	bool up;			/* MPI initialised, not finalised */
	void *watch;			/* fleet_watch_start()'s, or NULL */
};

/* True when this ioprobe was built with MPI. */
bool fleet_built(void);
/* "Open MPI v4.1.4, ..." (first line of the library's version) or "". */
void fleet_library(char *buf, size_t len);
/* Ranks the launcher's environment announces (OMPI_COMM_WORLD_SIZE,
 * PMI_SIZE); 0 when none, so not started by mpirun. */
uint32_t fleet_env_size(void);
/* This process's rank as the launcher's environment says
 * (OMPI_COMM_WORLD_RANK, PMI_RANK); 0 when none. */
uint32_t fleet_env_rank(void);

/* Initialise MPI (one thread calls MPI) and fill @f.  0 or -errno with
 * @err filled; -ENOSYS when not built in. */
int fleet_init(struct fleet *f, char *err, size_t errlen);
/* Finalise MPI (no-op when not up). */
void fleet_finalize(struct fleet *f);
/* End every rank of the job now with @code (MPI_Abort). */
void fleet_abort(struct fleet *f, int code) __attribute__((noreturn));

/* Replace the @n values at @v by their maximum over every rank.
 * -ETIMEDOUT when the others did not all come within @timeout_s (fewer
 * seconds once a stop signal came: see fleet_wait_s). */
int fleet_allmax(struct fleet *f, uint64_t *v, int n, double timeout_s);
/* Rank 0 receives every rank's @len bytes at @data: *out (malloc'ed,
 * the caller frees it) holds them one after the other and @lens (rank 0:
 * size entries, malloc'ed) their lengths; other ranks get NULL.  0,
 * -ETIMEDOUT, -EFBIG (over 2 GiB in all) or -ENOMEM. */
int fleet_gather(struct fleet *f, const char *data, uint64_t len,
		 char **out, uint64_t **lens, double timeout_s);
/* Every rank gets rank 0's @v.  0 or -ETIMEDOUT. */
int fleet_bcast(struct fleet *f, uint64_t *v, double timeout_s);

/* The stop message of a run: a rank that fails mid-run tells every
 * other rank at once (a point-to-point message each), and the others,
 * polling for it in their timeline, stop within a poll instead of
 * running to the end.  Every rank starts the watch before its run and
 * ends it after, in the same order (fleet_watch_end is a collective
 * step); a rank tells at most once per watch. */
int fleet_watch_start(struct fleet *f);
/* True once another rank told: *@from is its rank. */
bool fleet_watch_poll(struct fleet *f, uint32_t *from);
/* Tell every other rank this one failed.  0 or -errno. */
int fleet_watch_tell(struct fleet *f);
/* Every rank: take in every stop message sent this run, so none is left
 * for the next one.  0, or -ETIMEDOUT / -EIO (the job is aborted next). */
int fleet_watch_end(struct fleet *f, double timeout_s);

/* How long to go on waiting, of @timeout_s, @waited_s in: once a stop
 * signal came, at most FLEET_STOP_WAIT_S more. */
#define FLEET_STOP_WAIT_S 10.0
bool fleet_wait_over(double timeout_s, double waited_s, double *stop_at_s);

#endif
