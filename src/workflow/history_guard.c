/* history_guard.c - refuse a --history that is not ours (see
 * history_guard.h): a symbolic link, something other than a regular
 * file, or a file whose first line is not a history header.
 */
#include "workflow/history_guard.h"

#include <errno.h>
#include <fcntl.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util.h"
#include "workflow/history.h"

int history_guard_path(const char *path, char *err, size_t errlen)
{
	struct stat st;
	int fd, ret;

	if (lstat(path, &st))
		return errno == ENOENT ? 0 :
		       errf(err, errlen, errno, "cannot read history '%s': %s",
			    path, strerror(errno));
	if (S_ISLNK(st.st_mode))
		return errf(err, errlen, ELOOP, "refusing to append to "
			    "history '%s': it is a symbolic link; give the "
			    "file it leads to", path);
	if (!S_ISREG(st.st_mode))
		return errf(err, errlen, EINVAL, "refusing to append to "
			    "history '%s': it is not a regular file", path);
	if (!st.st_size)
		return 0;
	fd = open(path, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errf(err, errlen, errno, "cannot read history '%s': %s",
			    path, strerror(errno));
	ret = history_check_fd(fd, path, (uint64_t)st.st_size, err, errlen);
	close(fd);
	return ret;
}
