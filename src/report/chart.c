/* chart.c - the SVG chart kit of the HTML pages (see chart.h). */
#include "report/chart.h"

#include <math.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"
#include "lib/util.h"
#include "results/results.h"

#define GRID "#e2e8f0"		/* gridlines */
#define LINE_W "2.5"		/* polylines */
#define CURVE_STEPS 200		/* samples of a percentile curve */
#define NINE_LABEL_PX 64	/* least room for one percentile label */
#define DECADE_125_PX 90	/* least decade height for 1-2-5 ticks */

/* Smallest of 1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8 (x 10^k) >= @v: values
 * that split into four readable ticks. */
static double nice_ceil(double v)
{
	static const double m[] = { 1, 1.2, 1.6, 2, 2.4, 3, 4, 5, 6, 8 };
	double p = pow(10, floor(log10(v)));
	size_t i;

	for (i = 0; i < ARRAY_SIZE(m); i++)
		if (v <= m[i] * p)
			return m[i] * p;
	return 10 * p;
}

void chart_axis_linear(struct chart_axis *a, double hi, double p0,
		       double p1)
{
	a->log = false;
	a->lo = 0;
	a->hi = nice_ceil(hi > 0 && isfinite(hi) ? hi * 1.1 : 1);
	a->p0 = p0;
	a->p1 = p1;
}

void chart_axis_log(struct chart_axis *a, double lo, double hi, double p0,
		    double p1)
{
	if (!(lo > 0) || !isfinite(lo))
		lo = 1e-3;
	if (!(hi > lo) || !isfinite(hi))
		hi = lo;
	a->log = true;
	a->lo = pow(10, floor(log10(lo)));
	a->hi = pow(10, ceil(log10(hi)));
	if (a->hi <= a->lo * 1.0001)
		a->hi = a->lo * 10;
	a->p0 = p0;
	a->p1 = p1;
}

void chart_axis_fit(struct chart_axis *a, double lo, double hi, double p0,
		    double p1)
{
	if (lo > 0 && hi / lo > 20)
		chart_axis_log(a, lo / 2, hi, p0, p1);
	else
		chart_axis_linear(a, hi, p0, p1);
}

double chart_map(const struct chart_axis *a, double v)
{
	double t;

	if (a->log) {
		v = v > a->lo ? v : a->lo;
		t = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
	} else {
		t = (v - a->lo) / (a->hi - a->lo);
	}
	return a->p0 + (a->p1 - a->p0) * t;
}

void chart_begin(FILE *f, double w, double h, const char *label)
{
	fprintf(f, "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 "
		   "%.0f %.0f\" width=\"100%%\" role=\"img\"", w, h);
	if (label) {
		fputs(" aria-label=\"", f);
		emit_escaped(f, label);
		fputc('"', f);
	}
	fputs(">\n", f);
}

void chart_end(FILE *f)
{
	fputs("</svg>\n", f);
}

void chart_text(FILE *f, double x, double y, const char *anchor,
		const char *cls, bool bold, const char *text)
{
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"%s\"", x, y,
		anchor);
	if (cls)
		fprintf(f, " class=\"%s\"", cls);
	if (bold)
		fputs(" style=\"font-weight:600\"", f);
	fputc('>', f);
	emit_escaped(f, text);
	fputs("</text>\n", f);
}

static void grid_tick(FILE *f, const struct chart_axis *a, double v,
		      double x0, double x1, chart_fmt_fn fmt)
{
	double y = chart_map(a, v);
	char lab[32];

	fmt(lab, sizeof(lab), v);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		   "stroke=\"" GRID "\"/>", x0, y, x1, y);
	chart_text(f, x0 - 8, y + 4, "end", NULL, false, lab);
}

void chart_grid_y(FILE *f, const struct chart_axis *a, double x0, double x1,
		  chart_fmt_fn fmt)
{
	static const double steps[] = { 1, 2, 5 };
	size_t i, nsteps = ARRAY_SIZE(steps);
	double dec;
	int k;

	if (!a->log) {
		for (k = 0; k <= 4; k++)
			grid_tick(f, a, a->hi * k / 4, x0, x1, fmt);
		return;
	}
	if (fabs(a->p1 - a->p0) / log10(a->hi / a->lo) < DECADE_125_PX)
		nsteps = 1;
	for (dec = a->lo; dec <= a->hi * 1.0001; dec *= 10)
		for (i = 0; i < nsteps; i++)
			if (dec * steps[i] <= a->hi * 1.0001)
				grid_tick(f, a, dec * steps[i], x0, x1, fmt);
}

static void grid_tick_x(FILE *f, const struct chart_axis *a, double v,
			double y0, double y1, chart_fmt_fn fmt)
{
	double x = chart_map(a, v);
	char lab[32];

	fmt(lab, sizeof(lab), v);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		   "stroke=\"" GRID "\"/>", x, y0, x, y1);
	chart_text(f, x, y1 + 18, "middle", NULL, false, lab);
}

void chart_grid_x(FILE *f, const struct chart_axis *a, double y_top,
		  double y_bottom, chart_fmt_fn fmt)
{
	double dec;
	int k;

	if (!a->log) {
		for (k = 0; k <= 4; k++)
			grid_tick_x(f, a, a->hi * k / 4, y_top, y_bottom, fmt);
		return;
	}
	for (dec = a->lo; dec <= a->hi * 1.0001; dec *= 10)
		grid_tick_x(f, a, dec, y_top, y_bottom, fmt);
}

double chart_nines(double pct)
{
	return pct >= 100 ? INFINITY : -log10(1 - pct / 100);
}

/* DiskSpd's row name of @n whole nines: "min", "90th", "99th", "3-nines". */
static const char *nines_label(int n)
{
	double pct = 100.0 * (1.0 - pow(10.0, -n));
	size_t i;

	for (i = 0; i < RESULTS_NPCT; i++)
		if (fabs(results_pcts[i].pct - pct) < 1e-9)
			return results_pcts[i].label;
	return "";
}

void chart_grid_nines(FILE *f, const struct chart_axis *x, double y_top,
		      double y_bottom)
{
	double per = (x->p1 - x->p0) / (x->hi > 0 ? x->hi : 1);
	int n, every = per >= NINE_LABEL_PX ? 1 : (int)ceil(NINE_LABEL_PX / per);

	for (n = 0; n <= (int)x->hi; n++) {
		double px = chart_map(x, n);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			   "stroke=\"" GRID "\"/>", px, y_top, px, y_bottom);
		if (n % every == 0)
			chart_text(f, px, y_bottom + 18, "middle", NULL, false,
				   nines_label(n));
		else
			fputc('\n', f);
	}
	chart_text(f, (x->p0 + x->p1) / 2, y_bottom + 38, "middle", NULL, false,
		   "percentile (log scale of 1 − p; the last point is max)");
}

void chart_pct_curve(FILE *f, const struct hist *h,
		     const struct chart_axis *x, const struct chart_axis *y,
		     const char *color)
{
	double xm, v;
	int i;

	if (!h->count)
		return;
	xm = h->count > 1 ? log10((double)h->count) : 0;
	if (xm > x->hi)
		xm = x->hi;
	chart_line_begin(f, color);
	for (i = 0; i < CURVE_STEPS; i++) {
		v = xm * i / CURVE_STEPS;
		chart_line_point(f, chart_map(x, v), chart_map(y,
			(double)hist_percentile(h, 100.0 * (1.0 -
						pow(10.0, -v))) / 1e6));
	}
	chart_line_point(f, chart_map(x, xm),
			 chart_map(y, (double)h->max_ns / 1e6));
	chart_line_end(f);
}

void chart_line_begin(FILE *f, const char *color)
{
	fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width=\""
		   LINE_W "\" stroke-linejoin=\"round\" points=\"", color);
}

void chart_line_point(FILE *f, double x, double y)
{
	fprintf(f, "%.1f,%.1f ", x, y);
}

void chart_line_end(FILE *f)
{
	fputs("\"/>\n", f);
}

void chart_rule_y(FILE *f, const struct chart_axis *a, double v, double x0,
		  double x1, const char *color, const char *label)
{
	double y = chart_map(a, v);

	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		   "stroke=\"%s\" stroke-dasharray=\"6 4\"/>", x0, y, x1, y,
		color);
	if (label)
		chart_text(f, x1, y - 6, "end", NULL, false, label);
}

void chart_dot(FILE *f, double x, double y, double r, const char *color)
{
	fprintf(f, "<circle cx=\"%.1f\" cy=\"%.1f\" r=\"%.1f\" fill=\"%s\"/>",
		x, y, r, color);
}

void chart_bar(FILE *f, double x, double y, double w, double y0,
	       const char *color)
{
	fprintf(f, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" width=\"%.1f\" "
		   "height=\"%.1f\" fill=\"%s\" rx=\"3\"/>", x, y, w,
		fmax(y0 - y, 0.5), color);
}

void chart_fmt_ms(char *buf, size_t len, double ms)
{
	if (ms <= 0)
		snprintf(buf, len, "0");
	else if (ms >= 1000)
		snprintf(buf, len, "%g s", ms / 1000);
	else if (ms >= 1)
		snprintf(buf, len, "%g ms", ms);
	else if (ms >= 0.001)
		snprintf(buf, len, "%g µs", ms * 1000);
	else
		snprintf(buf, len, "%g ns", ms * 1e6);
}

void chart_fmt_axis(char *buf, size_t len, double v)
{
	if (v >= 1e9)
		snprintf(buf, len, "%gG", v / 1e9);
	else if (v >= 1e6)
		snprintf(buf, len, "%gM", v / 1e6);
	else if (v >= 1e4)
		snprintf(buf, len, "%gk", v / 1e3);
	else
		chart_fmt_count(buf, len, v);
}

void chart_fmt_count(char *buf, size_t len, double v)
{
	if (v >= 1e3 && v == floor(v))
		fmt_count(buf, len, v);
	else
		snprintf(buf, len, "%g", v);
}
