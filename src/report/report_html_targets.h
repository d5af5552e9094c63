/* report_html_targets.h - the run page's "Per target" part: a table and
 * an IOPS bar per target beside the all-target bar. */
#ifndef IOPROBE_REPORT_HTML_TARGETS_H
#define IOPROBE_REPORT_HTML_TARGETS_H

#include <stdio.h>

#include "results/results.h"

/* Only when results_targets_shown(); 0 or -ENOMEM. */
int report_html_targets(const struct results *r, FILE *f);

#endif
