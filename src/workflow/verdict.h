/* verdict.h - a comparison's verdict with its uncertainty.
 *
 * For each test, each label's runs (those measured like its newest) and
 * their per-interval series (from the saved JSON results, the headline
 * phase only) go to lib/resample.h: a bootstrap interval of the factor
 * later / earlier at VERDICT_CONF, from VERDICT_ITERS resamples with a
 * seed of the test's name, so the same history gives the same verdict.
 * A change is called only when the whole interval lies beyond
 * ±min-effect (VERDICT_MIN_EFFECT unless --min-effect): above 1 + m or
 * below 1 - m.  Otherwise "no clear change".
 */
#ifndef IOPROBE_VERDICT_H
#define IOPROBE_VERDICT_H

#include <stdbool.h>
#include <stddef.h>

#include "results/comparison.h"
#include "workflow/history.h"

#define VERDICT_MIN_EFFECT 0.05
#define VERDICT_CONF 0.95
#define VERDICT_ITERS 2000

/* The verdict of an interval [@lo, @hi] of a factor (above 1 = more):
 * BETTER/WORSE by @higher_better when it lies wholly beyond ±@min_effect,
 * else CMP_NO_CLEAR. */
enum cmp_verdict verdict_decide(double lo, double hi, double min_effect,
				bool higher_better);

/* The runs of one label, newest first (rows into the history). */
struct verdict_runs {
	const struct history_row *rows[64];
	size_t n;
};

/* Loads @row's saved JSON result (beside @history_path) into @d, as
 * compare_detail_load does: 0, -ENOMEM, or another -errno (none). */
typedef int (*verdict_load_fn)(const char *history_path,
			       const struct history_row *row,
			       struct cmp_detail *d, char *err, size_t errlen);

/* Fill @c's iops_ci, mib_ci and p99_ci from @runs[0] (earlier) and
 * @runs[1] (later), and its iops/mib/p99 verdicts by @min_effect.  The
 * series are read by @load from the rows' JSON results beside
 * @history_path (NULL: none; the figures alone).  0 or -ENOMEM. */
int verdict_test(const char *history_path, verdict_load_fn load,
		 const struct verdict_runs *runs, double min_effect,
		 struct cmp_test *c);

#endif
