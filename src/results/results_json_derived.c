/* results_json_derived.c - the figures a result file carries for scripts
 * only: percentiles of every histogram and the totals per target and
 * direction that the text report's tables show.  The reader ignores them
 * and recomputes them from the raw fields. */
#include "results/results_json_fields.h"

#include <errno.h>
#include <stdlib.h>

#include "results/hist.h"

/* DiskSpd's latency table rows, in its order. */
static const struct {
	const char *key;
	double pct;
} json_pcts[] = {
	{ "min", 0 },		{ "25", 25 },
	{ "50", 50 },		{ "75", 75 },
	{ "90", 90 },		{ "95", 95 },
	{ "99", 99 },		{ "99.9", 99.9 },
	{ "99.99", 99.99 },	{ "99.999", 99.999 },
	{ "99.9999", 99.9999 }, { "99.99999", 99.99999 },
	{ "99.999999", 99.999999 }, { "99.9999999", 99.9999999 },
	{ "max", 100 },
};

/* Derived: the percentiles of the struct hist at f->off, none if empty. */
jobj *results_json_percentiles(struct jf_ctx *c, const struct jf *f,
			       const void *base)
{
	const struct hist *h = (const void *)((const char *)base + f->off);
	jobj *o = json_object_new_object();
	size_t i;

	(void)c;
	if (hist_empty(h))
		return o;
	for (i = 0; i < ARRAY_SIZE(json_pcts); i++)
		jf_add(o, json_pcts[i].key,
		       jf_uint(hist_percentile(h, json_pcts[i].pct)));
	return o;
}

static jobj *w_lat_mean(struct jf_ctx *c, const struct jf *f,
			const void *base)
{
	const struct agg *a = base;

	(void)c;
	(void)f;
	return hist_empty(&a->lat) ? NULL : jf_double(hist_mean_ns(&a->lat));
}

static jobj *w_lat_stddev(struct jf_ctx *c, const struct jf *f,
			  const void *base)
{
	const struct agg *a = base;

	(void)c;
	(void)f;
	return hist_empty(&a->lat) ? NULL : jf_double(hist_stddev_ns(&a->lat));
}

/* What the text report's tables and latency chart show. */
#define JF_T struct agg
static const struct jf agg_fields[] = {
	{ U64("ios", ios) },
	{ U64("bytes", bytes) },
	{ DBL("iops", iops) },
	{ DBL("mib_s", mib_s) },
	{ DBL("iops_stddev", iops_stddev) },
	{ U64("latency_count", lat.count) },
	{ HOOK("latency_mean_ns", w_lat_mean, NULL) },
	{ HOOK("latency_stddev_ns", w_lat_stddev, NULL) },
	{ HOOK("percentiles_ns", results_json_percentiles, NULL),
	  .off = offsetof(JF_T, lat) },
	JF_END
};
#undef JF_T

static jobj *json_agg(struct jf_ctx *c, int target, enum io_dir dir)
{
	struct agg *a = malloc(sizeof(*a));
	jobj *o;

	if (!a) {
		c->werr = -ENOMEM;
		return NULL;
	}
	results_aggregate(c->r, target, dir, a);
	o = jf_write_obj(c, agg_fields, a);
	free(a);
	return o;
}

static jobj *json_agg_dirs(struct jf_ctx *c, int target)
{
	jobj *o = json_object_new_object();

	if (target >= 0)
		jf_add(o, "path", jf_string(c->r->targets[target].path));
	jf_add(o, "read", json_agg(c, target, DIR_READ));
	jf_add(o, "write", json_agg(c, target, DIR_WRITE));
	jf_add(o, "total", json_agg(c, target, DIR_COUNT));
	return o;
}

jobj *results_json_totals(struct jf_ctx *c, const struct jf *f,
			  const void *base)
{
	const struct results *r = base;
	jobj *o = json_object_new_object();
	jobj *a = json_object_new_array();
	uint32_t i;

	(void)f;
	for (i = 0; a && i < r->ntargets && i < PROFILE_MAX_TARGETS; i++)
		json_object_array_add(a, json_agg_dirs(c, (int)i));
	jf_add(o, "targets", a);
	jf_add(o, "all", json_agg_dirs(c, -1));
	return o;
}

