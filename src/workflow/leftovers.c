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

#define KEPT "kept"

/* This host's name for the mark, "" when it has none. */
static void host_name(char *buf, size_t len)
{
	if (gethostname(buf, len))
		buf[0] = '\0';
	buf[len - 1] = '\0';
}

int leftovers_mark(int fd, bool kept)
{
	char v[320], host[256];
	int n;

	host_name(host, sizeof(host));
	n = kept ? snprintf(v, sizeof(v), "%s", KEPT) :
		   snprintf(v, sizeof(v), "%ld@%s", (long)getpid(), host);
	return fsetxattr(fd, LEFTOVERS_XATTR, v, (size_t)n, 0) ? -errno : 0;
}

/* Does @s read "-r<rank>.dat" (an MPI rank's test file)? */
static bool rank_tail(const char *s)
{
	if (strncmp(s, "-r", 2) || s[2] < '0' || s[2] > '9')
		return false;
	s += 2;
	while (*s >= '0' && *s <= '9')
		s++;
	return !strcmp(s, ".dat");
}

/* The pid of "ioprobe-suite-<pid>.dat" or "ioprobe-suite-<pid>-r<N>.dat",
 * or 0 for any other name. */
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
	if (errno || end == d || v > INT_MAX ||
	    (strcmp(end, ".dat") && !rank_tail(end)))
		return 0;
	return (pid_t)v;
}

/* What the mark of an open candidate says. */
enum mark {
	MARK_OURS,		/* "<pid>@<this host>" with the name's pid */
	MARK_NONE,		/* no proof: no mark, no host in it, only the
				 * fill marker, or no xattr support */
	MARK_OTHER_HOST,	/* the name's pid, on another host */
	MARK_OTHER,		/* "kept", or another pid: not a leftover */
};

/* Read the mark of @fd, the candidate for suite @pid. */
static enum mark read_mark(int fd, pid_t pid)
{
	char have[320], want[24], host[256];
	const char *at;
	ssize_t n;

	n = fgetxattr(fd, LEFTOVERS_XATTR, have, sizeof(have) - 1);
	if (n < 0)
		return MARK_NONE;	/* none, or only the fill marker */
	have[n] = '\0';
	snprintf(want, sizeof(want), "%ld", (long)pid);
	at = strchr(have, '@');
	if (!at)
		/* an older suite's "<pid>": no host to prove it by */
		return strcmp(have, want) ? MARK_OTHER : MARK_NONE;
	if ((size_t)(at - have) != strlen(want) ||
	    strncmp(have, want, strlen(want)))
		return MARK_OTHER;
	host_name(host, sizeof(host));
	return host[0] && !strcmp(at + 1, host) ? MARK_OURS : MARK_OTHER_HOST;
}

/* Check and remove one candidate: DIR's entry @name for pid @pid. */
static void sweep_one(int dfd, const char *dir, const char *name, pid_t pid,
		      leftover_fn fn, void *arg)
{
	char path[PATH_MAX];
	struct stat st, fst;
	enum mark m = MARK_OTHER;
	int fd;

	snprintf(path, sizeof(path), "%s%s%s", dir,
		 dir[strlen(dir) - 1] == '/' ? "" : "/", name);
	if (fstatat(dfd, name, &st, AT_SYMLINK_NOFOLLOW) ||
	    !S_ISREG(st.st_mode))
		return;
	if (st.st_uid != geteuid()) {
		fn(arg, path, pid, LEFTOVER_OTHER_USER, 0);
		return;
	}
	fd = openat(dfd, name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK |
			       O_NOCTTY | O_CLOEXEC);
	if (fd < 0)
		return;
	if (!fstat(fd, &fst) && fst.st_dev == st.st_dev &&
	    fst.st_ino == st.st_ino)
		m = read_mark(fd, pid);
	close(fd);
	if (m == MARK_OTHER_HOST) {
		/* its pid says nothing here, alive or gone */
		fn(arg, path, pid, LEFTOVER_OTHER_HOST, 0);
		return;
	}
	if (m == MARK_OTHER || pid == getpid())
		return;		/* not a leftover, or our own */
	if (kill(pid, 0) == 0 || errno != ESRCH) {
		/* alive (EPERM: a process of someone else's) */
		fn(arg, path, pid, LEFTOVER_ALIVE, 0);
		return;
	}
	if (m == MARK_NONE) {
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
