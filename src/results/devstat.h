/* devstat.h - the kernel's own counters of the block devices under a
 * target (/sys/class/block/<dev>/stat), taken at the start and the end of
 * the measured window and kept as their differences, so every report can
 * put the device's count beside ioprobe's: the device witnesses whether
 * the I/Os reached it (none did: a cache answered) or more did
 * (read-ahead, write amplification, a neighbour).
 */
#ifndef IOPROBE_DEVSTAT_H
#define IOPROBE_DEVSTAT_H

#include <stdbool.h>
#include <stdint.h>

#define DEVSTAT_MAX 4		/* devices per target */
#define DEVSTAT_SECTOR 512	/* the unit of the sector counters */

/* Where a device sits under the target. */
enum devstat_role {
	DEVSTAT_DEVICE = 0,	/* the target's own device or partition */
	DEVSTAT_DISK,		/* the whole disk of a partition */
	DEVSTAT_BACKING,	/* the device holding a loop device's file */
	DEVSTAT_BACKING_DISK,	/* that device's whole disk */
	DEVSTAT_ROLES
};

extern const char *const devstat_role_names[DEVSTAT_ROLES];

/* One device's counters over the measured window (end - start).  Ticks
 * are the kernel's milliseconds. */
struct devstat {
	char name[32];			/* kernel name: "loop3", "vda1" */
	enum devstat_role role;
	uint64_t reads, read_merges, read_sectors, read_ticks_ms;
	uint64_t writes, write_merges, write_sectors, write_ticks_ms;
	uint64_t io_ticks_ms;		/* time with I/O in flight */
	uint64_t queue_ticks_ms;	/* time_in_queue: in-flight weighted */
	uint64_t window_ns;		/* between the two readings */
};

/* The counters of one target: @measured says the run looked (an older
 * result did not), @n = 0 then means the target has no block device
 * (tmpfs, NFS, overlay). */
struct devstat_set {
	bool measured;
	uint32_t n;
	struct devstat dev[DEVSTAT_MAX];
};

/* Completed I/Os (reads + writes) and bytes of @d. */
uint64_t devstat_ios(const struct devstat *d);
uint64_t devstat_bytes(const struct devstat *d);
/* Average ms per completed I/O from the ticks, 0 when none completed. */
double devstat_avg_ms(const struct devstat *d);
/* Average queue size: weighted ticks ÷ window. */
double devstat_queue(const struct devstat *d);
/* Utilisation in %: io_ticks ÷ window. */
double devstat_util_pct(const struct devstat *d);

#endif
