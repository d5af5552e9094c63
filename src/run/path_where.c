/* path_where.c - where a PATH lives (see path_where.h): the mountinfo
 * line of the PATH's device whose mount point is the longest prefix of
 * the PATH, then /sys/dev/block/MAJ:MIN for the device's kernel name,
 * its parent disk when it is a partition, and the disk's model, size and
 * loop backing file.
 */
#include "run/path_where.h"

#include <dirent.h>
#include <errno.h>
#include <inttypes.h>
#include <libgen.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <unistd.h>

#include "lib/path.h"
#include "lib/util.h"

/* The first line of @dir/@file into @buf, trailing blanks cut; "" when
 * it cannot be read. */
static void read_line(const char *dir, const char *file, char *buf,
		      size_t len)
{
	char p[PATH_MAX + 64];
	FILE *f;
	size_t n;

	buf[0] = '\0';
	snprintf(p, sizeof(p), "%s/%s", dir, file);
	f = fopen(p, "re");
	if (!f)
		return;
	if (!fgets(buf, (int)len, f))
		buf[0] = '\0';
	fclose(f);
	n = strlen(buf);
	while (n && (buf[n - 1] == '\n' || buf[n - 1] == ' '))
		buf[--n] = '\0';
}

/* A mountinfo field with its octal escapes (\040 for a space) undone. */
static void unescape(char *s)
{
	char *o = s;

	for (; *s; s++) {
		if (s[0] == '\\' && s[1] >= '0' && s[1] <= '3' && s[2] &&
		    s[3]) {
			*o++ = (char)((s[1] - '0') * 64 + (s[2] - '0') * 8 +
				      (s[3] - '0'));
			s += 3;
		} else {
			*o++ = *s;
		}
	}
	*o = '\0';
}

/* Is mount point @m a prefix of @real at a '/'? */
static bool mount_holds(const char *m, const char *real)
{
	size_t n = strlen(m);

	if (!strcmp(m, "/"))
		return true;
	return !strncmp(m, real, n) && (real[n] == '/' || !real[n]);
}

/* The mount of @dev holding @real: mount point and type into @w. */
static int find_mount(const char *mountinfo, const char *real, dev_t dev,
		      struct path_where *w)
{
	FILE *f = fopen(mountinfo, "re");
	char line[3 * PATH_MAX], mnt[PATH_MAX], type[64];
	unsigned int maj, min;
	size_t best = 0;

	if (!f)
		return -errno;
	while (fgets(line, sizeof(line), f)) {
		const char *dash = strstr(line, " - ");

		if (!dash || sscanf(line, "%*u %*u %u:%u %*s %4095s", &maj,
				    &min, mnt) != 3 ||
		    sscanf(dash + 3, "%63s", type) != 1)
			continue;
		unescape(mnt);
		if (makedev(maj, min) != dev || !mount_holds(mnt, real) ||
		    strlen(mnt) < best)
			continue;
		best = strlen(mnt);
		str_copy(w->mount, sizeof(w->mount), mnt);
		str_copy(w->fstype, sizeof(w->fstype), type);
	}
	fclose(f);
	return 0;
}

/* The kernel name of block device @dev and its sysfs folder. */
static int dev_node(const char *sys, dev_t dev, char *name, size_t len,
		    char *dir, size_t dlen)
{
	char link[PATH_MAX], target[PATH_MAX];
	const char *base;
	ssize_t n;

	snprintf(link, sizeof(link), "%s/dev/block/%u:%u", sys, major(dev),
		 minor(dev));
	n = readlink(link, target, sizeof(target) - 1);
	if (n < 0)
		return -errno;
	target[n] = '\0';
	base = strrchr(target, '/');
	str_copy(name, len, base ? base + 1 : target);
	str_copy(dir, dlen, link);
	return 0;
}

/* Disk facts of @w->disk: model, size, loop backing file. */
static void disk_facts(const char *sys, struct path_where *w)
{
	char dir[PATH_MAX], v[64];
	uint64_t sectors;

	snprintf(dir, sizeof(dir), "%s/class/block/%s", sys, w->disk);
	read_line(dir, "size", v, sizeof(v));
	if (sscanf(v, "%" SCNu64, &sectors) == 1)
		w->disk_bytes = sectors * 512;
	read_line(dir, "loop/backing_file", w->backing, sizeof(w->backing));
	read_line(dir, "device/model", w->model, sizeof(w->model));
	if (!w->model[0]) {
		read_line(dir, "device/vendor", v, sizeof(v));
		if (!strcmp(v, "0x1af4"))
			str_copy(w->model, sizeof(w->model), "virtio disk");
	}
	w->memory = !strncmp(w->disk, "zram", 4) ||
		    !strncmp(w->disk, "ram", 3);
}

/* The whole disk of the device whose sysfs node is @node (a partition's
 * parent folder) into @disk. */
static void whole_disk(const char *node, const char *name, char *disk,
		       size_t len)
{
	char p[PATH_MAX + 16], real[PATH_MAX], *parent;
	struct stat st;

	str_copy(disk, len, name);
	snprintf(p, sizeof(p), "%s/partition", node);
	if (stat(p, &st) || !realpath(node, real))
		return;
	parent = dirname(real);
	str_copy(disk, len, basename(parent));
}

/* The whole disk of @dev ("" when it has none). */
static void disk_of(const char *sys, dev_t dev, char *name, size_t nlen,
		    char *disk, size_t dlen)
{
	char node[PATH_MAX];

	name[0] = disk[0] = '\0';
	if (!major(dev) || dev_node(sys, dev, name, nlen, node, sizeof(node)))
		return;
	whole_disk(node, name, disk, dlen);
}

int path_where_lookup(const char *sys, const char *mountinfo,
		      const char *real, dev_t dev, dev_t root_dev,
		      struct path_where *w)
{
	char rname[64], rdisk[64];
	int ret;

	memset(w, 0, sizeof(*w));
	ret = find_mount(mountinfo, real, dev, w);
	if (ret)
		return ret;
	disk_of(sys, dev, w->dev, sizeof(w->dev), w->disk, sizeof(w->disk));
	if (w->disk[0])
		disk_facts(sys, w);
	disk_of(sys, root_dev, rname, sizeof(rname), rdisk, sizeof(rdisk));
	w->root_disk = dev == root_dev ||
		       (w->disk[0] && !strcmp(w->disk, rdisk));
	if (!strcmp(w->fstype, "tmpfs") || !strcmp(w->fstype, "ramfs"))
		w->memory = true;
	return 0;
}

int path_where(const char *path, struct path_where *w)
{
	char near[PATH_MAX], real[PATH_MAX];
	struct stat st, root;

	if (stat(path, &st)) {
		path_nearest_folder(path, near, sizeof(near));
		path = near;
		if (stat(path, &st))
			return -errno;
	}
	if (!realpath(path, real) || stat("/", &root))
		return -errno;
	return path_where_lookup("/sys", "/proc/self/mountinfo", real,
				 st.st_dev, root.st_dev, w);
}

/* @b bytes as "100.0 GiB" / "512.0 MiB". */
static void size_words(char *buf, size_t len, uint64_t b)
{
	if (b >= (1ull << 30))
		snprintf(buf, len, "%.1f GiB", (double)b / (1ull << 30));
	else
		snprintf(buf, len, "%.1f MiB", (double)b / (1ull << 20));
}

void path_where_describe(const struct path_where *w, char *buf, size_t len)
{
	char size[32] = "", what[PATH_MAX + 160] = "", dev[160] = "";

	if (w->disk_bytes)
		size_words(size, sizeof(size), w->disk_bytes);
	if (w->backing[0])
		snprintf(what, sizeof(what), "loop device backed by %s%s%s",
			 w->backing, size[0] ? ", " : "", size);
	else
		snprintf(what, sizeof(what), "%s%s%s",
			 w->model[0] ? w->model : "model unknown",
			 size[0] ? ", " : "", size);
	if (w->dev[0] && strcmp(w->dev, w->disk))
		snprintf(dev, sizeof(dev), "%s on disk %s", w->dev, w->disk);
	else if (w->dev[0])
		str_copy(dev, sizeof(dev), w->dev);
	if (dev[0])
		snprintf(buf, len, "%s (%s), %s on %s, %s", dev, what,
			 w->fstype[0] ? w->fstype : "filesystem unknown",
			 w->mount[0] ? w->mount : "?",
			 w->root_disk ? "the root filesystem's disk" :
					"not the root filesystem's disk");
	else
		snprintf(buf, len, "%s on %s (no disk: %s)",
			 w->fstype[0] ? w->fstype : "filesystem unknown",
			 w->mount[0] ? w->mount : "?",
			 w->memory ? "memory, so the figures are memory "
				     "speeds" :
				     "a filesystem without a block device");
}

void path_nearest_folder(const char *path, char *dir, size_t len)
{
	char cur[PATH_MAX], up[PATH_MAX];
	struct stat st;

	str_copy(cur, sizeof(cur), path);
	for (;;) {
		if (!stat(cur, &st) && S_ISDIR(st.st_mode))
			break;
		path_dir(cur, up, sizeof(up));
		if (!strcmp(up, cur))
			break;
		str_copy(cur, sizeof(cur), up);
	}
	str_copy(dir, len, cur);
}

/* Is @real a folder that holds nothing? */
static bool folder_empty(const char *real)
{
	DIR *d = opendir(real);
	const struct dirent *e;
	bool empty = true;

	if (!d)
		return false;
	while (empty && (e = readdir(d)))
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			empty = false;
	closedir(d);
	return empty;
}

bool path_unmounted_folder(const char *real)
{
	static const char *const under[] = { "/mnt/", "/media/",
					     "/run/media/", "/srv/" };
	char parent[PATH_MAX];
	struct stat st, pst;
	bool looks = false;
	size_t i;

	for (i = 0; i < ARRAY_SIZE(under); i++)
		looks |= !strncmp(real, under[i], strlen(under[i]));
	/* one level below "/": /data, /scratch (not /tmp, /home...) */
	looks |= real[0] == '/' && real[1] && !strchr(real + 1, '/') &&
		 strcmp(real, "/tmp") && strcmp(real, "/home") &&
		 strcmp(real, "/root") && strcmp(real, "/var");
	if (!looks || !folder_empty(real))
		return false;
	path_dir(real, parent, sizeof(parent));
	if (stat(real, &st) || stat(parent, &pst))
		return false;
	return st.st_dev == pst.st_dev;	/* else it is a mount point */
}
