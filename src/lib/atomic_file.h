/* atomic_file.h - writing an output file (a report, the suite's page)
 * without ever damaging what PATH is.
 *
 * PATH is resolved first: a symlink is followed to its target (a chain of
 * them, up to 40), because users point report.html at a symlink into a
 * web folder and mean the file there; the symlink itself stays.  Then the
 * target decides:
 *   - a regular file, or nothing: written to "TARGET.tmp.XXXXXX" in the
 *     target's folder, fsync'ed, renamed over it (a reader sees the old
 *     file or the complete new one; the mode of a replaced file is kept);
 *   - a character device (/dev/null, a tty) or a FIFO: written through,
 *     opened O_WRONLY without O_CREAT or O_TRUNC; a FIFO is opened with
 *     O_NONBLOCK first, so one without a reader fails at once ("no
 *     reader") instead of hanging the end of a run;
 *   - /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: written to
 *     that descriptor (so a shell redirection keeps its file and offset);
 *   - a directory, block device or socket: refused, naming the path.
 */
#ifndef IOPROBE_ATOMIC_FILE_H
#define IOPROBE_ATOMIC_FILE_H

#include <stddef.h>
#include <stdio.h>

/* Writes the content to @f; 0 or -errno (stream errors are found by the
 * caller of the callback, which flushes). */
typedef int (*atomic_fill_fn)(FILE *f, const void *arg);

/* Would atomic_file_write(@path) work?  Checks the type of the target and
 * that its folder exists and is writable, without creating anything.  For
 * a check before a long run.  0 or -errno with @err filled. */
int atomic_file_check(const char *path, char *err, size_t errlen);

/* Write what @fill produces to @path by the rules above.  0 or -errno
 * with @err filled ("cannot write 'PATH': ..."); on failure a regular
 * target is untouched and no temporary file is left. */
int atomic_file_write(const char *path, atomic_fill_fn fill,
		      const void *arg, char *err, size_t errlen);

/* Write what @fill produces straight to @fd (stdout: after what stdio
 * holds), through a stream that keeps the errno of the first failing
 * write: -ENOSPC for a full disk or /dev/full, never a bare -EIO.  0 or
 * -errno; @fd stays open. */
int atomic_file_write_fd(int fd, atomic_fill_fn fill, const void *arg);

#endif
