/* results.h - everything a report is made from.
 *
 * run.c fills a struct results; report_*.c only read it (const).  The JSON
 * writer saves all of it and the JSON reader restores it, so `ioprobe show`
 * re-renders any report byte for byte: nothing a report prints may come
 * from anywhere else (no clock, no sysfs reads inside report code).
 */
#ifndef IOPROBE_RESULTS_H
#define IOPROBE_RESULTS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/devstat.h"
#include "results/dist.h"
#include "results/fleet_types.h"
#include "results/hist.h"
#include "profile/profile.h"

#define RESULTS_STR 256

enum io_dir { DIR_READ = 0, DIR_WRITE = 1, DIR_COUNT = 2 };

/* One -D interval of one direction. */
struct interval_stat {
	uint64_t ios;
	uint64_t lat_min_ns;	/* UINT64_MAX when ios == 0 */
	uint64_t lat_max_ns;
	double lat_sum_ns;
	double lat_sumsq_ns;
};

/* Latency percentiles of one -D interval of one scope (all targets or
 * one) and direction (DIR_COUNT: both), from the run's per-interval
 * histograms (a run with -L and -D; run/series_sampler.c).  Quoted at a
 * bucket's midpoint, within 1.6 % (live_hist.h); 0 when the interval saw
 * no I/O of that scope and direction. */
struct interval_pct {
	uint32_t interval;	/* index of the -D interval */
	int32_t target;		/* index into results.targets, -1 = all */
	enum io_dir dir;	/* DIR_COUNT = reads and writes */
	uint64_t p50_ns, p99_ns, max_ns;
};
#define RESULTS_PCT_DIRS (DIR_COUNT + 1)	/* read, write, both */

/* Counters of one direction for one (thread, target) pair. */
struct dir_stats {
	uint64_t ios;
	uint64_t bytes;
	struct hist lat;		/* filled when latency is measured */
	struct interval_stat *intervals;	/* nintervals entries or NULL */
};

/* How many I/Os failed with one errno value.  @err 0 means the I/O
 * transferred nothing (end of file); RESULTS_ERR_OTHER collects the
 * values past the first RESULTS_ERRNOS - 1 kinds. */
#define RESULTS_ERRNOS 8
#define RESULTS_ERR_OTHER (-1)
struct errno_count {
	int32_t err;		/* positive errno, 0 or RESULTS_ERR_OTHER */
	uint64_t count;		/* 0 = unused entry */
};

/* One row of the per-thread tables. */
struct thread_target {
	uint32_t thread;	/* DiskSpd thread id */
	uint32_t target;	/* index into results.targets */
	struct dir_stats dir[DIR_COUNT];
	double mean_inflight;	/* time-averaged outstanding I/Os achieved */
	uint64_t errors;	/* I/Os that completed with an error (EIO...),
				 * in any phase */
	struct errno_count errnos[RESULTS_ERRNOS];	/* errors by errno,
				 * in the order first seen */
	int32_t cpu;		/* CPU the worker was pinned to, -1 = not pinned */
	uint64_t cpus_seen;	/* bit i: the worker was seen running on CPU i
				 * (sampled; CPUs 0-63), 0 = unknown */
};

/* Facts about one target, gathered before the run (target.c, sysinfo.c). */
struct target_info {
	char path[RESULTS_STR];
	uint64_t size_bytes;		/* size used for the run */
	bool is_block_device;
	char fs_type[32];		/* "ext4", "" for devices */
	char device[64];		/* "vda", "loop0", "" if unknown */
	char model[128];		/* sysfs device/model, "" if unknown */
	int32_t rotational;		/* 1, 0, -1 unknown */
	char scheduler[32];		/* active one, "" if unknown */
	uint32_t logical_block;		/* bytes */
	uint32_t physical_block;	/* bytes */
	uint32_t hw_queue_depth;	/* sysfs nr_requests, 0 unknown */
	char irq_cpus[RESULTS_STR];	/* CPUs serving its interrupts, "" */
	bool created;			/* -c made or refilled it this run */
	bool fill_skipped;		/* already filled: no refill needed */
	double fill_seconds;		/* time spent filling, 0 if none */
	uint32_t ndist;			/* effective -rd ranges, 0 = none */
	struct results_dist dist[RESULTS_MAX_DIST];	/* results_fill_dist */
	struct devstat_set devstat;	/* kernel counters, measured window */
};

struct cpu_usage {
	uint32_t id;
	double usage_pct, user_pct, kernel_pct, idle_pct;
};

/* Where one online CPU sits, from sysfs (run/topology.c).  DiskSpd's
 * processor group of a CPU is cpu / RESULTS_CPUS_PER_GROUP and its number
 * in the group cpu % RESULTS_CPUS_PER_GROUP. */
#define RESULTS_CPUS_PER_GROUP 64
#define RESULTS_MAX_TOPO 1024
struct cpu_topo {
	uint32_t cpu;		/* Linux CPU number */
	uint32_t socket;	/* physical_package_id */
	uint32_t node;		/* NUMA node, 0 without NUMA */
	uint32_t core;		/* DiskSpd's core number: the index of its
				 * (socket, core_id) among the cores of its
				 * group, in CPU order */
};

struct system_info {
	char hostname[RESULTS_STR];
	char start_time[32];		/* "YYYY/MM/DD hh:mm:ss UTC" */
	char kernel[RESULTS_STR];	/* uname -srm */
	char cpu_model[RESULTS_STR];
	uint32_t cpu_count, core_count, socket_count, node_count;
	uint64_t mem_bytes;
	char governor[64];		/* cpufreq governor, "" unknown */
	char clocksource[64];
	uint32_t ntopo;			/* online CPUs in @topo, CPU order;
					 * 0 = unknown (older result files) */
	struct cpu_topo topo[RESULTS_MAX_TOPO];
};

/* The first I/O that failed in the run (there may be more: see rows). */
/* io_failure.offset of a failure the kernel reported at write-back (the
 * fsync after the run), not for one I/O. */
#define IO_FAILURE_WRITEBACK UINT64_MAX

struct io_failure {
	bool failed;		/* an I/O failed: the run failed */
	uint32_t thread;	/* DiskSpd thread id */
	uint32_t target;	/* index into results.targets */
	uint64_t offset;	/* bytes, where the failed part started, or
				 * IO_FAILURE_WRITEBACK */
	bool write;
	int32_t err;		/* positive errno, 0 = nothing transferred */
};

/* One finding of the interpretation rules (workflow/interpret.h), kept
 * so the JSON result carries what a plain run printed. */
#define RESULTS_FINDINGS 16
struct result_finding {
	char rule[16];			/* "cache", "device_more", "tail"... */
	char text[512];
};

struct results {
	struct profile profile;		/* effective profile (deep copy, owned) */
	char version[32];		/* ioprobe version */
	char engine[32];		/* engine actually used */
	char engine_note[RESULTS_STR];	/* fallback explanation, "" */
	struct system_info sys;

	uint32_t ntargets;
	struct target_info targets[PROFILE_MAX_TARGETS];

	double test_time_s;		/* measured window, real clock */
	bool interrupted;		/* Ctrl+C / SIGTERM during the window */
	bool no_results;		/* interrupted before measuring began */
	uint32_t thread_count;

	uint32_t ncpus;
	struct cpu_usage *cpus;		/* ncpus entries, owned */

	uint32_t nrows;
	struct thread_target *rows;	/* nrows entries, owned, thread order */

	uint32_t nintervals;		/* -D buckets, 0 = off */
	uint32_t interval_ms;
	uint32_t nipct;			/* entries of @ipct: 0 (none: no -L,
					 * no -D, or an older file) or
					 * nintervals x (1 + ntargets) x
					 * RESULTS_PCT_DIRS */
	struct interval_pct *ipct;	/* owned; interval-major, then all
					 * targets before target 0.., then
					 * read, write, both (results_ipct) */

	double ios_per_call;		/* engine batching: I/Os per syscall */
	struct io_failure io_failure;	/* first failed I/O, if any */
	char warnings[8][RESULTS_STR];	/* shown in reports, e.g. affinity */
	uint32_t nwarnings;
	bool findings_known;		/* findings were worked out (a plain
					 * run): JSON has "findings" */
	uint32_t nfindings;		/* plain runs: the findings, 0 = none */
	struct result_finding findings[RESULTS_FINDINGS];
	/* plain runs: a burst found in the -D series (workflow/burst.h),
	 * so the page leads with the sustained figure */
	struct result_burst {
		bool found;
		double burst_iops, sustained_iops;	/* per second */
		double drop_s;	/* when it fell, s into the window */
	} burst;

	uint64_t window_start_unix_ns;	/* wall clock at the measured
					 * window's start, 0 unknown; saved
					 * only with the fleet facts */
	struct results_fleet fleet;	/* MPI ranks; fleet.size 0 = none */
};

/* Zero @r and set its empty-state invariants. */
void results_init(struct results *r);
/* Free everything @r owns (rows, intervals, cpus, the profile copy). */
void results_release(struct results *r);
/* Allocate @nrows rows with empty histograms and, when @nintervals > 0,
 * interval arrays.  Returns 0 or -ENOMEM. */
int results_alloc_rows(struct results *r, uint32_t nrows,
		       uint32_t nintervals);
/* Deep-copy @src into @dst (dst initialised); 0 or -ENOMEM. */
int profile_copy(struct profile *dst, const struct profile *src);

/* Aggregates used by every report.  @target < 0 means all targets,
 * @dir == DIR_COUNT means both directions. */
struct agg {
	uint64_t ios, bytes;
	struct hist lat;
	double iops, mib_s;		/* over results.test_time_s */
	double iops_stddev;		/* over -D intervals, 0 if off */
};
void results_aggregate(const struct results *r, int target,
		       enum io_dir dir, struct agg *out);
/* Same for one row (thread x target). */
void results_row_aggregate(const struct results *r,
			   const struct thread_target *row, enum io_dir dir,
			   struct agg *out);
/* Count one failed I/O with positive errno @err (0: nothing
 * transferred) in @row. */
void results_count_error(struct thread_target *row, int err);
/* Failed I/Os of @target (< 0: all targets), merged by errno into @out
 * (RESULTS_ERRNOS entries, zeroed first); returns the total. */
uint64_t results_errors(const struct results *r, int target,
			struct errno_count *out);
/* "EIO", "ENOSPC", "EOF" for 0, "other" for RESULTS_ERR_OTHER. */
const char *results_errno_name(int err);
/* "EIO: 153315, ENOSPC: 2" for the used entries of @c into @buf. */
void results_fmt_errnos(const struct errno_count *c, char *buf, size_t len);
/* "write to '/dev/loop3' at offset 1048576 failed: Input/output error"
 * for r->io_failure into @buf ("" when no I/O failed). */
void results_fmt_failure(const struct results *r, char *buf, size_t len);

/* The -D series of @dir (DIR_COUNT: both directions merged) over the rows
 * of @target (< 0: all targets) into @out, r->nintervals entries: I/Os,
 * latency sums, and min/max over the intervals that saw a completion
 * (lat_min_ns stays UINT64_MAX where none did). */
void results_series(const struct results *r, int target, enum io_dir dir,
		    struct interval_stat *out);
/* Same for one row (thread x target). */
void results_row_series(const struct results *r,
			const struct thread_target *row, enum io_dir dir,
			struct interval_stat *out);

/* Allocate @r->ipct for r->nintervals x (1 + r->ntargets) intervals,
 * each entry's interval, target and dir set, percentiles 0.  0 or
 * -ENOMEM (-EINVAL without intervals). */
int results_alloc_ipct(struct results *r);
/* The percentiles of interval @i, @target (< 0: all) and @dir (DIR_COUNT:
 * both), or NULL when @r has none. */
const struct interval_pct *results_ipct(const struct results *r, uint32_t i,
					int target, enum io_dir dir);
/* The P99 of every I/O of each interval in ms (NAN where none), a
 * malloc'ed array of r->nintervals, or NULL (none kept, or no memory). */
double *results_interval_p99_ms(const struct results *r);
/* Index of that entry in r->ipct (only when r->nipct says it exists). */
static inline size_t results_ipct_index(const struct results *r, uint32_t i,
					int target, enum io_dir dir)
{
	return ((size_t)i * (r->ntargets + 1) + (size_t)(target + 1)) *
	       RESULTS_PCT_DIRS + (size_t)dir;
}

/* Fill targets[].dist from the profile and the target sizes (see dist.h);
 * the run does it once its targets are open, a loaded result when it is
 * read back, so every report prints the same ranges. */
void results_fill_dist(struct results *r);

/* DiskSpd's latency percentiles, in its table order: every report lists
 * these (or a documented part of them). */
struct results_pct {
	const char *label;	/* DiskSpd's row label: "min", "25th", "3-nines" */
	const char *key;	/* the JSON key: "min", "25", "99.9", "max" */
	double pct;		/* percentile; 0 = min, 100 = max */
};
#define RESULTS_NPCT 15
extern const struct results_pct results_pcts[RESULTS_NPCT];
/* Indices into results_pcts: the first percentile past min ("25th"), the
 * 6-nines row (where the HTML page's short table stops before max) and
 * max; the curves of the comparison page use 25th .. 9-nines. */
#define RESULTS_PCT_FIRST 1
#define RESULTS_PCT_6NINES 10
#define RESULTS_PCT_MAX (RESULTS_NPCT - 1)

/* Add a warning line shown in every report (silently drops past 8). */
void results_warn(struct results *r, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

#endif
