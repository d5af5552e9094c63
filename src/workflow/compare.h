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

#include "results/hist.h"
#include "workflow/history.h"
#include "workflow/interpret.h"
#include "profile/profile.h"
#include "results/results.h"

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

/* What a test's saved JSON result adds to its history row: the merged
 * latency histogram (percentile curves), the -D series (burst rule), the
 * per-direction figures (reads vs writes rule) and the device facts
 * (cache rule). */
struct cmp_detail {
	bool loaded;		/* the JSON result was read */
	struct hist lat;	/* all I/Os, both directions */
	double read_iops, write_iops;
	double read_mean_ms, write_mean_ms, read_p50_ms;	/* 0: none */
	double inflight;	/* achieved mean in flight, 0 unknown */
	double *interval_iops;	/* owned, nintervals entries, or NULL */
	uint32_t nintervals;
	double interval_s;
	enum interp_media media;
	char device[64];
	uint64_t mem_bytes;	/* RAM of the host that ran it, 0 unknown */
};

/* Per-interval IOPS of @r summed over rows and directions, malloc'ed
 * (*n entries), NULL when the run has no -D series. */
double *compare_interval_iops(const struct results *r, uint32_t *n);
/* Fill @d from results @r (already loaded). 0 or -ENOMEM. */
int compare_detail_from_results(const struct results *r,
				struct cmp_detail *d);
/* Load @row's JSON result (resolved against @history_path) into @d.
 * 0, -ENOENT when the row names none or the file is gone, -errno / -EINVAL
 * with @err filled. */
int compare_detail_load(const char *history_path,
			const struct history_row *row, struct cmp_detail *d,
			char *err, size_t errlen);
void compare_detail_release(struct cmp_detail *d);
/* Overlay what @d knows onto @t (built by compare_interp_from_row);
 * @t's interval_iops then points into @d. */
void compare_interp_apply(const struct cmp_detail *d, struct interp_test *t);

#define CMP_MAX_TESTS 16

/* Everything a comparison report shows, built once for every format. */
struct cmp_view {
	const char *from, *to;
	bool single;		/* one label only: side 0 is all there is */
	struct cmp_test *tests;	/* ntests, malloc'ed */
	size_t ntests;
	struct cmp_detail *detail;	/* [2 * i + side], malloc'ed */
	struct finding find[2][INTERP_MAX_FINDINGS];
	size_t nfind[2];
	char change[256];	/* how the wall changed, "" */
	char headline[256];	/* one sentence for a manager, "" */
	char only[2][512];	/* tests only in from / only in to, "" */
	char json_note[768];	/* JSON results gone or unreadable, "" */
	size_t json_missing;
};

/* Build the view of @from -> @to (equal labels: one-label view).  JSON
 * results resolve against h->path (none are read when it is NULL).
 * 0 or -ENOMEM. */
int compare_view_build(const struct history *h, const char *from,
		       const char *to, struct cmp_view *v);
void compare_view_release(struct cmp_view *v);

enum {
	CMP_FINDINGS_NONE = 0,
	CMP_FINDINGS_CHANGE,	/* only how the wall changed */
	CMP_FINDINGS_ALL,	/* each label's findings and the change */
};

/* Print the comparison of @from -> @to as @fmt (FORMAT_TEXT, CSV, JSON,
 * HTML) on @f; @from == @to prints that label's summary and findings.  @findings (CMP_FINDINGS_*) applies to text output.  Returns 0,
 * 3 when a regression was found, or -errno. */
int compare_report(const struct history *h, const char *from,
		   const char *to, enum result_format fmt, int findings,
		   FILE *f);

#endif
