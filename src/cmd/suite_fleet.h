/* suite_fleet.h - `mpirun -n N ioprobe suite PATH...`: the suite on
 * every rank at once (suite_fleet.c).  Each rank claims its own test
 * file (a folder PATH gets one per rank; a file PATH needs "{rank}" or
 * "{host}"), every test runs on all ranks together as one fleet run
 * (fleet/fleet_run.h) and rank 0 alone keeps it: the history row of the
 * whole fleet (with its rank count), the saved JSON, the summary and the
 * findings.  The ranks agree after each step, so all go on or all stop.
 */
#ifndef IOPROBE_SUITE_FLEET_H
#define IOPROBE_SUITE_FLEET_H

#include <stdbool.h>
#include <stddef.h>

#include "fleet/fleet.h"
#include "workflow/suite.h"

struct suite_fleet {
	struct fleet f;
	bool on;			/* under mpirun, MPI up */
	char tag[16];			/* "r1": suite_opts.file_tag */
	char *paths[SUITE_MAX_PATHS];	/* this rank's PATHs, expanded */
};

/* True when this process speaks for the suite: it is rank 0, or not
 * under mpirun at all. */
bool suite_fleet_speaks(const struct suite_fleet *sf);
/* Under mpirun (several ranks, MPI built in): start MPI, expand this
 * rank's PATHs in @s->o and set the hooks that run each test on every
 * rank.  Else nothing.  0, or the exit status after saying why not (a
 * PATH naming one file for all ranks is a usage error: 2; so are ranks
 * started with other words than rank 0, @argc at @argv: fleet_same.h). */
int suite_fleet_start(struct suite_fleet *sf, struct suite *s, int argc,
		      char *const *argv);
/* A step each rank took on its own ended with @status (@msg when not
 * 0): the status of the first rank that failed, said once by rank 0
 * ("ioprobe: error: rank 1 (host): msg").  Without mpirun: @msg printed
 * when @status is not 0, and @status. */
int suite_fleet_agree(struct suite_fleet *sf, int status, const char *msg);
/* Every rank takes rank 0's @status (a test kept or not); without
 * mpirun @status. */
int suite_fleet_decide(struct suite_fleet *sf, int status);
/* The end: every rank exits with rank 0's @status; MPI is finalised. */
int suite_fleet_end(struct suite_fleet *sf, int status);

#endif
