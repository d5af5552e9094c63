/* figures.h - one route from a test's results to its figures.
 *
 * The live suite (from the run it just did) and `compare` (from the JSON
 * result the suite saved beside the history) compute a test's figures
 * here and nowhere else: IOPS, MiB/s and latencies, the shares of reads
 * and writes, the I/Os in flight, the workload (block size, random,
 * buffered, from the results' own profile), the device and the -D
 * series.  So the same test gets the same findings in both.
 */
#ifndef IOPROBE_FIGURES_H
#define IOPROBE_FIGURES_H

#include <stdint.h>

#include "results/comparison.h"
#include "results/results.h"
#include "workflow/interpret.h"

/* Fill @d (zeroed first) from @r.  0 or -ENOMEM. */
int figures_from_results(const struct results *r, struct cmp_detail *d);
/* figures_headline.c: make @d's figures the headline one (the sustained
 * phase after a burst in its -D series, with latency from the same
 * intervals, else the whole window), keeping the window's beside it.
 * figures_from_results calls it. */
void figures_headline(const struct results *r, struct cmp_detail *d);
/* Free what figures_from_results allocated (the -D series). */
void figures_release(struct cmp_detail *d);

/* Per-interval IOPS of @r summed over rows and directions, malloc'ed
 * (*n entries), NULL when the run has no -D series. */
double *figures_interval_iops(const struct results *r, uint32_t *n);

/* The interpretation input of test @name from @d (filled); the test file
 * of @file_bytes.  @t's pointers (name, device, series) point into @name
 * and @d. */
void figures_interp(const struct cmp_detail *d, const char *name,
		    uint64_t file_bytes, struct interp_test *t);

#endif
