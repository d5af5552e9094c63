/* target_describe.c - the facts reports show about a target: filesystem
 * type (from mountinfo, else the superblock magic), device, whole disk,
 * model, rotational, scheduler, queue depth, block sizes and the CPUs that
 * take its interrupts.
 */
#include "run/target_describe.h"

#include <limits.h>
#include <linux/magic.h>
#include <stdio.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/statfs.h>
#include <sys/sysmacros.h>

#include "lib/util.h"
#include "run/sysinfo.h"
#include "run/target_sysfs.h"

static const char *fs_name(unsigned long magic)
{
	static const struct {
		unsigned long magic;
		const char *name;
	} fs[] = {
		{ EXT4_SUPER_MAGIC, "ext4" },	/* also ext2/ext3 */
		{ XFS_SUPER_MAGIC, "xfs" },
		{ BTRFS_SUPER_MAGIC, "btrfs" },
		{ TMPFS_MAGIC, "tmpfs" },
		{ NFS_SUPER_MAGIC, "nfs" },
		{ 0xff534d42ul, "cifs" },
		{ 0xfe534d42ul, "smb2" },
		{ SMB_SUPER_MAGIC, "smb" },
		{ OVERLAYFS_SUPER_MAGIC, "overlay" },
		{ 0x2fc12fc1ul, "zfs" },
		{ F2FS_SUPER_MAGIC, "f2fs" },
		{ 0x4d44ul, "vfat" },
		{ 0x5346544eul, "ntfs" },
		{ 0x65735546ul, "fuse" },
		{ SQUASHFS_MAGIC, "squashfs" },
	};
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(fs); i++)
		if (fs[i].magic == magic)
			return fs[i].name;
	return NULL;
}

/* Filesystem type of the mount holding @st from /proc/self/mountinfo. */
static void fs_from_mountinfo(dev_t dev, char *out, size_t len)
{
	FILE *f = fopen("/proc/self/mountinfo", "re");
	char line[4096], type[64];
	unsigned int ma, mi;
	const char *sep;

	if (!f)
		return;
	while (fgets(line, sizeof(line), f)) {
		if (sscanf(line, "%*u %*u %u:%u", &ma, &mi) != 2 ||
		    makedev(ma, mi) != dev)
			continue;
		sep = strstr(line, " - ");
		if (sep && sscanf(sep + 3, "%63s", type) == 1) {
			str_copy(out, len, type);
			break;
		}
	}
	fclose(f);
}

static void describe_queue(const char *disk, struct target_info *info)
{
	char path[PATH_MAX], line[256], *a, *b;
	uint64_t v;

	snprintf(path, sizeof(path), "/sys/class/block/%s/device/model", disk);
	if (!read_first_line(path, line, sizeof(line))) {
		for (a = line + strlen(line); a > line && a[-1] == ' '; a--)
			a[-1] = '\0';
		str_copy(info->model, sizeof(info->model), line);
	} else if (!strncmp(disk, "vd", 2)) {
		str_copy(info->model, sizeof(info->model), "virtio disk");
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/rotational",
		 disk);
	info->rotational = target_read_u64(path, &v) ? -1 : (int32_t)v;
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/scheduler",
		 disk);
	if (!read_first_line(path, line, sizeof(line))) {
		a = strchr(line, '[');
		b = a ? strchr(a, ']') : NULL;
		if (a && b) {
			*b = '\0';
			str_copy(info->scheduler, sizeof(info->scheduler),
				 a + 1);
		} else {
			str_copy(info->scheduler, sizeof(info->scheduler),
				 line);
		}
	}
	snprintf(path, sizeof(path), "/sys/class/block/%s/queue/nr_requests",
		 disk);
	if (!target_read_u64(path, &v))
		info->hw_queue_depth = (uint32_t)v;
	snprintf(path, sizeof(path),
		 "/sys/class/block/%s/queue/logical_block_size", disk);
	if (!info->logical_block && !target_read_u64(path, &v))
		info->logical_block = (uint32_t)v;
	snprintf(path, sizeof(path),
		 "/sys/class/block/%s/queue/physical_block_size", disk);
	if (!info->physical_block && !target_read_u64(path, &v))
		info->physical_block = (uint32_t)v;
}

void target_describe(const struct target *t, struct target_info *info)
{
	const char *path = t->opts ? t->opts->path : NULL;
	char name[64] = "", disk[64];
	const char *fs;
	struct statfs sfs;
	struct stat st;
	int ret;

	if (path)
		str_copy(info->path, sizeof(info->path), path);
	info->size_bytes = t->size_bytes;
	info->is_block_device = t->is_block_device;
	info->logical_block = t->logical_block;
	info->physical_block = t->physical_block;
	info->rotational = -1;
	ret = t->fd >= 0 ? fstat(t->fd, &st) : (path ? stat(path, &st) : -1);
	if (ret)
		return;
	if (S_ISBLK(st.st_mode)) {
		info->is_block_device = true;
		info->fs_type[0] = '\0';
		target_dev_name(st.st_rdev, name, sizeof(name));
	} else {
		/* mountinfo names ext2/3/4 apart; the magic is the fallback
		 * for filesystems with anonymous device numbers (btrfs). */
		info->fs_type[0] = '\0';
		fs_from_mountinfo(st.st_dev, info->fs_type,
				  sizeof(info->fs_type));
		fs = NULL;
		if (!info->fs_type[0] &&
		    !(t->fd >= 0 ? fstatfs(t->fd, &sfs) : statfs(path, &sfs)))
			fs = fs_name((unsigned long)sfs.f_type);
		if (fs)
			str_copy(info->fs_type, sizeof(info->fs_type), fs);
		target_dev_name(st.st_dev, name, sizeof(name));
	}
	if (!name[0])
		return;
	str_copy(info->device, sizeof(info->device), name);
	target_disk_of(name, disk, sizeof(disk));
	describe_queue(disk, info);
	sysinfo_irq_cpus(disk, info->irq_cpus, sizeof(info->irq_cpus));
}
