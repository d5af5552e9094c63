/* report_series.h - the --series file: one line per interval, target and
 * direction, written while the run goes (JSON Lines or CSV).
 *
 * The file is streamed, so it is written in place, never renamed: every
 * interval's lines go out in one write(2), so a run killed with SIGKILL
 * leaves every interval it finished, each line whole.  What PATH may be:
 *   - a new name: created (0666 less the umask);
 *   - a regular file ioprobe wrote (its first line is a series header of
 *     ours) or an empty one: truncated and rewritten;
 *   - any other regular file: refused, so a typo never destroys data;
 *   - a FIFO (with a reader, else refused at once: "no reader") or a
 *     character device: written through;
 *   - a directory, block device or socket: refused.
 * A symlink is followed to what it points at.
 */
#ifndef IOPROBE_REPORT_SERIES_H
#define IOPROBE_REPORT_SERIES_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"
#include "results/series.h"

struct series_file {
	int fd;			/* -1 when closed */
	bool csv;		/* else JSON Lines */
	int err;		/* first failed write, positive errno */
	char *buf;		/* one interval's lines */
	size_t cap;
	const char *path;	/* as given, for messages */
};

/* Open @p->series_path by the rules above and write its header (CSV:
 * the column names; JSON Lines: a first line with "ioprobe_series").  0,
 * or -errno with @err filled ("refusing to overwrite ..."). */
int series_file_open(struct series_file *f, const struct profile *p,
		     char *err, size_t errlen);
/* Append @n rows in one write.  After a failure nothing more is
 * written: 0, or the first failure's -errno. */
int series_file_write(struct series_file *f, const struct series_row *rows,
		      uint32_t n);
/* Close @f: 0, or -errno (of the first failed write, else of close) with
 * @err filled. */
int series_file_close(struct series_file *f, char *err, size_t errlen);

#endif
