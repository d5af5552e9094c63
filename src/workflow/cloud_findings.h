/* cloud_findings.h - findings that name a cloud disk's limits: the tier
 * a measured plateau matches and its % of provisioned, a burst above the
 * tier (and the credits running out), and a VM size's cap below the
 * disks' sum.  Pure functions over a suite's or a run's figures
 * (interpret.h) and a struct cloud_ctx (cloud_ctx.h).
 *
 * A measured figure "matches" limits when the larger of IOPS / limit and
 * MiB/s / limit is within CLOUD_MATCH_BAND of 1: at a cap in one of the
 * two and not over the other.
 */
#ifndef IOPROBE_CLOUD_FINDINGS_H
#define IOPROBE_CLOUD_FINDINGS_H

#include <stddef.h>

#include "results/comparison.h"
#include "workflow/cloud_ctx.h"
#include "workflow/interpret.h"

#define CLOUD_MATCH_BAND 0.10
/* A burst's later level counts as the tier's sustained figure from this
 * fraction of it up to 1 + CLOUD_MATCH_BAND. */
#define CLOUD_SUSTAINED_MIN 0.75

/* The fraction of @d's limits (times @ndisks) that @iops and @mib_s
 * reach: the larger of the two ratios, 0 when @d has no figures. */
double cloud_fraction(const struct cloud_disk *d, unsigned int ndisks,
		      double iops, double mib_s);

/* The cloud findings over @n tests into @out (at *@nout, up to @max). */
void cloud_findings(const struct interp_test *t, size_t n,
		    const struct cloud_ctx *c, struct finding *out,
		    size_t *nout, size_t max);

/* The cloud findings of @n tests on the disks under @paths, from --disk
 * @disk and --vm @vm (NULL: detect from sysfs under cloud_sysfs_root())
 * into @f (up to @max): their count.  A named tier sets @env's expected
 * figures, as --expect does. */
size_t cloud_findings_named(const char *disk, const char *vm,
			    const char *const *paths, size_t npaths,
			    const struct interp_test *t, size_t n,
			    struct interp_env *env, struct finding *f,
			    size_t max);

#endif
