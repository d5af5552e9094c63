/* fleet_run.h - one run made by every rank of an MPI job: each rank
 * expands its paths, checks its profile and runs it; all start their
 * warm-up on one clock edge once all are ready; rank 0 gathers the
 * ranks' results and merges them exactly (results_fleet.h), or names the
 * rank that failed.  Nothing here prints: cmd/fleet.c does.
 */
#ifndef IOPROBE_FLEET_RUN_H
#define IOPROBE_FLEET_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "fleet/fleet.h"
#include "profile/profile.h"
#include "results/results.h"

/* How a caller other than the plain run wants it made (the suite). */
struct fleet_run_how {
	const struct run_options *base;	/* progress, pause, say, dots,
					 * quiet of rank 0's run (the other
					 * ranks' take its say, quiet);
					 * NULL: none */
	bool own_files;		/* every rank's targets are its own files,
				 * even without a placeholder: each creates
				 * its own, none waits for rank 0's */
};

struct fleet_run {
	struct fleet *f;
	struct fleet_run_how how;
	const struct profile *tmpl;	/* as typed: placeholders kept */
	struct profile own;		/* this rank's, expanded */
	bool have_own;
	struct results r;		/* this rank's result */
	bool have_r;			/* r holds a result to report */
	int status;			/* this rank's exit status so far */
	bool secondary;			/* stopped because another rank
					 * failed, not by a fault of its own */
	int stage;			/* start-up steps passed: 1 prepared,
					 * 2 ready */
	uint32_t stopped_by;		/* the rank whose stop message ended
					 * this rank's run (secondary) */
	int comm_err;			/* a collective step failed (-errno) */
	char err[1024];			/* this rank's message */
	/* rank 0, once fleet_run() returned 0: */
	int fleet_status;		/* 0, or the failed rank's status */
	char fleet_err[1400];		/* "rank 1 (host): message" */
	struct results merged;		/* fleet_status 0: every rank's */
};

/* Run @tmpl on rank f->rank.  0 when every collective step went through
 * (the outcome is in @fr: status, and on rank 0 fleet_status and
 * merged); -ETIMEDOUT or -EIO when one did not (fr->err says which): the
 * caller ends the job then.  fleet_run_release() @fr in any case. */
int fleet_run(struct fleet_run *fr, struct fleet *f,
	      const struct profile *tmpl);
/* The same made as @how says (NULL: as fleet_run()). */
int fleet_run_how(struct fleet_run *fr, struct fleet *f,
		  const struct profile *tmpl, const struct fleet_run_how *how);
/* Every rank gets rank 0's final @status (after its report went out)
 * into *status.  0 or -ETIMEDOUT. */
int fleet_run_finish(struct fleet_run *fr, int *status);
void fleet_run_release(struct fleet_run *fr);

/* The end of fleet_run() (fleet_collect.c): every rank sends rank 0 its
 * status, message and result; rank 0 fills fleet_status, fleet_err and
 * merged.  0, or the -errno of the gather (fr->err filled). */
int fleet_collect(struct fleet_run *fr);
/* How long a rank that ended waits for the others at the end of a run of
 * @p: its planned length and a grace. */
double fleet_end_wait_s(const struct profile *p);

#endif
