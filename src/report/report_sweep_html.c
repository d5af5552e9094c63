/* report_sweep_html.c - a sweep as one self-contained page: the finding
 * first, when, where and how it was measured, IOPS and MiB/s against the
 * swept value (one chart each, the points evenly spaced as the values
 * double), for -o and -t the latency-vs-IOPS curve, the table and the
 * findings.  Inline CSS and SVG from the chart kit (chart.c, the frame
 * and stylesheet of chart_page.c), no script, every string escaped; the
 * page is well-formed XML.  See report_sweep.h. */
#include "report/report_sweep.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"
#include "report/chart.h"
#include "report/chart_page.h"

#define COL_IOPS "#2563eb"
#define COL_MIB "#0f766e"
#define COL_P99 "#c2410c"
#define COL_AVG "#9aa5b1"
#define CHART_W 1000.0
#define CHART_H 280.0
#define PAD_L 100.0	/* tick labels and the axis title */
#define PAD_R 30.0
#define PAD_T 30.0
#define PAD_B 60.0

static const char *kind_title(enum sweep_kind k)
{
	return k == SWEEP_BLOCK ? "block size" :
	       k == SWEEP_DEPTH ? "queue depth" : "threads";
}

/* The x pixel of point @i of @n, evenly spaced. */
static double point_x(size_t i, size_t n)
{
	double w = CHART_W - PAD_L - PAD_R;

	return n < 2 ? PAD_L + w / 2 : PAD_L + 30 + (w - 60) * i / (n - 1);
}

static double metric(const struct sweep_point *p, int which)
{
	return which ? p->mib_s : p->iops;
}

static void fmt_mib(char *buf, size_t len, double v)
{
	if (v <= 0)
		snprintf(buf, len, "0");
	else if (v >= 100)
		fmt_count(buf, len, v);
	else
		snprintf(buf, len, "%.1f", v);
}

/* IOPS (@which 0) or MiB/s (1) against the swept value. */
static void value_chart(const struct sweep_view *v, int which, FILE *f)
{
	const char *col = which ? COL_MIB : COL_IOPS;
	struct chart_axis y;
	char lab[48], sw[40];
	double hi = 0, x;
	size_t i;

	for (i = 0; i < v->npts; i++)
		hi = fmax(hi, metric(&v->pts[i], which));
	chart_axis_linear(&y, hi, CHART_H - PAD_B, PAD_T);
	chart_begin(f, CHART_W, CHART_H, which ? "MiB/s per point" :
						 "IOPS per point");
	chart_grid_y(f, &y, PAD_L, CHART_W - PAD_R, chart_fmt_axis);
	chart_axis_title_y(f, &y, 14, which ? "MiB/s" : "IOPS");
	chart_line_begin(f, col);
	for (i = 0; i < v->npts; i++)
		chart_line_point(f, point_x(i, v->npts),
				 chart_map(&y, metric(&v->pts[i], which)));
	chart_line_end(f);
	for (i = 0; i < v->npts; i++) {
		double m = metric(&v->pts[i], which);

		x = point_x(i, v->npts);
		chart_dot(f, x, chart_map(&y, m), 4, col);
		if (which)
			fmt_mib(lab, sizeof(lab), m);
		else
			fmt_count(lab, sizeof(lab), m);
		chart_text(f, x, chart_map(&y, m) - 9, "middle", NULL, false,
			   lab);
		snprintf(sw, sizeof(sw), "%s%s", sweep_kind_switch(v->kind),
			 v->pts[i].name);
		chart_text(f, x, CHART_H - PAD_B + 20, "middle", NULL, true,
			   sw);
	}
	chart_text(f, (PAD_L + CHART_W - PAD_R) / 2, CHART_H - PAD_B + 44,
		   "middle", NULL, false, kind_title(v->kind));
	chart_end(f);
}

/* One latency series (@p99: P99, else avg) against IOPS, with dots. */
static void lat_series(const struct sweep_view *v, bool p99,
		       const struct chart_axis *x, const struct chart_axis *y,
		       FILE *f)
{
	const char *col = p99 ? COL_P99 : COL_AVG;
	char sw[40];
	size_t i;

	chart_line_begin(f, col);
	for (i = 0; i < v->npts; i++)
		chart_line_point(f, chart_map(x, v->pts[i].iops),
				 chart_map(y, p99 ? v->pts[i].p99_ms :
						    v->pts[i].mean_ms));
	chart_line_end(f);
	for (i = 0; i < v->npts; i++) {
		double px = chart_map(x, v->pts[i].iops);
		double py = chart_map(y, p99 ? v->pts[i].p99_ms :
					       v->pts[i].mean_ms);

		chart_dot(f, px, py, (int)i == v->knee && p99 ? 6 : 4, col);
		if (!p99)
			continue;
		snprintf(sw, sizeof(sw), "%s%s%s", sweep_kind_switch(v->kind),
			 v->pts[i].name, (int)i == v->knee ? " knee" : "");
		/* left of the point, unless that would cover the y labels */
		if (px - x->p0 < 70)
			chart_text(f, px + 8, py - 9, "start", NULL,
				   (int)i == v->knee, sw);
		else
			chart_text(f, px - 6, py - 9, "end", NULL,
				   (int)i == v->knee, sw);
	}
}

/* Latency (P99 and avg) against IOPS: where more depth stops paying. */
static void latency_chart(const struct sweep_view *v, FILE *f)
{
	struct chart_axis x, y;
	double hi_iops = 0, lo = INFINITY, hi = 0;
	char slo[32], lab[64];
	size_t i;

	for (i = 0; i < v->npts; i++) {
		hi_iops = fmax(hi_iops, v->pts[i].iops);
		hi = fmax(hi, v->pts[i].p99_ms);
		if (v->pts[i].mean_ms > 0)
			lo = fmin(lo, v->pts[i].mean_ms);
	}
	chart_axis_linear(&x, hi_iops, PAD_L, CHART_W - PAD_R - 20);
	hi = fmax(hi, v->slo_p99_ms);
	if (v->slo_p99_ms > 0)
		lo = fmin(lo, v->slo_p99_ms);
	chart_axis_fit(&y, isfinite(lo) ? lo : 0, hi, CHART_H - PAD_B,
		       PAD_T);
	chart_begin(f, CHART_W, CHART_H, "latency against IOPS");
	chart_grid_y(f, &y, PAD_L, CHART_W - PAD_R - 20, chart_fmt_ms);
	chart_grid_x(f, &x, PAD_T, CHART_H - PAD_B, chart_fmt_axis);
	chart_axis_title_y(f, &y, 14, "latency");
	chart_text(f, PAD_L, PAD_T - 12, "start", NULL, true,
		   "P99 (orange), avg (grey)");
	if (v->slo_p99_ms > 0) {
		fmt_latency_ms(slo, sizeof(slo), v->slo_p99_ms);
		snprintf(lab, sizeof(lab), "SLO: P99 under %s", slo);
		chart_rule_y(f, &y, v->slo_p99_ms, PAD_L, CHART_W - PAD_R - 20,
			     COL_P99, lab);
	}
	lat_series(v, false, &x, &y, f);
	lat_series(v, true, &x, &y, f);
	chart_text(f, (PAD_L + CHART_W - PAD_R) / 2, CHART_H - PAD_B + 44,
		   "middle", NULL, false, "IOPS");
	chart_end(f);
}

static void where_table(const struct sweep_view *v, FILE *f)
{
	const struct sweep_where *w = &v->where;
	char dev[160], size[32];

	snprintf(dev, sizeof(dev), "%s%s%s", w->device[0] ? w->device :
			 "unknown device", w->fs_type[0] ? ", " : "",
		 w->fs_type);
	fmt_size(size, sizeof(size), w->size_bytes);
	chart_where_begin(f);
	chart_where_row(f, "date", w->date, false);
	chart_where_row(f, "host", w->host, false);
	chart_where_row(f, "kernel", w->kernel, false);
	chart_where_row(f, "target", w->target, true);
	chart_where_row(f, "device, filesystem", dev, false);
	chart_where_row(f, "target size", size, false);
	chart_where_row(f, "engine", w->engine, false);
	chart_where_row(f, "switches", v->switches, true);
	chart_where_row(f, "ioprobe version", w->version, false);
	chart_where_end(f);
}

static void points_table(const struct sweep_view *v, FILE *f)
{
	char a[32], mib[32], m[32], p50[32], p99[32];
	size_t i;

	fprintf(f, "<h2>Points</h2>\n<table><tr><th>%s</th><th>IOPS</th>"
		   "<th>MiB/s</th><th>avg</th><th>P50</th><th>P99</th>"
		   "<th>depth achieved</th><th>IOPS × avg</th></tr>\n",
		sweep_kind_switch(v->kind));
	for (i = 0; i < v->npts; i++) {
		const struct sweep_point *p = &v->pts[i];

		fmt_count(a, sizeof(a), p->iops);
		fmt_mib(mib, sizeof(mib), p->mib_s);
		fmt_latency_ms(m, sizeof(m), p->mean_ms);
		fmt_latency_ms(p50, sizeof(p50), p->p50_ms);
		fmt_latency_ms(p99, sizeof(p99), p->p99_ms);
		fprintf(f, "<tr%s><td>", (int)i == v->knee ?
						 " class=\"knee\"" : "");
		emit_escaped(f, p->name);
		fprintf(f, "%s</td><td>%s</td><td>%s</td><td>%s</td>"
			   "<td>%s</td><td>%s</td><td>%.1f</td><td>%.1f</td>"
			   "</tr>\n", (int)i == v->knee ? " (knee)" : "", a,
			mib, m, p50, p99, p->inflight, p->little);
	}
	fputs("</table>\n", f);
}

static void findings(const struct sweep_view *v, FILE *f)
{
	size_t i;

	fputs("<h2>Findings</h2>\n<ul>\n", f);
	for (i = 0; i < v->nfind; i++) {
		fputs("<li>", f);
		emit_escaped(f, v->find[i]);
		fputs("</li>\n", f);
	}
	if (!v->nfind)
		fputs("<li>no points</li>\n", f);
	fputs("</ul>\n", f);
}

static void head(const struct sweep_view *v, FILE *f)
{
	chart_page_begin(f, "sweep", v->label);
	fprintf(f, "<h1>Sweep of %s (%s): %zu point%s", kind_title(v->kind),
		sweep_kind_switch(v->kind), v->npts, v->npts == 1 ? "" : "s");
	if (v->label) {
		fputs(", label ", f);
		emit_escaped(f, v->label);
	}
	fputs("</h1>\n<p class=\"sub\">", f);
	emit_escaped(f, v->nfind ? v->find[0] : "no points finished");
	fputs("</p>\n", f);
}

int report_sweep_html(const struct sweep_view *v, FILE *f)
{
	head(v, f);
	fputs("<h2>IOPS</h2>\n<div class=\"panel\">\n", f);
	value_chart(v, 0, f);
	fputs("</div>\n<h2>MiB/s</h2>\n<div class=\"panel\">\n", f);
	value_chart(v, 1, f);
	fputs("</div>\n", f);
	if (v->kind != SWEEP_BLOCK && v->npts) {
		fputs("<h2>Latency against IOPS</h2>\n<div class=\"panel\">\n",
		      f);
		latency_chart(v, f);
		fputs("</div>\n", f);
	}
	findings(v, f);
	points_table(v, f);
	where_table(v, f);
	chart_page_end(f, v->where.version);
	return ferror(f) ? -EIO : 0;
}
