/* target_fill.h - -c: create a test file and fill it with real data,
 * reuse one filled before, and give a created file back.
 */
#ifndef IOPROBE_TARGET_FILL_H
#define IOPROBE_TARGET_FILL_H

#include <signal.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "results/results.h"
#include "run/target_pin.h"

/* Progress callback for the fill: bytes done of total. */
typedef void (*target_progress_fn)(void *arg, uint64_t done, uint64_t total);

/* What the caller of a fill watches and controls. */
struct target_fill_ctl {
	target_progress_fn progress;	/* may be NULL; at most every 1 %
					 * or second, and once at the end */
	void *arg;			/* passed to @progress */
	/* Nonzero (a signal handler sets it) ends the fill with -EINTR
	 * after the writes in flight; may be NULL. */
	const volatile sig_atomic_t *stop;
};

/* -c: create the file (and parent folders) of o->create_bytes and fill it
 * with real non-zero data by large sequential O_DIRECT writes through the
 * engine layer, unless it already has that size and was filled before (a
 * marker in an extended attribute or a full non-sparse check).  An
 * existing file is reached through @pin (target_pin_take, checked by
 * target_check_safe); a file this call creates becomes the pin.  Fills
 * @info's created, fill_skipped and fill_seconds.  @ctl may be NULL.  0
 * or -errno with @err filled; on failure the file is removed if this call
 * created it. */
int target_prepare(const struct target_opts *o, struct target_pin *pin,
		   struct target_info *info, const struct target_fill_ctl *ctl,
		   char *err, size_t errlen);

/* Give the file @path back (delete it); used by workflows that created a
 * temporary test file.  0 or -errno. */
int target_remove(const char *path);

#endif
