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

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/util.h"

#define COL_FROM "#9aa5b1"
#define COL_TO "#2563eb"
#define CHART_W 1000.0
#define CHART_H 300.0
#define PAD_L 70.0
#define PAD_R 20.0
#define PAD_T 30.0
#define PAD_B 50.0

static const char *const css =
	"body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,"
	"sans-serif;color:#1f2933;background:#f5f7fa;margin:0}"
	"main{max-width:1060px;margin:0 auto;padding:24px}"
	"h1{font-size:30px;margin:8px 0 4px}"
	"h2{font-size:19px;margin:28px 0 8px;color:#334e68}"
	".sub{color:#627d98;margin:0 0 16px}"
	".cards{display:flex;flex-wrap:wrap;gap:12px}"
	".card{background:#fff;border-radius:8px;padding:12px 16px;"
	"box-shadow:0 1px 3px rgba(0,0,0,.12);min-width:200px;flex:1}"
	".card b{display:block;font-size:15px;margin-bottom:6px}"
	".big{font-size:26px;font-weight:700}"
	".good{color:#1a7f37}.bad{color:#c62828}.flat{color:#627d98}"
	".panel{background:#fff;border-radius:8px;padding:8px;"
	"box-shadow:0 1px 3px rgba(0,0,0,.12)}"
	"svg{display:block;width:100%;height:auto}"
	"svg text{font-size:13px;fill:#334e68}"
	".legend span{display:inline-block;margin-right:18px}"
	".sw{display:inline-block;width:12px;height:12px;margin-right:6px;"
	"vertical-align:-1px;border-radius:2px}"
	"table{border-collapse:collapse;width:100%;background:#fff;"
	"font-size:14px}"
	"th,td{padding:6px 8px;border-bottom:1px solid #e4e7eb;"
	"text-align:right}"
	"th:first-child,td:first-child{text-align:left}"
	"th{background:#eef2f7}"
	"ul{background:#fff;border-radius:8px;padding:12px 12px 12px 32px;"
	"box-shadow:0 1px 3px rgba(0,0,0,.12)}"
	"li{margin:6px 0;line-height:1.4}"
	".curves{display:grid;grid-template-columns:1fr 1fr;gap:12px}"
	"footer{color:#9aa5b1;font-size:12px;margin-top:24px}";

static void legend(const struct cmp_view *v, FILE *f)
{
	fputs("<p class=\"legend\"><span><i class=\"sw\" style=\"background:"
	      COL_FROM "\"></i>", f);
	emit_escaped(f, v->from);
	fputs("</span>", f);
	if (!v->single) {
		fputs("<span><i class=\"sw\" style=\"background:" COL_TO
		      "\"></i>", f);
		emit_escaped(f, v->to);
		fputs("</span>", f);
	}
	fputs("</p>\n", f);
}

static const struct cmp_stat *bar_stat(const struct cmp_test *t, int which,
				       int side)
{
	return which ? &t->p99_ms[side] : &t->iops[side];
}

/* Factor and verdict under the bars of @t (two labels only). */
static void bar_factor(const struct cmp_test *t, int which, double cx,
		       FILE *f)
{
	enum cmp_verdict vd = which ? t->p99_verdict : t->iops_verdict;
	char lab[64], fac[32];

	fmt_factor(fac, sizeof(fac), which ? t->p99_faster : t->iops_factor);
	snprintf(lab, sizeof(lab), "%s %s", fac, which ? "faster" : "IOPS");
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

		if (which)
			fmt_latency_ms(lab, sizeof(lab), st->median);
		else
			fmt_count(lab, sizeof(lab), st->median);
		chart_bar(f, x, y, bw - 4, a->p0, s ? COL_TO : COL_FROM);
		chart_text(f, x + (bw - 4) / 2, y - 5, "middle", NULL, false,
			   lab);
	}
	chart_text(f, cx, CHART_H - PAD_B + 20, "middle", NULL, true, t->test);
}

/* Grouped bars of one metric, one group per test.  @which: 0 IOPS, 1 P99. */
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
	chart_grid_y(f, &a, PAD_L, x1, which ? chart_fmt_ms : chart_fmt_count);
	if (a.log)
		chart_text(f, x1, 16, "end", NULL, false, "log scale");
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
	const double w = 520, h = 320, x0 = 64, x1 = w - 32;
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

static void cards(const struct cmp_view *v, FILE *f)
{
	char a[32], b[32], c[32];
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
		fmt_factor(a, sizeof(a), t->p99_faster);
		fmt_factor(b, sizeof(b), t->iops_factor);
		fprintf(f, "<span class=\"big %s\">%s</span> P99 %s<br/>",
			t->p99_verdict == CMP_BETTER ? "good" :
			t->p99_verdict == CMP_WORSE ? "bad" : "flat", a,
			t->p99_faster >= 1 ? "faster" : "(slower)");
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
	char a[32];
	size_t i;

	fputs("<table><tr><th>test</th>", f);
	if (v->single)
		fputs("<th>IOPS</th><th>MiB/s</th><th>avg latency</th>"
		      "<th>P99 latency</th><th>runs</th></tr>\n", f);
	else
		fputs("<th>IOPS before</th><th>IOPS after</th><th>×</th>"
		      "<th>MiB/s before</th><th>MiB/s after</th>"
		      "<th>avg before</th><th>avg after</th>"
		      "<th>P99 before</th><th>P99 after</th><th>faster ×</th>"
		      "<th>verdict</th></tr>\n", f);
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *t = &v->tests[i];
		int k;

		fputs("<tr><td>", f);
		emit_escaped(f, t->test);
		fputs("</td>", f);
		td_pair(f, t->iops, false, sides);
		if (!v->single) {
			fmt_factor(a, sizeof(a), t->iops_factor);
			fprintf(f, "<td>%s</td>", a);
		}
		for (k = 0; k < sides; k++)
			fprintf(f, "<td>%.1f</td>", t->mib_s[k].median);
		td_pair(f, t->mean_ms, true, sides);
		td_pair(f, t->p99_ms, true, sides);
		if (v->single) {
			fprintf(f, "<td>%zu</td></tr>\n", t->iops[0].n);
			continue;
		}
		fmt_factor(a, sizeof(a), t->p99_faster);
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
		fputs("'</h2>\n<ul>\n", f);
		if (!v->nfind[s])
			fputs("<li>nothing stands out: no wall, no stalls, no "
			      "sign of a cache</li>\n", f);
		for (i = 0; i < v->nfind[s]; i++) {
			fputs("<li>", f);
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
	fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
	      "lang=\"en\"><head><meta charset=\"utf-8\"/>"
	      "<meta name=\"viewport\" content=\"width=device-width\"/>"
	      "<title>ioprobe: ", f);
	emit_escaped(f, v->from);
	if (!v->single) {
		fputs(" → ", f);
		emit_escaped(f, v->to);
	}
	fprintf(f, "</title><style>%s</style></head>\n<body><main>\n", css);
	fputs("<h1>", f);
	if (v->single) {
		fputs("Storage benchmark: '", f);
		emit_escaped(f, v->from);
		fputs("'</h1>\n<p class=\"sub\">one label so far: run <code>"
		      "ioprobe suite PATH --label after</code> after your "
		      "change, then compare</p>\n", f);
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

int report_compare_html(const struct cmp_view *v, FILE *f)
{
	size_t i;

	head(v, f);
	cards(v, f);
	fputs("<h2>IOPS (higher is better)</h2>\n", f);
	legend(v, f);
	bar_chart(v, 0, f);
	fputs("<h2>P99 latency (lower is better)</h2>\n", f);
	legend(v, f);
	bar_chart(v, 1, f);
	fputs("<h2>Latency percentiles, min to max</h2>\n", f);
	legend(v, f);
	fputs("<div class=\"curves\">\n", f);
	for (i = 0; i < v->ntests; i++)
		pct_chart(v, i, f);
	fputs("</div>\n<h2>Comparison</h2>\n", f);
	table(v, f);
	notes(v, f);
	findings(v, f);
	fputs("<footer>ioprobe " IOPROBE_VERSION
	      " · self-contained page: inline CSS and SVG, no script"
	      "</footer>\n</main></body></html>\n", f);
	fflush(f);
	return ferror(f) ? -EIO : 0;
}
