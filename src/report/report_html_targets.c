/* report_html_targets.c - the run page's per-target summary
 * (results_targets.h): one IOPS bar per target and one for all targets,
 * drawn with the chart kit, then the table (IOPS, MiB/s, share, mean and
 * P99 from the merged histograms).  Only for two or more targets. */
#include "report/report_html_targets.h"

#include <errno.h>
#include <inttypes.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"
#include "report/chart.h"
#include "report/chart_page.h"
#include "results/results_targets.h"

#define TB_W 1000
#define TB_H 280
#define TB_L 70
#define TB_R 30
#define TB_T 24
#define TB_B 46

#define COL_TARGET "#2563eb"
#define COL_ALL "#334155"

/* "2: b.dat" for target 2, cut to stay under its bar. */
static void bar_name(char *buf, size_t len, const struct results *r,
		     const struct target_sum *t)
{
	const char *p = r->targets[t->target].path, *base = strrchr(p, '/');

	base = base && base[1] ? base + 1 : p;
	snprintf(buf, len, "%" PRIu32 ": %.24s", t->target, base);
}

static void one_bar(FILE *f, const struct chart_axis *y, double x, double w,
		    const struct target_sum *t, const char *name,
		    const char *color)
{
	char v[48];

	chart_bar(f, x, chart_map(y, t->iops), w, y->p0, color);
	fmt_count(v, sizeof(v), t->iops);
	chart_text(f, x + w / 2, chart_map(y, t->iops) - 6, "middle", NULL,
		   true, v);
	chart_text(f, x + w / 2, TB_H - TB_B + 18, "middle", NULL, false,
		   name);
}

static void bars(FILE *f, const struct results *r,
		 const struct target_summary *s)
{
	double pw = TB_W - TB_L - TB_R, slot = pw / (s->n + 1), w;
	struct chart_axis y;
	char name[48];
	uint32_t i;

	w = fmin(slot * 0.6, 120);
	chart_axis_linear(&y, fmax(s->all.iops, 1), TB_H - TB_B, TB_T);
	chart_begin(f, TB_W, TB_H, "IOPS per target");
	chart_grid_y(f, &y, TB_L, TB_W - TB_R, chart_fmt_axis);
	for (i = 0; i < s->n; i++) {
		bar_name(name, sizeof(name), r, &s->t[i]);
		one_bar(f, &y, TB_L + slot * (i + 0.5) - w / 2, w, &s->t[i],
			name, COL_TARGET);
	}
	one_bar(f, &y, TB_L + slot * (s->n + 0.5) - w / 2, w, &s->all,
		"all targets", COL_ALL);
	chart_text(f, TB_L + pw / 2, TB_H - 8, "middle", NULL, false,
		   "IOPS, reads and writes, per target and in total");
	chart_end(f);
}

static void row(FILE *f, const char *name, const char *path,
		const struct target_sum *t)
{
	char v[48];

	fputs("<tr><td class=\"l\">", f);
	emit_escaped(f, name);
	fputs("</td><td class=\"l\">", f);
	emit_escaped(f, path);
	fmt_count(v, sizeof(v), t->iops);
	fputs("</td>", f);
	chart_td_number(f, (double)t->ios, 0);
	fprintf(f, "<td>%s</td>", v);
	chart_td_number(f, t->mib_s, 2);
	fprintf(f, "<td>%.1f %%</td>", t->share_pct);
	if (t->has_lat)
		fprintf(f, "<td>%.3f</td><td>%.3f</td>", t->lat_mean_ns / 1e6,
			(double)t->lat_p99_ns / 1e6);
	else
		fputs("<td>N/A</td><td>N/A</td>", f);
	fputs("</tr>\n", f);
}

static void table(FILE *f, const struct results *r,
		  const struct target_summary *s)
{
	char name[16];
	uint32_t i;

	fputs("<table><tr><th class=\"l\">target</th><th class=\"l\">path"
	      "</th><th>I/Os</th><th>IOPS</th><th>MiB/s</th><th>share</th>"
	      "<th>mean (ms)</th><th>p99 (ms)</th></tr>\n", f);
	for (i = 0; i < s->n; i++) {
		snprintf(name, sizeof(name), "%" PRIu32, s->t[i].target);
		row(f, name, r->targets[s->t[i].target].path, &s->t[i]);
	}
	row(f, "all", "", &s->all);
	fputs("</table>\n", f);
}

int report_html_targets(const struct results *r, FILE *f)
{
	struct target_summary *s;

	if (!results_targets_shown(r))
		return 0;
	s = malloc(sizeof(*s));
	if (!s)
		return -ENOMEM;
	if (results_target_summary(r, s)) {
		free(s);
		return -ENOMEM;
	}
	fputs("<h2>Per target</h2>\n<div class=\"panel\">\n", f);
	bars(f, r, s);
	table(f, r, s);
	fputs("<p class=\"sub\">All threads on each target, reads and writes; "
	      "mean and p99 from the merged histograms (percentiles are never "
	      "averaged).</p>\n</div>\n", f);
	free(s);
	return 0;
}
