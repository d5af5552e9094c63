/* target_pin.h - a target's identity, taken once at the first look.
 *
 * The pin is an O_PATH descriptor on whatever the path named when ioprobe
 * first looked, with its stat.  Every safety check reads the pin, and the
 * descriptors the fill and the run do I/O on are reopened from it (through
 * /proc/self/fd), never from the path: another user who renames the file
 * and puts a link to a device in its place afterwards changes nothing
 * ioprobe writes to.  A -c file that did not exist is pinned to the
 * descriptor that created it.
 */
#ifndef IOPROBE_TARGET_PIN_H
#define IOPROBE_TARGET_PIN_H

#include <stdbool.h>
#include <sys/stat.h>

#include "profile/profile.h"

struct target_pin {
	int fd;			/* O_PATH (or the creating descriptor);
				 * -1: the path named nothing */
	struct stat st;		/* of @fd, valid while fd >= 0 */
	bool nofollow;		/* taken without following a last link
				 * (-c): a link is pinned as the link */
};

/* An empty pin (fd -1). */
void target_pin_init(struct target_pin *pin);

/* Pin what @o names now: the caller's descriptor o->fd when given, else
 * the path (not following a last link when -c creates).  A path that
 * names nothing leaves fd -1 and returns 0.  0 or -errno. */
int target_pin_take(struct target_pin *pin, const struct target_opts *o);

/* Pin the open descriptor @fd (a file this run just created) instead of
 * whatever was pinned.  0 or -errno. */
int target_pin_set_fd(struct target_pin *pin, int fd);

/* A new descriptor with open(2) @flags on the pinned file or device,
 * required to be the same inode; -errno on failure (-ESTALE when the
 * only way left, the path, now leads elsewhere). */
int target_pin_reopen(const struct target_pin *pin, const char *path,
		      int flags);

/* Is @st the pinned file or device? */
bool target_pin_is(const struct target_pin *pin, const struct stat *st);

void target_pin_release(struct target_pin *pin);

#endif
