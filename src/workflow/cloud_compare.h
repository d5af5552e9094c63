/* cloud_compare.h - a comparison's cloud findings: each label's tier and
 * % of provisioned, beside the factors ("tiers: 'before' S20 at 100 %,
 * 'after' P20 at 98 %").  compare --disk TIER names the tier of both
 * labels, --disk LABEL=TIER of one; --vm SIZE the VM of both.  No
 * detection here: the disk under the history's folders may have changed
 * since a label ran.
 */
#ifndef IOPROBE_CLOUD_COMPARE_H
#define IOPROBE_CLOUD_COMPARE_H

#include <stddef.h>

#include "results/comparison.h"

#define CLOUD_COMPARE_DISKS 4

struct cloud_names {
	const char *disk[CLOUD_COMPARE_DISKS];	/* "azure:P20" or
						 * "before=azure:S20" */
	size_t ndisks;
	const char *vm;
};

/* @cn for one label's --disk @disk (as "LABEL=TIER" in @buf) and --vm
 * @vm, so a comparison names that label's tier alone (the other label
 * may have run on another); NULL when both are NULL. */
const struct cloud_names *cloud_names_of(struct cloud_names *cn,
					 const char *label, const char *disk,
					 const char *vm, char *buf,
					 size_t len);

/* Is @n's every --disk and --vm known to the limits table?  0, or
 * -EINVAL with @err filled. */
int cloud_names_check(const struct cloud_names *n, char *err,
		      size_t errlen);

/* Each side of @v with a tier or VM named in @n gets the cloud findings
 * put first, and @v->change the tiers' line.  0 or -ENOMEM. */
int cloud_compare(struct cmp_view *v, const struct cloud_names *n);

#endif
