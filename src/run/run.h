/* run.h - one benchmark run: targets, workers, timeline, results.
 *
 * run_execute() is what `ioprobe [switches] target` and every suite
 * profile call.  It prepares targets (create/fill), opens them, starts one
 * worker thread per DiskSpd thread, runs warm-up, the measured window and
 * cool-down, and fills @r.  A first signal only sets the stop flag.
 */
#ifndef IOPROBE_RUN_H
#define IOPROBE_RUN_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/notes.h"
#include "profile/profile.h"
#include "results/results.h"
#include "results/series.h"

/* Live progress for a terminal or a log, called about once a second
 * from the main thread during the run. */
struct run_progress {
	int phase;		/* 0 fill, 1 warm-up, 2 measure, 3 cool-down */
	double elapsed_s, total_s;	/* whole run: warm-up + measured
					 * window + cool-down (0 in fill) */
	double phase_elapsed_s;	/* since the current phase began */
	double phase_total_s;	/* its planned length (-W, -d or -C; 0 in
				 * fill, whose length is not known) */
	double iops, mib_s;	/* over the last second */
	uint64_t fill_done, fill_total;
};
typedef void (*run_progress_fn)(void *arg, const struct run_progress *p);

/* Points of the timeline where a caller may step in, e.g. to line up
 * several processes (fleet/): each returns 0 to go on, or -errno with
 * @err filled to end the run there with that error. */
struct run_hooks {
	/* targets prepared (-c created and filled), not yet opened */
	int (*prepared)(void *ctx, char *err, size_t errlen);
	/* every worker set up (engine, buffers), just before warm-up */
	int (*ready)(void *ctx, char *err, size_t errlen);
	/* at each poll of the timeline (about every 20 ms of warm-up,
	 * measured window and cool-down), from its thread: -errno ends
	 * the run there, run_execute() returning it (another process
	 * failed) */
	int (*poll)(void *ctx);
	void *ctx;
};

struct run_options {
	run_progress_fn progress;	/* NULL = none */
	void *progress_arg;		/* passed to every callback here */
	/* At the end of each interval of the measured window (series.h),
	 * from the run's main thread within a few ms of that end: the
	 * caller's work here delays the timeline, keep it short.  NULL = no
	 * sampling: the workers record nothing for it. */
	series_fn interval;
	uint32_t interval_ms;		/* its period, > 0 with @interval */
	/* Called right before the run says a line of its own (@say: a
	 * note, the interruption line): take a progress line away. */
	void (*pause)(void *arg);
	/* What the run has to say on the way, from its main thread right
	 * after @pause, for the caller to print: a note (an engine
	 * fallback, an interrupted fill), a warning (-I refused) or
	 * DiskSpd's "*** Interrupted by signal. Stopping I/O. ***"
	 * (NOTE_PLAIN).  NULL = said nowhere. */
	void (*say)(void *arg, enum note_kind kind, const char *text);
	/* -P: @n more dots, one per progress_every I/Os of the threads,
	 * at the timeline's polls.  NULL = none. */
	void (*dots)(void *arg, size_t n);
	bool quiet;			/* no notes (only warnings), no dots */
	const struct run_hooks *hooks;	/* NULL = none; members may be NULL */
};

/* Run @p, fill @r (results_init'ed by the caller).  0 on success (also
 * when interrupted: see r->interrupted), -errno on failure with @err
 * filled (one line). */
int run_execute(const struct profile *p, const struct run_options *opt,
		struct results *r, char *err, size_t errlen);

#endif
