/* report_html_where.h - the "when, where and how" table of a run page:
 * date, host, kernel, ioprobe version, engine, the switches as typed,
 * and per target its path, device, filesystem and size.  Everything
 * comes from struct results (saved in the JSON), never from the clock
 * or sysfs at render time, so `ioprobe show` draws the same page. */
#ifndef IOPROBE_REPORT_HTML_WHERE_H
#define IOPROBE_REPORT_HTML_WHERE_H

#include <stdio.h>

#include "results/results.h"

void report_html_where(const struct results *r, FILE *f);

/* "loop3, ext4" / "loop3, no filesystem (device)" of target @t. */
void report_html_device(char *buf, size_t len, const struct target_info *t);

#endif
