/* series_sampler.h - the run's sampler: per-interval figures of every
 * target and direction while the run goes, for --series, the live status
 * line and the per-interval percentiles of a -L -D run's results.
 *
 * Each worker records the latency of every measured I/O into its
 * histograms, which live here (results/live_hist.h); the run's main
 * thread calls run_series_poll() from its timeline loop, and at each
 * interval's end it reads every worker's histograms, subtracts its
 * previous reading and hands one row per target and direction to the
 * caller's callback, and keeps the interval's P50, P99 and max in the
 * results (r->ipct).  The workers do nothing per interval; the memory is
 * fixed when the run starts (two readings per target and direction),
 * whatever its length.
 *
 * Every function takes a NULL sampler (nothing asked for one) and then
 * does nothing, so run.c calls them unconditionally.
 */
#ifndef IOPROBE_SERIES_SAMPLER_H
#define IOPROBE_SERIES_SAMPLER_H

#include <stdint.h>

#include "results/results.h"
#include "results/series.h"
#include "run/worker_types.h"

struct run_series;

/* A sampler calling @fn(@arg, ...) every @interval_ms over the @nworkers
 * workers @w, whose rows are @r's: points each worker at its histograms
 * here.  With -L and -D (and @interval_ms -D's, or @fn NULL) it also
 * allocates and fills @r's per-interval percentiles; @fn NULL without
 * them: *@out = NULL, nothing sampled.  0 or -ENOMEM. */
int run_series_new(struct run_series **out, series_fn fn, void *arg,
		   uint32_t interval_ms, const struct profile *p,
		   struct results *r, struct worker *w, uint32_t nworkers);
/* The measured window began at @t0_ns: take the baseline reading. */
void run_series_start(struct run_series *s, uint64_t t0_ns);
/* When the next interval ends (monotonic ns), UINT64_MAX when none is
 * due (not started, or ended). */
uint64_t run_series_next_ns(const struct run_series *s);
/* Report every interval that has ended by @now_ns. */
void run_series_poll(struct run_series *s, uint64_t now_ns);
/* The measured window ended at @t1_ns: report the last, shorter
 * interval if there is one, and stop. */
void run_series_end(struct run_series *s, uint64_t t1_ns);
void run_series_free(struct run_series *s);

#endif
