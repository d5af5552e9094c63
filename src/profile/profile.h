/* profile.h - the effective workload description, built by cli.c or
 * xmlprofile.c and read-only (const) once the run starts.
 *
 * Field names follow DiskSpd's switches; units are in the names.  One
 * struct target_opts per target: from the command line every target gets
 * the same options, from an XML profile (-X) each may differ.
 */
#ifndef IOPROBE_PROFILE_H
#define IOPROBE_PROFILE_H

#include <stdbool.h>
#include <stdint.h>

#include "lib/notes.h"
#include "profile/format.h"

#define PROFILE_MAX_TARGETS 64
#define PROFILE_MAX_CPUS 1024
#define PROFILE_MAX_DIST 32
#define PROFILE_MAX_OUTPUTS 8
#define PROFILE_MAX_THREAD_TARGETS 64

/* -S cache modes, mapped to open(2) flags by target.c. */
enum cache_mode {
	CACHE_BUFFERED = 0,	/* default / -Sb: page cache */
	CACHE_DIRECT,		/* -Su, -S: O_DIRECT */
	CACHE_REMOTE,		/* -Sr: O_DIRECT on NFS/CIFS only */
	CACHE_MMAP,		/* -Sm: mmap + memcpy */
};
#define CACHE_MODE_COUNT (CACHE_MMAP + 1)

/* The names of the cache modes, by enum cache_mode, as the JSON result
 * and the CSV report spell them: "buffered", "direct", "remote",
 * "mmap". */
extern const char *const cache_mode_names[CACHE_MODE_COUNT];

/* -N: how a -Sm write is made durable.  On Linux every mode is an
 * msync(MS_SYNC) of the written pages after each write (DiskSpd's
 * non-volatile flushes have no separate user-space form here). */
enum flush_mode {
	FLUSH_NONE = 0,
	FLUSH_VIEW,		/* -Nv: FlushViewOfFile */
	FLUSH_NV,		/* -Nn: non-volatile memory flush */
	FLUSH_NV_NODRAIN,	/* -Ni: non-volatile, no drain */
};

/* Write buffer content (-Z family). */
enum wbuf_mode {
	WBUF_PATTERN = 0,	/* byte i = i mod 256 (DiskSpd default) */
	WBUF_ZERO,		/* -Z */
	WBUF_RANDOM_PER_IO,	/* -Zr: fresh random data for each write */
	WBUF_SOURCE,		/* -Z<size>[,file]: random offset in a source buffer */
};

/* -rd distribution: cumulative pairs, as in DiskSpd. */
enum dist_kind {
	DIST_NONE = 0,
	DIST_PCT,		/* -rdpct: io_pct / span_pct pairs */
	DIST_ABS,		/* -rdabs: io_pct / span_bytes pairs */
};

struct dist_range {
	uint32_t io_pct;	/* share of I/O in this range, 0..100 */
	uint64_t span;		/* percent of target (PCT) or bytes (ABS); 0 = rest */
};

/* <ThreadTarget>: one -F thread that drives the target (DiskSpd's XML
 * only, with ThreadCount and RequestCount). */
struct thread_target_opt {
	uint32_t thread;		/* -F thread id, below ThreadCount */
	uint32_t weight;		/* 0 = the target's Weight */
};

/* DiskSpd's <ETW> (-e<provider>): Windows-only tracing, kept so -Rpxml
 * writes it back; nothing is traced.  In <ETW>'s element order. */
struct etw_opts {
	bool enabled;			/* -e given or <ETW> read */
	bool process, thread, image_load, disk_io, page_faults,
	     hard_faults, network, registry, paged_memory, perf_timer,
	     system_timer, cycles_counter;
};

struct target_opts {
	char *path;			/* owned; template "*1" allowed in -Rp */
	uint64_t block_bytes;		/* -b, default 64 KiB */
	uint64_t base_bytes;		/* -B base */
	uint64_t range_len_bytes;	/* -B base:len; 0 = to the end */
	uint64_t max_bytes;		/* -f<size>; 0 = target size */
	uint64_t create_bytes;		/* -c; 0 = do not create */
	bool overwrite;			/* --overwrite (copied from the
					 * profile): -c may rewrite a file
					 * ioprobe did not create */
	int fd;				/* the -c file, already created
					 * (O_EXCL) and open for writing by
					 * the caller, who keeps and removes
					 * it; -1 = none, target.c creates */

	bool random;			/* -r or -rs */
	uint64_t random_align_bytes;	/* -r<align>; 0 = block size */
	uint32_t random_pct;		/* -rs<pct>; 100 with plain -r */
	uint64_t stride_bytes;		/* -s<stride>; 0 = block size */
	bool interlocked;		/* -si */
	uint64_t thread_stride_bytes;	/* -T */
	bool parallel_async;		/* -p */

	uint32_t threads;		/* -t, threads per target (not -F) */
	uint32_t outstanding;		/* -o, per thread per target */
	uint32_t weight;		/* -F -O weight, default 1 */
	uint32_t write_pct;		/* -w, 0..100 */

	uint64_t throttle_bytes_per_ms;	/* -g<n>; 0 = none */
	uint64_t throttle_iops;		/* -g<n>i; 0 = none */
	uint32_t burst;			/* -i */
	uint32_t think_ms;		/* -j */

	enum cache_mode cache;		/* -S */
	enum flush_mode flush;		/* -N, with -Sm only */
	bool write_through;		/* -Sw / -Sh: O_DSYNC */
	bool hint_random, hint_sequential, hint_temporary;	/* -f<rst> */
	uint32_t io_priority;		/* -I 1..3, 3 = normal */

	enum wbuf_mode wbuf;
	uint64_t wbuf_source_bytes;	/* -Z<size> */
	char *wbuf_source_path;		/* -Z<size>,file; owned, may be NULL */

	enum dist_kind dist;		/* -rd */
	uint32_t ndist;
	struct dist_range dist_ranges[PROFILE_MAX_DIST];

	uint32_t nthread_targets;	/* 0 = every -F thread drives it */
	struct thread_target_opt thread_targets[PROFILE_MAX_THREAD_TARGETS];
};

struct output_spec {
	enum result_format format;
	char *path;			/* owned; "-" = stdout */
};

struct profile {
	char *cmdline;			/* argv joined by spaces, as typed */

	uint32_t duration_s;		/* -d, default 10 */
	uint32_t warmup_s;		/* -W, default 5 */
	uint32_t cooldown_s;		/* -C, default 0 */
	bool measure_latency;		/* -L */
	uint32_t iops_interval_ms;	/* -D; 0 = off */
	uint64_t seed;			/* -z */
	bool seed_given;
	uint32_t experiment_flags;	/* -: */

	uint32_t pool_threads;		/* -F; 0 = per-target threads */
	uint32_t pool_requests;		/* -O; 0 = unset */

	bool affinity_disabled;		/* -n (DisableAffinity); threads are
					 * not pinned without -a either */
	bool affinity_given;		/* -a */
	uint32_t ncpus;			/* -a list length; 0 = round robin */
	uint32_t cpus[PROFILE_MAX_CPUS];

	uint32_t progress_every;	/* -P; 0 = off */
	bool verbose;			/* -v */
	bool verbose_stats;		/* -vs: wait statistics (Windows-only,
					 * accepted, nothing collected) */
	bool completion_routines;	/* -x: DiskSpd's completion routines;
					 * the same engine runs, the reports
					 * say what DiskSpd would */
	bool random_write_data;		/* -Zr given (DiskSpd's TimeSpan
					 * RandomWriteData), also when -Z
					 * makes the writes zeros */
	bool large_pages;		/* -l */
	bool continue_on_error;		/* --continue-on-error: count failed
					 * I/Os instead of stopping */
	bool no_findings;		/* --no-findings: none on stderr */

	enum result_format format;	/* -R */
	bool print_profile_only;	/* -Rp */
	uint32_t noutputs;		/* --output FORMAT:PATH */
	struct output_spec outputs[PROFILE_MAX_OUTPUTS];

	char *engine;			/* --engine=; NULL = auto */
	uint32_t batch_submit;		/* --batch: submit once this many
					 * requests are staged; 1 = each at
					 * once (default, as fio does) */
	char *allow_device_writes;	/* --allow-device-writes=DEV */
	bool overwrite;			/* --overwrite: -c may rewrite (never
					 * shrink or delete) a file ioprobe
					 * did not create */
	char *label;			/* --label (reports, CSV) */
	char *cloud_disk;		/* --disk azure:P20; NULL = detect */
	char *cloud_vm;			/* --vm SIZE; NULL = detect */
	char *series_path;		/* --series FILE; NULL = none */
	bool series_csv;		/* its format by its name: CSV (.csv),
					 * else JSON Lines (.jsonl, .json) */
	bool quiet;			/* --quiet: no progress lines, no
					 * notes on stderr */
	char *xml_profile_path;		/* -X */
	struct etw_opts etw;		/* -e, <ETW> */
	uint32_t precreate;		/* <PrecreateFiles>: 0 none, 1
					 * UseMaxSize, 2 ...ConstantSizes, 3
					 * ...ConstantOrZeroSizes; kept, no
					 * effect of its own */
	bool group_affinity;		/* <GroupAffinity> read: ignored */
	struct profile *next_span;	/* -X: the next <TimeSpan>, a whole
					 * profile (owned); NULL = last */
	struct notes notes;		/* what the parser has to say (a
					 * pasted dash, a switch with no
					 * effect), for cmd/ to print; kept
					 * when the parse fails */

	uint32_t ntargets;
	struct target_opts targets[PROFILE_MAX_TARGETS];
};

/* Fill @p with DiskSpd's defaults and no targets. */
void profile_init(struct profile *p);
/* Fill @t with DiskSpd's per-target defaults (path NULL). */
void target_opts_init(struct target_opts *t);
/* Free the strings @p owns; @p may be re-initialised afterwards. */
void profile_release(struct profile *p);

/* Total worker threads the profile describes: -F, or the sum of -t. */
uint32_t profile_thread_count(const struct profile *p);
/* Does -F thread @thread drive @t (always, without <ThreadTargets>)?
 * *@weight (when not NULL) gets its weight for that thread. */
bool target_driven_by(const struct target_opts *t, uint32_t thread,
		      uint32_t *weight);
/* True when any target has write_pct > 0. */
bool profile_writes(const struct profile *p);

#endif
