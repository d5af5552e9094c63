/* run_findings.c - a plain run's findings: its figures go through the
 * suite's rules as a suite of one test named after the target, and the
 * findings land in the results (saved as "findings" in JSON) and on
 * stderr.  See run_findings.h.
 */
#include "cmd/run_findings.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "workflow/burst.h"
#include "workflow/cloud_findings.h"
#include "workflow/figures.h"
#include "workflow/interpret.h"

/* The burst of @t's series, for the page's first card. */
static void fill_burst(struct results *r, const struct interp_test *t)
{
	struct burst_phases p;

	r->burst.found = burst_detect(t->interval_iops, t->nintervals,
				      t->interval_s, &p);
	if (!r->burst.found)
		return;
	r->burst.burst_iops = p.burst_iops;
	r->burst.sustained_iops = p.sustained_iops;
	r->burst.drop_s = p.drop_s;
}

int run_findings_cloud_check(const struct profile *p, char *err,
			     size_t errlen)
{
	struct cloud_ctx *c;
	int ret;

	if (!p->cloud_disk && !p->cloud_vm)
		return 0;
	c = malloc(sizeof(*c));
	if (!c)
		return errf(err, errlen, ENOMEM, "out of memory");
	ret = cloud_ctx_build(c, p->cloud_disk, p->cloud_vm,
			      cloud_sysfs_root(), NULL, 0, err, errlen);
	cloud_ctx_release(c);
	free(c);
	return ret;
}

static size_t cloud_part(const struct results *r,
			 const struct interp_test *t, struct interp_env *env,
			 struct finding *f, size_t max)
{
	const char *paths[PROFILE_MAX_TARGETS];
	size_t i;

	for (i = 0; i < r->ntargets && i < PROFILE_MAX_TARGETS; i++)
		paths[i] = r->targets[i].path;
	return cloud_findings_named(r->profile.cloud_disk, r->profile.cloud_vm,
				  paths, i, t, 1, env, f, max);
}

int run_findings_fill(struct results *r)
{
	struct finding f[INTERP_MAX_FINDINGS];
	struct interp_env env = { .mem_bytes = r->sys.mem_bytes };
	struct interp_test t;
	struct cmp_detail *d;
	size_t n, i;
	int ret;

	r->nfindings = 0;
	r->findings_known = true;	/* "findings" in JSON, even empty */
	/* the null engine does no I/O: nothing to say about a device */
	if (r->no_results || r->io_failure.failed || !r->ntargets ||
	    !strcmp(r->engine, "null"))
		return 0;
	d = calloc(1, sizeof(*d));
	if (!d)
		return -ENOMEM;
	ret = figures_from_results(r, d);
	if (!ret) {
		figures_interp(d, r->ntargets == 1 ? r->targets[0].path :
						     "the run",
			       r->targets[0].size_bytes, &t);
		n = cloud_part(r, &t, &env, f, ARRAY_SIZE(f));
		n += interpret(&t, 1, &env, f + n, ARRAY_SIZE(f) - n);
		for (i = 0; i < n && i < RESULTS_FINDINGS; i++) {
			str_copy(r->findings[i].rule,
				 sizeof(r->findings[i].rule),
				 interp_rule_name(f[i].kind));
			str_copy(r->findings[i].text,
				 sizeof(r->findings[i].text), f[i].text);
		}
		r->nfindings = (uint32_t)i;
		fill_burst(r, &t);
	}
	figures_release(d);
	free(d);
	return ret;
}

void run_findings_print(const struct results *r)
{
	uint32_t i;

	if (r->profile.no_findings || !r->nfindings)
		return;
	fflush(stdout);	/* after the report on a shared terminal */
	fputs("\nfindings:\n", stderr);
	for (i = 0; i < r->nfindings; i++)
		fprintf(stderr, "  - %s\n", r->findings[i].text);
}
