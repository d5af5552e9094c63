/* report_compare_html.h - the before/after comparison as one
 * self-contained HTML page (inline CSS and SVG, no script, nothing
 * fetched): a headline, grouped bars for IOPS and P99, latency percentile
 * curves from the saved histograms, the table with factors and verdicts,
 * and the findings.  Every string from the history is HTML-escaped. */
#ifndef IOPROBE_REPORT_COMPARE_HTML_H
#define IOPROBE_REPORT_COMPARE_HTML_H

#include <stdio.h>

#include "report/report_compare.h"
#include "results/comparison.h"

/* Write the page for @v (a one-label view shows that label alone).
 * 0 or -EIO when writing failed. */
int report_compare_html(const struct cmp_view *v, FILE *f);

#endif
