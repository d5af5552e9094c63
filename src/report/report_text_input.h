/* report_text_input.h - the "Input parameters" part of the text report,
 * shared by report_text() and report_text_profile() (-Rp). */
#ifndef IOPROBE_REPORT_TEXT_INPUT_H
#define IOPROBE_REPORT_TEXT_INPUT_H

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>

#include "profile/profile.h"
#include "results/results.h"

/* "Command Line" and "Input parameters" of @p as DiskSpd prints them;
 * @r is NULL for a profile not run (no achieved queue depth then),
 * @engine and @note name the engine used and why. */
void report_text_input(const struct profile *p, const struct results *r,
		       const char *engine, const char *note, FILE *f);

/* Time-averaged requests in flight on target @i over its rows into
 * *@mean; false when there is nothing measured to average (@r NULL,
 * interrupted early). */
bool report_text_inflight(const struct results *r, uint32_t i,
			  double *mean);

#endif
