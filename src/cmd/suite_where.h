/* suite_where.h - what the suite says and checks about its PATHs before
 * anything is created: where each lives (the plan's "where:" lines), a
 * PATH that does not exist, an empty folder on the root disk where a
 * disk is usually mounted, the mounted filesystems, and --baseline.
 */
#ifndef IOPROBE_SUITE_WHERE_H
#define IOPROBE_SUITE_WHERE_H

#include <stddef.h>
#include <stdio.h>

#include "workflow/suite.h"

/* The mounted filesystems with their free space, for a missing PATH. */
void suite_list_mounts(FILE *f);

/* One "where: PATH: ..." line per test file of @s on @f. */
void suite_print_where(const struct suite *s, FILE *f);

/* Every PATH exists, or is a new file name with a suffix in an existing
 * folder: 0, or -ENOENT with @err naming the nearest existing folder. */
int suite_check_paths(const struct suite *s, char *err, size_t len);

/* A warning per PATH that is an empty folder on the root filesystem's
 * disk where disks are usually mounted (path_unmounted_folder). */
void suite_warn_unmounted(const struct suite *s);

/* --baseline names a label of the history @s->hist, not the suite's
 * own: 0, or -EINVAL with @err filled (0 without --baseline). */
int suite_check_baseline(const struct suite *s, char *err, size_t len);

#endif
