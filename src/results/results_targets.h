/* results_targets.h - the per-target summary: for each distinct target
 * path, what all threads did on it (I/Os, IOPS, MiB/s, mean latency and
 * P99 from the merged histograms, both directions), and the same over all
 * targets.  Every report's per-target section is made from it, so a
 * striped volume and its members read the same in text, XML, JSON, CSV
 * and HTML.  Percentiles are never averaged: each comes from the union of
 * the histograms of the rows it covers.
 */
#ifndef IOPROBE_RESULTS_TARGETS_H
#define IOPROBE_RESULTS_TARGETS_H

#include <stdbool.h>
#include <stdint.h>

#include "results/results.h"

/* One target (or the all-target total). */
struct target_sum {
	uint32_t target;	/* first index into results.targets with this
				 * path; UINT32_MAX for the total */
	uint64_t ios;
	uint64_t bytes;
	double iops, mib_s;	/* over results.test_time_s */
	double share_pct;	/* of all targets' I/Os, 0 when none */
	bool has_lat;		/* latency measured and an I/O completed */
	double lat_mean_ns;	/* 0 unless has_lat */
	uint64_t lat_p99_ns;	/* 0 unless has_lat */
};

struct target_summary {
	uint32_t n;		/* distinct target paths */
	struct target_sum t[PROFILE_MAX_TARGETS];	/* in -target order */
	struct target_sum all;
};

/* Fill @out from @r: targets named by the same path are one target (as
 * in DiskSpd's per-target latency tables).  0 or -ENOMEM. */
int results_target_summary(const struct results *r,
			   struct target_summary *out);

/* The reports print the per-target section only for two or more distinct
 * targets with results: for one target it would repeat the total. */
bool results_targets_shown(const struct results *r);

#endif
