/* series.h - one interval of one target and direction as the run's
 * sampler measured it while the run went: what a --series line says and
 * what the live status line shows.  The run (run/series_sampler.c) makes
 * these rows, report/report_series.c writes them, cmd/ shows them.
 */
#ifndef IOPROBE_SERIES_H
#define IOPROBE_SERIES_H

#include <stdint.h>

#include "results/results.h"

#define SERIES_ALL UINT32_MAX	/* series_row.target: every target */
#define SERIES_DEFAULT_MS 1000	/* the interval without -D */

/* The sampling interval of @p's run: -D, else SERIES_DEFAULT_MS. */
static inline uint32_t series_interval_ms(const struct profile *p)
{
	return p->iops_interval_ms ? p->iops_interval_ms : SERIES_DEFAULT_MS;
}

struct series_row {
	uint32_t index;		/* interval number, 0 = the first one */
	double start_s, end_s;	/* since the measured window began (real
				 * clock: the sampler's readings) */
	double unix_s;		/* wall clock at end_s, s since 1970 */
	uint32_t target;	/* index into the run's targets, SERIES_ALL */
	const char *path;	/* the target's path, "" for SERIES_ALL */
	enum io_dir dir;	/* DIR_COUNT: both directions */
	uint64_t ios;		/* I/Os completed in the interval */
	uint64_t bytes;
	uint64_t errors;	/* I/Os that failed in the interval */
	double iops, mib_s;	/* over end_s - start_s */
	uint64_t mean_ns, p50_ns, p99_ns, max_ns;	/* 0 when ios == 0 */
	double inflight;	/* mean I/Os in flight: iops x mean latency
				 * (Little's law) */
};

/* One interval of the measured window has ended: @rows holds one row per
 * target and direction it does (reads, writes or both by -w), in target
 * order, @total every target and direction merged. */
typedef void (*series_fn)(void *arg, const struct series_row *rows,
			  uint32_t nrows, const struct series_row *total);

#endif
