/* report_compare_targets.c - the comparison page's per-target section
 * (see report_compare_targets.h): per multi-target test, grouped bars of
 * IOPS and of P99 per target and for all targets, the label before next
 * to the label after, then a table with the factors; a plain note when
 * the two labels ran on other targets.  Figures are each label's newest
 * run (the saved result's merged histograms), drawn with the chart kit. */
#include "report/report_compare_targets.h"

#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"
#include "report/chart.h"
#include "report/chart_page.h"

#define COL_FROM "#9aa5b1"	/* as report_compare_html.c */
#define COL_TO "#2563eb"
#define TW 1000.0		/* as wide as the page's other bar charts */
#define TH 260.0
#define TL 90.0
#define TR 20.0
#define TT 36.0
#define TB 40.0

enum { TGT_IOPS, TGT_P99 };

/* The bar of side @s in group @k (k == rows: all targets); false when
 * the side has no such target or no latency. */
static bool tgt_value(const struct cmp_view *v, size_t i, uint32_t k,
		      int s, int what, double *out)
{
	const struct cmp_detail *d = &v->detail[2 * i + (v->single ? 0 : s)];
	const struct cmp_target *t;

	if (k == cmp_target_rows(v, i)) {
		if (!d->loaded)
			return false;
		*out = what == TGT_P99 ? d->p99_ms : d->iops;
		return *out > 0;
	}
	t = cmp_target_of(v, i, s, k);
	if (!t || (what == TGT_P99 && !t->has_lat))
		return false;
	*out = what == TGT_P99 ? t->p99_ms : t->iops;
	return *out > 0;
}

/* "0: disk-a" (the last part of the name, as the run page's bars), the
 * group label under the bars, cut to @width px; the table has the
 * whole path. */
static void group_name(const struct cmp_view *v, size_t i, uint32_t k,
		       double width, char *buf, size_t len)
{
	const struct cmp_target *t = cmp_target_of(v, i, 1, k);
	const char *base;
	int room = (int)(width / 7) - 4;

	if (!t)
		t = cmp_target_of(v, i, 0, k);
	if (k == cmp_target_rows(v, i) || !t) {
		snprintf(buf, len, "all targets");
		return;
	}
	base = strrchr(t->name, '/');
	base = base && base[1] ? base + 1 : t->name;
	if (room < 4)
		room = 4;
	snprintf(buf, len, "%u: %.*s%s", k, room, base,
		 (int)strlen(base) > room ? "…" : "");
}

static void tgt_bars(const struct cmp_view *v, size_t i, int what,
		     const struct chart_axis *a, FILE *f)
{
	uint32_t k, groups = cmp_target_rows(v, i) + 1;
	int sides = v->single ? 1 : 2, s;
	double gw = (TW - TL - TR) / groups, bw = fmin(gw * 0.7 / sides, 60);
	char lab[64];
	double x, y, val;

	for (k = 0; k < groups; k++) {
		double cx = TL + gw * (k + 0.5);

		for (s = 0; s < sides; s++) {
			if (!tgt_value(v, i, k, s, what, &val))
				continue;
			x = cx - bw * sides / 2 + bw * s + 2;
			y = chart_map(a, val);
			chart_bar(f, x, y, bw - 4, a->p0, s ? COL_TO : COL_FROM);
			if (what == TGT_P99)
				fmt_latency_ms(lab, sizeof(lab), val);
			else
				fmt_count(lab, sizeof(lab), val);
			chart_text(f, x + (bw - 4) / 2, y - 5, "middle", NULL,
				   false, lab);
		}
		group_name(v, i, k, gw, lab, sizeof(lab));
		chart_text(f, cx, TH - TB + 18, "middle", NULL, k + 1 == groups,
			   lab);
	}
}

/* One chart of test @i: IOPS or P99 per target, both labels. */
static void tgt_chart(const struct cmp_view *v, size_t i, int what, FILE *f)
{
	uint32_t k, groups = cmp_target_rows(v, i) + 1;
	double lo = INFINITY, hi = 0, val;
	struct chart_axis a;
	char title[160];
	int s;

	for (k = 0; k < groups; k++)
		for (s = 0; s < 2; s++)
			if (tgt_value(v, i, k, s, what, &val)) {
				lo = fmin(lo, val);
				hi = fmax(hi, val);
			}
	if (!(hi > 0))
		return;
	chart_axis_fit(&a, lo, hi, TH - TB, TT);
	snprintf(title, sizeof(title), "%s: %s per target", v->tests[i].test,
		 what == TGT_P99 ? "P99 latency" : "IOPS");
	chart_begin(f, TW, TH, title);
	chart_text(f, TL, 16, "start", NULL, true, title);
	chart_grid_y(f, &a, TL, TW - TR, what == TGT_P99 ? chart_fmt_ms :
		     chart_fmt_axis);
	chart_axis_title_y(f, &a, 12, what == TGT_P99 ? "P99 latency" :
			   "IOPS");
	tgt_bars(v, i, what, &a, f);
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		   "stroke=\"#829ab1\"/>", TL, a.p0, TW - TR, a.p0);
	chart_end(f);
}

/* One table cell per side of target @k (@what 0 IOPS, 1 MiB/s, 2 avg,
 * 3 P99), "–" where a side lacks the target. */
static void tgt_cells(const struct cmp_view *v, size_t i, uint32_t k,
		      int what, FILE *f)
{
	int sides = v->single ? 1 : 2, s;
	char b[32];

	for (s = 0; s < sides; s++) {
		const struct cmp_target *t = cmp_target_of(v, i, s, k);

		if (!t || (what >= 2 && !t->has_lat))
			snprintf(b, sizeof(b), "–");
		else if (what == 0)
			fmt_count(b, sizeof(b), t->iops);
		else if (what == 1)
			snprintf(b, sizeof(b), "%.1f", t->mib_s);
		else
			fmt_latency_ms(b, sizeof(b),
				       what == 2 ? t->mean_ms : t->p99_ms);
		/* "2.41 ms" on one line: a long path wraps instead */
		fprintf(f, "<td style=\"white-space:nowrap\">%s</td>", b);
	}
}

/* The target's path: one name, or "a → b" when the labels differ. */
static void tgt_path(const struct cmp_view *v, size_t i, uint32_t k,
		     FILE *f)
{
	const struct cmp_target *a = cmp_target_of(v, i, 0, k);
	const struct cmp_target *b = cmp_target_of(v, i, 1, k);

	fputs("<td class=\"l\">", f);
	if (a)
		emit_escaped(f, a->name);
	if (a && b && !v->single && strcmp(a->name, b->name))
		fputs(" → ", f);
	if (b && !v->single && (!a || strcmp(a->name, b->name)))
		emit_escaped(f, b->name);
	fputs("</td>", f);
}

static void tgt_table(const struct cmp_view *v, size_t i, FILE *f)
{
	uint32_t k;
	char x[32];

	fputs("<table><tr><th class=\"l\">target</th><th class=\"l\">path"
	      "</th>", f);
	if (v->single) {
		fputs("<th>IOPS</th><th>MiB/s</th><th>avg latency</th>"
		      "<th>P99 latency</th></tr>\n", f);
	} else {
		chart_th_pair(f, "IOPS", v->from, v->to);
		fputs("<th>×</th>", f);
		chart_th_pair(f, "MiB/s", v->from, v->to);
		chart_th_pair(f, "avg", v->from, v->to);
		chart_th_pair(f, "P99", v->from, v->to);
		fputs("</tr>\n", f);
	}
	for (k = 0; k < cmp_target_rows(v, i); k++) {
		const struct cmp_target *a = cmp_target_of(v, i, 0, k);
		const struct cmp_target *b = cmp_target_of(v, i, 1, k);

		fprintf(f, "<tr><td class=\"l\">%u</td>", k);
		tgt_path(v, i, k, f);
		tgt_cells(v, i, k, 0, f);
		if (!v->single) {
			fmt_factor(x, sizeof(x), a && b && a->iops > 0 &&
				   v->tests[i].verdict != CMP_NOT_COMPARABLE ?
				   b->iops / a->iops : NAN);
			fprintf(f, "<td>%s</td>", x);
		}
		tgt_cells(v, i, k, 1, f);
		tgt_cells(v, i, k, 2, f);
		tgt_cells(v, i, k, 3, f);
		fputs("</tr>\n", f);
	}
	fputs("</table>\n", f);
}

/* Say plainly when the labels ran on other targets. */
static void tgt_note(const struct cmp_view *v, size_t i, FILE *f)
{
	uint32_t a = v->detail[2 * i].ntargets_all;
	uint32_t b = v->detail[2 * i + 1].ntargets_all;
	char buf[160];

	if (!v->tests[i].targets_differ)
		return;
	fputs("<p class=\"warn\">the target sets differ: '", f);
	emit_escaped(f, v->from);
	if (a != b)
		snprintf(buf, sizeof(buf), "' ran on %u target%s, '", a,
			 a == 1 ? "" : "s");
	else
		snprintf(buf, sizeof(buf), "' and '");
	fputs(buf, f);
	emit_escaped(f, v->to);
	if (a != b)
		fprintf(f, "' on %u: ", b);
	else
		fputs("' ran on other targets: ", f);
	fputs("bars and rows pair the targets in -target order</p>\n", f);
}

void report_compare_targets_html(const struct cmp_view *v, FILE *f)
{
	const char *names[2] = { v->from, v->to };
	const char *const cols[2] = { COL_FROM, COL_TO };
	bool head = false;
	size_t i;

	for (i = 0; i < v->ntests; i++) {
		if (!v->tests[i].multi_target)
			continue;
		if (!head) {
			fputs("<h2>Per target</h2>\n", f);
			chart_legend(f, names, cols, v->single ? 1 : 2);
			head = true;
		}
		fputs("<div class=\"panel\">\n", f);
		tgt_note(v, i, f);
		tgt_chart(v, i, TGT_IOPS, f);
		tgt_chart(v, i, TGT_P99, f);
		tgt_table(v, i, f);
		fputs("</div>\n", f);
	}
	if (head)
		fputs("<p class=\"sub\">Each label's newest run: all threads "
		      "on each target, reads and writes; P99 from the merged "
		      "histograms (percentiles are never averaged).</p>\n", f);
}
