/* cloud_detect.h - which cloud, VM size and disk this is, from what the
 * machine shows locally: DMI (class/dmi/id/sys_vendor, product_name, on
 * AWS Nitro the instance type itself, chassis_asset_tag) and the block
 * device's vendor, model, serial and size, all read from a sysfs root
 * given as a parameter (tests pass a fixture tree).  No network: the
 * metadata service is cloud_metadata.h's, asked only on request.
 */
#ifndef IOPROBE_CLOUD_DETECT_H
#define IOPROBE_CLOUD_DETECT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "workflow/cloud_limits.h"

/* The sysfs root: $IOPROBE_CLOUD_SYSFS, else "/sys". */
const char *cloud_sysfs_root(void);

struct cloud_host {
	char provider[8];	/* "azure", "aws", "gcp", "" none seen */
	char vm[64];		/* VM size where DMI shows it, else "" */
	char sys_vendor[64], product[64], asset_tag[64];
};

struct cloud_dev {
	char name[32];		/* kernel name, "sdc" */
	char provider[8];	/* whose disk the model says, "" unknown */
	char vendor[32], model[64], serial[64];
	uint64_t bytes;		/* its size, 0 unknown */
};

/* DMI of the machine under @root.  Always 0 (nothing found = empty). */
int cloud_detect_host(const char *root, struct cloud_host *h);
/* The block device @name (a partition is taken as its disk) under
 * @root.  0, or -ENOENT when @root has no such device. */
int cloud_detect_dev(const char *root, const char *name,
		     struct cloud_dev *d);
/* The kernel name of the disk holding @path (a file or a device) on this
 * machine (the real /sys).  0 or -errno. */
int cloud_dev_of_path(const char *path, char *name, size_t len);

#define CLOUD_MAX_CAND 8

/* The rows a disk of @gib GiB of @provider may be: for each family of
 * tiers the smallest tier that holds it, then the size rules (gp2, st1,
 * sc1 from their minimum size) and gp3's baseline.  Up to @max into
 * @out; the count. */
size_t cloud_candidates(const struct cloud_table *t, const char *provider,
			double gib, const struct cloud_row **out, size_t max);

#endif
