/* chart_time.h - the kit's chart of values over time: one line per
 * series of -D intervals (IOPS, MiB/s, latency of a run; before and
 * after overlaid on the comparison page), each interval's value a level
 * step from its start to its end, seconds on the x axis, the y
 * axis titled on itself (with "log scale" when it is one), a legend.
 */
#ifndef IOPROBE_CHART_TIME_H
#define IOPROBE_CHART_TIME_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "report/chart.h"

struct chart_line {
	const double *v;	/* one value per interval; NAN: none */
	uint32_t n;		/* intervals */
	double step_s;		/* interval length, s (> 0) */
	const char *color;
	const char *name;	/* legend text */
};

/* An SVG of @nl lines over time, @aria its label and @ytitle its y axis
 * title; y labels by @fmt.  @fit: a log axis when the values span more
 * than 20x (latency), else linear from 0.  Then the legend. */
void chart_time(FILE *f, const char *aria, const char *ytitle,
		const struct chart_line *l, size_t nl, chart_fmt_fn fmt,
		bool fit);

#endif
