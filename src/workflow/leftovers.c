/* leftovers.c - find and remove the test files of suites that were
 * killed before they could clean up (see leftovers.h for the rules). */
#include "workflow/leftovers.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <signal.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/xattr.h>
#include <unistd.h>

/* The marker target.c leaves after a complete -c fill. */
#define FILL_XATTR "user.ioprobe.filled"
#define KEPT "kept"

int leftovers_mark(int fd, bool kept)
{
	char v[24];
	int n = kept ? snprintf(v, sizeof(v), "%s", KEPT) :
		       snprintf(v, sizeof(v), "%ld", (long)getpid());

	return fsetxattr(fd, LEFTOVERS_XATTR, v, (size_t)n, 0) ? -errno : 0;
}

/* The pid of "ioprobe-suite-<pid>.dat", or 0 for any other name. */
static pid_t name_pid(const char *name)
{
	static const char pre[] = "ioprobe-suite-";
	const char *d = name + sizeof(pre) - 1;
	char *end;
	long v;

	if (strncmp(name, pre, sizeof(pre) - 1) || *d < '1' || *d > '9')
		return 0;
	errno = 0;
	v = strtol(d, &end, 10);
	if (errno || end == d || strcmp(end, ".dat") || v > INT_MAX)
		return 0;
	return (pid_t)v;
}

/* Does open file @fd carry proof that suite @pid made it?  *@none is set
 * when it carries no mark at all (or xattrs are unsupported). */
static bool has_our_mark(int fd, pid_t pid, bool *none)
{
	char have[64], want[24];
	ssize_t n;

	*none = false;
	snprintf(want, sizeof(want), "%ld", (long)pid);
	n = fgetxattr(fd, LEFTOVERS_XATTR, have, sizeof(have) - 1);
	if (n >= 0) {
		have[n] = '\0';
		/* "kept", or another pid: no proof */
		return !strcmp(have, want);
	}
	if (errno != ENODATA)
		goto no_mark;
	/* no suite mark: an older suite's file has the fill marker */
	n = fgetxattr(fd, FILL_XATTR, have, sizeof(have) - 1);
	if (n > 0)
		return true;
no_mark:
	*none = true;
	return false;
}

/* Check and remove one candidate: DIR's entry @name for pid @pid. */
static void sweep_one(int dfd, const char *dir, const char *name, pid_t pid,
		      leftover_fn fn, void *arg)
{
	char path[PATH_MAX];
	struct stat st, fst;
	bool none = false, ours;
	int fd;

	if (pid == getpid() || kill(pid, 0) == 0 || errno != ESRCH)
		return;		/* alive (EPERM: someone else's) */
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISREG(st.st_mode) || st.st_uid != geteuid())
		return;
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			       O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return;
	ours = !fstat(fd, &fst) && fst.st_dev == st.st_dev &&
	       fst.st_ino == st.st_ino && has_our_mark(fd, pid, &none);
	close(fd);
	snprintf(path, sizeof(path), "%s%s%s", dir,
		 dir[strlen(dir) - 1] == '/' ? "" : "/", name);
	if (!ours) {
		if (none)
			fn(arg, path, pid, LEFTOVER_UNPROVEN, 0);
		return;
	}
	/* the name must still lead to the inode we checked */
	if (fstatat(dfd, name, &fst, AT_SYMLINK_NOFOLLOW) ||
	    fst.st_dev != st.st_dev || fst.st_ino != st.st_ino)
		return;
	if (unlinkat(dfd, name, 0))
		fn(arg, path, pid, LEFTOVER_FAILED, errno);
	else
		fn(arg, path, pid, LEFTOVER_REMOVED, 0);
}

int leftovers_sweep(const char *dir, leftover_fn fn, void *arg)
{
	struct dirent *de;
	DIR *d = opendir(dir);

	if (!d)
		return -errno;
	while ((de = readdir(d))) {
		pid_t pid = name_pid(de->d_name);

		if (pid > 0)
			sweep_one(dirfd(d), dir, de->d_name, pid, fn, arg);
	}
	closedir(d);
	return 0;
}
