/* report_html_time.h - the run page's -D charts: IOPS and MiB/s over
 * time (total, read, write), per target for several targets, and the
 * mean and largest latency of each interval. */
#ifndef IOPROBE_REPORT_HTML_TIME_H
#define IOPROBE_REPORT_HTML_TIME_H

#include <stdio.h>

#include "results/results.h"

/* The sections for @r's -D series (none without one): 0 or -ENOMEM. */
int report_html_time(const struct results *r, FILE *f);

#endif
