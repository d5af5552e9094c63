/* report_sweep.h - a finished sweep (the same workload once per value of
 * -b, -o or -t) as its caller shows it: the table on a terminal, the
 * -Rjson array, and the self-contained --html page.
 *
 * Data types only besides the writers: workflow/sweep.h fills a struct
 * sweep_view from the runs, these functions format it (latencies in ms,
 * rates per second).
 */
#ifndef IOPROBE_REPORT_SWEEP_H
#define IOPROBE_REPORT_SWEEP_H

#include <stddef.h>
#include <stdint.h>
#include <stdio.h>

#define SWEEP_MAX_POINTS 32
#define SWEEP_MAX_FINDINGS 8

/* Which switch a sweep changes from one point to the next. */
enum sweep_kind {
	SWEEP_BLOCK = 0,	/* -b: bytes per I/O */
	SWEEP_DEPTH,		/* -o: I/Os in flight per thread */
	SWEEP_THREADS,		/* -t: threads per target */
};

/* One point: one run with the swept switch at @value. */
struct sweep_point {
	uint64_t value;		/* bytes (-b), I/Os (-o) or threads (-t) */
	char name[24];		/* the value as a switch reads: "4K", "8" */
	double iops, mib_s;	/* reads + writes */
	double mean_ms, p50_ms, p99_ms, max_ms;
	double inflight;	/* achieved mean I/Os in flight, 0 unknown */
	double little;		/* Little's law: iops x mean_ms / 1000 */
	double iops_noise;	/* the IOPS mean's relative noise (two
				 * standard errors over its -D series'
				 * batches), 0 unknown */
	char json[512];		/* saved JSON result, relative to the
				 * history folder, "" when not saved */
};

/* When, where and how the sweep was measured (from its first point). */
struct sweep_where {
	char date[32];		/* "YYYY/MM/DD hh:mm:ss UTC" */
	char host[256];
	char kernel[256];
	char target[512];	/* the path run on */
	char device[64];	/* "loop3", "" unknown */
	char fs_type[32];	/* "ext4", "" for a device */
	uint64_t size_bytes;	/* of the target as run */
	char engine[32];
	char version[32];
};

struct sweep_view {
	enum sweep_kind kind;
	const struct sweep_point *pts;
	size_t npts;
	const char *label;	/* --label, NULL when none */
	const char *switches;	/* the sweep's switches as typed */
	double slo_p99_ms;	/* --slo P99 bound, 0 = none given */
	int knee;		/* index of the knee point, -1 none */
	char find[SWEEP_MAX_FINDINGS][512];
	size_t nfind;
	struct sweep_where where;
};

/* "-b", "-o", "-t". */
const char *sweep_kind_switch(enum sweep_kind k);

/* The table: value, IOPS, MiB/s, avg, P50, P99, achieved depth and
 * IOPS x avg (Little's law), then the findings.  0 or -errno. */
int report_sweep_text(const struct sweep_view *v, FILE *f);
/* The -Rjson object: the swept switch, one object per point, the
 * findings and the knee.  0 or -ENOMEM. */
int report_sweep_json(const struct sweep_view *v, FILE *f);
/* The --html page: IOPS and MiB/s against the swept value, for -o and -t
 * the latency-vs-IOPS curve, the table, the findings and when, where and
 * how it was measured.  Inline CSS and SVG, no script.  0 or -errno. */
int report_sweep_html(const struct sweep_view *v, FILE *f);

#endif
