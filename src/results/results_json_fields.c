/* results_json_fields.c - what an ioprobe-result/1 file holds: one field
 * table per saved struct, from the leaves (intervals, histograms) up to
 * struct results, and the hooks for the few fields a table cannot say.
 *
 * The writer saves every field of struct results, so `ioprobe show` can
 * rebuild any report byte for byte from the file; the reader is its exact
 * inverse.  Derived figures (percentiles, totals, IOPS) are written for
 * scripts and ignored by the reader, which recomputes them.  Keys added
 * after the first files were saved are JF_OPTIONAL: older files lack them.
 */
#include "results/results_json_fields.h"

#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include <json-c/printbuf.h>

#include "lib/util.h"
#include "profile/format.h"
#include "profile/profile.h"
#include "results/hist.h"

static const char *const flush_names[] = { "none", "view", "nv",
					   "nv_nodrain" };
static const char *const wbuf_names[] = { "pattern", "zero", "random_per_io",
					  "source" };
static const char *const dist_names[] = { "none", "pct", "abs" };

/* ------------------------------------------------------------ histograms */

static const void *at(const void *base, size_t off)
{
	return (const char *)base + off;
}

/* A [bucket, count] pair on one line: pretty-printing puts each number
 * on a line of its own, which makes histograms unreadable. */
static int pair_to_string(jobj *pair, struct printbuf *pb, int level,
			  int flags)
{
	jobj *idx = json_object_array_get_idx(pair, 0);
	jobj *cnt = json_object_array_get_idx(pair, 1);
	char buf[48];
	int n;

	(void)level;
	(void)flags;
	n = snprintf(buf, sizeof(buf), "[%" PRIu64 ", %" PRIu64 "]",
		     json_object_get_uint64(idx), json_object_get_uint64(cnt));
	return printbuf_memappend(pb, buf, n) < 0 ? -1 : 0;
}

/* The non-zero buckets as [index, count] pairs. */
static jobj *w_buckets(struct jf_ctx *c, const struct jf *f, const void *base)
{
	const struct hist *h = base;
	jobj *b = json_object_new_array();
	unsigned int i;
	jobj *pair;

	(void)c;
	(void)f;
	for (i = 0; i < HIST_BUCKETS; i++) {
		if (!h->buckets[i])
			continue;
		pair = json_object_new_array_ext(2);
		json_object_array_add(pair, jf_uint(i));
		json_object_array_add(pair, jf_uint(h->buckets[i]));
		json_object_set_serializer(pair, pair_to_string, NULL, NULL);
		json_object_array_add(b, pair);
	}
	return b;
}

static int r_buckets(struct jf_ctx *c, const struct jf *f, jobj *o,
		     void *base)
{
	struct hist *h = base;
	size_t n, i;
	jobj *a, *pair, *ix, *cnt;
	int ret = jf_arr(c, o, f->key, HIST_BUCKETS, &a, &n);

	for (i = 0; !ret && i < n; i++) {
		pair = json_object_array_get_idx(a, i);
		if (!json_object_is_type(pair, json_type_array) ||
		    json_object_array_length(pair) != 2)
			return jf_badvalue(c, f->key,
					   "holds an entry that is not a [bucket, count] pair");
		ix = json_object_array_get_idx(pair, 0);
		cnt = json_object_array_get_idx(pair, 1);
		if (!json_object_is_type(ix, json_type_int) ||
		    !json_object_is_type(cnt, json_type_int) ||
		    json_object_get_int64(ix) < 0 ||
		    json_object_get_int64(ix) >= HIST_BUCKETS ||
		    json_object_get_int64(cnt) < 0)
			return jf_badvalue(c, f->key,
					   "holds a bucket index or count out of range");
		h->buckets[json_object_get_int64(ix)] +=
			json_object_get_uint64(cnt);
	}
	return ret;
}

static void hist_init_elem(void *h)
{
	hist_init(h);
}

/* Raw moments, the non-zero buckets, and derived percentiles. */
#define JF_T struct hist
static const struct jf hist_fields[] = {
	{ U64("count", count) },
	{ U64("overflow", overflow) },
	{ U64_MIN("min_ns", min_ns) },
	{ U64("max_ns", max_ns) },
	{ DBL("sum_ns", sum_ns) },
	{ DBL("sumsq_ns", sumsq_ns) },
	{ HOOK("histogram", w_buckets, r_buckets) },
	{ HOOK("percentiles_ns", results_json_percentiles, NULL) },
	JF_END
};
#undef JF_T

/* ------------------------------------------------------------ rows */

#define JF_T struct interval_stat
static const struct jf interval_fields[] = {
	{ U64("ios", ios) },
	{ U64_MIN("lat_min_ns", lat_min_ns) },
	{ U64("lat_max_ns", lat_max_ns) },
	{ DBL("lat_sum_ns", lat_sum_ns) },
	{ DBL("lat_sumsq_ns", lat_sumsq_ns) },
	JF_END
};
#undef JF_T

/* The -D intervals: interval_count entries, allocated with the rows. */
static jobj *w_intervals(struct jf_ctx *c, const struct jf *f,
			 const void *base)
{
	const struct dir_stats *d = base;

	(void)f;
	return jf_write_elems(c, interval_fields, d->intervals,
			      c->r->nintervals, sizeof(*d->intervals));
}

static int r_intervals(struct jf_ctx *c, const struct jf *f, jobj *o,
		       void *base)
{
	struct dir_stats *d = base;
	uint32_t want = c->r->nintervals;
	size_t n;
	jobj *a;
	int ret = jf_arr(c, o, f->key, want, &a, &n);

	if (ret)
		return ret;
	if (n != want)
		return jf_badvalue(c, f->key,
				   "does not have interval_count entries");
	if (n && !d->intervals)
		return -ENOMEM;
	return jf_read_elems(c, f->key, a, n, interval_fields, d->intervals,
			     sizeof(*d->intervals));
}

#define JF_T struct dir_stats
static const struct jf dir_fields[] = {
	{ U64("ios", ios) },
	{ U64("bytes", bytes) },
	{ OBJ("latency", lat, hist_fields), .init = hist_init_elem },
	{ HOOK("intervals", w_intervals, r_intervals) },
	JF_END
};
#undef JF_T

static jobj *w_errno_name(struct jf_ctx *c, const struct jf *f,
			  const void *base)
{
	(void)c;
	return jf_string(results_errno_name(*(const int32_t *)at(base,
								 f->off)));
}

static int check_errno(struct jf_ctx *c, const struct jf *f, void *base)
{
	if (*(const int32_t *)at(base, f->off) < RESULTS_ERR_OTHER)
		return jf_badvalue(c, f->key, "is below -1");
	return 0;
}

static bool errno_unused(const void *elem)
{
	return !((const struct errno_count *)elem)->count;
}

/* [{"errno": 5, "name": "EIO", "count": 153315}, ...] in first-seen
 * order; errno 0 = nothing transferred, -1 = other kinds. */
#define JF_T struct errno_count
static const struct jf errno_fields[] = {
	{ I32("errno", err), .check = check_errno },
	{ HOOK("name", w_errno_name, NULL), .off = offsetof(JF_T, err) },
	{ U64("count", count) },
	JF_END
};
#undef JF_T

/* A row's target must name an entry of "targets" (0 when there are none). */
static int check_row_target(struct jf_ctx *c, const struct jf *f, void *base)
{
	uint32_t t = *(const uint32_t *)at(base, f->off);

	if (t >= c->r->ntargets && !(c->r->ntargets == 0 && t == 0))
		return jf_badvalue(c, f->key, "names no entry of 'targets'");
	return 0;
}

#define JF_T struct thread_target
static const struct jf row_fields[] = {
	{ U32("thread", thread) },
	{ U32("target", target), .check = check_row_target },
	{ I32("cpu", cpu) },
	{ DBL("mean_inflight", mean_inflight) },
	{ U64("cpus_seen", cpus_seen), .flags = JF_OPTIONAL },
	{ U64("errors", errors) },
	{ .key = "errors_by_errno", .kind = JF_ARR, .flags = JF_OPTIONAL,
	  .off = offsetof(JF_T, errnos), .size = sizeof(struct errno_count),
	  .count_off = JF_NOCOUNT, .max = RESULTS_ERRNOS, .sub = errno_fields,
	  .skip = errno_unused },
	{ OBJ("read", dir[DIR_READ], dir_fields) },
	{ OBJ("write", dir[DIR_WRITE], dir_fields) },
	JF_END
};
#undef JF_T

/* Each row and interval takes dozens of bytes of text: a count the file
 * cannot hold is a lie, not a reason to allocate gigabytes. */
static int alloc_rows(struct jf_ctx *c, const struct jf *f, void *base,
		      size_t n)
{
	struct results *r = base;

	if ((uint64_t)n * 256 > c->text_len)
		return jf_badvalue(c, f->key,
				   "has more entries than the file holds");
	if ((uint64_t)r->nintervals * 16 > c->text_len ||
	    (uint64_t)r->nintervals * n * 2 * 16 > c->text_len)
		return jf_badvalue(c, "interval_count",
				   "is larger than the file can hold");
	if (!n)
		return 0;
	return results_alloc_rows(r, (uint32_t)n, r->nintervals);
}

/* ------------------------------------------------------------ profile */

#define JF_T struct dist_range
static const struct jf dist_fields[] = {
	{ U32("io_pct", io_pct) },
	{ U64("span", span) },
	JF_END
};
#undef JF_T

#define JF_T struct target_opts
static const struct jf target_opts_fields[] = {
	{ STRP("path", path), .flags = JF_NOTNULL },
	{ U64("block_bytes", block_bytes) },
	{ U64("base_bytes", base_bytes) },
	{ U64("range_len_bytes", range_len_bytes) },
	{ U64("max_bytes", max_bytes) },
	{ U64("create_bytes", create_bytes) },
	{ BOOL("random", random) },
	{ U64("random_align_bytes", random_align_bytes) },
	{ U32("random_pct", random_pct) },
	{ U64("stride_bytes", stride_bytes) },
	{ BOOL("interlocked", interlocked) },
	{ U64("thread_stride_bytes", thread_stride_bytes) },
	{ BOOL("parallel_async", parallel_async) },
	{ U32("threads", threads) },
	{ U32("outstanding", outstanding) },
	{ U32("weight", weight) },
	{ U32("write_pct", write_pct) },
	{ U64("throttle_bytes_per_ms", throttle_bytes_per_ms) },
	{ U64("throttle_iops", throttle_iops) },
	{ U32("burst", burst) },
	{ U32("think_ms", think_ms) },
	{ ENUM("cache", cache, cache_mode_names) },
	{ ENUM("flush", flush, flush_names), .flags = JF_OPTIONAL },
	{ BOOL("write_through", write_through) },
	{ BOOL("hint_random", hint_random) },
	{ BOOL("hint_sequential", hint_sequential) },
	{ BOOL("hint_temporary", hint_temporary) },
	{ U32("io_priority", io_priority) },
	{ ENUM("write_buffer", wbuf, wbuf_names) },
	{ U64("write_buffer_source_bytes", wbuf_source_bytes) },
	{ STRP("write_buffer_source_path", wbuf_source_path) },
	{ ENUM("distribution", dist, dist_names) },
	{ ARR("distribution_ranges", dist_ranges, ndist, dist_fields) },
	JF_END
};
#undef JF_T

#define JF_T struct output_spec
static const struct jf output_fields[] = {
	{ ENUM("format", format, result_format_names) },
	{ STRP("path", path) },
	JF_END
};
#undef JF_T

/* A bare CPU number of "affinity_cpus". */
static const struct jf cpu_number[] = {
	{ .kind = JF_U32 },
	JF_END
};

static void target_opts_init_elem(void *t)
{
	target_opts_init(t);
}

#define JF_T struct profile
static const struct jf profile_fields[] = {
	{ U32("duration_seconds", duration_s) },
	{ U32("warmup_seconds", warmup_s) },
	{ U32("cooldown_seconds", cooldown_s) },
	{ BOOL("measure_latency", measure_latency) },
	{ U32("iops_interval_ms", iops_interval_ms) },
	{ U64("seed", seed) },
	{ BOOL("seed_given", seed_given) },
	{ U32("experiment_flags", experiment_flags) },
	{ U32("pool_threads", pool_threads) },
	{ U32("pool_requests", pool_requests) },
	{ BOOL("affinity_disabled", affinity_disabled) },
	{ BOOL("affinity_given", affinity_given) },
	{ ARR("affinity_cpus", cpus, ncpus, cpu_number),
	  .bad = "holds a value that is not a CPU number" },
	{ U32("progress_every", progress_every) },
	{ BOOL("verbose", verbose) },
	{ BOOL("verbose_stats", verbose_stats),
	  .flags = JF_OPTIONAL | JF_OMITZERO },
	{ BOOL("completion_routines", completion_routines),
	  .flags = JF_OPTIONAL | JF_OMITZERO },
	{ BOOL("random_write_data", random_write_data),
	  .flags = JF_OPTIONAL | JF_OMITZERO },
	{ BOOL("large_pages", large_pages) },
	{ BOOL("continue_on_error", continue_on_error), .flags = JF_OPTIONAL },
	{ ENUM("format", format, result_format_names) },
	{ BOOL("print_profile_only", print_profile_only) },
	{ ARR("outputs", outputs, noutputs, output_fields) },
	{ STRP("engine", engine) },
	{ U32("batch_submit", batch_submit) },
	{ STRP("allow_device_writes", allow_device_writes) },
	{ STRP("label", label) },
	{ STRP("xml_profile_path", xml_profile_path) },
	{ ARR("targets", targets, ntargets, target_opts_fields),
	  .init = target_opts_init_elem },
	JF_END
};
#undef JF_T

/* ------------------------------------------------------------ machine */

#define JF_T struct cpu_topo
static const struct jf topo_fields[] = {
	{ U32("cpu", cpu) },
	{ U32("socket", socket) },
	{ U32("node", node) },
	{ U32("core", core) },
	JF_END
};
#undef JF_T

#define JF_T struct system_info
static const struct jf system_fields[] = {
	{ STR("hostname", hostname) },
	{ STR("start_time", start_time) },
	{ STR("kernel", kernel) },
	{ STR("cpu_model", cpu_model) },
	{ U32("cpu_count", cpu_count) },
	{ U32("core_count", core_count) },
	{ U32("socket_count", socket_count) },
	{ U32("node_count", node_count) },
	{ U64("mem_bytes", mem_bytes) },
	{ STR("governor", governor) },
	{ STR("clocksource", clocksource) },
	{ ARR("topology", topo, ntopo, topo_fields),
	  .flags = JF_OPTIONAL | JF_OMITZERO },
	JF_END
};
#undef JF_T

#define JF_T struct target_info
static const struct jf target_info_fields[] = {
	{ STR("path", path) },
	{ U64("size_bytes", size_bytes) },
	{ BOOL("is_block_device", is_block_device) },
	{ STR("fs_type", fs_type) },
	{ STR("device", device) },
	{ STR("model", model) },
	{ I32("rotational", rotational) },
	{ STR("scheduler", scheduler) },
	{ U32("logical_block_bytes", logical_block) },
	{ U32("physical_block_bytes", physical_block) },
	{ U32("hw_queue_depth", hw_queue_depth) },
	{ STR("irq_cpus", irq_cpus) },
	{ BOOL("created", created) },
	{ BOOL("fill_skipped", fill_skipped) },
	{ DBL("fill_seconds", fill_seconds) },
	{ OBJ("device_counters", devstat, results_json_devstat),
	  .flags = JF_OPTIONAL | JF_OMIT,
	  .absent = results_json_devstat_absent },
	JF_END
};
#undef JF_T

#define JF_T struct cpu_usage
static const struct jf cpu_fields[] = {
	{ U32("id", id) },
	{ DBL("usage_pct", usage_pct) },
	{ DBL("user_pct", user_pct) },
	{ DBL("kernel_pct", kernel_pct) },
	{ DBL("idle_pct", idle_pct) },
	JF_END
};
#undef JF_T

/* ------------------------------------------------------------ failure */

static jobj *w_direction(struct jf_ctx *c, const struct jf *f,
			 const void *base)
{
	(void)c;
	(void)f;
	return jf_string(((const struct io_failure *)base)->write ? "write" :
								     "read");
}

static int r_direction(struct jf_ctx *c, const struct jf *f, jobj *o,
		       void *base)
{
	char dir[8];
	int ret = jf_str(c, o, f->key, dir, sizeof(dir));

	if (ret)
		return ret;
	if (strcmp(dir, "read") && strcmp(dir, "write"))
		return jf_badvalue(c, f->key, "is neither 'read' nor 'write'");
	((struct io_failure *)base)->write = !strcmp(dir, "write");
	return 0;
}

static jobj *w_failure_message(struct jf_ctx *c, const struct jf *f,
			       const void *base)
{
	char msg[768];

	(void)f;
	(void)base;
	results_fmt_failure(c->r, msg, sizeof(msg));
	return jf_string(msg);
}

static int check_failure_target(struct jf_ctx *c, const struct jf *f,
				void *base)
{
	if (*(const uint32_t *)at(base, f->off) >= c->r->ntargets)
		return jf_badvalue(c, f->key, "names no entry of 'targets'");
	return 0;
}

static bool failure_absent(const void *obj)
{
	return !((const struct io_failure *)obj)->failed;
}

/* An "io_failure" object says that an I/O failed. */
static void failure_init(void *obj)
{
	((struct io_failure *)obj)->failed = true;
}

#define JF_T struct io_failure
static const struct jf failure_fields[] = {
	{ U32("thread", thread) },
	{ U32("target", target), .check = check_failure_target },
	{ U64("offset", offset) },
	{ HOOK("direction", w_direction, r_direction) },
	{ I32("errno", err) },
	{ HOOK("errno_name", w_errno_name, NULL), .off = offsetof(JF_T, err) },
	{ HOOK("message", w_failure_message, NULL) },
	JF_END
};
#undef JF_T

/* ------------------------------------------------------------ top level */

static jobj *w_schema(struct jf_ctx *c, const struct jf *f, const void *base)
{
	(void)c;
	(void)f;
	(void)base;
	return jf_string(RESULTS_JSON_SCHEMA);
}

/* A file of another schema is refused as such, first. */
static int r_schema(struct jf_ctx *c, const struct jf *f, jobj *o, void *base)
{
	char schema[64];
	int ret = jf_str(c, o, f->key, schema, sizeof(schema));

	(void)base;
	if (!ret && strcmp(schema, RESULTS_JSON_SCHEMA))
		return errf(c->err, c->errlen, EINVAL,
			    "'%s' has schema '%s', this ioprobe reads '%s'",
			    c->file, schema, RESULTS_JSON_SCHEMA);
	return ret;
}

/* The shape of the histograms whose buckets a file holds. */
struct hist_layout {
	char unit[8];
	uint32_t sub_bits, groups, buckets;
	uint64_t max_ns;
};

static const struct hist_layout this_layout = {
	"ns", HIST_SUB_BITS, HIST_GROUPS, HIST_BUCKETS, HIST_MAX_NS,
};

#define JF_T struct hist_layout
static const struct jf layout_fields[] = {
	{ STR("unit", unit) },
	{ U32("sub_bits", sub_bits) },
	{ U32("groups", groups) },
	{ U32("buckets", buckets), .flags = JF_DERIVED },
	{ U64("max_ns", max_ns), .flags = JF_DERIVED },
	JF_END
};
#undef JF_T

static jobj *w_layout(struct jf_ctx *c, const struct jf *f, const void *base)
{
	(void)f;
	(void)base;
	return jf_write_obj(c, layout_fields, &this_layout);
}

/* Buckets of another shape cannot be merged or read: refused first. */
static int r_layout(struct jf_ctx *c, const struct jf *f, jobj *o, void *base)
{
	struct hist_layout l;
	size_t old;
	jobj *v;
	int ret = jf_typed(c, o, f->key, json_type_object, "an object", &v);

	(void)base;
	if (ret)
		return ret;
	old = jf_push(c, f->key);
	ret = jf_read_obj(c, layout_fields, v, &l);
	jf_pop(c, old);
	if (ret)
		return ret;
	if (strcmp(l.unit, this_layout.unit) ||
	    l.sub_bits != this_layout.sub_bits ||
	    l.groups != this_layout.groups)
		return errf(c->err, c->errlen, EINVAL,
			    "'%s' has histograms in '%s' with sub_bits %u and %u groups, this ioprobe uses 'ns', %u and %u",
			    c->file, l.unit, l.sub_bits, l.groups,
			    HIST_SUB_BITS, HIST_GROUPS);
	return 0;
}

static int check_targets(struct jf_ctx *c, const struct jf *f, void *base)
{
	const struct results *r = base;

	(void)f;
	if (r->ntargets != r->profile.ntargets)
		return errf(c->err, c->errlen, EINVAL,
			    "'%s': 'targets' has %u entries but 'profile.targets' has %u, expected the same",
			    c->file, r->ntargets, r->profile.ntargets);
	return 0;
}

/* A bare warning line of "warnings". */
static const struct jf warning_line[] = {
	{ .kind = JF_STR, .size = RESULTS_STR },
	JF_END
};

#define JF_T struct results
const struct jf results_json_root[] = {
	{ HOOK("schema", w_schema, r_schema), .flags = JF_FIRST },
	{ STR("version", version) },
	{ STRP("command_line", profile.cmdline) },
	{ STR("engine", engine) },
	{ STR("engine_note", engine_note) },
	{ OBJ("profile", profile, profile_fields) },
	{ OBJ("system", sys, system_fields) },
	{ ARR("targets", targets, ntargets, target_info_fields),
	  .check = check_targets },
	{ DBL("test_time_seconds", test_time_s) },
	{ BOOL("interrupted", interrupted) },
	{ BOOL("no_results", no_results) },
	{ BOOL("io_failed", io_failure.failed), .flags = JF_DERIVED },
	{ OBJ("io_failure", io_failure, failure_fields),
	  .flags = JF_OPTIONAL | JF_NULLABLE, .absent = failure_absent,
	  .init = failure_init },
	{ U32("thread_count", thread_count) },
	{ DBL("ios_per_call", ios_per_call) },
	{ PARR("cpus", cpus, ncpus, 1u << 20, cpu_fields) },
	{ HOOK("latency_histogram", w_layout, r_layout), .flags = JF_FIRST },
	{ U32("interval_ms", interval_ms) },
	{ U32("interval_count", nintervals) },
	{ PARR("rows", rows, nrows, 1u << 24, row_fields),
	  .alloc = alloc_rows },
	{ .key = "interval_percentiles", .kind = JF_ARR,
	  .flags = JF_PTR | JF_OPTIONAL | JF_OMIT, .off = offsetof(JF_T, ipct),
	  .size = sizeof(struct interval_pct),
	  .count_off = JF_AT(uint32_t, nipct), .max = UINT32_MAX,
	  .sub = results_json_ipct_fields, .absent = results_json_ipct_absent,
	  .alloc = results_json_ipct_alloc, .check = results_json_ipct_check },
	{ HOOK("totals", results_json_totals, NULL) },
	{ ARR("warnings", warnings, nwarnings, warning_line),
	  .bad = "holds an entry that is not a string of at most 255 bytes" },
	{ ARR("findings", findings, nfindings, results_json_finding),
	  .flags = JF_OPTIONAL | JF_OMIT,
	  .absent = results_json_findings_absent,
	  .check = results_json_findings_read },
	JF_END
};
#undef JF_T
