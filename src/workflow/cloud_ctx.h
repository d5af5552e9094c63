/* cloud_ctx.h - what a run knows about its cloud disks and VM: the
 * limits table, the tier named by --disk or the candidates detected for
 * the targets' disk size, and the VM size named by --vm or seen in DMI.
 * Built once by the command before its findings (cloud_findings.h) and
 * by `ioprobe identify`.
 *
 * --disk PROVIDER:NAME[:iops=N,mbps=N,size=GIB]  (azure:P20, aws:gp2,
 *   aws:gp3:iops=6000,mbps=250, gcp:pd-balanced:iops=3000,mbps=140)
 * --vm SIZE  (Standard_D4s_v3, m5.large; any provider's name)
 */
#ifndef IOPROBE_CLOUD_CTX_H
#define IOPROBE_CLOUD_CTX_H

#include <stdbool.h>
#include <stddef.h>

#include "workflow/cloud_detect.h"
#include "workflow/cloud_limits.h"

struct cloud_ctx {
	struct cloud_table table;
	struct cloud_host host;
	struct cloud_dev dev;		/* the first target's disk */
	char provider[8];		/* "" = not a cloud disk we know */
	bool named;			/* --disk gave the tier */
	struct cloud_disk disk;		/* named: its limits */
	const struct cloud_row *cand[CLOUD_MAX_CAND];	/* detected */
	struct cloud_disk cand_disk[CLOUD_MAX_CAND];
	size_t ncand;
	double gib;			/* the disk's size, 0 unknown */
	const struct cloud_row *vm;	/* --vm or DMI, NULL unknown */
	unsigned int ndisks;		/* distinct disks under the targets */
};

/* Fill @c for the targets @paths (@npaths) from --disk @disk and --vm
 * @vm (NULL: detect), reading sysfs under @root (cloud_sysfs_root()).
 * 0; -EINVAL with @err filled for a --disk or --vm ioprobe does not
 * know, or a bad limits file; -ENOMEM. */
int cloud_ctx_build(struct cloud_ctx *c, const char *disk, const char *vm,
		    const char *root, const char *const *paths,
		    size_t npaths, char *err, size_t errlen);
void cloud_ctx_release(struct cloud_ctx *c);
/* The VM size @v (--vm, or the metadata service's answer) from the
 * table: 0, or -EINVAL with @err filled when the table lacks it. */
int cloud_ctx_set_vm(struct cloud_ctx *c, const char *v, char *err,
		     size_t errlen);

/* Has @c anything to say (a named tier, candidates or a VM)? */
bool cloud_ctx_known(const struct cloud_ctx *c);

/* "Standard HDD S20", "General Purpose SSD gp2" into @buf. */
void cloud_row_label(const struct cloud_row *r, char *buf, size_t len);
/* "500 IOPS, 60 MB/s" for @d into @buf. */
void cloud_disk_figures(const struct cloud_disk *d, char *buf, size_t len);

#endif
