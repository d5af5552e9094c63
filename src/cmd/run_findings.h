/* run_findings.h - the findings of a plain DiskSpd-style run: worked out
 * by the same rules as a suite's (workflow/interpret.h), kept in the
 * results so the JSON result carries them, and printed on stderr after
 * the report, so the report on stdout stays DiskSpd's for its scrapers.
 */
#ifndef IOPROBE_RUN_FINDINGS_H
#define IOPROBE_RUN_FINDINGS_H

#include "results/results.h"
#include "workflow/interpret.h"

/* Fill r->findings from @r's own figures (none for a run that failed,
 * measured nothing or ran the null engine).  0 or -ENOMEM. */
int run_findings_fill(struct results *r);
/* Refuse a --disk or --vm the limits table does not know: 0, or
 * -EINVAL with @err filled (a usage error, before the run). */
int run_findings_cloud_check(const struct profile *p, char *err,
			     size_t errlen);
/* Print r->findings on stderr unless --no-findings. */
void run_findings_print(const struct results *r);

#endif
