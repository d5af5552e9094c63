/* memplan.h - how much memory a profile needs before anything starts.
 *
 * A pure estimate from the profile alone: the per-slot I/O buffers of
 * every thread, the -Z<size> write sources, the statistics rows (two
 * latency histograms per thread and target) with their -D series, the
 * per-thread state and what each thread costs the kernel.  The caller
 * compares it with what the machine offers (MemAvailable, RLIMIT_AS) so a
 * profile that would be OOM-killed is refused before any file exists.
 */
#ifndef IOPROBE_MEMPLAN_H
#define IOPROBE_MEMPLAN_H

#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"

/* The estimate, in bytes; every sum is saturated at UINT64_MAX. */
struct memplan {
	uint64_t buffers_bytes;		/* per-slot and write buffers */
	uint64_t wsrc_bytes;		/* -Z<size> sources, written targets */
	uint64_t stats_bytes;		/* rows: histograms per thread/target */
	uint64_t series_bytes;		/* -D interval series */
	uint64_t threads_bytes;		/* worker state, kernel task, stack
					 * pages touched */
	uint64_t total_bytes;		/* resident estimate, sum of the above */
	uint64_t virtual_bytes;		/* total plus full thread stacks, for
					 * RLIMIT_AS */
	uint32_t nthreads;
	uint32_t depth_max;		/* largest -o of one thread */
	uint64_t block_max;		/* largest buffer, 4 KiB aligned */
};

/* Fill @m for @p with thread stacks of @stack_bytes each (RLIMIT_STACK,
 * the size pthread_create gives a thread). */
void memplan_estimate(const struct profile *p, uint64_t stack_bytes,
		      struct memplan *m);

/* Share of the available memory a run may plan to use, in percent. */
#define MEMPLAN_MAX_PCT 80

/* 0 when @m fits in MEMPLAN_MAX_PCT % of @avail_bytes (MemAvailable) and
 * in @limit_bytes (the address space limit, UINT64_MAX for none);
 * otherwise -ENOMEM with @err naming the largest contributor's switch
 * (-b/-o/-t, -Z, -t or -D) and the bytes needed and available. */
int memplan_check(const struct memplan *m, const struct profile *p,
		  uint64_t avail_bytes, uint64_t limit_bytes, char *err,
		  size_t errlen);

/* "8.0 GiB", "512.0 MiB", "4.0 KiB", "100 bytes" into @buf. */
void memplan_format(uint64_t bytes, char *buf, size_t len);

#endif
