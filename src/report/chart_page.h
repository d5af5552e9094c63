/* chart_page.h - the frame every HTML page shares (run, suite, compare,
 * sweep): one stylesheet, the head and the footer, legends, axis titles
 * that say "log scale" on the axis itself, the "when, where and how"
 * table rows, and value labels with the kit's number rules (thousands
 * separators, latency from µs to ms to s).  Inline CSS only, nothing
 * fetched, no script; the page is well-formed XML.  Text is escaped.
 */
#ifndef IOPROBE_CHART_PAGE_H
#define IOPROBE_CHART_PAGE_H

#include <stddef.h>
#include <stdio.h>

#include "report/chart.h"

/* The doctype, <head> with the title "ioprobe: @title" (" → @to" when
 * @to is not NULL) and the stylesheet, then the body's main <div>
 * (HTML 4 parsers know no <main>). */
void chart_page_begin(FILE *f, const char *title, const char *to);
/* The footer (ioprobe @version, "self-contained page") and the end. */
void chart_page_end(FILE *f, const char *version);

/* A legend line: @n swatches of @colors named @names. */
void chart_legend(FILE *f, const char *const *names,
		  const char *const *colors, size_t n);

/* The title of the y axis @a, written up the left edge at @x (rotated),
 * "@title (log scale)" when @a is a log axis. */
void chart_axis_title_y(FILE *f, const struct chart_axis *a, double x,
			const char *title);

/* Rows of a two-column "when, where and how" table (class "where"):
 * chart_where_begin() opens it under an <h2>, chart_where_row() adds
 * @key and @value ("unknown" when empty; @code: monospace, for command
 * lines), chart_where_end() closes it. */
void chart_where_begin(FILE *f);
void chart_where_row(FILE *f, const char *key, const char *value,
		     bool code);
void chart_where_end(FILE *f);

/* A table cell of @v with @decimals decimals and thousands separators:
 * "<td>30,456.32</td>". */
void chart_td_number(FILE *f, double v, int decimals);

/* A latency split for a headline card: @val "2.50" and @unit "ms", "µs"
 * or "s" (s from 1,000 ms), as fmt_latency_ms() words it, with two
 * decimals under 10 µs and ns under 1 µs (a cache or the null engine). */
void chart_fmt_latency_parts(char *val, size_t vlen, char *unit,
			     size_t ulen, double ms);

/* Two table headers "@what FROM" and "@what TO", the labels escaped:
 * a comparison's columns carry the labels' names. */
void chart_th_pair(FILE *f, const char *what, const char *from,
		   const char *to);

#endif
