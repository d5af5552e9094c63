/* results_json_ipct.c - the "interval_percentiles" of a result file: P50,
 * P99 and max of each -D interval, for all targets and each one, per
 * direction and both (struct interval_pct, filled by a -L -D run).
 *
 * One object per entry of results.ipct, in its order (interval, then
 * target -1 = all, 0, 1.., then "read", "write", "total"), each naming
 * its interval, target and direction, so `jq` can select without knowing
 * the order; the reader insists on that order, so the reports look an
 * entry up by index.  The key is left out of results without them (older
 * files, runs without -L or -D), which then write back byte for byte.
 */
#include "results/results_json_fields.h"

static const char *const dir_names[] = { "read", "write", "total" };

#define JF_T struct interval_pct
const struct jf results_json_ipct_fields[] = {
	{ U32("interval", interval) },
	{ I32("target", target) },
	{ ENUM("dir", dir, dir_names) },
	{ U64("p50_ns", p50_ns) },
	{ U64("p99_ns", p99_ns) },
	{ U64("max_ns", max_ns) },
	JF_END
};
#undef JF_T

bool results_json_ipct_absent(const void *results)
{
	return !((const struct results *)results)->nipct;
}

/* Exactly interval_count x (1 + targets) x 3 entries, or none. */
int results_json_ipct_alloc(struct jf_ctx *c, const struct jf *f, void *base,
		      size_t n)
{
	struct results *r = base;
	size_t want = (size_t)r->nintervals * (r->ntargets + 1) *
		      RESULTS_PCT_DIRS;

	if (!n)
		return 0;
	if (n != want)
		return jf_badvalue(c, f->key,
				   "does not have interval_count x (1 + targets) x 3 entries");
	if ((uint64_t)n * 64 > c->text_len)
		return jf_badvalue(c, f->key,
				   "has more entries than the file holds");
	return results_alloc_ipct(r);
}

/* Each entry where results_ipct() looks for it. */
int results_json_ipct_check(struct jf_ctx *c, const struct jf *f, void *base)
{
	const struct results *r = base;
	uint32_t scopes = r->ntargets + 1, k;

	for (k = 0; k < r->nipct; k++) {
		const struct interval_pct *e = &r->ipct[k];

		if (e->interval != k / (scopes * RESULTS_PCT_DIRS) ||
		    e->target + 1 != (int32_t)(k / RESULTS_PCT_DIRS % scopes) ||
		    (uint32_t)e->dir != k % RESULTS_PCT_DIRS)
			return jf_badvalue(c, f->key,
					   "is not in interval, target, direction order");
	}
	return 0;
}

