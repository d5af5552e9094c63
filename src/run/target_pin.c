/* target_pin.c - open a target's name once, then reach it only through
 * that descriptor.  Reopening /proc/self/fd/N of an O_PATH descriptor
 * opens the inode the descriptor holds with new flags (O_DIRECT, O_EXCL
 * on a device), whatever the name leads to by then.  Without /proc the
 * path is opened and its inode compared with the pin's.
 */
#include "run/target_pin.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <unistd.h>

void target_pin_init(struct target_pin *pin)
{
	pin->fd = -1;
	pin->nofollow = false;
}

bool target_pin_is(const struct target_pin *pin, const struct stat *st)
{
	return pin->fd >= 0 && pin->st.st_dev == st->st_dev &&
	       pin->st.st_ino == st->st_ino &&
	       (pin->st.st_mode & S_IFMT) == (st->st_mode & S_IFMT) &&
	       pin->st.st_rdev == st->st_rdev;
}

static int pin_fd(struct target_pin *pin, int fd)
{
	if (fstat(fd, &pin->st)) {
		int e = errno;

		close(fd);
		return -e;
	}
	pin->fd = fd;
	return 0;
}

int target_pin_take(struct target_pin *pin, const struct target_opts *o)
{
	struct stat st;
	int fd, ret;

	target_pin_init(pin);
	if (o->fd >= 0) {
		fd = fcntl(o->fd, F_DUPFD_CLOEXEC, 3);
		return fd < 0 ? -errno : pin_fd(pin, fd);
	}
	pin->nofollow = o->create_bytes > 0;
	fd = open(o->path, O_PATH | O_CLOEXEC |
			   (pin->nofollow ? O_NOFOLLOW : 0));
	if (fd < 0)
		return errno == ENOENT ? 0 : -errno;
	ret = pin_fd(pin, fd);
	if (ret || !S_ISLNK(pin->st.st_mode))
		return ret;
	/* -c never follows a link to a file, but skips a device as DiskSpd
	 * does (/dev/disk/by-id/...): a link to a device pins the device,
	 * which the device checks then judge */
	fd = open(o->path, O_PATH | O_CLOEXEC);
	if (fd < 0 || fstat(fd, &st) || !S_ISBLK(st.st_mode)) {
		if (fd >= 0)
			close(fd);
		return 0;	/* the link stays pinned, and is refused */
	}
	target_pin_release(pin);
	pin->nofollow = false;
	return pin_fd(pin, fd);
}

int target_pin_set_fd(struct target_pin *pin, int fd)
{
	int dup = fcntl(fd, F_DUPFD_CLOEXEC, 3);

	if (dup < 0)
		return -errno;
	target_pin_release(pin);
	return pin_fd(pin, dup);
}

/* @fd (or -errno) when it is the pinned inode, else -ESTALE (closed). */
static int same_or_stale(const struct target_pin *pin, int fd)
{
	struct stat st;

	if (fd < 0)
		return -errno;
	if (fstat(fd, &st) || !target_pin_is(pin, &st)) {
		close(fd);
		return -ESTALE;
	}
	return fd;
}

int target_pin_reopen(const struct target_pin *pin, const char *path,
		      int flags)
{
	char proc[64];
	int fd;

	if (pin->fd < 0)
		return -ENOENT;
	snprintf(proc, sizeof(proc), "/proc/self/fd/%d", pin->fd);
	fd = open(proc, flags);
	/* without /proc: the path, then proof that it is the pinned one */
	if (fd < 0 && errno == ENOENT && access("/proc/self/fd", F_OK))
		fd = open(path, flags | (pin->nofollow ? O_NOFOLLOW : 0));
	return same_or_stale(pin, fd);
}

void target_pin_release(struct target_pin *pin)
{
	if (pin->fd >= 0)
		close(pin->fd);
	pin->fd = -1;
}
