/* chart_page.c - the shared page frame and stylesheet (see chart_page.h). */
#include "report/chart_page.h"

#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"

/* One stylesheet for every page: the run page's cards (.k .v .u .d), the
 * comparison's cards (b, .big) and verdict colours, panels, tables, the
 * "where" table, legends and the SVG text. */
static const char css[] =
	"*{box-sizing:border-box}\n"
	"body{font-family:system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;"
	"margin:0;background:#f1f5f9;color:#0f172a}\n"
	".main{max-width:1080px;margin:0 auto;padding:24px}\n"
	"h1{font-size:26px;margin:0 0 4px}h2{font-size:18px;margin:28px 0 10px}\n"
	"code{font-family:ui-monospace,Menlo,Consolas,monospace;font-size:13px;"
	"background:#e2e8f0;padding:2px 6px;border-radius:4px;"
	"word-break:break-all}\n"
	".sub{color:#475569;font-size:14px;margin:6px 0}\n"
	".cards{display:flex;flex-wrap:wrap;gap:12px;margin-top:18px}\n"
	".card{background:#fff;border-radius:10px;padding:14px 18px;"
	"flex:1 1 140px;box-shadow:0 1px 3px rgba(0,0,0,.12)}\n"
	".card b{display:block;font-size:15px;margin-bottom:6px}\n"
	".card .v{font-size:26px;font-weight:650;white-space:nowrap}"
	".card .u{font-size:14px;color:#64748b}\n"
	".card .k{font-size:13px;color:#64748b;text-transform:uppercase;"
	"letter-spacing:.04em}\n"
	".card .d{font-size:12px;color:#64748b;margin-top:4px}\n"
	".big{font-size:26px;font-weight:700}\n"
	".good{color:#15803d}.bad{color:#b91c1c}.flat{color:#64748b}\n"
	"svg text.good{fill:#15803d}svg text.bad{fill:#b91c1c}"
	"svg text.flat{fill:#64748b}\n"
	".panel{background:#fff;border-radius:10px;padding:16px;"
	"box-shadow:0 1px 3px rgba(0,0,0,.12)}.panel+.panel{margin-top:12px}\n"
	"table{border-collapse:collapse;font-size:13px;width:100%;"
	"background:#fff}\n"
	"th,td{padding:5px 10px;border-bottom:1px solid #e2e8f0;"
	"text-align:right}\n"
	"th{background:#f8fafc;color:#334155}td.l,th.l{text-align:left}\n"
	"tr.knee td{background:#fff7ed;font-weight:600}\n"
	"table.where td{text-align:left;vertical-align:top}"
	"table.where td:first-child{color:#64748b;width:170px}\n"
	".warn{background:#fef3c7;border-left:4px solid #d97706;"
	"padding:8px 12px;margin:8px 0;font-size:14px}\n"
	".grid,.curves{display:grid;grid-template-columns:1fr 1fr;gap:16px}\n"
	"dl{display:grid;grid-template-columns:max-content 1fr;gap:4px 14px;"
	"margin:0;font-size:13px}dt{color:#64748b}dd{margin:0}\n"
	".legend span{display:inline-block;margin-right:16px;font-size:13px}\n"
	".legend i{display:inline-block;width:14px;height:4px;margin-right:6px;"
	"vertical-align:middle}\n"
	"ul{background:#fff;border-radius:10px;padding:12px 12px 12px 32px;"
	"box-shadow:0 1px 3px rgba(0,0,0,.12)}li{margin:6px 0;line-height:1.4}\n"
	"svg{display:block;width:100%;height:auto}\n"
	"svg text{font-family:system-ui,sans-serif;font-size:12px;"
	"fill:#475569}\n"
	".foot{color:#94a3b8;font-size:12px;margin-top:24px}\n"
	/* a long table scrolls on screen and prints whole */
	".scroll{max-height:20em;overflow:auto}\n"
	"@media print{.scroll{max-height:none;overflow:visible}}\n";

void chart_page_begin(FILE *f, const char *title, const char *to)
{
	fputs("<!DOCTYPE html>\n<html xmlns=\"http://www.w3.org/1999/xhtml\" "
	      "lang=\"en\"><head><meta charset=\"utf-8\"/>\n"
	      "<meta name=\"viewport\" content=\"width=device-width\"/>\n"
	      "<title>ioprobe: ", f);
	emit_escaped(f, title);
	if (to) {
		fputs(" → ", f);
		emit_escaped(f, to);
	}
	fprintf(f, "</title>\n<style>\n%s</style></head>\n"
		   "<body><div class=\"main\">\n", css);
}

void chart_page_end(FILE *f, const char *version)
{
	fputs("<div class=\"foot\">ioprobe ", f);
	emit_escaped(f, version);
	fputs(" · self-contained page: inline CSS and SVG, no script"
	      "</div>\n</div></body></html>\n", f);
}

void chart_legend(FILE *f, const char *const *names,
		  const char *const *colors, size_t n)
{
	size_t i;

	fputs("<div class=\"legend\">", f);
	for (i = 0; i < n; i++) {
		fprintf(f, "<span><i style=\"background:%s\"></i>", colors[i]);
		emit_escaped(f, names[i]);
		fputs("</span>", f);
	}
	fputs("</div>\n", f);
}

void chart_axis_title_y(FILE *f, const struct chart_axis *a, double x,
			const char *title)
{
	double y = (a->p0 + a->p1) / 2;

	fprintf(f, "<text x=\"%.1f\" y=\"%.1f\" text-anchor=\"middle\" "
		   "transform=\"rotate(-90 %.1f %.1f)\">", x, y, x, y);
	emit_escaped(f, title);
	if (a->log)
		fputs(" (log scale)", f);
	fputs("</text>\n", f);
}

void chart_where_begin(FILE *f)
{
	fputs("<h2>When, where and how</h2>\n<table class=\"where\">\n", f);
}

void chart_where_row(FILE *f, const char *key, const char *value,
		     bool code)
{
	fputs("<tr><td>", f);
	emit_escaped(f, key);
	fputs(code ? "</td><td><code>" : "</td><td>", f);
	emit_escaped(f, value && *value ? value : "unknown");
	fputs(code ? "</code></td></tr>\n" : "</td></tr>\n", f);
}

void chart_where_end(FILE *f)
{
	fputs("</table>\n", f);
}

void chart_fmt_latency_parts(char *val, size_t vlen, char *unit,
			     size_t ulen, double ms)
{
	char b[32];
	const char *sp;

	if (ms > 0 && ms < 0.001)
		snprintf(b, sizeof(b), "%.0f ns", ms * 1e6);
	else if (ms > 0 && ms < 0.01)
		snprintf(b, sizeof(b), "%.2f µs", ms * 1000);
	else
		fmt_latency_ms(b, sizeof(b), ms);
	sp = strchr(b, ' ');
	snprintf(unit, ulen, "%s", sp ? sp + 1 : "");
	snprintf(val, vlen, "%.*s", sp ? (int)(sp - b) : (int)strlen(b), b);
}

void chart_td_number(FILE *f, double v, int decimals)
{
	char b[64];

	fmt_grouped(b, sizeof(b), v, decimals);
	fprintf(f, "<td>%s</td>", b);
}

void chart_th_pair(FILE *f, const char *what, const char *from,
		   const char *to)
{
	fprintf(f, "<th>%s ", what);
	emit_escaped(f, from);
	fprintf(f, "</th><th>%s ", what);
	emit_escaped(f, to);
	fputs("</th>", f);
}
