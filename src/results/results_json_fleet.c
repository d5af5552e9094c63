/* results_json_fleet.c - the "fleet" object of a result file: how many
 * ranks ran, and per rank its host, first target, the merged thread ids
 * of its rows and its measured window (docs/json-schema.md).
 */
#include "results/results_json_fleet.h"

#include <errno.h>
#include <stddef.h>
#include <string.h>

#include "lib/util.h"
#include "results/results_json_fields.h"

#define JF_T struct fleet_rank
static const struct jf rank_fields[] = {
	{ U32("rank", rank) },
	{ STR("host", host) },
	{ STR("path", path) },
	{ U32("first_thread", first_thread) },
	{ U32("threads", threads) },
	{ U64("window_start_unix_ns", window_start_unix_ns) },
	{ DBL("test_time_seconds", test_time_s) },
	JF_END
};
#undef JF_T

#define JF_T struct results_fleet
static const struct jf fleet_fields[] = {
	{ U32("size", size) },
	{ BOOL("merged", merged) },
	{ PARR("ranks", ranks, nranks, RESULTS_FLEET_MAX_RANKS, rank_fields) },
	JF_END
};
#undef JF_T

void results_json_fleet_write(struct jf_ctx *c, jobj *root,
			      const struct results *r)
{
	if (!root || !r->fleet.size)
		return;
	jf_add(root, "fleet", jf_write_obj(c, fleet_fields, &r->fleet));
}

/* Each rank's rows are a range of thread ids within thread_count. */
static int check_fleet(struct jf_ctx *c, const struct results *r)
{
	const struct results_fleet *f = &r->fleet;
	uint32_t i;

	if (!f->nranks || f->nranks > f->size)
		return jf_badvalue(c, "fleet.ranks",
				   "has no entry or more than 'fleet.size'");
	for (i = 0; i < f->nranks; i++)
		if (f->ranks[i].first_thread > r->thread_count ||
		    f->ranks[i].threads >
			    r->thread_count - f->ranks[i].first_thread)
			return jf_badvalue(c, "fleet.ranks",
					   "names threads past 'thread_count'");
	return 0;
}

int results_json_fleet_read(struct jf_ctx *c, jobj *root, struct results *r)
{
	size_t old;
	jobj *v;
	int ret;

	if (!json_object_object_get_ex(root, "fleet", &v))
		return 0;
	if (!json_object_is_type(v, json_type_object))
		return jf_badtype(c, "fleet", v, "an object");
	old = jf_push(c, "fleet");
	ret = jf_read_obj(c, fleet_fields, v, &r->fleet);
	jf_pop(c, old);
	if (!ret)
		ret = check_fleet(c, r);
	if (!ret && !r->fleet.merged)
		r->window_start_unix_ns = r->fleet.ranks[0].window_start_unix_ns;
	return ret;
}
