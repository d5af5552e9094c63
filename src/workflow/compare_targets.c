/* compare_targets.c - the per-target part of the comparison model: each
 * test's newest run of a label broken down by target (IOPS, MiB/s, mean
 * and P99 from the merged histograms of the saved result, as every
 * run report's per-target section), and whether the two labels ran on
 * the same targets.  See compare.h. */
#include "workflow/compare.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "lib/path.h"
#include "lib/util.h"
#include "results/results_targets.h"

/* A suite's test file is "ioprobe-suite-<pid>.dat": name it by its
 * folder, the PATH the user gave, so two runs of one folder match. */
static void target_name(const char *path, char *buf, size_t len)
{
	const char *base = strrchr(path, '/');

	base = base ? base + 1 : path;
	if (!strncmp(base, "ioprobe-suite-", strlen("ioprobe-suite-")))
		path_dir(path, buf, len);
	else
		str_copy(buf, len, path);
}

int compare_targets_from_results(const struct results *r,
				 struct cmp_detail *d)
{
	struct target_summary *s = malloc(sizeof(*s));
	uint32_t i;
	int ret;

	d->ntargets = d->ntargets_all = 0;
	if (!s)
		return -ENOMEM;
	ret = results_target_summary(r, s);
	if (ret || r->no_results)
		goto out;
	d->ntargets_all = s->n;
	for (i = 0; i < s->n && i < CMP_MAX_TARGETS; i++) {
		const struct target_sum *t = &s->t[i];
		struct cmp_target *c = &d->targets[i];

		memset(c, 0, sizeof(*c));
		target_name(r->targets[t->target].path, c->name,
			    sizeof(c->name));
		c->iops = t->iops;
		c->mib_s = t->mib_s;
		c->has_lat = t->has_lat;
		c->mean_ms = t->lat_mean_ns / 1e6;
		c->p99_ms = (double)t->lat_p99_ns / 1e6;
	}
	d->ntargets = i;
out:
	free(s);
	return ret;
}

static bool same_targets(const struct cmp_detail *a,
			 const struct cmp_detail *b)
{
	uint32_t i;

	if (a->ntargets_all != b->ntargets_all)
		return false;
	for (i = 0; i < a->ntargets && i < b->ntargets; i++)
		if (strcmp(a->targets[i].name, b->targets[i].name))
			return false;
	return true;
}

void compare_targets_judge(struct cmp_view *v)
{
	size_t i;

	for (i = 0; i < v->ntests; i++) {
		const struct cmp_detail *a = &v->detail[2 * i];
		const struct cmp_detail *b = &v->detail[2 * i + 1];
		struct cmp_test *t = &v->tests[i];

		t->multi_target = (a->loaded && a->ntargets_all > 1) ||
				  (!v->single && b->loaded &&
				   b->ntargets_all > 1);
		t->targets_differ = !v->single && t->multi_target &&
				    a->loaded && b->loaded &&
				    !same_targets(a, b);
	}
}
