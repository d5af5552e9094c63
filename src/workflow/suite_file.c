/* suite_file.c - the suite's test file, ours alone: the name is chosen in
 * the folder the user gave (or is the new file name given), the free
 * space is checked before anything is written, the name is claimed with
 * O_EXCL (an existing file is never used), and the file is removed at the
 * end, on error and on any signal that ends the process (cleanup.h)
 * unless --keep-file; one that a kill -9 left is swept by the next suite
 * in that folder (leftovers.h).  See suite.h.
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

int suite_choose_file(struct suite *s, char *err, size_t len)
{
	const char *path = s->o.path, *base;
	char parent[PATH_MAX];
	struct stat st;

	if (!stat(path, &st) && S_ISDIR(st.st_mode)) {
		/* absolute, so history rows say where the test ran */
		if (!realpath(path, parent))
			str_copy(parent, sizeof(parent), path);
		snprintf(s->file, sizeof(s->file), "%.4000s%sioprobe-suite-%d.dat",
			 parent, parent[strlen(parent) - 1] == '/' ? "" : "/",
			 (int)getpid());
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
	if (errno == ENAMETOOLONG || strlen(path) >= sizeof(s->file) ||
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
	str_copy(s->file, sizeof(s->file), path);
	return 0;
}

int suite_check_space(const struct suite *s, char *err, size_t len)
{
	char dir[PATH_MAX];
	uint64_t avail, margin = path_space_margin(s->o.file_bytes);
	int ret;

	path_dir(s->file, dir, sizeof(dir));
	ret = path_free_bytes(dir, &avail);
	if (ret) {
		snprintf(err, len, "cannot check free space in '%s': %s", dir,
			 strerror(-ret));
		return ret;
	}
	if (avail < s->o.file_bytes + margin) {
		snprintf(err, len, "not enough free space in '%s': the test "
			 "file needs %.0f MiB plus a %.0f MiB margin, %.1f MiB "
			 "free; use a smaller --file-size or another folder",
			 dir, (double)s->o.file_bytes / MIB,
			 (double)margin / MIB, (double)avail / MIB);
		return -ENOSPC;
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

int suite_claim_file(struct suite *s, char *err, size_t len)
{
	int fd = open(s->file, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);

	if (fd < 0) {
		int e = errno;

		snprintf(err, len, "cannot create test file '%s': %s", s->file,
			 strerror(e));
		return -e;
	}
	s->file_fd = fd;
	/* any exit or signal from now on removes it, unless --keep-file */
	s->file_slot = s->o.keep ? -1 : cleanup_add(s->file, fd);
	leftovers_mark(fd, s->o.keep);
	s->file_claimed = true;
	return 0;
}

int suite_release_file(struct suite *s)
{
	if (!s->file_claimed)
		return 0;
	close(s->file_fd);
	if (s->o.keep)
		return 0;
	s->file_claimed = false;
	if (cleanup_remove(s->file_slot) || (s->file_slot < 0 &&
					     target_remove(s->file)))
		return -EIO;
	return 0;
}
