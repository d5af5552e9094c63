/* report_suite.h - a finished suite's tests as machine output: the
 * -Rjson array of `ioprobe suite` (one object per test). */
#ifndef IOPROBE_REPORT_SUITE_H
#define IOPROBE_REPORT_SUITE_H

#include <stddef.h>
#include <stdio.h>

/* One finished test: its names and headline figures (latencies in ms). */
struct suite_json_row {
	const char *test, *label, *cmdline;
	const char *json;	/* its saved JSON result, "" none */
	double iops, mib_s;
	double mean_ms, p99_ms, p999_ms, max_ms;
	/* which figure the above are ("sustained": the phase after a
	 * burst; "window": the whole window) and the others, named */
	const char *figure;
	double window_iops;
	double burst_iops, burst_s;	/* 0 without a burst */
};

/* Write @n rows as one pretty-printed JSON array and a newline on @f.
 * 0 or -ENOMEM. */
int report_suite_json(const struct suite_json_row *rows, size_t n, FILE *f);

#endif
