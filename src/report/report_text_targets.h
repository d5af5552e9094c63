/* report_text_targets.h - the text report's per-target summary section,
 * printed after DiskSpd's tables. */
#ifndef IOPROBE_REPORT_TEXT_TARGETS_H
#define IOPROBE_REPORT_TEXT_TARGETS_H

#include <stdio.h>

#include "results/results.h"

/* "Per target" with a row per distinct target and the all-target row,
 * only when results_targets_shown(); 0 or -ENOMEM. */
int report_text_targets(const struct results *r, FILE *f);

#endif
