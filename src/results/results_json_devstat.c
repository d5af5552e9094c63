/* results_json_devstat.c - the field tables of a result file's additions
 * from the kernel and the findings: each target's "device_counters" (the
 * block devices' counters over the measured window, with the derived
 * average time per I/O, queue size and utilisation written for scripts)
 * and the top-level "findings" of a plain run.  Both keys are optional:
 * results saved before them still load (as not measured, no findings).
 */
#include "results/results_json_fields.h"

#include "results/devstat.h"

static jobj *w_avg_ms(struct jf_ctx *c, const struct jf *f, const void *base)
{
	(void)c;
	(void)f;
	return jf_double(devstat_avg_ms(base));
}

static jobj *w_queue(struct jf_ctx *c, const struct jf *f, const void *base)
{
	(void)c;
	(void)f;
	return jf_double(devstat_queue(base));
}

static jobj *w_util(struct jf_ctx *c, const struct jf *f, const void *base)
{
	(void)c;
	(void)f;
	return jf_double(devstat_util_pct(base));
}

#define JF_T struct devstat
static const struct jf devstat_fields[] = {
	{ STR("name", name) },
	{ ENUM("role", role, devstat_role_names) },
	{ U64("reads", reads) },
	{ U64("read_merges", read_merges) },
	{ U64("read_sectors", read_sectors) },
	{ U64("read_ticks_ms", read_ticks_ms) },
	{ U64("writes", writes) },
	{ U64("write_merges", write_merges) },
	{ U64("write_sectors", write_sectors) },
	{ U64("write_ticks_ms", write_ticks_ms) },
	{ U64("io_ticks_ms", io_ticks_ms) },
	{ U64("time_in_queue_ms", queue_ticks_ms) },
	{ U64("window_ns", window_ns) },
	{ HOOK("avg_ms_per_io", w_avg_ms, NULL) },
	{ HOOK("avg_queue_size", w_queue, NULL) },
	{ HOOK("utilisation_pct", w_util, NULL) },
	JF_END
};
#undef JF_T

bool results_json_devstat_absent(const void *target_info)
{
	return !((const struct target_info *)target_info)->devstat.measured;
}

bool results_json_findings_absent(const void *results)
{
	return !((const struct results *)results)->findings_known;
}

int results_json_findings_read(struct jf_ctx *c, const struct jf *f,
			       void *results)
{
	(void)c;
	(void)f;
	((struct results *)results)->findings_known = true;
	return 0;
}

#define JF_T struct devstat_set
const struct jf results_json_devstat[] = {
	{ BOOL("measured", measured) },
	{ ARR("devices", dev, n, devstat_fields) },
	JF_END
};
#undef JF_T

#define JF_T struct result_finding
const struct jf results_json_finding[] = {
	{ STR("rule", rule) },
	{ STR("text", text) },
	JF_END
};
#undef JF_T
