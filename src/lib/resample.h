/* resample.h - bootstrap intervals of a later/earlier ratio, for the
 * verdicts of `compare` (workflow/verdict.h).
 *
 * Each side is a set of runs; a run is its figure and, when kept, its
 * per-interval series.  One resample draws the runs of each side with
 * replacement, and each drawn run's figure again by a moving-block
 * bootstrap of its series (blocks of RESAMPLE_BLOCK(n) neighbouring
 * intervals, so their correlation is kept), scaled so the run's own
 * series gives its figure back.  A side's resampled figure is the mean
 * over its drawn runs; the ratio is later / earlier.  With one run per
 * side only the series vary; with several, run-to-run spread too.
 *
 * The interval is the percentile one at @conf.  The RNG is seeded by the
 * caller: the same input and seed give the same interval.
 */
#ifndef IOPROBE_RESAMPLE_H
#define IOPROBE_RESAMPLE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

/* Block length for a series of @n intervals: about sqrt(n), at least 1. */
#define RESAMPLE_BLOCK(n) resample_block_len(n)
#define RESAMPLE_MAX_RUNS 64
#define RESAMPLE_MAX_SERIES 4096

enum resample_stat {
	RESAMPLE_MEAN = 0,	/* rates: IOPS, MiB/s */
	RESAMPLE_MEDIAN,	/* per-interval P99s */
};

struct resample_run {
	double value;		/* the run's figure */
	const double *series;	/* per-interval values, or NULL */
	uint32_t n;		/* entries of @series (non-finite skipped) */
};

struct resample_side {
	const struct resample_run *runs;
	size_t nruns;		/* 1..RESAMPLE_MAX_RUNS */
};

struct resample_ci {
	double lo, hi;		/* interval of the ratio */
	bool series;		/* some run was resampled by its series */
};

uint32_t resample_block_len(uint32_t n);

/* The @conf (e.g. 0.95) interval of b/a from @iters resamples.  0, or
 * -EINVAL (an empty side, a figure not above 0, @iters 0). */
int resample_ratio_ci(const struct resample_side *a,
		      const struct resample_side *b, enum resample_stat stat,
		      unsigned int iters, uint64_t seed, double conf,
		      struct resample_ci *out);

#endif
