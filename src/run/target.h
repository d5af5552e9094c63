/* target.h - files and block devices: create, fill, open, size, safety.
 *
 * Everything that touches a target before the measured window lives here,
 * including the refusal to write to a device the user did not name.
 */
#ifndef IOPROBE_TARGET_H
#define IOPROBE_TARGET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "results/results.h"

struct target {
	const struct target_opts *opts;
	int fd;				/* -1 when closed */
	uint64_t size_bytes;		/* file or device size */
	bool is_block_device;
	uint32_t logical_block;		/* O_DIRECT alignment, bytes */
	uint32_t physical_block;
	void *map;			/* -Sm mapping, NULL otherwise */
};

/* Progress callback for the fill: bytes done of total. */
typedef void (*target_progress_fn)(void *arg, uint64_t done, uint64_t total);

/* Refuse unsafe work before anything is created or opened: a write test
 * (write_pct > 0) on a block device needs @allow_device_writes to name the
 * same device, and is refused even then when it or a partition of it is
 * mounted, used as swap, or held by another device.  Also checks that a
 * -c size fits the free space.  0 or -errno with @err filled (one line,
 * names the path). */
int target_check_safe(const struct target_opts *o,
		      const char *allow_device_writes, char *err,
		      size_t errlen);

/* -c: create the file (and parent folders) of o->create_bytes and fill it
 * with real non-zero data by large sequential O_DIRECT writes, unless it
 * already has that size and was filled before (a marker in an extended
 * attribute or a full non-sparse check).  Fills @info's created,
 * fill_skipped and fill_seconds.  @progress may be NULL.  0 or -errno with
 * @err filled. */
int target_prepare(const struct target_opts *o, struct target_info *info,
		   target_progress_fn progress, void *arg, char *err,
		   size_t errlen);

/* Open for the run with the cache mode's flags (O_DIRECT, O_DSYNC),
 * read-only when write_pct is 0; find size and block sizes; check that
 * block size, offsets and alignment suit O_DIRECT.  0 or -errno with @err
 * filled. */
int target_open(struct target *t, const struct target_opts *o, char *err,
		size_t errlen);
void target_close(struct target *t);

/* Fill @info with the facts reports show (fs type, device, model,
 * rotational, scheduler, block sizes, queue depth, interrupt CPUs). */
void target_describe(const struct target *t, struct target_info *info);

/* Give the file @path back (delete it); used by workflows that created a
 * temporary test file.  0 or -errno. */
int target_remove(const char *path);

#endif
