/* report_compare_html.c - the before/after page a manager would rather
 * look at than read: a headline, grouped bars, percentile curves, the
 * table and the findings, all drawn here as inline SVG (no script, no
 * fetched resource), every history string escaped.  The page is also
 * well-formed XML, so tests check it with an XML parser.  See
 * report_compare_html.h. */
#include "report/report_compare_html.h"
#include "lib/emit.h"
#include "lib/fmt.h"
#include "report/chart.h"
#include "report/chart_page.h"
#include "report/chart_time.h"
#include "report/report_compare.h"
#include "report/report_compare_targets.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/util.h"

#define COL_FROM "#9aa5b1"
#define COL_TO "#2563eb"
#define CHART_W 1000.0
#define CHART_H 300.0
#define PAD_L 84.0
#define PAD_R 20.0
#define PAD_T 30.0
#define PAD_B 50.0

enum { BAR_IOPS, BAR_P99, BAR_MIB };	/* what a bar chart shows */

/* A P99 change as a person reads it: "faster ×3.10", or "slower ×1.28"
 * when the P99 grew (a "faster" factor under 1 is never shown). */
static void p99_change(char *buf, size_t len, double faster)
{
	char x[32];

	fmt_factor(x, sizeof(x), faster > 0 && faster < 1 ? 1 / faster :
		   faster);
	snprintf(buf, len, "%s %s", faster > 0 && faster < 1 ? "slower" :
		 "faster", x);
}

static void legend(const struct cmp_view *v, FILE *f)
{
	const char *names[2] = { v->from, v->to };
	const char *const cols[2] = { COL_FROM, COL_TO };

	chart_legend(f, names, cols, v->single ? 1 : 2);
}

static const struct cmp_stat *bar_stat(const struct cmp_test *t, int which,
				       int side)
{
	return which == BAR_P99 ? &t->p99_ms[side] :
	       which == BAR_MIB ? &t->mib_s[side] : &t->iops[side];
}

/* Factor and verdict under the bars of @t (two labels only); MiB/s
 * follows IOPS (the block size is the same), so it wears the IOPS
 * verdict's colour. */
static void bar_factor(const struct cmp_test *t, int which, double cx,
		       FILE *f)
{
	enum cmp_verdict vd = which == BAR_P99 ? t->p99_verdict :
						       t->iops_verdict;
	double x = which == BAR_P99 ? t->p99_faster : t->iops_factor;
	char lab[64], fac[32];

	/* a test without a verdict wears no colour anywhere */
	if (t->verdict == CMP_NOT_COMPARABLE || t->verdict == CMP_NO_CLEAR)
		vd = CMP_NO_CLEAR;
	if (which == BAR_MIB)
		x = t->mib_s[0].median > 0 ? t->mib_s[1].median /
					     t->mib_s[0].median : NAN;
	fmt_factor(fac, sizeof(fac), x);
	if (which == BAR_P99)
		p99_change(lab, sizeof(lab), x);
	else
		snprintf(lab, sizeof(lab), "%s %s", fac,
			 which == BAR_MIB ? "MiB/s" : "IOPS");
	chart_text(f, cx, CHART_H - PAD_B + 38, "middle",
		   vd == CMP_BETTER ? "good" : vd == CMP_WORSE ? "bad" : "flat",
		   false, lab);
}

/* The bars of test @t around @cx, @bw wide each, with value labels. */
static void bar_group(const struct cmp_test *t, int which, int sides,
		      double cx, double bw, const struct chart_axis *a,
		      FILE *f)
{
	char lab[32];
	int s;

	for (s = 0; s < sides; s++) {
		const struct cmp_stat *st = bar_stat(t, which, s);
		double x = cx - bw * sides / 2 + bw * s + 2;
		double y = chart_map(a, st->median > 0 ? st->median : a->lo);

		if (which == BAR_P99)
			fmt_latency_ms(lab, sizeof(lab), st->median);
		else
			fmt_count(lab, sizeof(lab), st->median);
		chart_bar(f, x, y, bw - 4, a->p0, s ? COL_TO : COL_FROM);
		chart_text(f, x + (bw - 4) / 2, y - 5, "middle", NULL, false,
			   lab);
	}
	chart_text(f, cx, CHART_H - PAD_B + 20, "middle", NULL, true, t->test);
}

/* Grouped bars of one metric, one group per test (@which: BAR_*). */
static void bar_chart(const struct cmp_view *v, int which, FILE *f)
{
	int sides = v->single ? 1 : 2, s;
	double lo = INFINITY, hi = 0, gw, bw, x1 = CHART_W - PAD_R;
	struct chart_axis a;
	size_t i;

	for (i = 0; i < v->ntests; i++)
		for (s = 0; s < sides; s++) {
			double m = bar_stat(&v->tests[i], which, s)->median;

			if (m > 0) {
				lo = fmin(lo, m);
				hi = fmax(hi, m);
			}
		}
	chart_axis_fit(&a, isfinite(lo) ? lo : 0, hi, CHART_H - PAD_B, PAD_T);
	fputs("<div class=\"panel\">", f);
	chart_begin(f, CHART_W, CHART_H, NULL);
	chart_grid_y(f, &a, PAD_L, x1, which == BAR_P99 ? chart_fmt_ms :
		     chart_fmt_axis);
	chart_axis_title_y(f, &a, 14, which == BAR_P99 ? "P99 latency" :
			   which == BAR_MIB ? "MiB/s" : "IOPS");
	gw = (x1 - PAD_L) / (double)(v->ntests ? v->ntests : 1);
	bw = fmin(gw * 0.7 / sides, 90);
	for (i = 0; i < v->ntests; i++) {
		double cx = PAD_L + gw * ((double)i + 0.5);

		bar_group(&v->tests[i], which, sides, cx, bw, &a, f);
		if (!v->single)
			bar_factor(&v->tests[i], which, cx, f);
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		   "stroke=\"#829ab1\"/>", PAD_L, a.p0, x1, a.p0);
	chart_end(f);
	fputs("</div>\n", f);
}

/* Percentile curves of test @i, from the saved histograms. */
static void pct_chart(const struct cmp_view *v, size_t i, FILE *f)
{
	const double w = 520, h = 320, x0 = 78, x1 = w - 32;
	int sides = v->single ? 1 : 2, s;
	double lo = INFINITY, hi = 0, xspan = 1;
	struct chart_axis xa, ya;
	char title[160];

	for (s = 0; s < sides; s++) {
		const struct cmp_detail *d = &v->detail[2 * i + s];

		if (!d->loaded || !d->lat.count)
			continue;
		lo = fmin(lo, fmax((double)d->lat.min_ns / 1e6, 1e-4));
		hi = fmax(hi, (double)d->lat.max_ns / 1e6);
		if (d->lat.count > 1)
			xspan = fmax(xspan, ceil(log10((double)d->lat.count)));
	}
	if (!(hi > 0))
		return;
	chart_axis_log(&ya, lo, hi, h - 64, 36);
	xa = (struct chart_axis){ .lo = 0, .hi = xspan, .p0 = x0, .p1 = x1 };
	fputs("<div class=\"panel\">", f);
	chart_begin(f, w, h, NULL);
	snprintf(title, sizeof(title), "%s: latency by percentile",
		 v->tests[i].test);
	chart_text(f, x0, 16, "start", NULL, true, title);
	chart_grid_y(f, &ya, x0, x1, chart_fmt_ms);
	chart_axis_title_y(f, &ya, 12, "latency");
	chart_grid_nines(f, &xa, ya.p1, ya.p0);
	for (s = 0; s < sides; s++) {
		const struct cmp_detail *d = &v->detail[2 * i + s];

		if (d->loaded && d->lat.count)
			chart_pct_curve(f, &d->lat, &xa, &ya,
					s ? COL_TO : COL_FROM);
	}
	chart_end(f);
	fputs("</div>\n", f);
}

/* A test without a verdict (not comparable, no clear change): its card
 * says so in large type, with the figures small and without colour. */
static void neutral_card(const struct cmp_test *t, FILE *f)
{
	char a[32], b[64];

	p99_change(a, sizeof(a), t->p99_faster);
	cmp_ci_fmt(b, sizeof(b), &t->iops_ci);
	fprintf(f, "<span class=\"big flat\">%s</span><br/>",
		cmp_verdict_name(t->verdict));
	if (t->verdict == CMP_NOT_COMPARABLE)
		fputs("<span class=\"flat\">measured differently: see the "
		      "notes under the table</span></div>\n", f);
	else
		fprintf(f, "<span class=\"flat\">%s IOPS · P99 %s, within "
			   "the noise</span></div>\n", b, a);
}

static void cards(const struct cmp_view *v, FILE *f)
{
	char a[32], b[64], c[32];
	size_t i;

	fputs("<div class=\"cards\">\n", f);
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *t = &v->tests[i];

		fputs("<div class=\"card\"><b>", f);
		emit_escaped(f, t->test);
		fputs("</b>", f);
		if (v->single) {
			fmt_count(a, sizeof(a), t->iops[0].median);
			fmt_latency_ms(b, sizeof(b), t->p99_ms[0].median);
			fprintf(f, "<span class=\"big\">%s</span> IOPS<br/>"
				   "P99 %s</div>\n", a, b);
			continue;
		}
		if (t->verdict == CMP_NOT_COMPARABLE ||
		    t->verdict == CMP_NO_CLEAR) {
			neutral_card(t, f);
			continue;
		}
		p99_change(a, sizeof(a), t->p99_faster);
		cmp_ci_fmt(b, sizeof(b), &t->iops_ci);
		fprintf(f, "<span class=\"big %s\">P99 %s</span><br/>",
			t->p99_verdict == CMP_BETTER ? "good" :
			t->p99_verdict == CMP_WORSE ? "bad" : "flat", a);
		fprintf(f, "<span class=\"%s\">%s IOPS</span> · %s</div>\n",
			t->iops_verdict == CMP_BETTER ? "good" :
			t->iops_verdict == CMP_WORSE ? "bad" : "flat", b,
			cmp_verdict_name(t->verdict));
		(void)c;
	}
	fputs("</div>\n", f);
}

static void td_pair(FILE *f, const struct cmp_stat *s, bool ms, int sides)
{
	char a[32];
	int k;

	for (k = 0; k < sides; k++) {
		if (ms)
			fmt_latency_ms(a, sizeof(a), s[k].median);
		else
			fmt_count(a, sizeof(a), s[k].median);
		fprintf(f, "<td>%s</td>", a);
	}
}

static void table(const struct cmp_view *v, FILE *f)
{
	int sides = v->single ? 1 : 2;
	char a[64];
	size_t i;

	fputs("<table><tr><th>test</th>", f);
	if (v->single) {
		fputs("<th>IOPS</th><th>MiB/s</th><th>avg latency</th>"
		      "<th>P99 latency</th><th>runs</th></tr>\n", f);
	} else {
		chart_th_pair(f, "IOPS", v->from, v->to);
		fputs("<th>×</th>", f);
		chart_th_pair(f, "MiB/s", v->from, v->to);
		chart_th_pair(f, "avg", v->from, v->to);
		chart_th_pair(f, "P99", v->from, v->to);
		fputs("<th>P99 change</th><th>verdict</th></tr>\n", f);
	}
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *t = &v->tests[i];
		int k;

		fputs("<tr><td>", f);
		emit_escaped(f, t->test);
		fputs("</td>", f);
		td_pair(f, t->iops, false, sides);
		if (!v->single) {
			/* the factor as the text says it, with its
			 * interval (workflow/verdict.h) */
			cmp_ci_fmt(a, sizeof(a), &t->iops_ci);
			fprintf(f, "<td>%s</td>", t->verdict ==
				CMP_NOT_COMPARABLE ? "–" : a);
		}
		for (k = 0; k < sides; k++)
			fprintf(f, "<td>%.1f</td>", t->mib_s[k].median);
		td_pair(f, t->mean_ms, true, sides);
		td_pair(f, t->p99_ms, true, sides);
		if (v->single) {
			fprintf(f, "<td>%zu</td></tr>\n", t->iops[0].n);
			continue;
		}
		p99_change(a, sizeof(a), t->p99_faster);
		if (t->verdict == CMP_NOT_COMPARABLE)
			str_copy(a, sizeof(a), "–");
		fprintf(f, "<td>%s</td><td class=\"%s\">%s</td></tr>\n", a,
			t->verdict == CMP_BETTER ? "good" :
			t->verdict == CMP_WORSE ? "bad" : "flat",
			cmp_verdict_name(t->verdict));
	}
	fputs("</table>\n", f);
}

static void findings(const struct cmp_view *v, FILE *f)
{
	int sides = v->single ? 1 : 2, s;
	size_t i;

	for (s = 0; s < sides; s++) {
		fputs("<h2>Findings for '", f);
		emit_escaped(f, s ? v->to : v->from);
		fputs("'</h2>\n<ul class=\"findings\">\n", f);
		if (!v->nfind[s])
			fputs("<li class=\"finding\">nothing stands out: no wall, no stalls, no "
			      "sign of a cache</li>\n", f);
		for (i = 0; i < v->nfind[s]; i++) {
			fputs("<li class=\"finding\">", f);
			emit_escaped(f, v->find[s][i].text);
			fputs("</li>\n", f);
		}
		fputs("</ul>\n", f);
	}
}

static void notes(const struct cmp_view *v, FILE *f)
{
	const char *what[5] = { v->change, v->targets_note, v->json_note,
				v->method_note, NULL };
	size_t i;
	int k;

	for (i = 0; i < v->ntests; i++)
		if (v->tests[i].differences[0]) {
			fputs("<p class=\"sub\">", f);
			emit_escaped(f, v->tests[i].test);
			fputs(v->allow_different ? ": measured differently: " :
				  ": not comparable: ", f);
			emit_escaped(f, v->tests[i].differences);
			fputs("</p>\n", f);
		}
	for (k = 0; k < 2; k++)
		if (v->only[k][0]) {
			fputs("<p class=\"sub\">only in '", f);
			emit_escaped(f, k ? v->to : v->from);
			fputs("': ", f);
			emit_escaped(f, v->only[k]);
			fputs("</p>\n", f);
		}
	for (k = 0; what[k]; k++)
		if (what[k][0]) {
			fputs(k ? "<p class=\"sub\">note: " :
				  "<p><b>change:</b> ", f);
			emit_escaped(f, what[k]);
			fputs("</p>\n", f);
		}
}

static void head(const struct cmp_view *v, FILE *f)
{
	chart_page_begin(f, v->from, v->single ? NULL : v->to);
	fputs("<h1>", f);
	if (v->single) {
		fputs("Storage benchmark: '", f);
		emit_escaped(f, v->from);
		fputs("'</h1>\n<p class=\"sub\">", f);
		if (v->others[0]) {
			fputs("this label alone; the history also holds ", f);
			emit_escaped(f, v->others);
			fputs(": compare with one by <code>ioprobe compare "
			      "--from LABEL --to ", f);
			emit_escaped(f, v->from);
			fputs("</code></p>\n", f);
		} else {
			fputs("one label so far: run <code>ioprobe suite PATH "
			      "--label after</code> after your change, then "
			      "compare</p>\n", f);
		}
		return;
	}
	emit_escaped(f, v->headline[0] ? v->headline : "Before and after");
	fputs("</h1>\n<p class=\"sub\">'", f);
	emit_escaped(f, v->from);
	fputs("' → '", f);
	emit_escaped(f, v->to);
	fprintf(f, "': %zu test%s, medians of each label's runs</p>\n",
		v->ntests, v->ntests == 1 ? "" : "s");
}

/* IOPS (@p99 false) or P99 of test @i over time, before and after
 * overlaid on one time axis (-D series of the saved results; P99 of a
 * -L -D run only; nothing when neither side has one). */
static void time_chart(const struct cmp_view *v, size_t i, bool p99, FILE *f)
{
	const char *const cols[2] = { COL_FROM, COL_TO };
	struct chart_line l[2];
	size_t n = 0;
	char title[160];
	int s;

	for (s = 0; s < (v->single ? 1 : 2); s++) {
		const struct cmp_detail *d = &v->detail[2 * i + s];
		const double *val = p99 ? d->interval_p99_ms : d->interval_iops;

		if (!d->loaded || !val || !d->nintervals ||
		    !(d->interval_s > 0))
			continue;
		l[n++] = (struct chart_line){ .v = val, .n = d->nintervals,
					      .step_s = d->interval_s,
					      .color = cols[s],
					      .name = s ? v->to : v->from };
	}
	if (!n)
		return;
	snprintf(title, sizeof(title), "%s: %s over time", v->tests[i].test,
		 p99 ? "P99" : "IOPS");
	fputs("<div class=\"panel\">", f);
	fputs("<b>", f);
	emit_escaped(f, title);
	fputs("</b>\n", f);
	if (p99)
		chart_time(f, title, "P99 latency", l, n, chart_fmt_ms, true);
	else	/* two labels 20x apart: a log axis shows both */
		chart_time(f, title, "IOPS", l, n, chart_fmt_axis, n > 1);
	fputs("</div>\n", f);
}

static bool any_series(const struct cmp_view *v)
{
	size_t i;

	for (i = 0; i < 2 * v->ntests; i++)
		if (v->detail[i].loaded && v->detail[i].nintervals)
			return true;
	return false;
}

/* The first loaded detail of side @s, or NULL. */
static const struct cmp_detail *side_detail(const struct cmp_view *v, int s)
{
	size_t i;

	for (i = 0; i < v->ntests; i++)
		if (v->detail[2 * i + s].loaded)
			return &v->detail[2 * i + s];
	return NULL;
}

/* One row of the where table: @key, then one cell per side. */
static void where_cells(FILE *f, const char *key, const char *const *val,
			int sides, bool code)
{
	int s;

	fputs("<tr><td>", f);
	emit_escaped(f, key);
	fputs("</td>", f);
	for (s = 0; s < sides; s++) {
		fputs(code ? "<td><code>" : "<td>", f);
		emit_escaped(f, val[s] && *val[s] ? val[s] : "unknown");
		fputs(code ? "</code></td>" : "</td>", f);
	}
	fputs("</tr>\n", f);
}

#define WHERE_FIELD(name, expr)						\
	do {								\
		for (s = 0; s < sides; s++)				\
			val[s] = d[s] ? (expr) : "";			\
		where_cells(f, name, val, sides, false);		\
	} while (0)

/* When, where and how each label was measured: its host, kernel,
 * device, filesystem, file size and ioprobe, then each test's date and
 * switches, all from the saved results. */
static void where(const struct cmp_view *v, FILE *f)
{
	const struct cmp_detail *d[2] = { side_detail(v, 0), side_detail(v, 1) };
	int sides = v->single ? 1 : 2, s;
	char size[2][32];
	const char *val[2];
	size_t i;

	fputs("<h2>When, where and how</h2>\n<table class=\"where\"><tr>"
	      "<th></th>", f);
	for (s = 0; s < sides; s++) {
		fputs("<th class=\"l\">", f);
		emit_escaped(f, s ? v->to : v->from);
		fputs("</th>", f);
		fmt_size(size[s], sizeof(size[s]), d[s] ? d[s]->size_bytes : 0);
	}
	fputs("</tr>\n", f);
	WHERE_FIELD("host", d[s]->host);
	WHERE_FIELD("kernel", d[s]->kernel);
	WHERE_FIELD("device", d[s]->device);
	WHERE_FIELD("filesystem", d[s]->fs_type[0] ? d[s]->fs_type :
		    "none (device)");
	WHERE_FIELD("file size", d[s]->size_bytes ? size[s] : "");
	WHERE_FIELD("ioprobe version", d[s]->version);
	for (i = 0; i < v->ntests; i++) {
		char k[160];

		for (s = 0; s < sides; s++)
			val[s] = v->detail[2 * i + s].loaded ?
				 v->detail[2 * i + s].date : "";
		snprintf(k, sizeof(k), "%s: date", v->tests[i].test);
		where_cells(f, k, val, sides, false);
		for (s = 0; s < sides; s++)
			val[s] = v->detail[2 * i + s].loaded ?
				 v->detail[2 * i + s].switches : "";
		snprintf(k, sizeof(k), "%s: switches", v->tests[i].test);
		where_cells(f, k, val, sides, true);
	}
	fputs("</table>\n", f);
}

int report_compare_html(const struct cmp_view *v, FILE *f)
{
	size_t i;

	head(v, f);
	cards(v, f);
	fputs("<h2>IOPS (higher is better)</h2>\n", f);
	legend(v, f);
	bar_chart(v, BAR_IOPS, f);
	fputs("<h2>MiB/s (higher is better)</h2>\n", f);
	legend(v, f);
	bar_chart(v, BAR_MIB, f);
	fputs("<h2>P99 latency (lower is better)</h2>\n", f);
	legend(v, f);
	bar_chart(v, BAR_P99, f);
	if (any_series(v)) {
		fputs("<h2>IOPS and P99 over time</h2>\n", f);
		for (i = 0; i < v->ntests; i++) {
			time_chart(v, i, false, f);
			time_chart(v, i, true, f);
		}
	}
	fputs("<h2>Latency percentiles, min to max</h2>\n", f);
	legend(v, f);
	fputs("<div class=\"curves\">\n", f);
	for (i = 0; i < v->ntests; i++)
		pct_chart(v, i, f);
	fputs("</div>\n", f);
	report_compare_targets_html(v, f);
	fputs("<h2>Comparison</h2>\n", f);
	table(v, f);
	notes(v, f);
	findings(v, f);
	where(v, f);
	chart_page_end(f, IOPROBE_VERSION);
	fflush(f);
	return ferror(f) ? -EIO : 0;
}
