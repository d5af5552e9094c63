/* validate.h - every check a profile can fail, made before anything is
 * created: the switch combinations the targets will refuse (size,
 * O_DIRECT alignment, -Sr), the CPUs of -a, the thread limits and the
 * memory the run needs.
 *
 * It reads only the profile and facts about what already exists (stat,
 * statfs, sysfs, the affinity mask, /proc/meminfo, rlimits): it never
 * creates, opens for writing or allocates what it estimates, so a refused
 * command leaves the file system exactly as it was.
 */
#ifndef IOPROBE_VALIDATE_H
#define IOPROBE_VALIDATE_H

#include <stddef.h>

#include "profile/profile.h"

/* 0 when @p can start, else -errno with @err holding one line that names
 * the offending switch and its value (a usage error: exit status 2). */
int validate_profile(const struct profile *p, char *err, size_t errlen);

#endif
