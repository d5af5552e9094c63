/* suite_file.c - the suite's test file, ours alone: the name is chosen in
 * the folder the user gave (or is the new file name given), the free
 * space is checked before anything is written, the name is claimed with
 * O_EXCL (an existing file is never used), and the file is removed at the
 * end, on error and on any signal that ends the process (cleanup.h)
 * unless --keep-file; one that a kill -9 left is swept by the next suite
 * in that folder (leftovers.h).  The sweep's folder target gets one
 * the same way (struct test_file).  See suite.h.
 */
#include "workflow/suite.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/cleanup.h"
#include "lib/path.h"
#include "lib/util.h"
#include "run/target.h"
#include "workflow/leftovers.h"

#define MIB (1024.0 * 1024.0)

/* The test file name for @path into @file (PATH_MAX bytes); @tag:
 * suite_opts.file_tag. */
static int choose_one(const char *path, const char *tag, char *file,
		      char *err, size_t len)
{
	const char *base;
	char parent[PATH_MAX];
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		/* absolute, so history rows say where the test ran */
		if (!realpath(path, parent))
			str_copy(parent, sizeof(parent), path);
		snprintf(file, PATH_MAX, "%.4000s%sioprobe-suite-%d%s%.16s.dat",
			 parent, parent[strlen(parent) - 1] == '/' ? "" : "/",
			 (int)getpid(), tag ? "-" : "", tag ? tag : "");
		return 0;
	}
	if (!stat(path, &st)) {
		snprintf(err, len, "'%s' already exists: expected a folder or "
			 "a new file name (the suite never overwrites a file)",
			 path);
		return -EINVAL;
	}
	base = strrchr(path, '/');
	base = base ? base + 1 : path;
	if (errno == ENAMETOOLONG || strlen(path) >= PATH_MAX ||
	    strlen(base) > NAME_MAX) {
		snprintf(err, len, "invalid PATH '%.60s...': file name too long "
			 "(%zu characters)", path, strlen(path));
		return -EINVAL;
	}
	if (errno != ENOENT) {
		snprintf(err, len, "invalid PATH '%s': %s", path,
			 strerror(errno));
		return -EINVAL;
	}
	path_dir(path, parent, sizeof(parent));
	if (stat(parent, &st) || !S_ISDIR(st.st_mode)) {
		snprintf(err, len, "'%s' does not exist: expected a folder on "
			 "the disk under test", path);
		return -ENOENT;
	}
	str_copy(file, PATH_MAX, path);
	return 0;
}

int suite_choose_file(struct suite *s, char *err, size_t len)
{
	uint32_t i, k;
	int ret;

	s->nfiles = 0;
	for (i = 0; i < s->o.npaths && i < SUITE_MAX_PATHS; i++) {
		struct suite_file *sf = &s->files[i];

		ret = choose_one(s->o.paths[i], s->o.file_tag, sf->name, err,
				 len);
		if (ret)
			return ret;
		sf->fd = -1;
		sf->slot = -1;
		sf->claimed = false;
		for (k = 0; k < i; k++) {
			if (strcmp(s->files[k].name, sf->name))
				continue;
			snprintf(err, len, "PATH '%s' names the same test file "
				 "as '%s': expected one PATH per disk",
				 s->o.paths[i], s->o.paths[k]);
			return -EINVAL;
		}
		s->nfiles++;
	}
	return 0;
}

void suite_files_joined(const struct suite *s, const char *sep, char *buf,
			size_t len)
{
	size_t n = 0;
	uint32_t i;

	if (!len)
		return;
	buf[0] = '\0';
	for (i = 0; i < s->nfiles && n < len; i++)
		n += (size_t)snprintf(buf + n, len - n, "%s%s", i ? sep : "",
				      s->files[i].name);
}

/* The folder of test file @i and the device of its filesystem. */
static int file_dir(const struct suite *s, uint32_t i, char *dir,
		    size_t len, dev_t *dev)
{
	struct stat st;

	path_dir(s->files[i].name, dir, len);
	if (stat(dir, &st))
		return -errno;
	*dev = st.st_dev;
	return 0;
}

/* How many of the test files go to the filesystem of test file @i. */
static uint32_t files_on_fs(const struct suite *s, uint32_t i)
{
	char dir[PATH_MAX];
	dev_t dev = 0, other = 0;
	uint32_t k, n = 0;

	if (file_dir(s, i, dir, sizeof(dir), &dev))
		return 1;
	for (k = 0; k < s->nfiles; k++)
		n += !file_dir(s, k, dir, sizeof(dir), &other) && other == dev;
	return n ? n : 1;
}

/* Room for @n files of @bytes on the filesystem of test file @name. */
static int check_space_one(const char *name, uint64_t bytes, uint32_t n,
			   char *err, size_t len)
{
	char dir[PATH_MAX];
	uint64_t avail, need, margin = path_space_margin(bytes);
	int ret;

	path_dir(name, dir, sizeof(dir));
	ret = path_free_bytes(dir, &avail);
	if (ret) {
		snprintf(err, len, "cannot check free space in '%s': %s", dir,
			 strerror(-ret));
		return ret;
	}
	need = bytes * n;
	if (avail < need + margin) {
		snprintf(err, len, "not enough free space in '%s': the test "
			 "file%s need%s %.0f MiB plus a %.0f MiB margin, %.1f "
			 "MiB free; use a smaller --file-size or another folder",
			 dir, n > 1 ? "s on its filesystem" : "",
			 n > 1 ? "" : "s", (double)need / MIB,
			 (double)margin / MIB, (double)avail / MIB);
		return -ENOSPC;
	}
	return 0;
}

int suite_check_space(const struct suite *s, char *err, size_t len)
{
	uint32_t i;
	int ret;

	for (i = 0; i < s->nfiles; i++) {
		ret = check_space_one(s->files[i].name, s->o.file_bytes,
				      files_on_fs(s, i), err, len);
		if (ret)
			return ret;
	}
	return 0;
}

void suite_space_hint(char *err, size_t len)
{
	static const char from[] = "use a smaller -c ";
	static const char to[] = "use a smaller --file-size ";
	char *at = strstr(err, from);
	char rest[1024];

	if (!at)
		return;
	str_copy(rest, sizeof(rest), at + sizeof(from) - 1);
	snprintf(at, len - (size_t)(at - err), "%s%s", to, rest);
}

static int claim_one(struct suite_file *sf, bool keep, char *err,
		     size_t len)
{
	int fd = open(sf->name, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0) {
		int e = errno;

		snprintf(err, len, "cannot create test file '%s': %s", sf->name,
			 strerror(e));
		return -e;
	}
	sf->fd = fd;
	/* any exit or signal from now on removes it, unless --keep-file */
	sf->slot = keep ? -1 : cleanup_add(sf->name, fd);
	leftovers_mark(fd, keep);
	sf->claimed = true;
	return 0;
}

int suite_claim_file(struct suite *s, char *err, size_t len)
{
	uint32_t i, k;
	int ret;

	for (i = 0; i < s->nfiles; i++) {
		ret = claim_one(&s->files[i], s->o.keep, err, len);
		if (!ret)
			continue;
		/* a refusal on one PATH leaves nothing on the others */
		for (k = 0; k < i; k++) {
			struct suite_file *sf = &s->files[k];

			close(sf->fd);
			sf->claimed = false;
			if (cleanup_remove(sf->slot) || sf->slot < 0)
				target_remove(sf->name);
		}
		return ret;
	}
	return 0;
}

static int release_one(struct suite_file *sf, bool keep)
{
	if (!sf->claimed)
		return 0;
	close(sf->fd);
	if (keep)
		return 0;
	sf->claimed = false;
	if (cleanup_remove(sf->slot) || (sf->slot < 0 &&
					 target_remove(sf->name)))
		return -EIO;
	return 0;
}

int suite_release_file(struct suite *s, uint32_t k)
{
	return k < s->nfiles ? release_one(&s->files[k], s->o.keep) : 0;
}

/* ---- one test file outside a suite (the sweep's folder target) ---- */

void test_file_init(struct test_file *t, const char *path, bool keep,
		    uint64_t bytes)
{
	memset(t, 0, sizeof(*t));
	t->path = path;
	t->keep = keep;
	t->file_bytes = bytes;
	t->f.fd = -1;
	t->f.slot = -1;
}

int test_file_choose(struct test_file *t, char *err, size_t len)
{
	return choose_one(t->path, NULL, t->f.name, err, len);
}

int test_file_check_space(const struct test_file *t, char *err, size_t len)
{
	return check_space_one(t->f.name, t->file_bytes, 1, err, len);
}

int test_file_claim(struct test_file *t, char *err, size_t len)
{
	return claim_one(&t->f, t->keep, err, len);
}

int test_file_release(struct test_file *t)
{
	return release_one(&t->f, t->keep);
}

int test_file_fd(const struct test_file *t)
{
	return t->f.claimed ? t->f.fd : -1;
}
