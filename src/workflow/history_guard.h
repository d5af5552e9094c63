/* history_guard.h - the history is the user's file: ioprobe appends only
 * to a history it wrote, never to a file that merely has the name.
 *
 * A --history that exists must be a regular file, not a symbolic link
 * (ioprobe never makes one, so a link there is someone else's), and when
 * not empty its first line must be a history header of this version or
 * an older one.  The suite and the sweep check it before anything runs;
 * history_append checks the descriptor it writes through again, under
 * its lock.
 */
#ifndef IOPROBE_HISTORY_GUARD_H
#define IOPROBE_HISTORY_GUARD_H

#include <stddef.h>
#include <stdint.h>

/* @path before anything runs: 0 when missing (it will be created) or a
 * history; -EINVAL / -ELOOP / -errno with @err ("refusing to append to
 * history ...").  Nothing is created or changed. */
int history_guard_path(const char *path, char *err, size_t errlen);

/* The open history @fd (of @path, @size bytes, a regular file): 0 when
 * empty or starting with a history header, else -EINVAL / -errno with
 * @err. */
int history_guard_fd(int fd, const char *path, uint64_t size, char *err,
		     size_t errlen);

#endif
