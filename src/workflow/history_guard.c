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

/* Room for the longest header, its line end and one byte more. */
#define GUARD_READ_BYTES (sizeof(HISTORY_HEADER) + 2)

int history_guard_fd(int fd, const char *path, uint64_t size, char *err,
		     size_t errlen)
{
	char buf[GUARD_READ_BYTES + 1];
	ssize_t n;
	size_t len;

	if (!size)
		return 0;
	do
		n = pread(fd, buf, GUARD_READ_BYTES, 0);
	while (n < 0 && errno == EINTR);
	if (n < 0)
		return errf(err, errlen, errno, "cannot read history '%s': %s",
			    path, strerror(errno));
	buf[n] = '\0';
	len = strcspn(buf, "\r\n");
	if (history_is_header(buf, len) && (len < (size_t)n ||
					    (uint64_t)n == size))
		return 0;
	return errf(err, errlen, EINVAL, "refusing to append to history "
		    "'%s': it is not an ioprobe history (its first line is "
		    "not the history header); give --history a new file or "
		    "an existing history", path);
}

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
	ret = history_guard_fd(fd, path, (uint64_t)st.st_size, err, errlen);
	close(fd);
	return ret;
}
