/* report_compare_html.c - the before/after page a manager would rather
 * look at than read: a headline, grouped bars, percentile curves, the
 * table and the findings, all drawn here as inline SVG (no script, no
 * fetched resource), every history string escaped.  The page is also
 * well-formed XML, so tests check it with an XML parser.  See
 * report_compare_html.h. */
#include "report/report_compare_html.h"
#include "lib/emit.h"

#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <string.h>

#include "lib/fmt.h"
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

/* A value axis, linear or log10, mapping to [y0 (bottom), y1 (top)]. */
struct axis {
	bool log;
	double lo, hi;		/* data range shown */
	double y0, y1;		/* pixels */
};

static double ax_map(const struct axis *a, double v)
{
	double t;

	if (a->log) {
		v = v > a->lo ? v : a->lo;
		t = (log10(v) - log10(a->lo)) / (log10(a->hi) - log10(a->lo));
	} else {
		t = (v - a->lo) / (a->hi - a->lo);
	}
	return a->y0 + (a->y1 - a->y0) * t;
}

static double nice_up(double v)
{
	static const double steps[] = { 1, 1.2, 1.5, 2, 2.5, 3, 4, 5, 6, 8 };
	double m = pow(10, floor(log10(v))), r = v / m;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(steps); i++)
		if (r <= steps[i])
			return steps[i] * m;
	return 10 * m;
}

/* Linear when the values span less than 20x, else log by decades. */
static void ax_fit(struct axis *a, double lo, double hi, double y0, double y1)
{
	a->y0 = y0;
	a->y1 = y1;
	if (!(hi > 0))
		hi = 1;
	a->log = lo > 0 && hi / lo > 20;
	if (a->log) {
		/* a decade of room below the smallest bar keeps it visible */
		a->lo = pow(10, floor(log10(lo / 2)));
		a->hi = pow(10, ceil(log10(hi)));
		if (a->hi <= a->lo)
			a->hi = a->lo * 10;
	} else {
		a->lo = 0;
		a->hi = nice_up(hi * 1.1);
	}
}

typedef void (*fmt_fn)(char *buf, size_t len, double v);

static void ax_draw(FILE *f, const struct axis *a, double x0, double x1,
		    fmt_fn fmt)
{
	double v, step;
	char lab[32];
	int i;

	if (a->log) {
		for (v = a->lo; v <= a->hi * 1.0001; v *= 10) {
			double y = ax_map(a, v);

			fmt(lab, sizeof(lab), v);
			fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" "
				   "y2=\"%.1f\" stroke=\"#e4e7eb\"/>", x0, y, x1,
				y);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor="
				   "\"end\">%s</text>\n", x0 - 6, y + 4, lab);
		}
		return;
	}
	step = a->hi / 5;
	for (i = 0; i <= 5; i++) {
		double y;

		v = step * i;
		y = ax_map(a, v);
		fmt(lab, sizeof(lab), v);
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			   "stroke=\"#e4e7eb\"/>", x0, y, x1, y);
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"end\">"
			   "%s</text>\n", x0 - 6, y + 4, lab);
	}
}

static void fmt_count_axis(char *buf, size_t len, double v)
{
	if (v >= 1e6)
		snprintf(buf, len, "%gM", v / 1e6);
	else if (v >= 1e3)
		snprintf(buf, len, "%gk", v / 1e3);
	else
		snprintf(buf, len, "%g", v);
}

static void fmt_ms_axis(char *buf, size_t len, double ms)
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

static void fmt_count_label(char *buf, size_t len, double v)
{
	fmt_count(buf, len, v);
}

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

/* Grouped bars of one metric, one group per test.  @which: 0 IOPS, 1 P99. */
static void bar_chart(const struct cmp_view *v, int which, FILE *f)
{
	int sides = v->single ? 1 : 2, s;
	double lo = INFINITY, hi = 0, gw, bw, x1 = CHART_W - PAD_R;
	struct axis a;
	size_t i;

	for (i = 0; i < v->ntests; i++)
		for (s = 0; s < sides; s++) {
			const struct cmp_stat *st = which ? &v->tests[i].p99_ms[s] :
							    &v->tests[i].iops[s];

			if (st->median > 0) {
				lo = fmin(lo, st->median);
				hi = fmax(hi, st->median);
			}
		}
	ax_fit(&a, isfinite(lo) ? lo : 0, hi, CHART_H - PAD_B, PAD_T);
	fprintf(f, "<div class=\"panel\"><svg xmlns=\"http://www.w3.org/2000/"
		   "svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n", CHART_W,
		CHART_H);
	ax_draw(f, &a, PAD_L, x1, which ? fmt_ms_axis : fmt_count_axis);
	if (a.log)
		fprintf(f, "<text x=\"%.1f\" y=\"16\" text-anchor=\"end\">log "
			   "scale</text>\n", x1);
	gw = (x1 - PAD_L) / (double)(v->ntests ? v->ntests : 1);
	bw = fmin(gw * 0.7 / sides, 90);
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *t = &v->tests[i];
		double cx = PAD_L + gw * ((double)i + 0.5);
		char lab[32];

		for (s = 0; s < sides; s++) {
			const struct cmp_stat *st = which ? &t->p99_ms[s] :
							    &t->iops[s];
			double x = cx - bw * sides / 2 + bw * s + 2;
			double y = ax_map(&a, st->median > 0 ? st->median : a.lo);

			if (which)
				fmt_latency_ms(lab, sizeof(lab), st->median);
			else
				fmt_count_label(lab, sizeof(lab), st->median);
			fprintf(f, "<rect class=\"bar\" x=\"%.1f\" y=\"%.1f\" "
				   "width=\"%.1f\" height=\"%.1f\" fill=\"%s\" "
				   "rx=\"3\"/>", x, y, bw - 4,
				fmax(a.y0 - y, 0.5), s ? COL_TO : COL_FROM);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor="
				   "\"middle\">%s</text>\n", x + (bw - 4) / 2,
				y - 5, lab);
		}
		fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
			   "style=\"font-weight:600\">", cx, CHART_H - PAD_B + 20);
		emit_escaped(f, t->test);
		fputs("</text>", f);
		if (!v->single) {
			fmt_factor(lab, sizeof(lab), which ? t->p99_faster :
							     t->iops_factor);
			fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor="
				   "\"middle\" class=\"%s\">%s %s</text>\n", cx,
				CHART_H - PAD_B + 38,
				(which ? t->p99_verdict : t->iops_verdict) ==
						CMP_BETTER ? "good" :
				(which ? t->p99_verdict : t->iops_verdict) ==
						CMP_WORSE ? "bad" : "flat",
				lab, which ? "faster" : "IOPS");
		}
	}
	fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
		   "stroke=\"#829ab1\"/></svg></div>\n", PAD_L, a.y0, x1, a.y0);
}

/* DiskSpd's percentile rows, as "nines" on the x axis: x = -log10(1-p). */
static const double pcts[] = { 25, 50, 75, 90, 95, 99, 99.9, 99.99,
			       99.999, 99.9999, 99.99999, 99.999999,
			       99.9999999 };
static const char *const pct_names[] = { "25", "50", "75", "90", "95",
					 "99", "3-nines", "4", "5", "6",
					 "7", "8", "9-nines" };

static double nines(double p)
{
	return -log10(1 - p / 100);
}

/* Highest x a histogram of @n values supports: one value in n. */
static double x_max_of(const struct hist *h)
{
	return h->count > 1 ? log10((double)h->count) : 0;
}

static void curve(FILE *f, const struct hist *h, const struct axis *ya,
		  double xpx0, double xpx1, double xspan, const char *col)
{
	double xm = x_max_of(h);
	size_t i;

	fprintf(f, "<polyline fill=\"none\" stroke=\"%s\" stroke-width="
		   "\"2.5\" points=\"", col);
	fprintf(f, "%.1f,%.1f ", xpx0, ax_map(ya, (double)h->min_ns / 1e6));
	for (i = 0; i < ARRAY_SIZE(pcts) && nines(pcts[i]) < xm; i++)
		fprintf(f, "%.1f,%.1f ",
			xpx0 + (xpx1 - xpx0) * nines(pcts[i]) / xspan,
			ax_map(ya, (double)hist_percentile(h, pcts[i]) / 1e6));
	fprintf(f, "%.1f,%.1f\"/>\n", xpx0 + (xpx1 - xpx0) * xm / xspan,
		ax_map(ya, (double)h->max_ns / 1e6));
}

/* Percentile curves of test @i, from the saved histograms. */
static void pct_chart(const struct cmp_view *v, size_t i, FILE *f)
{
	const double w = 520, h = 300, x0 = 64, x1 = w - 16;
	int sides = v->single ? 1 : 2, s;
	double lo = INFINITY, hi = 0, xspan = 1;
	struct axis ya;
	size_t k;

	for (s = 0; s < sides; s++) {
		const struct cmp_detail *d = &v->detail[2 * i + s];

		if (!d->loaded || !d->lat.count)
			continue;
		lo = fmin(lo, fmax((double)d->lat.min_ns / 1e6, 1e-4));
		hi = fmax(hi, (double)d->lat.max_ns / 1e6);
		xspan = fmax(xspan, ceil(x_max_of(&d->lat)));
	}
	if (!(hi > 0))
		return;
	ax_fit(&ya, lo, hi, h - 44, 24);
	if (!ya.log) {	/* curves span decades: keep them on log */
		ya.log = true;
		ya.lo = pow(10, floor(log10(lo)));
		ya.hi = pow(10, ceil(log10(hi)));
		if (ya.hi <= ya.lo)
			ya.hi = ya.lo * 10;
	}
	fprintf(f, "<div class=\"panel\"><svg xmlns=\"http://www.w3.org/2000/"
		   "svg\" viewBox=\"0 0 %.0f %.0f\" role=\"img\">\n", w, h);
	fprintf(f, "<text x=\"%.1f\" y=\"16\" style=\"font-weight:600\">", x0);
	emit_escaped(f, v->tests[i].test);
	fputs(": latency by percentile</text>\n", f);
	ax_draw(f, &ya, x0, x1, fmt_ms_axis);
	for (k = 0; k < ARRAY_SIZE(pcts) && nines(pcts[k]) <= xspan; k++) {
		double x = x0 + (x1 - x0) * nines(pcts[k]) / xspan;

		if (pcts[k] < 90 && pcts[k] != 50)
			continue;	/* keep the low end readable */
		fprintf(f, "<line x1=\"%.1f\" y1=\"%.1f\" x2=\"%.1f\" y2=\"%.1f\" "
			   "stroke=\"#f0f4f8\"/><text x=\"%.1f\" y=\"%.1f\" "
			   "text-anchor=\"middle\">%s</text>\n", x, ya.y1, x,
			ya.y0, x, h - 26, pct_names[k]);
	}
	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\">"
		   "percentile (log of nines; last point = max)</text>\n",
		(x0 + x1) / 2, h - 8);
	for (s = 0; s < sides; s++) {
		const struct cmp_detail *d = &v->detail[2 * i + s];

		if (d->loaded && d->lat.count)
			curve(f, &d->lat, &ya, x0, x1, xspan,
			      s ? COL_TO : COL_FROM);
	}
	fputs("</svg></div>\n", f);
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
	const char *what[3] = { v->change, v->json_note, NULL };
	int k;

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
