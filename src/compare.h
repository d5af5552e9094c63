/* compare.h - before/after comparison of two labels in the suite history.
 *
 * Each label may hold several runs of a test: they are summarised by the
 * median and the spread (min..max).  A change is clear only when the two
 * spreads do not overlap and the medians differ by more than CMP_NOISE;
 * otherwise it is "no clear change".  `ioprobe compare` exits 3 when a
 * test got clearly worse in IOPS or P99 (a regression), 0 otherwise.
 */
#ifndef IOPROBE_COMPARE_H
#define IOPROBE_COMPARE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "history.h"
#include "interpret.h"
#include "profile.h"

#define CMP_NOISE 0.05		/* relative change always called noise */

struct cmp_stat {
	double median, min, max;
	size_t n;		/* runs */
};

enum cmp_verdict {
	CMP_NO_CLEAR = 0,
	CMP_BETTER,
	CMP_WORSE,
	CMP_MIXED,		/* one metric better, another worse */
};

struct cmp_test {
	char test[64];
	/* [0] = from label, [1] = to label */
	struct cmp_stat iops[2], mib_s[2], mean_ms[2], p99_ms[2];
	double iops_factor;	/* to / from medians */
	double p99_faster;	/* from / to P99 medians: "faster x" */
	enum cmp_verdict iops_verdict, p99_verdict, verdict;
	const struct history_row *latest[2];	/* newest row per label */
};

/* Median and min/max of @n values (n may be 0: all zero). */
void cmp_stat_of(const double *v, size_t n, struct cmp_stat *s);
/* Clear change from @a to @b?  @higher_better picks the direction. */
enum cmp_verdict cmp_judge(const struct cmp_stat *a, const struct cmp_stat *b,
			   bool higher_better);
/* "faster", "slower", "mixed", "no clear change". */
const char *cmp_verdict_name(enum cmp_verdict v);

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

/* Figures for the interpretation rules from a history row; the workload
 * (block size, pattern, depth, cache mode) comes from parsing its
 * cmdline.  0 or -EINVAL. */
int compare_interp_from_row(const struct history_row *row,
			    struct interp_test *t);

enum {
	CMP_FINDINGS_NONE = 0,
	CMP_FINDINGS_CHANGE,	/* only how the wall changed */
	CMP_FINDINGS_ALL,	/* each label's findings and the change */
};

/* Print the comparison of @from -> @to as @fmt (FORMAT_TEXT, CSV, JSON)
 * on @f.  @findings (CMP_FINDINGS_*) applies to text output.  Returns 0,
 * 3 when a regression was found, or -errno. */
int compare_report(const struct history *h, const char *from,
		   const char *to, enum result_format fmt, int findings,
		   FILE *f);

#endif
