/* chart_time.c - values over time (see chart_time.h). */
#include "report/chart_time.h"

#include <math.h>

#include "report/chart_page.h"

#define TM_W 1000.0
#define TM_H 280.0
#define TM_L 100.0		/* y labels and the axis title */
#define TM_R 30.0
#define TM_T 16.0
#define TM_B 46.0		/* time labels and caption */
#define TM_STEPS 300		/* intervals drawn as steps, at most */
#define GRID "#e2e8f0"

static double span_s(const struct chart_line *l, size_t nl)
{
	double s = 0;
	size_t i;

	for (i = 0; i < nl; i++)
		s = fmax(s, l[i].n * l[i].step_s);
	return s > 0 ? s : 1;
}

static void y_range(const struct chart_line *l, size_t nl, double *lo,
		    double *hi)
{
	size_t i;
	uint32_t k;

	*lo = INFINITY;
	*hi = 0;
	for (i = 0; i < nl; i++)
		for (k = 0; k < l[i].n; k++)
			if (isfinite(l[i].v[k]) && l[i].v[k] > 0) {
				*lo = fmin(*lo, l[i].v[k]);
				*hi = fmax(*hi, l[i].v[k]);
			}
	if (!isfinite(*lo))
		*lo = 0;
}

/* About ten time labels at whole 1-2-5 steps of seconds. */
static void time_axis(FILE *f, const struct chart_axis *x)
{
	static const double m[] = { 1, 2, 5 };
	double step = 0, t, p, raw = x->hi / 10;
	char lab[32];
	int i;

	p = pow(10, floor(log10(raw)));
	for (i = 0; i < 3 && !step; i++)
		if (raw <= m[i] * p)
			step = m[i] * p;
	if (!step)
		step = 10 * p;
	for (t = 0; t <= x->hi * 1.0001; t += step) {
		double px = chart_map(x, t);

		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			   "stroke=\"" GRID "\"/>", px, TM_T, px, TM_H - TM_B);
		snprintf(lab, sizeof(lab), "%g s", t);
		chart_text(f, px, TM_H - TM_B + 16, "middle", NULL, false, lab);
	}
	chart_text(f, (x->p0 + x->p1) / 2, TM_H - 8, "middle", NULL, false,
		   "time since the measured window began (each interval's value held across it)");
}

/* A step line: each interval's value held from its start to its end, so
 * one interval is a level line and none is hidden between two points.
 * Past TM_STEPS intervals (a step narrower than about 3 px) one point per
 * interval end, which looks the same and halves the page. */
static void one_line(FILE *f, const struct chart_line *l,
		     const struct chart_axis *x, const struct chart_axis *y)
{
	bool steps = l->n <= TM_STEPS;
	uint32_t k;

	chart_line_begin(f, l->color);
	for (k = 0; k < l->n; k++) {
		if (!isfinite(l->v[k]))
			continue;
		if (steps)
			chart_line_point(f, chart_map(x, k * l->step_s),
					 chart_map(y, l->v[k]));
		chart_line_point(f, chart_map(x, (k + 1) * l->step_s),
				 chart_map(y, l->v[k]));
	}
	chart_line_end(f);
}

void chart_time(FILE *f, const char *aria, const char *ytitle,
		const struct chart_line *l, size_t nl, chart_fmt_fn fmt,
		bool fit)
{
	const char *names[8], *colors[8];
	struct chart_axis x, y;
	double lo, hi;
	size_t i;

	y_range(l, nl, &lo, &hi);
	if (fit)
		chart_axis_fit(&y, lo, hi > 0 ? hi : 1, TM_H - TM_B, TM_T);
	else
		chart_axis_linear(&y, hi > 0 ? hi : 1, TM_H - TM_B, TM_T);
	x = (struct chart_axis){ .lo = 0, .hi = span_s(l, nl), .p0 = TM_L,
				 .p1 = TM_W - TM_R };
	chart_begin(f, TM_W, TM_H, aria);
	chart_grid_y(f, &y, TM_L, TM_W - TM_R, fmt);
	time_axis(f, &x);
	chart_axis_title_y(f, &y, 14, ytitle);
	for (i = 0; i < nl; i++)
		one_line(f, &l[i], &x, &y);
	chart_end(f);
	for (i = 0; i < nl && i < 8; i++) {
		names[i] = l[i].name;
		colors[i] = l[i].color;
	}
	chart_legend(f, names, colors, i);
}
