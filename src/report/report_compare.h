/* report_compare.h - the before/after comparison (results/comparison.h)
 * as text, CSV or JSON (the page: report_compare_html.h). */
#ifndef IOPROBE_REPORT_COMPARE_H
#define IOPROBE_REPORT_COMPARE_H

#include <stddef.h>
#include <stdio.h>

#include "profile/profile.h"
#include "results/comparison.h"

/* "faster", "slower", "mixed", "no clear change". */
const char *cmp_verdict_name(enum cmp_verdict v);

/* "×3.00 [2.96-3.04]", "×1.02" when the interval is a point. */
void cmp_ci_fmt(char *buf, size_t len, const struct cmp_ci *ci);

/* Write @v as @fmt (FORMAT_TEXT, CSV, JSON) on @f; a one-label view
 * prints that label's summary and findings.  @findings (CMP_FINDINGS_*)
 * applies to text.  0 or -EIO. */
int report_compare(const struct cmp_view *v, enum result_format fmt,
		   int findings, FILE *f);

#endif
