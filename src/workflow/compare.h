/* compare.h - before/after comparison of two labels in the suite history:
 * builds the comparison model (results/comparison.h) that the reports
 * format (report/report_compare.h, report/report_compare_html.h).
 *
 * Each label may hold several runs of a test: those measured like the
 * label's newest run are summarised by the median and the spread
 * (min..max), the others left out and counted.  The factor of each
 * figure gets a bootstrap interval (workflow/verdict.h); a change is
 * clear only when the whole interval lies beyond ±min-effect.  A test
 * whose figure that matters (method_metric) got clearly worse is a
 * regression (compare_regression).
 */
#ifndef IOPROBE_COMPARE_H
#define IOPROBE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>

#include "results/comparison.h"
#include "workflow/history.h"
#include "workflow/interpret.h"

struct results;		/* results/results.h */

/* Median and min/max of @n values (n may be 0: all zero). */
void cmp_stat_of(const double *v, size_t n, struct cmp_stat *s);
/* Clear change from @a to @b?  @higher_better picks the direction. */
enum cmp_verdict cmp_judge(const struct cmp_stat *a, const struct cmp_stat *b,
			   bool higher_better);

/* compare_build with changes within ±@min_effect (0.05: 5 %) called no
 * change; compare_build uses VERDICT_MIN_EFFECT. */
int compare_build_with(const struct history *h, const char *from,
		       const char *to, double min_effect,
		       struct cmp_test **out, size_t *n);

/* The first label in file order and the latest one (of the last row).
 * -ENOENT when the history is empty. */
int compare_default_labels(const struct history *h, const char **first,
			   const char **latest);
/* Is there a label other than @label holding one of @label's tests? */
bool compare_has_other_label(const struct history *h, const char *label);

/* Per test present under both labels, in the order tests first appear.
 * *out is malloc'ed; 0 or -ENOMEM. */
int compare_build(const struct history *h, const char *from, const char *to,
		  struct cmp_test **out, size_t *n);

/* Figures for the interpretation rules from a history row alone, for a
 * test whose saved JSON result is gone: the row's columns, and the
 * workload (block size, pattern, depth, cache mode) from its cmdline.
 * 0 or -EINVAL. */
int compare_interp_from_row(const struct history_row *row,
			    struct interp_test *t);

/* Load @row's JSON result (resolved against @history_path) into @d
 * (figures.h).  0, -ENOENT when the row names none or the file is gone,
 * -errno / -EINVAL with @err filled. */
int compare_detail_load(const char *history_path,
			const struct history_row *row, struct cmp_detail *d,
			char *err, size_t errlen);
void compare_detail_release(struct cmp_detail *d);

/* Build the view of @from -> @to (equal labels: one-label view).  JSON
 * results resolve against h->path (none are read when it is NULL).  A
 * test measured differently under the two labels (workflow/method.h) is
 * "not comparable" unless @allow_different; its differences are listed
 * either way.  0 or -ENOMEM. */
int compare_view_build(const struct history *h, const char *from,
		       const char *to, bool allow_different,
		       struct cmp_view *v);
/* The same with @min_effect instead of VERDICT_MIN_EFFECT. */
int compare_view_build_with(const struct history *h, const char *from,
			    const char *to, bool allow_different,
			    double min_effect, struct cmp_view *v);
void compare_view_release(struct cmp_view *v);

/* Did a comparable test of @v get clearly worse in IOPS or P99?  Never
 * for a one-label view. */
bool compare_regression(const struct cmp_view *v);
/* Tests of @v left without a verdict: measured differently. */
size_t compare_not_comparable(const struct cmp_view *v);

/* compare_targets.c: @d's per-target rows from @r (results_targets.h),
 * every distinct target counted, the first CMP_MAX_TARGETS kept.  0 or
 * -ENOMEM. */
int compare_targets_from_results(const struct results *r,
				 struct cmp_detail *d);
/* Mark the tests whose newest runs have several targets on either side,
 * and those whose two sides ran on other targets (by name or count). */
void compare_targets_judge(struct cmp_view *v);

/* headline.c: v->headline from the judged tests, the subject and the
 * differences (called by compare_view_build). */
void compare_headline(struct cmp_view *v);

#endif
