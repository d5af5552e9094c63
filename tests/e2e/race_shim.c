/* race_shim.c - an LD_PRELOAD library for test_race.sh that plays the
 * other user who swaps a name under ioprobe: on the RACE_AT-th library
 * call that names RACE_PATH (open, stat, access, mkdir, realpath...), it
 * first renames RACE_PATH aside and puts a symbolic link to RACE_DEV in
 * its place, then lets the call go on.  With RACE_AT=0 it only counts,
 * and writes the count of such calls to RACE_COUNT at exit, so the test
 * can try every position.
 */
#define _GNU_SOURCE
#include <dlfcn.h>
#include <fcntl.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

static int calls;

static void race(const char *path)
{
	const char *want = getenv("RACE_PATH"), *dev = getenv("RACE_DEV");
	const char *at = getenv("RACE_AT");
	char aside[4096];

	if (!want || !path || strcmp(path, want))
		return;
	calls++;
	if (!at || atoi(at) != calls || !dev)
		return;
	snprintf(aside, sizeof(aside), "%s.aside", want);
	rename(want, aside);
	symlink(dev, want);
}

__attribute__((destructor)) static void race_count(void)
{
	const char *out = getenv("RACE_COUNT");
	FILE *f;

	if (!out || (getenv("RACE_AT") && atoi(getenv("RACE_AT"))))
		return;
	f = fopen(out, "w");
	if (f) {
		fprintf(f, "%d\n", calls);
		fclose(f);
	}
}

#define NEXT(name) ((__typeof__(&name))dlsym(RTLD_NEXT, #name))

static mode_t mode_arg(int flags, va_list ap)
{
	return (flags & (O_CREAT | O_TMPFILE)) ? (mode_t)va_arg(ap, int) : 0;
}

#define OPEN_LIKE(name)							\
int name(const char *path, int flags, ...)				\
{									\
	va_list ap;							\
	mode_t m;							\
									\
	va_start(ap, flags);						\
	m = mode_arg(flags, ap);					\
	va_end(ap);							\
	race(path);							\
	return NEXT(name)(path, flags, m);				\
}
OPEN_LIKE(open)
OPEN_LIKE(open64)

#define OPENAT_LIKE(name)						\
int name(int dfd, const char *path, int flags, ...)			\
{									\
	va_list ap;							\
	mode_t m;							\
									\
	va_start(ap, flags);						\
	m = mode_arg(flags, ap);					\
	va_end(ap);							\
	race(path);							\
	return NEXT(name)(dfd, path, flags, m);				\
}
OPENAT_LIKE(openat)
OPENAT_LIKE(openat64)

#define STAT_LIKE(name, st_type)					\
int name(const char *path, struct st_type *st)				\
{									\
	race(path);							\
	return NEXT(name)(path, st);					\
}
STAT_LIKE(stat, stat)
STAT_LIKE(lstat, stat)
STAT_LIKE(stat64, stat64)
STAT_LIKE(lstat64, stat64)

int fstatat(int dfd, const char *path, struct stat *st, int flags)
{
	race(path);
	return NEXT(fstatat)(dfd, path, st, flags);
}

int fstatat64(int dfd, const char *path, struct stat64 *st, int flags)
{
	race(path);
	return NEXT(fstatat64)(dfd, path, st, flags);
}

int statx(int dfd, const char *path, int flags, unsigned int mask,
	  struct statx *st)
{
	race(path);
	return NEXT(statx)(dfd, path, flags, mask, st);
}

int access(const char *path, int mode)
{
	race(path);
	return NEXT(access)(path, mode);
}

char *realpath(const char *path, char *resolved)
{
	race(path);
	return NEXT(realpath)(path, resolved);
}

FILE *fopen(const char *path, const char *mode)
{
	race(path);
	return NEXT(fopen)(path, mode);
}

FILE *fopen64(const char *path, const char *mode)
{
	race(path);
	return NEXT(fopen64)(path, mode);
}

int truncate(const char *path, off_t len)
{
	race(path);
	return NEXT(truncate)(path, len);
}

ssize_t getxattr(const char *path, const char *name, void *v, size_t n)
{
	race(path);
	return NEXT(getxattr)(path, name, v, n);
}
