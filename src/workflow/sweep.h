/* sweep.h - `ioprobe sweep`: one workload run once per value of one
 * DiskSpd switch (-b, -o or -t), each point a normal run with its own
 * warm-up and -d, its JSON result saved beside the history and, with a
 * label, its row in the history (test "sweep-b4K", "sweep-o8").
 *
 * The command line is parsed once into a base profile; each point is a
 * copy of it with the one field changed (never switch strings formatted
 * and parsed again).  A folder target gets a test file of its own, as
 * the suite's (suite_file.c).  The detectors over the finished points
 * (crossover, knee, Little's law) are pure and live in sweep_find.c;
 * running a point and saving it is sweep_run.c.
 * Nothing here prints: see the hooks, and -errno with @err.
 */
#ifndef IOPROBE_SWEEP_H
#define IOPROBE_SWEEP_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "report/report_sweep.h"
#include "run/run.h"
#include "workflow/history.h"
#include "workflow/suite.h"

/* The swept values of one switch, parsed from its list. */
struct sweep_list {
	enum sweep_kind kind;
	uint64_t values[SWEEP_MAX_POINTS];
	char names[SWEEP_MAX_POINTS][24];
	size_t n;
};

struct sweep_opts {
	const char *label;	/* --label: history rows; NULL none */
	const char *history;	/* --history FILE, NULL = default */
	const char *html;	/* --html FILE, NULL none */
	double slo_p99_ms;	/* --slo=P99:T, 0 = the default knee rule */
	uint64_t file_bytes;	/* --file-size, for a folder target */
	bool keep;		/* --keep-file */
	bool quiet;		/* --quiet: no progress */
	enum result_format fmt;	/* -Rtext or -Rjson */
	struct sweep_list list;
	const char *list_arg;	/* the list switch as typed */
	int list_pos;		/* its index in run_argv, where run_argv
				 * holds list_first (the first value) */
	char list_first[40];
	int run_argc;		/* argv for the run parser: "ioprobe", the
				 * switches without the list and the
				 * sweep's own options, the target */
	char **run_argv;	/* owned array (strings borrowed) */
	char *switches;		/* owned: the sweep's switches as typed */
};

struct sweep_hooks {
	run_progress_fn progress;	/* during a point's run */
	void (*point_begin)(void *arg);
	void (*point_end)(void *arg);
	void (*warn)(void *arg, const char *msg);
	void *arg;
	bool run_quiet;		/* the caller draws its own status line:
				 * the run's fill line and notes stay off
				 * (an engine fallback comes to warn) */
	/* the run's lines (run_options.say) and -P dots (.dots) */
	void (*say)(void *arg, enum note_kind kind, const char *text);
	void (*dots)(void *arg, size_t n);
};

struct sweep {
	struct sweep_opts o;
	struct sweep_hooks hooks;
	struct profile base;	/* the parsed command line */
	bool base_ok;
	struct test_file *file;	/* folder target: its test file, or NULL */
	char hist[PATH_MAX];	/* history CSV */
	struct sweep_point pts[SWEEP_MAX_POINTS];
	size_t npts;		/* points finished */
	size_t cur;		/* the point running */
	struct sweep_where where;
	size_t nrows;		/* history rows appended */
};

/* Parse the list of switch @arg ("-b4K,8K", "-o1..64", "-t1,2,4") into
 * @l: 0; -ENOENT when @arg is not a list switch; -EINVAL with @err.
 * A range "A..B" doubles from A up to B (B included when reached). */
int sweep_parse_list(const char *arg, struct sweep_list *l, char *err,
		     size_t len);
/* "4K", "1M", "512" for @bytes (the largest exact unit). */
void sweep_size_name(char *buf, size_t len, uint64_t bytes);

/* Build the base profile from o.run_argv, pick the history path and,
 * for a folder target, the test file (checked for space).  0; -EINVAL
 * (usage) or another -errno with @err. */
int sweep_prepare(struct sweep *s, char *err, size_t len);
/* The profile of point @i (profile_init'ed here): the base with the
 * swept field set; a folder target runs on the test file, created by
 * this point when @create.  0 or -ENOMEM (release @p either way). */
int sweep_point_profile(const struct sweep *s, size_t i, bool create,
			struct profile *p);
/* Claim the test file of a folder target (no-op otherwise). */
int sweep_claim(struct sweep *s, char *err, size_t len);
/* sweep_run.c: run point @i, save its JSON and, with a label, its history row.  0;
 * -EINVAL refused profile; -EINTR interrupted; -errno with @err. */
int sweep_run_one(struct sweep *s, size_t i, char *err, size_t len);
/* The test file of a folder target: closed and removed (unless --keep). */
int sweep_release_file(struct sweep *s);
/* Its name, NULL when the target is not a folder. */
const char *sweep_file_name(const struct sweep *s);
/* Fill @v from the finished points, with the findings. */
void sweep_view_fill(const struct sweep *s, struct sweep_view *v);
void sweep_release(struct sweep *s);

/* sweep_find.c: the detectors, pure functions of the points. */

/* A block-size sweep's crossover: IOPS flat (within 10 %) over the first
 * points, MiB/s flat over the last ones. */
struct sweep_cross {
	size_t iops_end;	/* last point of the IOPS plateau */
	size_t mib_begin;	/* first point of the MiB/s plateau */
	double iops, mib_s;	/* the two plateau levels (means) */
};
/* True (and @c filled) when both plateaus hold at least two points each
 * and the IOPS one ends where or before the MiB/s one begins. */
bool sweep_find_crossover(const struct sweep_point *p, size_t n,
			  struct sweep_cross *c);
/* Two points' IOPS are equal within noise when they differ by no more
 * than SWEEP_EQUAL or twice the larger of their own noise (iops_noise):
 * the band, as a fraction. */
#define SWEEP_EQUAL 0.05
/* A point's iops_noise from its -D series @v of @n intervals: two
 * standard errors of the mean over batches of 5 intervals, relative to
 * the mean; 0 with fewer than two batches. */
double sweep_iops_noise(const double *v, uint32_t n);
double sweep_equal_band(const struct sweep_point *a,
			const struct sweep_point *b);
bool sweep_iops_equal(const struct sweep_point *a,
		      const struct sweep_point *b);
/* The knee of a depth or thread sweep: with @slo_p99_ms > 0, the point
 * of the highest IOPS whose P99 stays under it; else the first point
 * after which IOPS grows < 10 % while P99 grows > 50 % or the mean
 * latency > 30 % (IOPS flat from the first point: the knee is the
 * first, the device saturated).  Either way, among the points whose
 * IOPS equal the answer's within noise, the smallest setting.  Its
 * index, or -1. */
int sweep_find_knee(const struct sweep_point *p, size_t n,
		    double slo_p99_ms);
/* The findings of @n points of @kind into @out (at most @max): the
 * crossover or knee sentence and Little's law.  Returns the count; sets
 * *@knee (-1 none). */
size_t sweep_findings(enum sweep_kind kind, const struct sweep_point *p,
		      size_t n, double slo_p99_ms, int *knee,
		      char out[][512], size_t max);

#endif
