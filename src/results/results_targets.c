/* results_targets.c - the per-target summary of results_targets.h: rows
 * merged per distinct target path (histograms added element-wise, then
 * the P99 taken from the union), and over all targets. */
#include "results/results_targets.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

/* Index of the first target named like target @i. */
static uint32_t first_of_path(const struct results *r, uint32_t i)
{
	uint32_t k;

	for (k = 0; k < i; k++)
		if (!strcmp(r->targets[k].path, r->targets[i].path))
			return k;
	return i;
}

static uint32_t ntargets(const struct results *r)
{
	return r->ntargets < PROFILE_MAX_TARGETS ? r->ntargets :
						   PROFILE_MAX_TARGETS;
}

bool results_targets_shown(const struct results *r)
{
	uint32_t i, distinct = 0;

	if (r->no_results)
		return false;
	for (i = 0; i < ntargets(r); i++)
		distinct += first_of_path(r, i) == i;
	return distinct > 1;
}

/* Add both directions of @row to @s and its histogram @h. */
static void add_row(const struct thread_target *row, struct target_sum *s,
		    struct hist *h)
{
	int d;

	for (d = 0; d < DIR_COUNT; d++) {
		s->ios += row->dir[d].ios;
		s->bytes += row->dir[d].bytes;
		hist_merge(h, &row->dir[d].lat);
	}
}

static void finish_sum(const struct results *r, struct target_sum *s,
		       const struct hist *h, uint64_t all_ios)
{
	if (r->test_time_s > 0) {
		s->iops = (double)s->ios / r->test_time_s;
		s->mib_s = (double)s->bytes / 1048576.0 / r->test_time_s;
	}
	if (all_ios)
		s->share_pct = 100.0 * (double)s->ios / (double)all_ios;
	s->has_lat = r->profile.measure_latency && !hist_empty(h);
	if (s->has_lat) {
		s->lat_mean_ns = hist_mean_ns(h);
		s->lat_p99_ns = hist_percentile(h, 99);
	}
}

/* The rows of every target named like target @first into @s. */
static void sum_path(const struct results *r, uint32_t first,
		     struct target_sum *s, struct hist *h)
{
	uint32_t i;

	memset(s, 0, sizeof(*s));
	s->target = first;
	hist_init(h);
	for (i = 0; i < r->nrows; i++) {
		uint32_t t = r->rows[i].target;

		if (t < ntargets(r) && first_of_path(r, t) == first)
			add_row(&r->rows[i], s, h);
	}
}

int results_target_summary(const struct results *r,
			   struct target_summary *out)
{
	struct hist *h = malloc(sizeof(*h));
	uint32_t i;

	if (!h)
		return -ENOMEM;
	memset(out, 0, sizeof(*out));
	out->all.target = UINT32_MAX;
	hist_init(h);
	for (i = 0; i < r->nrows; i++)
		add_row(&r->rows[i], &out->all, h);
	finish_sum(r, &out->all, h, out->all.ios);
	for (i = 0; i < ntargets(r); i++) {
		struct target_sum *s = &out->t[out->n];

		if (first_of_path(r, i) != i)
			continue;
		sum_path(r, i, s, h);
		finish_sum(r, s, h, out->all.ios);
		out->n++;
	}
	free(h);
	return 0;
}
