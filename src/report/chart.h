/* chart.h - the SVG chart kit of the HTML pages (the run page and the
 * comparison page): value axes, gridlines with labels, the percentile
 * axis, polylines and bars, all with one set of rules.
 *
 * Coordinates are SVG user units (CSS px).  An axis maps data values to
 * pixels: linear from 0 to a round value above the data with four ticks,
 * or log10 over whole decades with 1-2-5 ticks where a decade is at least
 * 90 px tall and decades alone otherwise.  Latency labels read "50 µs", "2 ms", "1 s";
 * counts "800", "25,000", "1,500,000".  Text passed in is escaped.  The
 * page frame, legends and axis titles are in chart_page.h, charts over
 * time in chart_time.h.
 */
#ifndef IOPROBE_CHART_H
#define IOPROBE_CHART_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "results/hist.h"

struct chart_axis {
	bool log;		/* log10 scale */
	double lo, hi;		/* data range shown */
	double p0, p1;		/* pixels of lo and hi */
};

/* Label formatter of an axis tick. */
typedef void (*chart_fmt_fn)(char *buf, size_t len, double v);

/* Linear from 0 to a round value at least 10 % above @hi. */
void chart_axis_linear(struct chart_axis *a, double hi, double p0,
		       double p1);
/* Log over the whole decades around [@lo, @hi] (@lo > 0), one at least. */
void chart_axis_log(struct chart_axis *a, double lo, double hi, double p0,
		    double p1);
/* For bars: linear when the values span less than 20x, else log from a
 * decade below @lo / 2 (so the smallest bar stays visible). */
void chart_axis_fit(struct chart_axis *a, double lo, double hi, double p0,
		    double p1);
/* The pixel of @v (clamped to lo on a log axis). */
double chart_map(const struct chart_axis *a, double v);

/* Open an inline <svg> of @w x @h; @label (may be NULL) is its aria-label.
 * chart_end() closes it. */
void chart_begin(FILE *f, double w, double h, const char *label);
void chart_end(FILE *f);

/* Horizontal gridlines across [@x0, @x1] at the ticks of the y axis @a,
 * labelled by @fmt left of @x0. */
void chart_grid_y(FILE *f, const struct chart_axis *a, double x0, double x1,
		  chart_fmt_fn fmt);
/* Vertical gridlines between @y_top and @y_bottom at the ticks of the x
 * axis @a (as chart_grid_y's: four on a linear axis, decades on a log
 * one), labelled by @fmt below @y_bottom. */
void chart_grid_x(FILE *f, const struct chart_axis *a, double y_top,
		  double y_bottom, chart_fmt_fn fmt);
/* @text at (@x, @y), anchored "start", "middle" or "end"; @cls is an
 * optional class ("good", "bad"), @bold for titles. */
void chart_text(FILE *f, double x, double y, const char *anchor,
		const char *cls, bool bold, const char *text);

/* Percentile x axis: x = -log10(1 - p/100), the "nines" of p.  @x maps
 * 0 .. n nines; one vertical gridline per whole nine between @y_top and
 * @y_bottom, labelled with DiskSpd's row names ("min", "90th", "99th",
 * "3-nines"...), thinned to stay readable; the caption goes below. */
double chart_nines(double pct);
void chart_grid_nines(FILE *f, const struct chart_axis *x, double y_top,
		      double y_bottom);
/* The latency curve of @h (ms on @y) from min at 0 nines to max at the
 * highest percentile @h resolves (log10 of its count, at most x->hi). */
void chart_pct_curve(FILE *f, const struct hist *h,
		     const struct chart_axis *x, const struct chart_axis *y,
		     const char *color);

/* A polyline: begin, one point per call, end. */
void chart_line_begin(FILE *f, const char *color);
void chart_line_point(FILE *f, double x, double y);
void chart_line_end(FILE *f);

/* A dashed horizontal rule across [@x0, @x1] at @v of the y axis @a, with
 * @label (may be NULL) above its right end: a limit such as an SLO. */
void chart_rule_y(FILE *f, const struct chart_axis *a, double v, double x0,
		  double x1, const char *color, const char *label);
/* A point marker: a filled circle of radius @r at (@x, @y). */
void chart_dot(FILE *f, double x, double y, double r, const char *color);

/* A bar (class "bar") standing on @y0 up to @y, at least half a pixel. */
void chart_bar(FILE *f, double x, double y, double w, double y0,
	       const char *color);

/* Tick labels: milliseconds ("0", "50 µs", "2 ms", "1.5 s": s from
 * 1,000 ms) and counts with thousands separators ("800", "25,000",
 * "1,500,000"). */
void chart_fmt_ms(char *buf, size_t len, double ms);
/* An axis tick's count: chart_fmt_count below 10,000, else short
 * ("12k", "900k", "7.5M", "1.2G"), so a tick never runs into the axis
 * title. */
void chart_fmt_axis(char *buf, size_t len, double v);
void chart_fmt_count(char *buf, size_t len, double v);

#endif
