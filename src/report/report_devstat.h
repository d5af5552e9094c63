/* report_devstat.h - the kernel's device counters beside ioprobe's own
 * numbers, in every format: a text section after DiskSpd's tables, an
 * element under TimeSpan/Linux, CSV columns and an HTML table.  Each
 * writes nothing for a result that did not measure the counters (saved
 * before they existed), so older results re-render as they did.
 */
#ifndef IOPROBE_REPORT_DEVSTAT_H
#define IOPROBE_REPORT_DEVSTAT_H

#include <stdio.h>

#include "results/results.h"

/* Text: "Device counters (kernel, measured window)". */
void report_devstat_text(const struct results *r, FILE *f);
/* XML: <DeviceCounters> at indentation level @lvl (two spaces each). */
void report_devstat_xml(const struct results *r, unsigned int lvl, FILE *f);
/* CSV: the header's device columns, each after a comma. */
extern const char report_devstat_csv_header[];
/* CSV: the values of those columns for @target (< 0: all targets, left
 * empty) and direction @dir (DIR_COUNT: both). */
void report_devstat_csv(const struct results *r, int target, int dir,
			FILE *f);
/* HTML: an <h2> and a table. */
void report_devstat_html(const struct results *r, FILE *f);

#endif
