/* readfile.c - whole-file reads with a type check and a size cap; see
 * readfile.h for why each step is there. */
#include "lib/readfile.h"

#include <errno.h>
#include <fcntl.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util.h"

static const char *type_name(mode_t mode)
{
	if (S_ISFIFO(mode))
		return "a FIFO";
	if (S_ISCHR(mode))
		return "a character device";
	if (S_ISBLK(mode))
		return "a block device";
	if (S_ISSOCK(mode))
		return "a socket";
	return "not a file";
}

static void size_text(char *buf, size_t len, size_t bytes)
{
	if (bytes >= (1u << 20) && !(bytes % (1u << 20)))
		snprintf(buf, len, "%zu MiB", bytes >> 20);
	else
		snprintf(buf, len, "%zu bytes", bytes);
}

static int check_stat(const struct stat *st, const char *path,
		      const char *what, size_t max_bytes, char *err,
		      size_t errlen)
{
	char cap[32];

	if (S_ISDIR(st->st_mode))
		return errf(err, errlen, EISDIR, "%s '%s' is a directory: "
			    "expected a regular file", what, path);
	if (!S_ISREG(st->st_mode))
		return errf(err, errlen, EINVAL, "%s '%s' is not a regular "
			    "file (%s)", what, path, type_name(st->st_mode));
	if ((uint64_t)st->st_size > max_bytes) {
		size_text(cap, sizeof(cap), max_bytes);
		return errf(err, errlen, EFBIG, "%s '%s' is larger than %s",
			    what, path, cap);
	}
	return 0;
}

/* Read up to @size bytes; a file that grew is cut at @size, one that
 * shrank ends early (both are a concurrent writer's business). */
static int read_fd(int fd, char *buf, size_t size, size_t *got)
{
	ssize_t n;

	*got = 0;
	while (*got < size) {
		n = read(fd, buf + *got, size - *got);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return -errno;
		if (n == 0)
			break;
		*got += (size_t)n;
	}
	return 0;
}

int readfile_all(const char *path, const char *what, size_t max_bytes,
		 char **buf, size_t *len, char *err, size_t errlen)
{
	struct stat st;
	char *b;
	int fd, ret;

	*buf = NULL;
	*len = 0;
	fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		ret = -errno;
		return errf(err, errlen, -ret, "cannot read %s '%s': %s", what,
			    path, strerror(-ret));
	}
	if (fstat(fd, &st)) {
		ret = -errno;
		errf(err, errlen, -ret, "cannot read %s '%s': %s", what, path,
		     strerror(-ret));
		goto out_close;
	}
	ret = check_stat(&st, path, what, max_bytes, err, errlen);
	if (ret)
		goto out_close;
	b = malloc((size_t)st.st_size + 1);
	if (!b) {
		ret = errf(err, errlen, ENOMEM, "cannot read %s '%s': %s",
			   what, path, strerror(ENOMEM));
		goto out_close;
	}
	ret = read_fd(fd, b, (size_t)st.st_size, len);
	if (ret) {
		errf(err, errlen, -ret, "cannot read %s '%s': %s", what, path,
		     strerror(-ret));
		free(b);
		goto out_close;
	}
	b[*len] = '\0';
	*buf = b;
out_close:
	close(fd);
	return ret;
}
