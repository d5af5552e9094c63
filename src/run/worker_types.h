/* worker_types.h - what run.c and a worker thread share: the run's
 * phases, the targets as every worker sees them, the shared flags, and
 * struct worker itself (its configuration, set by run.c, and what the
 * worker leaves behind).  worker.h has the thread's API; the worker's
 * set-up (worker_setup.c) needs only these definitions.
 */
#ifndef IOPROBE_WORKER_TYPES_H
#define IOPROBE_WORKER_TYPES_H

#include <pthread.h>
#include <stdatomic.h>
#include <stdbool.h>
#include <stdint.h>

#include "engine/engine.h"
#include "profile/profile.h"
#include "results/live_hist.h"
#include "results/results.h"
#include "run/target.h"

/* The run's timeline, advanced only by run.c. */
enum run_phase {
	PHASE_INIT = 0,		/* workers set up, nothing issued */
	PHASE_WARMUP,		/* I/O runs, not counted */
	PHASE_MEASURE,		/* completions seen now are counted */
	PHASE_COOLDOWN,		/* I/O runs, not counted */
	PHASE_STOP,		/* drain and leave */
};

/* A target as every worker sees it: opened before the workers start and
 * read-only while they run, except the -si pointer. */
struct run_target {
	struct target t;
	const struct target_opts *opts;
	_Atomic uint64_t seq;		/* -si shared sequential pointer */
	void *wsrc;			/* -Z<size> source buffer or NULL */
	uint64_t wsrc_bytes;
};

/* What the workers share, owned by run.c. */
struct run_shared {
	_Atomic int phase;		/* enum run_phase */
	_Atomic uint64_t window_start_ns;	/* set before PHASE_MEASURE */
	_Atomic uint32_t nready;	/* workers set up (or failed) */
	_Atomic uint32_t nexited;	/* workers that left their loop */
	_Atomic uint32_t io_failed;	/* set by the first failed I/O; the
					 * workers stop at their next batch
					 * unless --continue-on-error (run.c
					 * sees them leave in nexited) */
};

struct worker_target;

/* A target's latency histograms while the worker records them, merged
 * into its results row at the end (the rows of all workers are one
 * array: recording there would share cache lines at row boundaries). */
struct wt_hist {
	_Alignas(64) struct hist dir[DIR_COUNT];
};

/* The sampler's side of one worker row (series_sampler.c), owned by the
 * sampler so a worker that leaves early frees nothing it reads: the
 * worker records into them, the run's main thread reads them. */
struct live_row {
	struct wt_hist lat;		/* the worker's histograms (its
					 * wt.hist) */
	struct live_hist dir[DIR_COUNT];
};

struct worker {
	/* Configuration, set by run.c before worker_start(). */
	const struct profile *p;
	struct run_shared *shared;
	struct run_target *targets;	/* the run's targets (all) */
	uint32_t id;			/* DiskSpd thread id */
	uint32_t ntargets;		/* targets this worker drives */
	uint32_t tidx[PROFILE_MAX_TARGETS];	/* their run indexes */
	uint32_t depth[PROFILE_MAX_TARGETS];	/* requests per target */
	uint32_t pool_slots;		/* -F -O: requests of this thread,
					 * each I/O's target drawn by weight
					 * (depth[] unused); 0 = depth[] */
	uint32_t thread_in_target[PROFILE_MAX_TARGETS];
	uint32_t weight[PROFILE_MAX_TARGETS];	/* -F -O: this thread's
					 * weight per target (<ThreadTarget>
					 * or the target's); 0 = the target's */
	struct thread_target *rows;	/* ntargets rows in the results */
	uint32_t nintervals;		/* -D buckets per row */
	struct live_row *live;		/* ntargets sampler rows, in the
					 * order of @rows; NULL = none */
	int32_t cpu;			/* CPU to pin to, -1 = none */

	/* Set by the worker. */
	pthread_t thread;
	int err;			/* 0 or -errno */
	char errmsg[256];
	char note[256];			/* engine fallback line */
	char warn[128];			/* -I refused; said by the run */
	const char *engine_name;
	struct engine eng;
	uint64_t syscalls, ios;		/* engine totals, at exit */
	struct io_failure fail;		/* the run's first failed I/O, set
					 * only by the worker that saw it */

	/* Published once per batch (relaxed) for progress lines. */
	_Alignas(64) _Atomic uint64_t pub_ios;
	_Atomic uint64_t pub_bytes;

	struct worker_state *st;	/* private loop state */
};

#endif
