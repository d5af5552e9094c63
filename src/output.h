/* output.h - writing result files: atomically (temporary name in the same
 * folder, fsync, rename), several formats from one run. */
#ifndef IOPROBE_OUTPUT_H
#define IOPROBE_OUTPUT_H

#include <stddef.h>

#include "results.h"

/* Write the stdout format (p->format) to stdout and every --output to its
 * file.  A file is either complete or absent.  0 or -errno with @err
 * filled. */
int output_all(const struct results *r, char *err, size_t errlen);
/* Write @r as @fmt to @path atomically ("-" = stdout). */
int output_file(const struct results *r, enum result_format fmt,
		const char *path, char *err, size_t errlen);

#endif
