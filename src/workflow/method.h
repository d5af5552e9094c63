/* method.h - how a test was measured, and what was changed on purpose.
 *
 * `compare` may only set two labels side by side when each test was
 * measured the same way: the effective switches (block size, mix,
 * pattern, threads, depth, cache mode, flush), duration, warm-up, file
 * size, the MPI ranks that ran it at once, engine, the test file's fill
 * and the ioprobe version, all read back from a history row (its
 * cmdline, file_size, ranks, engine, fill and version columns).  What
 * the user changed on purpose (host, device, filesystem, the folder of
 * the test file, the disk type) is the subject of the comparison, never
 * a reason to refuse it.
 *
 * Rows written before the engine and fill columns leave those unknown:
 * they are not compared, and method_diff() says which were unknown.
 */
#ifndef IOPROBE_METHOD_H
#define IOPROBE_METHOD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "results/comparison.h"
#include "workflow/history.h"

struct test_method {
	bool parsed;		/* the cmdline parsed: the switch fields hold */
	char switches[512];	/* the cmdline without its target */
	uint64_t block_bytes;
	uint32_t write_pct;
	bool random;
	uint32_t threads, depth;	/* threads in all, -o per thread */
	char cache[48];		/* "direct, write-through" (-Sh) ... */
	uint32_t duration_s, warmup_s;
	uint64_t file_bytes;
	uint32_t ranks;		/* MPI ranks at once, 1 without mpirun */
	const char *engine, *fill, *version;	/* into the row, "" unknown */
};

/* Read @row's method into @m (pointers into @row). */
void method_from_row(const struct history_row *row, struct test_method *m);

/* What differs between @a and @b, "file size 256 MiB vs 4 GiB; duration
 * 5 s vs 30 s", into @buf ("" when nothing); returns the count.  The
 * fields unknown on either side go, comma-separated, into @unknown. */
size_t method_diff(const struct test_method *a, const struct test_method *b,
		   char *buf, size_t len, char *unknown, size_t ulen);

/* The metric that matters for the workload: P99 when one I/O is in
 * flight, IOPS for random blocks under 64 KiB, MiB/s otherwise. */
enum cmp_metric method_metric(const struct test_method *m);

/* What changed on purpose from @a to @b: "device loop3 → vda, filesystem
 * ext4 → xfs" (host, device, filesystem, folder; disk type from
 * @media_a/@media_b), "" when nothing did. */
void method_subject(const struct history_row *a, const struct history_row *b,
		    enum interp_media media_a, enum interp_media media_b,
		    char *buf, size_t len);

#endif
