/* report_compare_targets.h - the comparison page's per-target section:
 * for each test whose newest runs have several targets, IOPS and P99
 * bars per target (before beside after) and the per-target table. */
#ifndef IOPROBE_REPORT_COMPARE_TARGETS_H
#define IOPROBE_REPORT_COMPARE_TARGETS_H

#include <stdio.h>

#include "results/comparison.h"

/* Write the "Per target" section of @v on @f; nothing when no test has
 * two or more targets on either side (a single-target page is as it
 * was). */
void report_compare_targets_html(const struct cmp_view *v, FILE *f);

#endif
