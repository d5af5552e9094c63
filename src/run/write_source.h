/* write_source.h - the -Z write source of a target, loaded before the
 * clock starts.
 */
#ifndef IOPROBE_WRITE_SOURCE_H
#define IOPROBE_WRITE_SOURCE_H

#include <stddef.h>
#include <stdint.h>

#include "run/worker_types.h"

/* Fill rt->wsrc (rt->wsrc_bytes) when the target writes from a -Z
 * source: the source file's bytes, repeated when it is short, or random
 * data from @seed.  Nothing to do otherwise.  0 or -errno with @err
 * filled. */
int write_source_load(struct run_target *rt, uint64_t seed, char *err,
		      size_t errlen);

#endif
