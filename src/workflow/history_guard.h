/* history_guard.h - the history is the user's file: ioprobe appends only
 * to a history it wrote, never to a file that merely has the name.
 *
 * A --history that exists must be a regular file, not a symbolic link
 * (ioprobe never makes one, so a link there is someone else's), and when
 * not empty its first line must be a history header of this version or
 * an older one.  The suite and the sweep check it before anything runs;
 * history_append checks the descriptor it writes through again, under
 * its lock (history_check_fd).
 */
#ifndef IOPROBE_HISTORY_GUARD_H
#define IOPROBE_HISTORY_GUARD_H

#include <stddef.h>

/* @path before anything runs: 0 when missing (it will be created) or a
 * history; -EINVAL / -ELOOP / -errno with @err ("refusing to append to
 * history ...").  Nothing is created or changed. */
int history_guard_path(const char *path, char *err, size_t errlen);

#endif
