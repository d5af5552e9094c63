/* target_safety.h - the checks that refuse unsafe work on a target before
 * anything is created or opened for writing, and the tests of whose a -c
 * file is that the fill shares.
 */
#ifndef IOPROBE_TARGET_SAFETY_H
#define IOPROBE_TARGET_SAFETY_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

#include "profile/profile.h"
#include "run/target_pin.h"

/* The extended attribute that marks a file ioprobe filled: "SIZE KIND"
 * once the fill is done, "filling" while it runs. */
#define TARGET_FILL_XATTR "user.ioprobe.filled"

/* The refusal of a write to a device someone else uses; one %s, the path. */
#define TARGET_IN_USE_FMT "refusing to write to '%s': it is in use " \
	"(mounted in another mount namespace, or held open exclusively by " \
	"another process); release it first"

/* Refuse unsafe work before anything is created or opened for writing,
 * judging what @pin holds (target_pin_take of @o), never the path: a
 * write test (write_pct > 0) on a block device needs @allow_device_writes
 * to name the same device, and is refused even then when it or a
 * partition of it is mounted, used as swap, held by another device or
 * claimed exclusively.  A -c on a link, or on a file ioprobe did not write
 * (--overwrite rules), is refused; a -c size must fit the free space
 * (plus path_space_margin()).  0 or -errno with @err filled (one line,
 * names the path). */
int target_check_safe(const struct target_opts *o,
		      const struct target_pin *pin,
		      const char *allow_device_writes, char *err,
		      size_t errlen);

/* The refusal of a -c on the symbolic link @path (naming where it leads):
 * -EEXIST with @err filled. */
int target_refuse_link(const char *path, char *err, size_t errlen);

/* Does the file open as @fd carry the fill marker (of any value)? */
bool target_has_marker(int fd);

/* Are @a and @b the same file (device and inode)? */
bool target_same_inode(const struct stat *a, const struct stat *b);

/* A -c on the existing regular file open as @fd (@st): 0 when the fill
 * may go on (ioprobe's own file, a file without data no larger than -c,
 * or --overwrite on a file no larger than -c), else -EEXIST with @err
 * filled. */
int target_check_foreign(const struct target_opts *o, int fd,
			 const struct stat *st, char *err, size_t errlen);

#endif
