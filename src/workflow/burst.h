/* burst.h - bursts and steady state in a run's per-interval series (-D).
 *
 * A burst bucket or an SLC cache gives a device a fast first phase and a
 * slower sustained one: the series steps down once and stays down.
 * burst_detect() fits the series with two levels (a step) and with a
 * straight line; it fires when the step explains the series better than
 * the line, the later level is under BURST_DROP of the earlier one and
 * each phase lasts at least BURST_MIN_INTERVALS intervals.  Levels are
 * the medians of each phase, so the one interval that holds the drop
 * pulls neither; the drop time interpolates inside that interval.
 *
 * steady_check() applies SNIA's steady-state rule to the last
 * STEADY_WINDOW intervals: each within STEADY_BAND of their mean, and a
 * least-squares line across them that moves less than STEADY_BAND of
 * the mean from its first to its last point.  A mean over a window that
 * is not steady is not a figure to trust.
 *
 * Pure functions: the findings built on them (interp_burst) are in
 * burst.c too; interpret.h declares interp_burst with the other rules.
 */
#ifndef IOPROBE_BURST_H
#define IOPROBE_BURST_H

#include <stdbool.h>
#include <stdint.h>

#define BURST_DROP 0.6		/* sustained / burst level below this */
#define BURST_MIN_INTERVALS 2	/* each phase at least this long */
#define STEADY_WINDOW 5		/* SNIA: the last 5 rounds */
#define STEADY_BAND 0.10	/* ±10 % of their mean */

struct burst_phases {
	double burst_iops;	/* level of the first phase, per second */
	double sustained_iops;	/* level of the rest */
	double drop_s;		/* when it fell, s into the series */
	double total_s;		/* length of the series, s */
};

struct steady_state {
	bool steady;		/* both SNIA conditions hold */
	double mean;		/* of the window */
	double max_dev;		/* largest |v - mean| / mean in the window */
	double slope_dev;	/* |fitted line's excursion| / mean */
};

/* A step drop in @v (@n intervals of @interval_s)?  Fills @out when one
 * is found. */
bool burst_detect(const double *v, uint32_t n, double interval_s,
		  struct burst_phases *out);

/* SNIA's rule over the last STEADY_WINDOW of @n values; false (and @out
 * zeroed) when there are fewer, or their mean is not positive. */
bool steady_check(const double *v, uint32_t n, struct steady_state *out);

#endif
