/* fleet_cmd.h - `mpirun -n N ioprobe [switches] target...`: the command
 * side of a fleet run (fleet.c): messages, the merged report from rank
 * 0, each rank's own output files, the exit status every rank agrees on.
 */
#ifndef IOPROBE_FLEET_CMD_H
#define IOPROBE_FLEET_CMD_H

#include <stdbool.h>
#include <stdio.h>

#include "profile/profile.h"

struct fleet;

/* True when a launcher started this process as one of several ranks
 * and MPI is built in (built without: a note on stderr, false). */
bool fleet_cmd_wanted(void);
/* True on the ranks other than 0 of a launcher's job (from the
 * environment alone, before MPI starts): they keep quiet about the
 * command line, --help and -Rp, which rank 0 says once. */
bool fleet_cmd_quiet_rank(void);
/* @what (a subcommand) does not run under mpirun yet: 2, said once
 * (by rank 0) when a launcher started several ranks, else -1. */
int fleet_cmd_refuse(const char *what);
/* Run @p, parsed from the @argc words at @argv, as this rank's part; the
 * exit status (0, 1, 2, 128+N; 2 also when the ranks were started with
 * different words). */
int fleet_cmd_run(const struct profile *p, int argc, char *const *argv);
/* Every rank of @f: the same workload (fleet_same) in @mode, or the exit
 * status 2 after rank 0 said which rank differs; a meeting that failed
 * aborts the job. */
int fleet_cmd_same(struct fleet *f, const char *mode, int argc,
		   char *const *argv);
/* The --version line on MPI: "mpi: Open MPI v4.1.4" or "mpi: no". */
void fleet_cmd_version(FILE *f);

#endif
