/* readfile.h - read a whole input file (history, profile, saved result)
 * into memory, safely: never blocks on a FIFO, never reads an endless
 * device, never grows past a cap.
 *
 * The file is opened O_RDONLY | O_NONBLOCK | O_CLOEXEC, so a FIFO without
 * a writer cannot hang the open; fstat() then requires a regular file of
 * at most @max_bytes, so /dev/zero or a directory is refused before one
 * byte is read.  Messages name the file with @what in front ("history",
 * "profile", "result file"):
 *
 *   history '/tmp/d' is a directory: expected a regular file
 *   profile '/tmp/f' is not a regular file (a FIFO)
 *   history 'h.csv' is larger than 64 MiB
 */
#ifndef IOPROBE_READFILE_H
#define IOPROBE_READFILE_H

#include <stddef.h>

#define READFILE_HISTORY_MAX (64u << 20)	/* history CSV */
#define READFILE_RESULT_MAX (64u << 20)		/* saved JSON result */
#define READFILE_PROFILE_MAX (16u << 20)	/* XML profile, --profile-file */

/* Read @path whole into *@buf (malloc'd, NUL-terminated; *@len excludes
 * the NUL).  0, or -errno with @err filled: the open() error (-ENOENT
 * for a missing file), -EISDIR, -EINVAL for another file type, -EFBIG
 * past @max_bytes, -ENOMEM. */
int readfile_all(const char *path, const char *what, size_t max_bytes,
		 char **buf, size_t *len, char *err, size_t errlen);

#endif
