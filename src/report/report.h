/* report.h - renderers: each turns const results into bytes on a FILE.
 * They never read the clock, sysfs or the workers. */
#ifndef IOPROBE_REPORT_H
#define IOPROBE_REPORT_H

#include <stdio.h>

#include "results/results.h"

/* What the text and XML say in place of the results of a run in which
 * I/O failed: DiskSpd's own message for a failed run ("There has been an
 * error during threads execution"), then its "No results are displayed". */
#define FAILED_RUN_MSG "There has been an error during threads execution. " \
		       "No results are displayed."

/* DiskSpd's text report (-Rtext). 0 or -errno. */
int report_text(const struct results *r, FILE *f);
/* The text report of the @n timespans of a -X profile run in turn
 * (@rs[k] is timespan k+1): every timespan's input parameters, the
 * system, "Results for timespan N" each, then DiskSpd's "Totals:". */
int report_text_spans(const struct results *rs, uint32_t n, FILE *f);
/* DiskSpd's XML results (-Rxml). */
int report_xml(const struct results *r, FILE *f);
/* The XML results of @n timespans: one <Profile> holding them all, then
 * one <TimeSpan> result each, as DiskSpd writes them. */
int report_xml_spans(const struct results *rs, uint32_t n, FILE *f);
/* ioprobe-result/1 JSON (-Rjson), read back by results_load_json()
 * (results/results_json.h). */
int report_json(const struct results *r, FILE *f);
/* CSV rows per target and direction plus totals (-Rcsv). */
int report_csv(const struct results *r, FILE *f);
/* Self-contained HTML page with charts (-Rhtml). */
int report_html(const struct results *r, FILE *f);

/* -Rp: the "Input parameters" section alone, for a profile not run. */
int report_text_profile(const struct profile *p, FILE *f);

/* Dispatch on @fmt. */
int report_write(const struct results *r, enum result_format fmt, FILE *f);


#endif
