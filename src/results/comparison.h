/* comparison.h - the data of a before/after comparison, as the
 * comparison reports read it: per-test statistics of two labels, what
 * each test's saved JSON result adds (histogram, -D series, device), the
 * findings of each label and the sentences that sum the change up.
 *
 * Data types and two accessors only: workflow/compare.h builds a struct
 * cmp_view from the history, report/report_compare.h and
 * report/report_compare_html.h format it.  The finding types live here
 * too because a view carries each label's findings (workflow/interpret.h
 * computes them).
 */
#ifndef IOPROBE_COMPARISON_H
#define IOPROBE_COMPARISON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/hist.h"
#include "results/history_row.h"

#define CMP_NOISE 0.05		/* relative change always called noise */
#define CMP_MAX_TESTS 16
#define INTERP_MAX_FINDINGS 32

/* What the device says it is (sysfs rotational); zero = unknown, so a
 * zeroed interp_test never claims a device type. */
enum interp_media {
	MEDIA_UNKNOWN = 0,
	MEDIA_ROTATIONAL,	/* rotational = 1: a disk head seeks */
	MEDIA_FLASH,		/* rotational = 0 */
	MEDIA_MIXED,		/* several targets, not all of one kind */
};

enum finding_kind {
	FIND_WALL_IOPS = 0,	/* total IOPS wall */
	FIND_WALL_DIR,		/* one direction's IOPS wall */
	FIND_WALL_MBPS,		/* MiB/s wall */
	FIND_LITTLE,
	FIND_TAIL,
	FIND_FLATTERED,
	FIND_BURST,
	FIND_STEADY,		/* the -D series never settled */
	FIND_CACHE,		/* the device saw few of the reads, or
				 * (no counters) faster than it can be */
	FIND_CHANGE,		/* comparison: wall gone or appeared */
	FIND_DEVICE_MORE,	/* the device moved far more than ioprobe */
	FIND_EXPECT,		/* above --expect, and the device did it */
	FIND_CLOUD_TIER,	/* a cloud tier and its % of provisioned */
	FIND_CLOUD_BURST,	/* above the tier: burst, credits ran out */
	FIND_VM_CAP,		/* the VM size caps the disks */
};

/* The kernel's witness for a test's window (results/devstat.h): what
 * ioprobe did to its first target and what that target's own device
 * completed meanwhile.  Zeroed = not measured (an older result). */
struct interp_dev {
	bool measured;		/* the run read the counters */
	bool counters;		/* and the target has a block device */
	char name[32];		/* "loop3" */
	uint64_t io_reads, io_writes, io_read_bytes, io_write_bytes;
	uint64_t dev_reads, dev_writes, dev_read_bytes, dev_write_bytes;
	/* a loop device's backing device (its file's filesystem), "" none:
	 * a cache under the named device shows there */
	char back_name[32];
	uint64_t back_reads, back_writes, back_read_bytes, back_write_bytes;
};

struct finding {
	enum finding_kind kind;
	double value;		/* the wall level, factor, time... */
	char text[512];
};

struct cmp_stat {
	double median, min, max;
	size_t n;		/* runs */
};

enum cmp_verdict {
	CMP_NO_CLEAR = 0,
	CMP_BETTER,
	CMP_WORSE,
	CMP_MIXED,		/* one metric better, another worse */
	CMP_NOT_COMPARABLE,	/* measured differently: no verdict */
};

/* The figure that matters for a profile (workflow/method.h picks it). */
enum cmp_metric {
	CMP_METRIC_IOPS = 0,	/* random small blocks */
	CMP_METRIC_MIB_S,	/* large or sequential blocks */
	CMP_METRIC_P99,		/* one I/O in flight: latency */
};

/* A factor with its bootstrap interval (workflow/verdict.h). */
struct cmp_ci {
	double factor;		/* the point estimate (ratio of medians) */
	double lo, hi;		/* its interval at VERDICT_CONF; lo = hi =
				 * factor when nothing could be resampled */
	bool series;		/* some run's per-interval series was
				 * resampled */
};

struct cmp_test {
	char test[64];
	/* [0] = from label, [1] = to label */
	struct cmp_stat iops[2], mib_s[2], mean_ms[2], p99_ms[2];
	double iops_factor;	/* to / from medians */
	double p99_faster;	/* from / to P99 medians: "faster x" */
	enum cmp_verdict iops_verdict, p99_verdict, verdict;
	enum cmp_verdict mib_verdict;
	enum cmp_metric metric;	/* what the headline judges it by */
	enum cmp_verdict metric_verdict;
	const struct history_row *latest[2];	/* newest row per label */
	/* IOPS and MiB/s later / earlier; P99 earlier / later (above 1:
	 * faster), each with its interval */
	struct cmp_ci iops_ci, mib_ci, p99_ci;
	/* runs of each label left out of its figures: measured otherwise
	 * than the label's newest run (why: the first such difference) */
	size_t left_out[2];
	char left_out_why[2][192];
	/* how it was measured differs between the labels (method.h):
	 * "file size 16 MiB vs 32 MiB; duration 5 s vs 30 s", "" same */
	char differences[384];
	size_t ndifferences;
	char unknown[64];	/* method fields unknown (older rows), "" */
	/* the newest runs have two or more targets on either side: the
	 * reports add a per-target breakdown (detail[].targets) */
	bool multi_target;
	bool targets_differ;	/* other target names or count: rows pair
				 * the targets by position */
};

#define CMP_MAX_TARGETS 8	/* per-target rows kept per test and label */

/* One target of a test's newest run (results/results_targets.h): what
 * all its threads did on it, P99 from the union of their histograms. */
struct cmp_target {
	char name[256];		/* the path; a suite's test file by its
				 * folder (its file name has the pid) */
	double iops, mib_s;
	bool has_lat;		/* latency measured and an I/O completed */
	double mean_ms, p99_ms;	/* 0 unless has_lat */
};

/* A test's figures computed from its full results (workflow/figures.h):
 * what the live suite and `compare` (from the saved JSON result) both
 * feed the findings with.  Latencies in ms, rates per second. */
struct cmp_detail {
	bool loaded;		/* filled from results */
	struct hist lat;	/* all I/Os, both directions */
	double iops, mib_s;	/* reads + writes */
	double mean_ms, p50_ms, p99_ms, p999_ms, max_ms;
	double read_pct, write_pct;	/* shares of I/Os, 0..100 */
	double read_iops, write_iops;
	double read_mean_ms, write_mean_ms, read_p50_ms;	/* 0: none */
	double inflight;	/* achieved mean in flight, 0 unknown */
	double planned_inflight;	/* threads x QD of the profile */
	uint64_t block_bytes;	/* -b of the first target */
	bool random;		/* -r */
	bool buffered;		/* page cache in the path (no -Sh/-Su) */
	double *interval_iops;	/* owned, nintervals entries, or NULL */
	double *interval_p99_ms;	/* owned, nintervals entries (NAN: no
					 * I/O), or NULL (no -L -D figures) */
	uint32_t nintervals;
	double interval_s;
	enum interp_media media;
	char device[64];
	char fs_type[32];
	uint64_t mem_bytes;	/* RAM of the host that ran it, 0 unknown */
	double test_time_s;	/* the measured window */
	double fill_s;		/* filling the test file (-c) */
	struct interp_dev dev;	/* the device's counters of the window */
	/* when, where and how, for the pages ("" unknown) */
	char date[32];		/* start, "YYYY/MM/DD hh:mm:ss UTC" */
	char host[64];
	char kernel[128];
	char version[32];	/* ioprobe that ran it */
	char switches[512];	/* the run's command line */
	uint64_t size_bytes;	/* of the first target */
	/* per distinct target, in -target order (compare_targets.c);
	 * ntargets 0 when not loaded, the first CMP_MAX_TARGETS kept */
	struct cmp_target targets[CMP_MAX_TARGETS];
	uint32_t ntargets;
	uint32_t ntargets_all;	/* distinct targets of the run */
	/* The headline figure (workflow/figures.h): the sustained phase
	 * after a burst, from interval phase_first on, with its latency
	 * from the same intervals; else the whole window (phase_first 0).
	 * iops..max_ms above hold it; the other figure is kept here. */
	bool sustained;
	uint32_t phase_first;	/* first interval of the headline phase */
	double burst_iops;	/* level before the drop, 0 no burst */
	double burst_s;		/* how long the burst lasted, s */
	double window_iops;	/* whole measured window */
	double window_mib_s, window_mean_ms, window_p99_ms;
};

/* Everything a comparison report shows, built once for every format. */
struct cmp_view {
	const char *from, *to;
	bool single;		/* one label only: side 0 is all there is */
	char others[512];	/* single: the history's other labels,
				 * "'a', 'b'" (bounded), "" when none */
	struct cmp_test *tests;	/* ntests, malloc'ed */
	size_t ntests;
	struct cmp_detail *detail;	/* [2 * i + side], malloc'ed */
	struct finding find[2][INTERP_MAX_FINDINGS];
	size_t nfind[2];
	char change[256];	/* how the wall changed, "" */
	char headline[768];	/* one sentence for a manager, "" */
	bool allow_different;	/* compare tests measured differently too */
	size_t ndiffer;		/* tests measured differently */
	char subject[384];	/* what changed on purpose (method.h), "" */
	char method_note[256];	/* method fields not checked, "" */
	char only[2][512];	/* tests only in from / only in to, "" */
	char json_note[768];	/* JSON results gone or unreadable, "" */
	char targets_note[768];	/* the labels ran on other folders or
				 * another number of test files, "" */
	size_t json_missing;
	double min_effect;	/* changes within ±this are no change */
	bool one_run;		/* some test has one run on a side: its
				 * verdict rests on that run's series */
	bool series;		/* some factor's interval came from
				 * per-interval series */
	char left_out_note[512];	/* runs left out, "" none */
};

/* Target @k of test @i's newest run under side @s, NULL when that side
 * has no such target (or its result is not loaded). */
static inline const struct cmp_target *
cmp_target_of(const struct cmp_view *v, size_t i, int s, uint32_t k)
{
	const struct cmp_detail *d = &v->detail[2 * i + (v->single ? 0 : s)];

	return d->loaded && k < d->ntargets ? &d->targets[k] : NULL;
}

/* Rows of test @i's per-target breakdown: the larger side's targets. */
static inline uint32_t cmp_target_rows(const struct cmp_view *v, size_t i)
{
	uint32_t a = v->detail[2 * i].ntargets;
	uint32_t b = v->single ? 0 : v->detail[2 * i + 1].ntargets;

	return a > b ? a : b;
}

enum {
	CMP_FINDINGS_NONE = 0,
	CMP_FINDINGS_CHANGE,	/* only how the wall changed */
	CMP_FINDINGS_ALL,	/* each label's findings and the change */
};

#endif
