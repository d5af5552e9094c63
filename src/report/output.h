/* output.h - writing result files: atomically (temporary name in the same
 * folder, fsync, rename) when PATH is a file, through when it is a device
 * or FIFO; several formats from one run. */
#ifndef IOPROBE_OUTPUT_H
#define IOPROBE_OUTPUT_H

#include <stddef.h>

#include "lib/notes.h"
#include "results/results.h"

/* Write the stdout format (p->format) to stdout and every --output to its
 * file.  A file is either complete or absent.  0 or -errno with @err
 * filled by the first failure; each later one goes on to @warn as a
 * warning (printed before @err). */
int output_all(const struct results *r, struct notes *warn, char *err,
	       size_t errlen);
/* Check every --output path of @p before the run (atomic_file_check):
 * its folder exists, it is not a directory.  0 or -errno with @err. */
int output_check(const struct profile *p, char *err, size_t errlen);
/* Write @r as @fmt to @path by atomic_file.h's rules ("-" = stdout). */
int output_file(const struct results *r, enum result_format fmt,
		const char *path, char *err, size_t errlen);

#endif
