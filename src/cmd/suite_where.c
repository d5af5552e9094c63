/* suite_where.c - the suite's PATHs before anything is created (see
 * suite_where.h): the facts from run/path_where.h on the plan, the
 * refusal of a missing PATH, the warning for an empty mount point on the
 * root disk, and the check of --baseline against the history.
 */
#include "cmd/suite_where.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statvfs.h>

#include "cmd/diag.h"
#include "lib/path.h"
#include "run/path_where.h"
#include "workflow/baseline.h"
#include "workflow/history.h"

#define MIB (1024.0 * 1024.0)

void suite_list_mounts(FILE *f)
{
	FILE *m = fopen("/proc/self/mounts", "re");
	char dev[256], dir[512], type[64], rest[512];

	if (!m)
		return;
	fputs("mounted filesystems:\n", f);
	while (fscanf(m, "%255s %511s %63s %511[^\n]\n", dev, dir, type,
		      rest) == 4) {
		struct statvfs v;

		if (statvfs(dir, &v) || !v.f_blocks || strchr(dev, '/') == NULL)
			continue;
		fprintf(f, "  %-24s %-8s %10.1f GiB free  %s\n", dev, type,
			(double)v.f_bavail * v.f_frsize / (MIB * 1024), dir);
	}
	fclose(m);
}

/* The plan's "where:" line per PATH: device, disk, model, size,
 * filesystem, mount point, root disk or not. */
void suite_print_where(const struct suite *s, FILE *f)
{
	struct path_where w;
	char line[2 * PATH_MAX + 512];
	uint32_t i;

	for (i = 0; i < s->nfiles; i++) {
		if (path_where(s->files[i].name, &w))
			continue;
		path_where_describe(&w, line, sizeof(line));
		fprintf(f, "where: %s: %s\n", s->o.paths[i], line);
	}
}

/* A PATH that does not exist, unless a new file name (a name with a
 * suffix, "test.dat") in an existing folder: 0, or -ENOENT with @err
 * naming the nearest existing folder. */
static int check_missing(const char *path, char *err, size_t len)
{
	char near[PATH_MAX], where[2 * PATH_MAX + 512] = "";
	const char *base = strrchr(path, '/');
	struct path_where w;
	struct stat st;

	if (!stat(path, &st) || errno != ENOENT)
		return 0;
	base = base ? base + 1 : path;
	path_nearest_folder(path, near, sizeof(near));
	if (strchr(base, '.') && base[0] != '.') {
		char dir[PATH_MAX];

		path_dir(path, dir, sizeof(dir));
		if (!stat(dir, &st) && S_ISDIR(st.st_mode))
			return 0;
	}
	if (!path_where(near, &w))
		path_where_describe(&w, where, sizeof(where));
	snprintf(err, len, "'%.500s' does not exist: expected a folder on "
		 "the disk under test (or a new file name such as "
		 "%.500s.dat in an existing folder); the nearest existing "
		 "folder is '%.500s'%s%.1200s", path, path, near,
		 where[0] ? ", on " : "", where);
	return -ENOENT;
}

/* Every PATH exists (check_missing): 0, or -ENOENT with @err filled. */
int suite_check_paths(const struct suite *s, char *err, size_t len)
{
	uint32_t i;

	for (i = 0; i < s->o.npaths; i++)
		if (check_missing(s->o.paths[i], err, len))
			return -ENOENT;
	return 0;
}

/* A PATH that is an empty folder where a disk is usually mounted, on the
 * root filesystem's disk: most likely the disk under test is not mounted
 * (yet), and the suite would measure the root disk. */
void suite_warn_unmounted(const struct suite *s)
{
	struct path_where w;
	char real[PATH_MAX];
	uint32_t i;

	for (i = 0; i < s->o.npaths; i++) {
		if (!realpath(s->o.paths[i], real) ||
		    !path_unmounted_folder(real) || path_where(real, &w) ||
		    !w.root_disk)
			continue;
		warnf("'%s' is an empty folder on the root filesystem's disk "
		      "(%s, %s on %s), not a mount point: the suite measures "
		      "that disk; mount the disk under test there first if "
		      "that is not what you want", s->o.paths[i],
		      w.disk[0] ? w.disk : w.fstype, w.fstype, w.mount);
	}
}

int suite_check_baseline(const struct suite *s, char *err, size_t len)
{
	struct history h = { 0 };
	char herr[512];
	int ret = 0;

	if (!s->o.baseline)
		return 0;
	if (!strcmp(s->o.baseline, s->o.label)) {
		snprintf(err, len, "invalid --baseline '%s': it is this "
			 "suite's own --label; expected an earlier label",
			 s->o.baseline);
		return -EINVAL;
	}
	if (history_load(s->hist, &h, herr, sizeof(herr)) ||
	    !baseline_label_exists(&h, s->o.baseline)) {
		snprintf(err, len, "unknown --baseline '%.128s': history "
			 "'%.1000s' holds no such label (see 'ioprobe compare "
			 "--history %.1000s')", s->o.baseline, s->hist,
			 s->hist);
		ret = -EINVAL;
	}
	history_release(&h);
	return ret;
}
