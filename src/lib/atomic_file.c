/* atomic_file.c - output files by the rules in atomic_file.h: resolve
 * symlinks, then rename a temporary file over a regular target, write
 * through to a device or FIFO, refuse anything else. */
#include "lib/atomic_file.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/util.h"

#define MAX_LINKS 40

enum target_kind {
	TARGET_NEW,	/* does not exist: created by rename */
	TARGET_REGULAR,	/* replaced by rename */
	TARGET_STREAM,	/* character device or FIFO: written through */
	TARGET_FD,	/* a descriptor path: written to that descriptor */
};

struct target {
	char path[PATH_MAX];	/* after following symlinks */
	enum target_kind kind;
	bool fifo;
	int fd;			/* TARGET_FD */
	mode_t mode;		/* TARGET_REGULAR: permission bits */
};

/* /dev/stdout, /dev/stderr, /dev/fd/N, /proc/self/fd/N: the descriptor
 * number, or -1.  These are magic links (readlink gives "pipe:[123]"), so
 * they are never resolved as paths. */
static int fd_path(const char *p)
{
	const char *num = NULL;
	char *end;
	long n;

	if (!strcmp(p, "/dev/stdout"))
		return 1;
	if (!strcmp(p, "/dev/stderr"))
		return 2;
	if (!strncmp(p, "/dev/fd/", 8))
		num = p + 8;
	else if (!strncmp(p, "/proc/self/fd/", 14))
		num = p + 14;
	if (!num || *num < '0' || *num > '9')
		return -1;
	errno = 0;
	n = strtol(num, &end, 10);
	if (errno || *end || n > INT_MAX)
		return -1;
	return (int)n;
}

/* Folder of @path ("." when none). */
static void dir_of(const char *path, char *buf, size_t len)
{
	const char *slash = strrchr(path, '/');

	if (!slash)
		str_copy(buf, len, ".");
	else if (slash == path)
		str_copy(buf, len, "/");
	else
		str_copy(buf, len, path);
	if (slash && slash != path && (size_t)(slash - path) < len)
		buf[slash - path] = '\0';
}

/* Follow @t->path while it is a symlink.  0 or -errno. */
static int follow_links(struct target *t)
{
	char link[PATH_MAX], dir[PATH_MAX], next[PATH_MAX];
	ssize_t n;
	int hops, len;

	for (hops = 0; hops < MAX_LINKS; hops++) {
		if (fd_path(t->path) >= 0)
			return 0;
		n = readlink(t->path, link, sizeof(link) - 1);
		if (n < 0)
			return errno == EINVAL || errno == ENOENT ? 0 : -errno;
		link[n] = '\0';
		if (link[0] == '/') {
			str_copy(t->path, sizeof(t->path), link);
			continue;
		}
		dir_of(t->path, dir, sizeof(dir));
		len = snprintf(next, sizeof(next), "%s/%s", dir, link);
		if (len < 0 || (size_t)len >= sizeof(next))
			return -ENAMETOOLONG;
		str_copy(t->path, sizeof(t->path), next);
	}
	return -ELOOP;
}

/* "'PATH'" or "'PATH' (a symlink to 'TARGET')" for messages. */
static void name_of(const char *path, const struct target *t, char *buf,
		    size_t len)
{
	if (strcmp(path, t->path))
		snprintf(buf, len, "'%s' (a symlink to '%s')", path, t->path);
	else
		snprintf(buf, len, "'%s'", path);
}

static const char *refused_type(mode_t mode)
{
	if (S_ISDIR(mode))
		return "it is a directory";
	if (S_ISBLK(mode))
		return "it is a block device (reports go to files, FIFOs and "
		       "character devices only)";
	if (S_ISSOCK(mode))
		return "it is a socket";
	return "it is not a regular file";
}

static int check_folder(const struct target *t, const char *name, char *err,
			size_t errlen)
{
	char dir[PATH_MAX];
	struct stat st;
	int ret;

	dir_of(t->path, dir, sizeof(dir));
	if (stat(dir, &st)) {
		ret = errno;
		return errf(err, errlen, ret, "cannot write %s: folder '%s': "
			    "%s", name, dir, strerror(ret));
	}
	if (!S_ISDIR(st.st_mode))
		return errf(err, errlen, ENOTDIR, "cannot write %s: '%s' is "
			    "not a folder", name, dir);
	if (access(dir, W_OK | X_OK)) {
		ret = errno;
		return errf(err, errlen, ret, "cannot write %s: folder '%s': "
			    "%s", name, dir, strerror(ret));
	}
	return 0;
}

/* Resolve @path into @t and check it can be written.  0 or -errno. */
static int resolve(const char *path, struct target *t, char *err,
		   size_t errlen)
{
	char name[2 * PATH_MAX + 32];
	struct stat st;
	int ret;

	memset(t, 0, sizeof(*t));
	t->fd = -1;
	if (!path[0])
		return errf(err, errlen, EINVAL, "cannot write '': expected "
			    "a file name");
	str_copy(t->path, sizeof(t->path), path);
	ret = follow_links(t);
	name_of(path, t, name, sizeof(name));
	if (ret)
		return errf(err, errlen, -ret, "cannot write %s: %s", name,
			    strerror(-ret));
	t->fd = fd_path(t->path);
	if (t->fd >= 0) {
		t->kind = TARGET_FD;
		if (fcntl(t->fd, F_GETFL) < 0)
			return errf(err, errlen, EBADF, "cannot write %s: "
				    "descriptor %d is not open", name, t->fd);
		return 0;
	}
	if (lstat(t->path, &st)) {
		if (errno != ENOENT) {
			ret = errno;
			return errf(err, errlen, ret, "cannot write %s: %s",
				    name, strerror(ret));
		}
		t->kind = TARGET_NEW;
		return check_folder(t, name, err, errlen);
	}
	if (S_ISREG(st.st_mode)) {
		t->kind = TARGET_REGULAR;
		t->mode = st.st_mode & 07777;
		return check_folder(t, name, err, errlen);
	}
	if (S_ISCHR(st.st_mode) || S_ISFIFO(st.st_mode)) {
		t->kind = TARGET_STREAM;
		t->fifo = S_ISFIFO(st.st_mode);
		return 0;
	}
	return errf(err, errlen, S_ISDIR(st.st_mode) ? EISDIR : EINVAL,
		    "cannot write %s: %s", name, refused_type(st.st_mode));
}

int atomic_file_check(const char *path, char *err, size_t errlen)
{
	struct target t;

	return resolve(path, &t, err, errlen);
}

int atomic_file_write_fd(int fd, atomic_fill_fn fill, const void *arg)
{
	struct out_stream os;
	int ret;

	/* what stdio holds for this descriptor goes first */
	if (fd == STDOUT_FILENO && fflush(stdout))
		return -errno;
	if (fd == STDERR_FILENO)
		fflush(stderr);
	ret = out_stream_open(&os, fd);
	if (ret)
		return ret;
	return out_stream_close(&os, fill(os.f, arg));
}

/* Fill @fd (ours), optionally fsync, close.  0 or the first -errno. */
static int fill_fd(int fd, bool do_fsync, atomic_fill_fn fill,
		   const void *arg)
{
	int ret = atomic_file_write_fd(fd, fill, arg);

	if (!ret && do_fsync && fsync(fd))
		ret = -errno;
	if (close(fd) && !ret)
		ret = -errno;
	return ret;
}

static int write_fd(const struct target *t, atomic_fill_fn fill,
		    const void *arg)
{
	return atomic_file_write_fd(t->fd, fill, arg);
}

static int write_stream(const struct target *t, atomic_fill_fn fill,
			const void *arg)
{
	int fd, fl;

	fd = open(t->path, O_WRONLY | O_NOCTTY | O_CLOEXEC |
			   (t->fifo ? O_NONBLOCK : 0));
	if (fd < 0)
		return -errno;
	/* Only the open is non-blocking: a reader that is slow to drain
	 * the FIFO gets every byte. */
	fl = t->fifo ? fcntl(fd, F_GETFL) : 0;
	if (fl < 0 || (t->fifo && fcntl(fd, F_SETFL, fl & ~O_NONBLOCK))) {
		fl = -errno;
		close(fd);
		return fl;
	}
	return fill_fd(fd, false, fill, arg);
}

static void sync_dir(const char *path)
{
	char dir[PATH_MAX];
	int fd;

	dir_of(path, dir, sizeof(dir));
	fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);	/* best effort: the rename is visible */
		close(fd);
	}
}

/* New files get what open(2) would give: 0666 less the umask. */
static mode_t default_mode(void)
{
	mode_t mask = umask(0);

	umask(mask);
	return 0666 & ~mask;
}

static int write_renamed(const struct target *t, atomic_fill_fn fill,
			 const void *arg, char *err, size_t errlen,
			 const char *name)
{
	char tmp[PATH_MAX + 16];
	int fd, slot, ret;

	if (snprintf(tmp, sizeof(tmp), "%s.tmp.XXXXXX", t->path) >=
	    (int)sizeof(tmp))
		return errf(err, errlen, ENAMETOOLONG, "cannot write %s: %s",
			    name, strerror(ENAMETOOLONG));
	fd = mkstemp(tmp);
	if (fd < 0) {
		ret = errno;
		return errf(err, errlen, ret, "cannot create '%s': %s", tmp,
			    strerror(ret));
	}
	slot = cleanup_add(tmp, fd);	/* removed on a signal, too */
	fchmod(fd, t->kind == TARGET_REGULAR ? t->mode : default_mode());
	ret = fill_fd(fd, true, fill, arg);
	if (ret) {
		errf(err, errlen, -ret, "cannot write %s: %s", name,
		     strerror(-ret));
		goto out_unlink;
	}
	if (rename(tmp, t->path)) {
		ret = -errno;
		errf(err, errlen, -ret, "cannot rename '%s' to '%s': %s", tmp,
		     t->path, strerror(-ret));
		goto out_unlink;
	}
	cleanup_forget(slot);
	sync_dir(t->path);
	return 0;
out_unlink:
	if (slot >= 0)
		cleanup_remove(slot);
	else
		unlink(tmp);
	return ret;
}

int atomic_file_write(const char *path, atomic_fill_fn fill,
		      const void *arg, char *err, size_t errlen)
{
	char name[2 * PATH_MAX + 32];
	struct target t;
	int ret;

	ret = resolve(path, &t, err, errlen);
	if (ret)
		return ret;
	name_of(path, &t, name, sizeof(name));
	switch (t.kind) {
	case TARGET_NEW:
	case TARGET_REGULAR:
		return write_renamed(&t, fill, arg, err, errlen, name);
	case TARGET_FD:
		ret = write_fd(&t, fill, arg);
		break;
	case TARGET_STREAM:
	default:
		ret = write_stream(&t, fill, arg);
		break;
	}
	if (ret == -ENXIO && t.fifo)
		return errf(err, errlen, ENXIO, "cannot write %s: it is a FIFO "
			    "and nothing reads it", name);
	if (ret)
		return errf(err, errlen, -ret, "cannot write %s: %s", name,
			    strerror(-ret));
	return 0;
}
