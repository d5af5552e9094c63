/* interpret.h - plain-language findings from a suite's figures.
 *
 * Pure functions over a small struct of per-test figures, so each rule is
 * tested alone.  A rule states a finding only when the numbers support
 * it, and the finding quotes those numbers.  Rules:
 *  - wall: every profile lands within INTERP_WALL_BAND of the same total
 *    IOPS, the same MiB/s, or the same IOPS in one direction (a kernel
 *    throttle caps reads and writes separately, so a 70/30 mix's total is
 *    then cap / 0.7) despite different block sizes or patterns;
 *  - little: avg latency matches in-flight / IOPS at depth >= 4, so the
 *    wait is queueing, not a slow device;
 *  - tail: P99 >= 10x the median, or max >= 100x the median and >= 100 ms,
 *    with a median of at least INTERP_LAT_FLOOR_MS;
 *  - flattered: without device counters to tell, buffered I/O, reads
 *    > 1.5x the --expect IOPS, or reads 10x faster than writes on the
 *    same file: the number may be a cache's;
 *  - expect: reads > 1.5x the --expect IOPS that the device completed
 *    (its counters): the figure is the device's (a larger disk, burst
 *    credits), never a cache's; left to the wall when one is found;
 *  - burst (burst.c): the -D series steps down to under 60 % part-way,
 *    or never reaches SNIA's steady state;
 *  - cache (interpret_device.c): the kernel's counters show the device
 *    completed under half of ioprobe's reads and bytes in the window, or
 *    under half of its written bytes, or (a loop device) its backing
 *    device under half of the loop device's reads and bytes;
 *    without counters, random reads at a median no device of the class
 *    reaches (rotational: under 0.5 ms; flash or unknown: under 10 us;
 *    never under INTERP_LAT_FLOOR_MS, the null engine's),
 *    never a median of milliseconds;
 *  - device_more (interpret_device.c): the device moved over 1.5x the
 *    bytes ioprobe did (read-ahead, write amplification, a neighbour).
 */
#ifndef IOPROBE_INTERPRET_H
#define IOPROBE_INTERPRET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/comparison.h"

#define INTERP_WALL_BAND 1.10	/* max / min within a wall */
/* Below 1 us a latency is ioprobe's own loop and the clock, not storage
 * (the null engine's median is about 0.1 us): no rule draws a finding
 * from a median or mean under it. */
#define INTERP_LAT_FLOOR_MS 0.001
struct interp_test {
	const char *name;
	double iops, read_iops, write_iops;	/* per second */
	double mib_s;
	double mean_ms, p50_ms, p99_ms, max_ms;
	double read_mean_ms, write_mean_ms;	/* 0 when no such I/O */
	double inflight;	/* I/Os in flight: achieved, else threads x QD */
	uint64_t block_bytes;
	bool random;
	bool buffered;		/* page cache in the path (no -Sh/-Su) */
	uint64_t file_bytes;
	const double *interval_iops;	/* -D series, may be NULL */
	uint32_t nintervals;
	double interval_s;	/* length of one interval */
	double read_p50_ms;	/* median of the reads alone, 0 unknown */
	enum interp_media media;
	const char *device;	/* "vda", NULL or "" unknown */
	struct interp_dev dev;	/* the kernel's counters, zeroed unknown */
};

struct interp_env {
	double expect_iops;	/* --expect iops=, 0 = not given */
	double expect_mib_s;	/* --expect mbps= (MiB/s), 0 = not given */
	uint64_t mem_bytes;	/* RAM of the host, 0 = unknown */
};

/* Findings over a suite's @n tests into @out (up to @max); returns the
 * count.  Order: walls, then per-test findings in test order. */
size_t interpret(const struct interp_test *t, size_t n,
		 const struct interp_env *env, struct finding *out,
		 size_t max);

/* Individual rules (each appends to @out at *@nout, bounded by @max). */
void interp_wall(const struct interp_test *t, size_t n,
		 const struct interp_env *env, struct finding *out,
		 size_t *nout, size_t max);
void interp_little(const struct interp_test *t, struct finding *out,
		   size_t *nout, size_t max);
void interp_tail(const struct interp_test *t, struct finding *out,
		 size_t *nout, size_t max);
void interp_flattered(const struct interp_test *t,
		      const struct interp_env *env, struct finding *out,
		      size_t *nout, size_t max);
void interp_burst(const struct interp_test *t, struct finding *out,
		  size_t *nout, size_t max);
void interp_cache(const struct interp_test *t, const struct interp_env *env,
		  struct finding *out, size_t *nout, size_t max);
void interp_device_more(const struct interp_test *t, struct finding *out,
			size_t *nout, size_t max);
void interp_expect(const struct interp_test *t, const struct interp_env *env,
		   struct finding *out, size_t *nout, size_t max);

/* Do @d's counters show a cache answered the reads: the named device
 * completed under half of them, or (a loop device) its backing device
 * under half of the named one's? */
bool interp_dev_cached(const struct interp_dev *d);

/* The rule's name of a finding kind, as the JSON result saves it. */
const char *interp_rule_name(enum finding_kind kind);

#endif
