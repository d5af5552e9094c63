/* path.c - path helpers (see path.h). */
#include "lib/path.h"

#include <errno.h>
#include <limits.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "lib/util.h"

void path_dir(const char *path, char *dir, size_t len)
{
	const char *slash = strrchr(path, '/');
	size_t n;

	if (!slash) {
		str_copy(dir, len, ".");
		return;
	}
	while (slash > path && slash[-1] == '/')
		slash--;
	n = slash == path ? 1 : (size_t)(slash - path);
	if (n >= len)
		n = len - 1;
	memcpy(dir, path, n);
	dir[n] = '\0';
}

int path_mkdir_parents(const char *path)
{
	char dir[PATH_MAX];
	char *p;

	str_copy(dir, sizeof(dir), path);
	for (p = dir + 1; *p; p++) {
		if (*p != '/' || p[-1] == '/')
			continue;
		*p = '\0';
		if (mkdir(dir, 0755) && errno != EEXIST)
			return -errno;
		*p = '/';
	}
	return 0;
}

int path_free_bytes(const char *path, uint64_t *free_bytes)
{
	char dir[PATH_MAX], up[PATH_MAX];
	struct statvfs vfs;

	str_copy(dir, sizeof(dir), path);
	while (statvfs(dir, &vfs)) {
		if (errno != ENOENT && errno != ENOTDIR)
			return -errno;
		path_dir(dir, up, sizeof(up));
		if (!strcmp(up, dir))
			return -ENOENT;
		str_copy(dir, sizeof(dir), up);
	}
	*free_bytes = (uint64_t)vfs.f_bavail * vfs.f_frsize;
	return 0;
}

uint64_t path_space_margin(uint64_t bytes)
{
	uint64_t m = bytes / 20;

	if (m < (64ull << 20))
		m = 64ull << 20;
	if (m > (1ull << 30))
		m = 1ull << 30;
	return m;
}
