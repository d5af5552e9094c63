/* report_text_input.h - the "Input parameters" part of the text report,
 * shared by report_text() and report_text_profile() (-Rp). */
#ifndef IOPROBE_REPORT_TEXT_INPUT_H
#define IOPROBE_REPORT_TEXT_INPUT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#include "profile/profile.h"
#include "results/results.h"

/* "Command Line" and "Input parameters" of @p as DiskSpd prints them,
 * byte for byte; @engine and @note (the engine used and why) go on lines
 * of their own after DiskSpd's timespan lines. */
void report_text_input(const struct profile *p, const char *engine,
		       const char *note, FILE *f);

/* The block of timespan @span (1-based) alone: its lines and targets,
 * then a blank line (report_text_input() prints timespan 1's). */
void report_text_input_span(const struct profile *p, uint32_t span,
			    const char *engine, const char *note, FILE *f);

/* @bytes as DiskSpd writes a size: "64KiB", "1.95MiB", "1.50KiB",
 * "512". */
void report_text_size(char *buf, size_t len, uint64_t bytes);

/* One boundary of an -rdabs range as DiskSpd aligns it: the number in 6
 * columns, then its unit ("     1GiB", "  3.20MiB", "     0   "), bare
 * bytes below 1 KiB unaligned, or "      end" for the open end of the
 * tail (@open_end). */
void report_text_dist_bound(uint64_t bytes, bool open_end, FILE *f);

/* Time-averaged requests in flight on target @i over its rows into
 * *@mean; false when there is nothing measured to average (@r NULL,
 * interrupted early). */
bool report_text_inflight(const struct results *r, uint32_t i,
			  double *mean);

#endif
