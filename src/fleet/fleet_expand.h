/* fleet_expand.h - per-rank target and output paths: "{rank}" and
 * "{host}" in a path become this rank's number and host name, so each
 * rank drives its own file on a shared store and writes its own result.
 */
#ifndef IOPROBE_FLEET_EXPAND_H
#define IOPROBE_FLEET_EXPAND_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "profile/profile.h"

#define FLEET_RANK "{rank}"
#define FLEET_HOST "{host}"

/* True when @path holds "{rank}" or "{host}". */
bool fleet_per_rank(const char *path);
/* @dst (uninitialised) becomes a copy of @src with the placeholders of
 * every target path and --output path expanded for @rank on @host.  A
 * host name that could leave the folder it names ('/', "." or "..", or
 * not a plain name) is refused when a path uses it.  0, -EINVAL (usage,
 * @err filled) or -ENOMEM. */
int fleet_expand_profile(struct profile *dst, const struct profile *src,
			 uint32_t rank, const char *host, char *err,
			 size_t errlen);
/* *@out (malloc'ed) becomes @in with the placeholders expanded for
 * @rank on @host, by the rules of fleet_expand_profile().  0, -EINVAL
 * (@err filled) or -ENOMEM. */
int fleet_expand_path(const char *in, uint32_t rank, const char *host,
		      char **out, char *err, size_t errlen);
/* True when a -c target has no placeholder: all ranks share the file and
 * rank 0 alone creates it, before the others open it. */
bool fleet_shared_create(const struct profile *p);

#endif
