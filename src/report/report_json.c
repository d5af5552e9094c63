/* report_json.c - the ioprobe-result/1 JSON report (-Rjson) and its reader.
 *
 * The writer saves every field of struct results, so `ioprobe show` can
 * rebuild any report byte for byte from the file; the reader is its exact
 * inverse.  Derived figures (percentiles, totals, IOPS) are written for
 * scripts and ignored by the reader, which recomputes them.  The layout is
 * documented in docs/json-schema.md.
 *
 * json-c does the escaping (control characters become \u00XX).  Doubles
 * are written as the shortest decimal that reads back to the same bits,
 * non-finite ones as null: json-c alone would print "NaN", which no JSON
 * parser accepts.
 */
#include <errno.h>
#include <fcntl.h>
#include <inttypes.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include <json-c/json.h>
#include <json-c/printbuf.h>

#include "results/hist.h"
#include "lib/readfile.h"
#include "report/report.h"
#include "results/results.h"
#include "lib/util.h"

#define JSON_SCHEMA "ioprobe-result/1"

typedef struct json_object jobj;

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

static const char *const format_names[] = { "text", "xml", "json", "csv",
					    "html" };
static const char *const cache_names[] = { "buffered", "direct", "remote",
					   "mmap" };
static const char *const flush_names[] = { "none", "view", "nv",
					   "nv_nodrain" };
static const char *const wbuf_names[] = { "pattern", "zero", "random_per_io",
					  "source" };
static const char *const dist_names[] = { "none", "pct", "abs" };

/* ---------------------------------------------------------------- writer */

/* Shortest "%.Ng" that reads back to the same double, always with a '.'
 * or exponent so readers see a floating-point number. */
static void fmt_double(char *buf, size_t len, double v)
{
	int prec;

	for (prec = 15; prec <= 17; prec++) {
		snprintf(buf, len, "%.*g", prec, v);
		if (strtod(buf, NULL) == v)
			break;
	}
	if (!strpbrk(buf, ".eEn"))
		strncat(buf, ".0", len - strlen(buf) - 1);
}

static jobj *jd(double v)
{
	char buf[40];

	if (!isfinite(v))
		return NULL;	/* json null */
	fmt_double(buf, sizeof(buf), v);
	return json_object_new_double_s(v, buf);
}

static jobj *ju(uint64_t v)
{
	return json_object_new_uint64(v);
}

static jobj *ji(int64_t v)
{
	return json_object_new_int64(v);
}

static jobj *jb(bool v)
{
	return json_object_new_boolean(v);
}

static jobj *js(const char *s)
{
	return s ? json_object_new_string(s) : NULL;
}

static void add(jobj *o, const char *key, jobj *v)
{
	json_object_object_add(o, key, v);
}

static jobj *json_target_opts(const struct target_opts *t)
{
	jobj *o = json_object_new_object();
	jobj *d = json_object_new_array();
	uint32_t i;

	add(o, "path", js(t->path));
	add(o, "block_bytes", ju(t->block_bytes));
	add(o, "base_bytes", ju(t->base_bytes));
	add(o, "range_len_bytes", ju(t->range_len_bytes));
	add(o, "max_bytes", ju(t->max_bytes));
	add(o, "create_bytes", ju(t->create_bytes));
	add(o, "random", jb(t->random));
	add(o, "random_align_bytes", ju(t->random_align_bytes));
	add(o, "random_pct", ju(t->random_pct));
	add(o, "stride_bytes", ju(t->stride_bytes));
	add(o, "interlocked", jb(t->interlocked));
	add(o, "thread_stride_bytes", ju(t->thread_stride_bytes));
	add(o, "parallel_async", jb(t->parallel_async));
	add(o, "threads", ju(t->threads));
	add(o, "outstanding", ju(t->outstanding));
	add(o, "weight", ju(t->weight));
	add(o, "write_pct", ju(t->write_pct));
	add(o, "throttle_bytes_per_ms", ju(t->throttle_bytes_per_ms));
	add(o, "throttle_iops", ju(t->throttle_iops));
	add(o, "burst", ju(t->burst));
	add(o, "think_ms", ju(t->think_ms));
	add(o, "cache", js(cache_names[t->cache]));
	add(o, "flush", js(flush_names[t->flush]));
	add(o, "write_through", jb(t->write_through));
	add(o, "hint_random", jb(t->hint_random));
	add(o, "hint_sequential", jb(t->hint_sequential));
	add(o, "hint_temporary", jb(t->hint_temporary));
	add(o, "io_priority", ju(t->io_priority));
	add(o, "write_buffer", js(wbuf_names[t->wbuf]));
	add(o, "write_buffer_source_bytes", ju(t->wbuf_source_bytes));
	add(o, "write_buffer_source_path", js(t->wbuf_source_path));
	add(o, "distribution", js(dist_names[t->dist]));
	for (i = 0; i < t->ndist && i < PROFILE_MAX_DIST; i++) {
		jobj *r = json_object_new_object();

		add(r, "io_pct", ju(t->dist_ranges[i].io_pct));
		add(r, "span", ju(t->dist_ranges[i].span));
		json_object_array_add(d, r);
	}
	add(o, "distribution_ranges", d);
	return o;
}

static jobj *json_profile(const struct profile *p)
{
	jobj *o = json_object_new_object();
	jobj *a = json_object_new_array();
	uint32_t i;

	add(o, "duration_seconds", ju(p->duration_s));
	add(o, "warmup_seconds", ju(p->warmup_s));
	add(o, "cooldown_seconds", ju(p->cooldown_s));
	add(o, "measure_latency", jb(p->measure_latency));
	add(o, "iops_interval_ms", ju(p->iops_interval_ms));
	add(o, "seed", ju(p->seed));
	add(o, "seed_given", jb(p->seed_given));
	add(o, "experiment_flags", ju(p->experiment_flags));
	add(o, "pool_threads", ju(p->pool_threads));
	add(o, "pool_requests", ju(p->pool_requests));
	add(o, "affinity_disabled", jb(p->affinity_disabled));
	add(o, "affinity_given", jb(p->affinity_given));
	for (i = 0; i < p->ncpus && i < PROFILE_MAX_CPUS; i++)
		json_object_array_add(a, ju(p->cpus[i]));
	add(o, "affinity_cpus", a);
	add(o, "progress_every", ju(p->progress_every));
	add(o, "verbose", jb(p->verbose));
	add(o, "large_pages", jb(p->large_pages));
	add(o, "continue_on_error", jb(p->continue_on_error));
	add(o, "format", js(format_names[p->format]));
	add(o, "print_profile_only", jb(p->print_profile_only));
	a = json_object_new_array();
	for (i = 0; i < p->noutputs && i < PROFILE_MAX_OUTPUTS; i++) {
		jobj *out = json_object_new_object();

		add(out, "format", js(format_names[p->outputs[i].format]));
		add(out, "path", js(p->outputs[i].path));
		json_object_array_add(a, out);
	}
	add(o, "outputs", a);
	add(o, "engine", js(p->engine));
	add(o, "batch_submit", ju(p->batch_submit));
	add(o, "allow_device_writes", js(p->allow_device_writes));
	add(o, "label", js(p->label));
	add(o, "xml_profile_path", js(p->xml_profile_path));
	a = json_object_new_array();
	for (i = 0; i < p->ntargets && i < PROFILE_MAX_TARGETS; i++)
		json_object_array_add(a, json_target_opts(&p->targets[i]));
	add(o, "targets", a);
	return o;
}

static jobj *json_system(const struct system_info *s)
{
	jobj *o = json_object_new_object();

	add(o, "hostname", js(s->hostname));
	add(o, "start_time", js(s->start_time));
	add(o, "kernel", js(s->kernel));
	add(o, "cpu_model", js(s->cpu_model));
	add(o, "cpu_count", ju(s->cpu_count));
	add(o, "core_count", ju(s->core_count));
	add(o, "socket_count", ju(s->socket_count));
	add(o, "node_count", ju(s->node_count));
	add(o, "mem_bytes", ju(s->mem_bytes));
	add(o, "governor", js(s->governor));
	add(o, "clocksource", js(s->clocksource));
	return o;
}

static jobj *json_target_info(const struct target_info *t)
{
	jobj *o = json_object_new_object();

	add(o, "path", js(t->path));
	add(o, "size_bytes", ju(t->size_bytes));
	add(o, "is_block_device", jb(t->is_block_device));
	add(o, "fs_type", js(t->fs_type));
	add(o, "device", js(t->device));
	add(o, "model", js(t->model));
	add(o, "rotational", ji(t->rotational));
	add(o, "scheduler", js(t->scheduler));
	add(o, "logical_block_bytes", ju(t->logical_block));
	add(o, "physical_block_bytes", ju(t->physical_block));
	add(o, "hw_queue_depth", ju(t->hw_queue_depth));
	add(o, "irq_cpus", js(t->irq_cpus));
	add(o, "created", jb(t->created));
	add(o, "fill_skipped", jb(t->fill_skipped));
	add(o, "fill_seconds", jd(t->fill_seconds));
	return o;
}

/* An empty histogram's min is UINT64_MAX: written as null. */
static jobj *ju_min(uint64_t v)
{
	return v == UINT64_MAX ? NULL : ju(v);
}

static jobj *json_percentiles(const struct hist *h)
{
	jobj *o = json_object_new_object();
	size_t i;

	if (hist_empty(h))
		return o;
	for (i = 0; i < ARRAY_SIZE(json_pcts); i++)
		add(o, json_pcts[i].key,
		    ju(hist_percentile(h, json_pcts[i].pct)));
	return o;
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

/* Raw moments, the non-zero buckets, and derived percentiles. */
static jobj *json_latency(const struct hist *h)
{
	jobj *o = json_object_new_object();
	jobj *b = json_object_new_array();
	unsigned int i;

	add(o, "count", ju(h->count));
	add(o, "overflow", ju(h->overflow));
	add(o, "min_ns", ju_min(h->min_ns));
	add(o, "max_ns", ju(h->max_ns));
	add(o, "sum_ns", jd(h->sum_ns));
	add(o, "sumsq_ns", jd(h->sumsq_ns));
	for (i = 0; i < HIST_BUCKETS; i++) {
		jobj *pair;

		if (!h->buckets[i])
			continue;
		pair = json_object_new_array_ext(2);
		json_object_array_add(pair, ju(i));
		json_object_array_add(pair, ju(h->buckets[i]));
		json_object_set_serializer(pair, pair_to_string, NULL, NULL);
		json_object_array_add(b, pair);
	}
	add(o, "histogram", b);
	add(o, "percentiles_ns", json_percentiles(h));
	return o;
}

static jobj *json_intervals(const struct interval_stat *iv, uint32_t n)
{
	jobj *a = json_object_new_array();
	uint32_t i;

	for (i = 0; iv && i < n; i++) {
		jobj *o = json_object_new_object();

		add(o, "ios", ju(iv[i].ios));
		add(o, "lat_min_ns", ju_min(iv[i].lat_min_ns));
		add(o, "lat_max_ns", ju(iv[i].lat_max_ns));
		add(o, "lat_sum_ns", jd(iv[i].lat_sum_ns));
		add(o, "lat_sumsq_ns", jd(iv[i].lat_sumsq_ns));
		json_object_array_add(a, o);
	}
	return a;
}

static jobj *json_dir(const struct dir_stats *d, uint32_t nintervals)
{
	jobj *o = json_object_new_object();

	add(o, "ios", ju(d->ios));
	add(o, "bytes", ju(d->bytes));
	add(o, "latency", json_latency(&d->lat));
	add(o, "intervals", json_intervals(d->intervals, nintervals));
	return o;
}

/* [{"errno": 5, "name": "EIO", "count": 153315}, ...] in first-seen
 * order; errno 0 = nothing transferred, -1 = other kinds. */
static jobj *json_errnos(const struct errno_count *c)
{
	jobj *a = json_object_new_array();
	uint32_t i;

	for (i = 0; i < RESULTS_ERRNOS; i++) {
		jobj *e;

		if (!c[i].count)
			continue;
		e = json_object_new_object();
		add(e, "errno", ji(c[i].err));
		add(e, "name", js(results_errno_name(c[i].err)));
		add(e, "count", ju(c[i].count));
		json_object_array_add(a, e);
	}
	return a;
}

/* The first failed I/O, or null when none failed. */
static jobj *json_io_failure(const struct results *r)
{
	const struct io_failure *f = &r->io_failure;
	char msg[768];
	jobj *o;

	if (!f->failed)
		return NULL;
	o = json_object_new_object();
	results_fmt_failure(r, msg, sizeof(msg));
	add(o, "thread", ju(f->thread));
	add(o, "target", ju(f->target));
	add(o, "offset", ju(f->offset));
	add(o, "direction", js(f->write ? "write" : "read"));
	add(o, "errno", ji(f->err));
	add(o, "errno_name", js(results_errno_name(f->err)));
	add(o, "message", js(msg));
	return o;
}

static jobj *json_row(const struct results *r, const struct thread_target *t)
{
	jobj *o = json_object_new_object();

	add(o, "thread", ju(t->thread));
	add(o, "target", ju(t->target));
	add(o, "cpu", ji(t->cpu));
	add(o, "mean_inflight", jd(t->mean_inflight));
	add(o, "cpus_seen", ju(t->cpus_seen));
	add(o, "errors", ju(t->errors));
	add(o, "errors_by_errno", json_errnos(t->errnos));
	add(o, "read", json_dir(&t->dir[DIR_READ], r->nintervals));
	add(o, "write", json_dir(&t->dir[DIR_WRITE], r->nintervals));
	return o;
}

/* Derived: what the text report's tables and latency chart show. */
static jobj *json_agg(const struct results *r, int target, enum io_dir dir)
{
	jobj *o = json_object_new_object();
	struct agg *a = malloc(sizeof(*a));

	if (!a)
		return o;
	results_aggregate(r, target, dir, a);
	add(o, "ios", ju(a->ios));
	add(o, "bytes", ju(a->bytes));
	add(o, "iops", jd(a->iops));
	add(o, "mib_s", jd(a->mib_s));
	add(o, "iops_stddev", jd(a->iops_stddev));
	add(o, "latency_count", ju(a->lat.count));
	add(o, "latency_mean_ns", hist_empty(&a->lat) ? NULL :
			jd(hist_mean_ns(&a->lat)));
	add(o, "latency_stddev_ns", hist_empty(&a->lat) ? NULL :
			jd(hist_stddev_ns(&a->lat)));
	add(o, "percentiles_ns", json_percentiles(&a->lat));
	free(a);
	return o;
}

static jobj *json_agg_dirs(const struct results *r, int target)
{
	jobj *o = json_object_new_object();

	if (target >= 0)
		add(o, "path", js(r->targets[target].path));
	add(o, "read", json_agg(r, target, DIR_READ));
	add(o, "write", json_agg(r, target, DIR_WRITE));
	add(o, "total", json_agg(r, target, DIR_COUNT));
	return o;
}

static jobj *json_totals(const struct results *r)
{
	jobj *o = json_object_new_object();
	jobj *a = json_object_new_array();
	uint32_t i;

	for (i = 0; i < r->ntargets && i < PROFILE_MAX_TARGETS; i++)
		json_object_array_add(a, json_agg_dirs(r, (int)i));
	add(o, "targets", a);
	add(o, "all", json_agg_dirs(r, -1));
	return o;
}

static jobj *json_layout(void)
{
	jobj *o = json_object_new_object();

	add(o, "unit", js("ns"));
	add(o, "sub_bits", ju(HIST_SUB_BITS));
	add(o, "groups", ju(HIST_GROUPS));
	add(o, "buckets", ju(HIST_BUCKETS));
	add(o, "max_ns", ju(HIST_MAX_NS));
	return o;
}

static jobj *json_results(const struct results *r)
{
	jobj *o = json_object_new_object();
	jobj *a;
	uint32_t i;

	add(o, "schema", js(JSON_SCHEMA));
	add(o, "version", js(r->version));
	add(o, "command_line", js(r->profile.cmdline));
	add(o, "engine", js(r->engine));
	add(o, "engine_note", js(r->engine_note));
	add(o, "profile", json_profile(&r->profile));
	add(o, "system", json_system(&r->sys));
	a = json_object_new_array();
	for (i = 0; i < r->ntargets && i < PROFILE_MAX_TARGETS; i++)
		json_object_array_add(a, json_target_info(&r->targets[i]));
	add(o, "targets", a);
	add(o, "test_time_seconds", jd(r->test_time_s));
	add(o, "interrupted", jb(r->interrupted));
	add(o, "no_results", jb(r->no_results));
	add(o, "io_failed", jb(r->io_failure.failed));
	add(o, "io_failure", json_io_failure(r));
	add(o, "thread_count", ju(r->thread_count));
	add(o, "ios_per_call", jd(r->ios_per_call));
	a = json_object_new_array();
	for (i = 0; r->cpus && i < r->ncpus; i++) {
		jobj *c = json_object_new_object();

		add(c, "id", ju(r->cpus[i].id));
		add(c, "usage_pct", jd(r->cpus[i].usage_pct));
		add(c, "user_pct", jd(r->cpus[i].user_pct));
		add(c, "kernel_pct", jd(r->cpus[i].kernel_pct));
		add(c, "idle_pct", jd(r->cpus[i].idle_pct));
		json_object_array_add(a, c);
	}
	add(o, "cpus", a);
	add(o, "latency_histogram", json_layout());
	add(o, "interval_ms", ju(r->interval_ms));
	add(o, "interval_count", ju(r->nintervals));
	a = json_object_new_array();
	for (i = 0; r->rows && i < r->nrows; i++)
		json_object_array_add(a, json_row(r, &r->rows[i]));
	add(o, "rows", a);
	add(o, "totals", json_totals(r));
	a = json_object_new_array();
	for (i = 0; i < r->nwarnings && i < ARRAY_SIZE(r->warnings); i++)
		json_object_array_add(a, js(r->warnings[i]));
	add(o, "warnings", a);
	return o;
}

static bool enums_valid(const struct results *r)
{
	const struct profile *p = &r->profile;
	uint32_t i;

	if ((unsigned int)p->format >= ARRAY_SIZE(format_names))
		return false;
	for (i = 0; i < p->noutputs && i < PROFILE_MAX_OUTPUTS; i++)
		if ((unsigned int)p->outputs[i].format >=
		    ARRAY_SIZE(format_names))
			return false;
	for (i = 0; i < p->ntargets && i < PROFILE_MAX_TARGETS; i++) {
		const struct target_opts *t = &p->targets[i];

		if ((unsigned int)t->cache >= ARRAY_SIZE(cache_names) ||
		    (unsigned int)t->wbuf >= ARRAY_SIZE(wbuf_names) ||
		    (unsigned int)t->dist >= ARRAY_SIZE(dist_names))
			return false;
	}
	return true;
}

int report_json(const struct results *r, FILE *f)
{
	locale_t c_loc, old_loc = (locale_t)0;
	const char *text;
	jobj *root;
	int ret = 0;

	if (!enums_valid(r))
		return -EINVAL;
	/* Numbers must use '.' whatever locale the caller set. */
	c_loc = newlocale(LC_ALL_MASK, "C", (locale_t)0);
	if (c_loc)
		old_loc = uselocale(c_loc);
	root = json_results(r);
	text = root ? json_object_to_json_string_ext(root,
			JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE) : NULL;
	if (!text)
		ret = -ENOMEM;
	else if (fputs(text, f) == EOF || fputc('\n', f) == EOF)
		ret = -EIO;
	json_object_put(root);
	if (c_loc) {
		uselocale(old_loc);
		freelocale(c_loc);
	}
	return ret;
}

/* ---------------------------------------------------------------- reader */

/* Reader state: the file name and the dotted path of the object being
 * read, so every error names the field at fault. */
struct jl {
	const char *file;
	size_t text_len;	/* bytes of JSON text: bounds the allocations */
	char *err;
	size_t errlen;
	char path[256];
};

static const char *jl_name(const struct jl *c, const char *key, char *buf,
			   size_t len)
{
	if (!key)
		snprintf(buf, len, "%s", c->path);
	else if (c->path[0])
		snprintf(buf, len, "%s.%s", c->path, key);
	else
		snprintf(buf, len, "%s", key);
	return buf;
}

static int jl_missing(struct jl *c, const char *key)
{
	char name[320];

	return errf(c->err, c->errlen, EINVAL, "'%s': missing field '%s'",
		    c->file, jl_name(c, key, name, sizeof(name)));
}

static int jl_badtype(struct jl *c, const char *key, jobj *v,
		      const char *want)
{
	char name[320];

	return errf(c->err, c->errlen, EINVAL,
		    "'%s': field '%s' is %s, expected %s", c->file,
		    jl_name(c, key, name, sizeof(name)),
		    json_type_to_name(json_object_get_type(v)), want);
}

static int jl_badvalue(struct jl *c, const char *key, const char *what)
{
	char name[320];

	return errf(c->err, c->errlen, EINVAL, "'%s': field '%s' %s",
		    c->file, jl_name(c, key, name, sizeof(name)), what);
}

/* Append ".key" to the path; returns the old length for jl_pop(). */
static size_t jl_push(struct jl *c, const char *key)
{
	size_t old = strlen(c->path);

	snprintf(c->path + old, sizeof(c->path) - old, "%s%s",
		 old ? "." : "", key);
	return old;
}

/* Append ".key[i]"; returns the old length. */
static size_t jl_push_idx(struct jl *c, const char *key, size_t i)
{
	size_t old = strlen(c->path);

	snprintf(c->path + old, sizeof(c->path) - old, "%s%s[%zu]",
		 old ? "." : "", key, i);
	return old;
}

static void jl_pop(struct jl *c, size_t old)
{
	c->path[old] = '\0';
}

static int jl_get(struct jl *c, jobj *o, const char *key, jobj **v)
{
	if (!json_object_object_get_ex(o, key, v))
		return jl_missing(c, key);
	return 0;
}

static int jl_typed(struct jl *c, jobj *o, const char *key,
		    enum json_type type, const char *want, jobj **v)
{
	int ret = jl_get(c, o, key, v);

	if (!ret && !json_object_is_type(*v, type))
		return jl_badtype(c, key, *v, want);
	return ret;
}

/* A uint64 field; @nullable maps null to UINT64_MAX (an empty min). */
static int jl_u64x(struct jl *c, jobj *o, const char *key, uint64_t max,
		   bool nullable, uint64_t *out)
{
	jobj *v;
	int ret = jl_get(c, o, key, &v);

	if (ret)
		return ret;
	if (nullable && !v) {
		*out = UINT64_MAX;
		return 0;
	}
	if (!json_object_is_type(v, json_type_int))
		return jl_badtype(c, key, v, "an unsigned integer");
	if (json_object_get_int64(v) < 0)
		return jl_badvalue(c, key, "is negative, expected >= 0");
	errno = 0;
	*out = json_object_get_uint64(v);
	if (*out > max) {
		char what[64];

		snprintf(what, sizeof(what), "is above %" PRIu64, max);
		return jl_badvalue(c, key, what);
	}
	return 0;
}

static int jl_u64(struct jl *c, jobj *o, const char *key, uint64_t *out)
{
	return jl_u64x(c, o, key, UINT64_MAX, false, out);
}

static int jl_u32(struct jl *c, jobj *o, const char *key, uint32_t *out)
{
	uint64_t v;
	int ret = jl_u64x(c, o, key, UINT32_MAX, false, &v);

	if (!ret)
		*out = (uint32_t)v;
	return ret;
}

static int jl_i32(struct jl *c, jobj *o, const char *key, int32_t *out)
{
	jobj *v;
	int64_t n;
	int ret = jl_typed(c, o, key, json_type_int, "an integer", &v);

	if (ret)
		return ret;
	n = json_object_get_int64(v);
	if (n < INT32_MIN || n > INT32_MAX)
		return jl_badvalue(c, key, "is out of the 32-bit range");
	*out = (int32_t)n;
	return 0;
}

static int jl_bool(struct jl *c, jobj *o, const char *key, bool *out)
{
	jobj *v;
	int ret = jl_typed(c, o, key, json_type_boolean, "true or false", &v);

	if (!ret)
		*out = json_object_get_boolean(v);
	return ret;
}

/* A double; null stands for a non-finite value and reads as NaN. */
static int jl_dbl(struct jl *c, jobj *o, const char *key, double *out)
{
	jobj *v;
	int ret = jl_get(c, o, key, &v);

	if (ret)
		return ret;
	if (!v) {
		*out = NAN;
		return 0;
	}
	if (!json_object_is_type(v, json_type_double) &&
	    !json_object_is_type(v, json_type_int))
		return jl_badtype(c, key, v, "a number");
	*out = json_object_get_double(v);
	return 0;
}

/* A string into a fixed buffer; too long is an error, not a cut. */
static int jl_str(struct jl *c, jobj *o, const char *key, char *buf,
		  size_t len)
{
	jobj *v;
	int ret = jl_typed(c, o, key, json_type_string, "a string", &v);

	if (ret)
		return ret;
	if ((size_t)json_object_get_string_len(v) >= len) {
		char what[64];

		snprintf(what, sizeof(what), "is longer than %zu bytes",
			 len - 1);
		return jl_badvalue(c, key, what);
	}
	str_copy(buf, len, json_object_get_string(v));
	return 0;
}

/* An owned string; null reads as NULL. */
static int jl_strdup(struct jl *c, jobj *o, const char *key, char **out)
{
	jobj *v;
	int ret = jl_get(c, o, key, &v);

	if (ret)
		return ret;
	free(*out);
	*out = NULL;
	if (!v)
		return 0;
	if (!json_object_is_type(v, json_type_string))
		return jl_badtype(c, key, v, "a string or null");
	*out = strdup(json_object_get_string(v));
	return *out ? 0 : -ENOMEM;
}

static int jl_enum(struct jl *c, jobj *o, const char *key,
		   const char *const *names, size_t n, unsigned int *out)
{
	char buf[32], what[160];
	size_t i, used = 0;
	int ret = jl_str(c, o, key, buf, sizeof(buf));

	if (ret)
		return ret;
	for (i = 0; i < n; i++) {
		if (!strcmp(buf, names[i])) {
			*out = (unsigned int)i;
			return 0;
		}
	}
	used = (size_t)snprintf(what, sizeof(what), "has value '%s', expected",
				buf);
	for (i = 0; i < n && used < sizeof(what); i++)
		used += (size_t)snprintf(what + used, sizeof(what) - used,
					 "%s %s", i ? "," : "", names[i]);
	return jl_badvalue(c, key, what);
}

/* An array of at most @max entries. */
static int jl_arr(struct jl *c, jobj *o, const char *key, size_t max,
		  jobj **v, size_t *n)
{
	int ret = jl_typed(c, o, key, json_type_array, "an array", v);

	if (ret)
		return ret;
	*n = json_object_array_length(*v);
	if (*n > max) {
		char what[64];

		snprintf(what, sizeof(what), "has %zu entries, at most %zu",
			 *n, max);
		return jl_badvalue(c, key, what);
	}
	return 0;
}

/* Element @i of array @a, which must be an object. */
static int jl_elem_obj(struct jl *c, jobj *a, size_t i, jobj **v)
{
	*v = json_object_array_get_idx(a, i);
	if (!json_object_is_type(*v, json_type_object))
		return jl_badtype(c, NULL, *v, "an object");
	return 0;
}

static int load_target_opts(struct jl *c, jobj *o, struct target_opts *t)
{
	unsigned int e;
	size_t n, i, old;
	jobj *a, *r;
	int ret;

	if ((ret = jl_strdup(c, o, "path", &t->path)))
		return ret;
	if (!t->path)
		return jl_badvalue(c, "path", "is null, expected a string");
	if ((ret = jl_u64(c, o, "block_bytes", &t->block_bytes)) ||
	    (ret = jl_u64(c, o, "base_bytes", &t->base_bytes)) ||
	    (ret = jl_u64(c, o, "range_len_bytes", &t->range_len_bytes)) ||
	    (ret = jl_u64(c, o, "max_bytes", &t->max_bytes)) ||
	    (ret = jl_u64(c, o, "create_bytes", &t->create_bytes)) ||
	    (ret = jl_bool(c, o, "random", &t->random)) ||
	    (ret = jl_u64(c, o, "random_align_bytes",
			  &t->random_align_bytes)) ||
	    (ret = jl_u32(c, o, "random_pct", &t->random_pct)) ||
	    (ret = jl_u64(c, o, "stride_bytes", &t->stride_bytes)) ||
	    (ret = jl_bool(c, o, "interlocked", &t->interlocked)) ||
	    (ret = jl_u64(c, o, "thread_stride_bytes",
			  &t->thread_stride_bytes)) ||
	    (ret = jl_bool(c, o, "parallel_async", &t->parallel_async)) ||
	    (ret = jl_u32(c, o, "threads", &t->threads)) ||
	    (ret = jl_u32(c, o, "outstanding", &t->outstanding)) ||
	    (ret = jl_u32(c, o, "weight", &t->weight)) ||
	    (ret = jl_u32(c, o, "write_pct", &t->write_pct)) ||
	    (ret = jl_u64(c, o, "throttle_bytes_per_ms",
			  &t->throttle_bytes_per_ms)) ||
	    (ret = jl_u64(c, o, "throttle_iops", &t->throttle_iops)) ||
	    (ret = jl_u32(c, o, "burst", &t->burst)) ||
	    (ret = jl_u32(c, o, "think_ms", &t->think_ms)))
		return ret;
	if ((ret = jl_enum(c, o, "cache", cache_names,
			   ARRAY_SIZE(cache_names), &e)))
		return ret;
	t->cache = (enum cache_mode)e;
	/* optional: results saved before -N was stored lack it */
	if (json_object_object_get_ex(o, "flush", NULL)) {
		if ((ret = jl_enum(c, o, "flush", flush_names,
				   ARRAY_SIZE(flush_names), &e)))
			return ret;
		t->flush = (enum flush_mode)e;
	}
	if ((ret = jl_bool(c, o, "write_through", &t->write_through)) ||
	    (ret = jl_bool(c, o, "hint_random", &t->hint_random)) ||
	    (ret = jl_bool(c, o, "hint_sequential", &t->hint_sequential)) ||
	    (ret = jl_bool(c, o, "hint_temporary", &t->hint_temporary)) ||
	    (ret = jl_u32(c, o, "io_priority", &t->io_priority)))
		return ret;
	if ((ret = jl_enum(c, o, "write_buffer", wbuf_names,
			   ARRAY_SIZE(wbuf_names), &e)))
		return ret;
	t->wbuf = (enum wbuf_mode)e;
	if ((ret = jl_u64(c, o, "write_buffer_source_bytes",
			  &t->wbuf_source_bytes)) ||
	    (ret = jl_strdup(c, o, "write_buffer_source_path",
			     &t->wbuf_source_path)))
		return ret;
	if ((ret = jl_enum(c, o, "distribution", dist_names,
			   ARRAY_SIZE(dist_names), &e)))
		return ret;
	t->dist = (enum dist_kind)e;
	if ((ret = jl_arr(c, o, "distribution_ranges", PROFILE_MAX_DIST, &a,
			  &n)))
		return ret;
	t->ndist = (uint32_t)n;
	for (i = 0; i < n && !ret; i++) {
		old = jl_push_idx(c, "distribution_ranges", i);
		ret = jl_elem_obj(c, a, i, &r);
		if (!ret)
			ret = jl_u32(c, r, "io_pct",
				     &t->dist_ranges[i].io_pct);
		if (!ret)
			ret = jl_u64(c, r, "span", &t->dist_ranges[i].span);
		jl_pop(c, old);
	}
	return ret;
}

static int load_outputs(struct jl *c, jobj *o, struct profile *p)
{
	size_t n, i, old;
	unsigned int e;
	jobj *a, *v;
	int ret;

	if ((ret = jl_arr(c, o, "outputs", PROFILE_MAX_OUTPUTS, &a, &n)))
		return ret;
	for (i = 0; i < n && !ret; i++) {
		old = jl_push_idx(c, "outputs", i);
		ret = jl_elem_obj(c, a, i, &v);
		if (!ret)
			ret = jl_enum(c, v, "format", format_names,
				      ARRAY_SIZE(format_names), &e);
		if (!ret) {
			p->outputs[i].format = (enum result_format)e;
			ret = jl_strdup(c, v, "path", &p->outputs[i].path);
		}
		jl_pop(c, old);
		p->noutputs = (uint32_t)i + 1;
	}
	return ret;
}

static int load_profile_targets(struct jl *c, jobj *o, struct profile *p)
{
	size_t n, i, old;
	jobj *a, *v;
	int ret;

	if ((ret = jl_arr(c, o, "targets", PROFILE_MAX_TARGETS, &a, &n)))
		return ret;
	for (i = 0; i < n && !ret; i++) {
		old = jl_push_idx(c, "targets", i);
		p->ntargets = (uint32_t)i + 1;
		target_opts_init(&p->targets[i]);
		ret = jl_elem_obj(c, a, i, &v);
		if (!ret)
			ret = load_target_opts(c, v, &p->targets[i]);
		jl_pop(c, old);
	}
	return ret;
}

static int load_profile(struct jl *c, jobj *root, struct profile *p)
{
	size_t n, i, old;
	unsigned int e;
	jobj *o, *a, *v;
	int ret;

	if ((ret = jl_strdup(c, root, "command_line", &p->cmdline)) ||
	    (ret = jl_typed(c, root, "profile", json_type_object,
			    "an object", &o)))
		return ret;
	old = jl_push(c, "profile");
	if ((ret = jl_u32(c, o, "duration_seconds", &p->duration_s)) ||
	    (ret = jl_u32(c, o, "warmup_seconds", &p->warmup_s)) ||
	    (ret = jl_u32(c, o, "cooldown_seconds", &p->cooldown_s)) ||
	    (ret = jl_bool(c, o, "measure_latency", &p->measure_latency)) ||
	    (ret = jl_u32(c, o, "iops_interval_ms", &p->iops_interval_ms)) ||
	    (ret = jl_u64(c, o, "seed", &p->seed)) ||
	    (ret = jl_bool(c, o, "seed_given", &p->seed_given)) ||
	    (ret = jl_u32(c, o, "experiment_flags", &p->experiment_flags)) ||
	    (ret = jl_u32(c, o, "pool_threads", &p->pool_threads)) ||
	    (ret = jl_u32(c, o, "pool_requests", &p->pool_requests)) ||
	    (ret = jl_bool(c, o, "affinity_disabled",
			   &p->affinity_disabled)) ||
	    (ret = jl_bool(c, o, "affinity_given", &p->affinity_given)) ||
	    (ret = jl_arr(c, o, "affinity_cpus", PROFILE_MAX_CPUS, &a, &n)))
		goto out;
	p->ncpus = (uint32_t)n;
	for (i = 0; i < n; i++) {
		v = json_object_array_get_idx(a, i);
		if (!json_object_is_type(v, json_type_int) ||
		    json_object_get_int64(v) < 0 ||
		    json_object_get_int64(v) > UINT32_MAX) {
			ret = jl_badvalue(c, "affinity_cpus",
					  "holds a value that is not a CPU number");
			goto out;
		}
		p->cpus[i] = (uint32_t)json_object_get_int64(v);
	}
	if ((ret = jl_u32(c, o, "progress_every", &p->progress_every)) ||
	    (ret = jl_bool(c, o, "verbose", &p->verbose)) ||
	    (ret = jl_bool(c, o, "large_pages", &p->large_pages)) ||
	    /* optional: results saved before it existed lack it */
	    (json_object_object_get_ex(o, "continue_on_error", NULL) &&
	     (ret = jl_bool(c, o, "continue_on_error",
			    &p->continue_on_error))) ||
	    (ret = jl_enum(c, o, "format", format_names,
			   ARRAY_SIZE(format_names), &e)))
		goto out;
	p->format = (enum result_format)e;
	if ((ret = jl_bool(c, o, "print_profile_only",
			   &p->print_profile_only)) ||
	    (ret = load_outputs(c, o, p)) ||
	    (ret = jl_strdup(c, o, "engine", &p->engine)) ||
	    (ret = jl_u32(c, o, "batch_submit", &p->batch_submit)) ||
	    (ret = jl_strdup(c, o, "allow_device_writes",
			     &p->allow_device_writes)) ||
	    (ret = jl_strdup(c, o, "label", &p->label)) ||
	    (ret = jl_strdup(c, o, "xml_profile_path", &p->xml_profile_path)))
		goto out;
	ret = load_profile_targets(c, o, p);
out:
	jl_pop(c, old);
	return ret;
}

static int load_system(struct jl *c, jobj *root, struct system_info *s)
{
	jobj *o;
	size_t old;
	int ret = jl_typed(c, root, "system", json_type_object, "an object",
			   &o);

	if (ret)
		return ret;
	old = jl_push(c, "system");
	if ((ret = jl_str(c, o, "hostname", s->hostname,
			  sizeof(s->hostname))) ||
	    (ret = jl_str(c, o, "start_time", s->start_time,
			  sizeof(s->start_time))) ||
	    (ret = jl_str(c, o, "kernel", s->kernel, sizeof(s->kernel))) ||
	    (ret = jl_str(c, o, "cpu_model", s->cpu_model,
			  sizeof(s->cpu_model))) ||
	    (ret = jl_u32(c, o, "cpu_count", &s->cpu_count)) ||
	    (ret = jl_u32(c, o, "core_count", &s->core_count)) ||
	    (ret = jl_u32(c, o, "socket_count", &s->socket_count)) ||
	    (ret = jl_u32(c, o, "node_count", &s->node_count)) ||
	    (ret = jl_u64(c, o, "mem_bytes", &s->mem_bytes)) ||
	    (ret = jl_str(c, o, "governor", s->governor,
			  sizeof(s->governor))) ||
	    (ret = jl_str(c, o, "clocksource", s->clocksource,
			  sizeof(s->clocksource))))
		goto out;
out:
	jl_pop(c, old);
	return ret;
}

static int load_target_info(struct jl *c, jobj *o, struct target_info *t)
{
	int ret;

	if ((ret = jl_str(c, o, "path", t->path, sizeof(t->path))) ||
	    (ret = jl_u64(c, o, "size_bytes", &t->size_bytes)) ||
	    (ret = jl_bool(c, o, "is_block_device", &t->is_block_device)) ||
	    (ret = jl_str(c, o, "fs_type", t->fs_type, sizeof(t->fs_type))) ||
	    (ret = jl_str(c, o, "device", t->device, sizeof(t->device))) ||
	    (ret = jl_str(c, o, "model", t->model, sizeof(t->model))) ||
	    (ret = jl_i32(c, o, "rotational", &t->rotational)) ||
	    (ret = jl_str(c, o, "scheduler", t->scheduler,
			  sizeof(t->scheduler))) ||
	    (ret = jl_u32(c, o, "logical_block_bytes", &t->logical_block)) ||
	    (ret = jl_u32(c, o, "physical_block_bytes",
			  &t->physical_block)) ||
	    (ret = jl_u32(c, o, "hw_queue_depth", &t->hw_queue_depth)) ||
	    (ret = jl_str(c, o, "irq_cpus", t->irq_cpus,
			  sizeof(t->irq_cpus))) ||
	    (ret = jl_bool(c, o, "created", &t->created)) ||
	    (ret = jl_bool(c, o, "fill_skipped", &t->fill_skipped)))
		return ret;
	return jl_dbl(c, o, "fill_seconds", &t->fill_seconds);
}

static int load_targets(struct jl *c, jobj *root, struct results *r)
{
	size_t n, i, old;
	jobj *a, *v;
	int ret = jl_arr(c, root, "targets", PROFILE_MAX_TARGETS, &a, &n);

	for (i = 0; !ret && i < n; i++) {
		old = jl_push_idx(c, "targets", i);
		ret = jl_elem_obj(c, a, i, &v);
		if (!ret)
			ret = load_target_info(c, v, &r->targets[i]);
		jl_pop(c, old);
		r->ntargets = (uint32_t)i + 1;
	}
	return ret;
}

static int load_cpu(struct jl *c, jobj *v, struct cpu_usage *u)
{
	int ret;

	if ((ret = jl_u32(c, v, "id", &u->id)) ||
	    (ret = jl_dbl(c, v, "usage_pct", &u->usage_pct)) ||
	    (ret = jl_dbl(c, v, "user_pct", &u->user_pct)) ||
	    (ret = jl_dbl(c, v, "kernel_pct", &u->kernel_pct)))
		return ret;
	return jl_dbl(c, v, "idle_pct", &u->idle_pct);
}

static int load_cpus(struct jl *c, jobj *root, struct results *r)
{
	size_t n, i, old;
	jobj *a, *v;
	int ret = jl_arr(c, root, "cpus", 1u << 20, &a, &n);

	if (ret || !n)
		return ret;
	r->cpus = calloc(n, sizeof(*r->cpus));
	if (!r->cpus)
		return -ENOMEM;
	r->ncpus = (uint32_t)n;
	for (i = 0; !ret && i < n; i++) {
		struct cpu_usage *u = &r->cpus[i];

		old = jl_push_idx(c, "cpus", i);
		ret = jl_elem_obj(c, a, i, &v);
		if (!ret)
			ret = load_cpu(c, v, u);
		jl_pop(c, old);
	}
	return ret;
}

static int load_histogram(struct jl *c, jobj *o, struct hist *h)
{
	size_t n, i;
	jobj *a, *pair, *ix, *cnt;
	int ret = jl_arr(c, o, "histogram", HIST_BUCKETS, &a, &n);

	for (i = 0; !ret && i < n; i++) {
		pair = json_object_array_get_idx(a, i);
		if (!json_object_is_type(pair, json_type_array) ||
		    json_object_array_length(pair) != 2)
			return jl_badvalue(c, "histogram",
					   "holds an entry that is not a [bucket, count] pair");
		ix = json_object_array_get_idx(pair, 0);
		cnt = json_object_array_get_idx(pair, 1);
		if (!json_object_is_type(ix, json_type_int) ||
		    !json_object_is_type(cnt, json_type_int) ||
		    json_object_get_int64(ix) < 0 ||
		    json_object_get_int64(ix) >= HIST_BUCKETS ||
		    json_object_get_int64(cnt) < 0)
			return jl_badvalue(c, "histogram",
					   "holds a bucket index or count out of range");
		h->buckets[json_object_get_int64(ix)] +=
			json_object_get_uint64(cnt);
	}
	return ret;
}

static int load_latency(struct jl *c, jobj *d, struct hist *h)
{
	jobj *o;
	size_t old;
	int ret = jl_typed(c, d, "latency", json_type_object, "an object", &o);

	if (ret)
		return ret;
	old = jl_push(c, "latency");
	hist_init(h);
	if ((ret = jl_u64(c, o, "count", &h->count)) ||
	    (ret = jl_u64(c, o, "overflow", &h->overflow)) ||
	    (ret = jl_u64x(c, o, "min_ns", UINT64_MAX, true, &h->min_ns)) ||
	    (ret = jl_u64(c, o, "max_ns", &h->max_ns)) ||
	    (ret = jl_dbl(c, o, "sum_ns", &h->sum_ns)) ||
	    (ret = jl_dbl(c, o, "sumsq_ns", &h->sumsq_ns)) ||
	    (ret = load_histogram(c, o, h)))
		goto out;
out:
	jl_pop(c, old);
	return ret;
}

static int load_interval(struct jl *c, jobj *v, struct interval_stat *s)
{
	int ret;

	if ((ret = jl_u64(c, v, "ios", &s->ios)) ||
	    (ret = jl_u64x(c, v, "lat_min_ns", UINT64_MAX, true,
			   &s->lat_min_ns)) ||
	    (ret = jl_u64(c, v, "lat_max_ns", &s->lat_max_ns)) ||
	    (ret = jl_dbl(c, v, "lat_sum_ns", &s->lat_sum_ns)))
		return ret;
	return jl_dbl(c, v, "lat_sumsq_ns", &s->lat_sumsq_ns);
}

static int load_intervals(struct jl *c, jobj *d, struct interval_stat *iv,
			  uint32_t nintervals)
{
	size_t n, i, old;
	jobj *a, *v;
	int ret = jl_arr(c, d, "intervals", nintervals, &a, &n);

	if (ret)
		return ret;
	if (n != nintervals)
		return jl_badvalue(c, "intervals",
				   "does not have interval_count entries");
	if (n && !iv)
		return -ENOMEM;
	for (i = 0; !ret && i < n; i++) {
		struct interval_stat *s = &iv[i];

		old = jl_push_idx(c, "intervals", i);
		ret = jl_elem_obj(c, a, i, &v);
		if (!ret)
			ret = load_interval(c, v, s);
		jl_pop(c, old);
	}
	return ret;
}

static int load_dir(struct jl *c, jobj *row, const char *key,
		    struct dir_stats *d, uint32_t nintervals)
{
	jobj *o;
	size_t old;
	int ret = jl_typed(c, row, key, json_type_object, "an object", &o);

	if (ret)
		return ret;
	old = jl_push(c, key);
	if ((ret = jl_u64(c, o, "ios", &d->ios)) ||
	    (ret = jl_u64(c, o, "bytes", &d->bytes)) ||
	    (ret = load_latency(c, o, &d->lat)) ||
	    (ret = load_intervals(c, o, d->intervals, nintervals)))
		goto out;
out:
	jl_pop(c, old);
	return ret;
}

/* Optional: results saved before it existed lack "errors_by_errno". */
static int load_errnos(struct jl *c, jobj *o, struct thread_target *t)
{
	size_t n, i, old;
	jobj *a, *e;
	int ret = jl_arr(c, o, "errors_by_errno", RESULTS_ERRNOS, &a, &n);

	for (i = 0; !ret && i < n; i++) {
		struct errno_count *ec = &t->errnos[i];

		old = jl_push_idx(c, "errors_by_errno", i);
		if (!(ret = jl_elem_obj(c, a, i, &e)) &&
		    !(ret = jl_i32(c, e, "errno", &ec->err)) &&
		    !(ret = jl_u64(c, e, "count", &ec->count)) &&
		    ec->err < RESULTS_ERR_OTHER)
			ret = jl_badvalue(c, "errno", "is below -1");
		jl_pop(c, old);
	}
	return ret;
}

static int load_row(struct jl *c, jobj *o, const struct results *r,
		    struct thread_target *t)
{
	int ret;

	if ((ret = jl_u32(c, o, "thread", &t->thread)) ||
	    (ret = jl_u32(c, o, "target", &t->target)) ||
	    (ret = jl_i32(c, o, "cpu", &t->cpu)) ||
	    (ret = jl_dbl(c, o, "mean_inflight", &t->mean_inflight)) ||
	    (ret = jl_u64(c, o, "errors", &t->errors)))
		return ret;
	/* optional: results saved before it existed lack it (0 = unknown) */
	if (json_object_object_get_ex(o, "cpus_seen", NULL) &&
	    (ret = jl_u64(c, o, "cpus_seen", &t->cpus_seen)))
		return ret;
	if (json_object_object_get_ex(o, "errors_by_errno", NULL) &&
	    (ret = load_errnos(c, o, t)))
		return ret;
	if (t->target >= r->ntargets && !(r->ntargets == 0 && t->target == 0))
		return jl_badvalue(c, "target", "names no entry of 'targets'");
	if ((ret = load_dir(c, o, "read", &t->dir[DIR_READ], r->nintervals)))
		return ret;
	return load_dir(c, o, "write", &t->dir[DIR_WRITE], r->nintervals);
}

static int load_rows(struct jl *c, jobj *root, struct results *r)
{
	size_t n, i;
	jobj *a, *v;
	int ret;

	if ((ret = jl_u32(c, root, "interval_ms", &r->interval_ms)) ||
	    (ret = jl_u32(c, root, "interval_count", &r->nintervals)) ||
	    (ret = jl_arr(c, root, "rows", 1u << 24, &a, &n)))
		return ret;
	/* Each row and interval takes dozens of bytes of text: a count the
	 * file cannot hold is a lie, not a reason to allocate gigabytes. */
	if ((uint64_t)n * 256 > c->text_len)
		return jl_badvalue(c, "rows", "has more entries than the file holds");
	if ((uint64_t)r->nintervals * 16 > c->text_len ||
	    (uint64_t)r->nintervals * n * 2 * 16 > c->text_len)
		return jl_badvalue(c, "interval_count",
				   "is larger than the file can hold");
	if (n && (ret = results_alloc_rows(r, (uint32_t)n, r->nintervals)))
		return ret;
	for (i = 0; !ret && i < n; i++) {
		size_t old = jl_push_idx(c, "rows", i);

		ret = jl_elem_obj(c, a, i, &v);
		if (!ret)
			ret = load_row(c, v, r, &r->rows[i]);
		jl_pop(c, old);
	}
	return ret;
}

static int load_layout(struct jl *c, jobj *root)
{
	uint32_t sub_bits, groups;
	char unit[8];
	size_t old;
	jobj *o;
	int ret = jl_typed(c, root, "latency_histogram", json_type_object,
			   "an object", &o);

	if (ret)
		return ret;
	old = jl_push(c, "latency_histogram");
	if ((ret = jl_str(c, o, "unit", unit, sizeof(unit))) ||
	    (ret = jl_u32(c, o, "sub_bits", &sub_bits)) ||
	    (ret = jl_u32(c, o, "groups", &groups)))
		return ret;
	jl_pop(c, old);
	if (strcmp(unit, "ns") || sub_bits != HIST_SUB_BITS ||
	    groups != HIST_GROUPS)
		return errf(c->err, c->errlen, EINVAL,
			    "'%s' has histograms in '%s' with sub_bits %u and %u groups, this ioprobe uses 'ns', %u and %u",
			    c->file, unit, sub_bits, groups, HIST_SUB_BITS,
			    HIST_GROUPS);
	return 0;
}

static int load_warnings(struct jl *c, jobj *root, struct results *r)
{
	size_t n, i;
	jobj *a, *v;
	int ret = jl_arr(c, root, "warnings", ARRAY_SIZE(r->warnings), &a, &n);

	for (i = 0; !ret && i < n; i++) {
		v = json_object_array_get_idx(a, i);
		if (!json_object_is_type(v, json_type_string) ||
		    (size_t)json_object_get_string_len(v) >= RESULTS_STR)
			return jl_badvalue(c, "warnings",
					   "holds an entry that is not a string of at most 255 bytes");
		str_copy(r->warnings[i], RESULTS_STR, json_object_get_string(v));
		r->nwarnings = (uint32_t)i + 1;
	}
	return ret;
}

/* Optional: results saved before it existed lack "io_failure";
 * null means no I/O failed. */
static int load_io_failure(struct jl *c, jobj *root, struct results *r)
{
	struct io_failure *f = &r->io_failure;
	char dir[8];
	size_t old;
	jobj *o;
	int ret;

	if (!json_object_object_get_ex(root, "io_failure", &o) || !o)
		return 0;
	if (!json_object_is_type(o, json_type_object))
		return jl_badtype(c, "io_failure", o, "an object or null");
	old = jl_push(c, "io_failure");
	if (!(ret = jl_u32(c, o, "thread", &f->thread)) &&
	    !(ret = jl_u32(c, o, "target", &f->target)) &&
	    !(ret = jl_u64(c, o, "offset", &f->offset)) &&
	    !(ret = jl_str(c, o, "direction", dir, sizeof(dir))) &&
	    !(ret = jl_i32(c, o, "errno", &f->err))) {
		if (strcmp(dir, "read") && strcmp(dir, "write"))
			ret = jl_badvalue(c, "direction",
					  "is neither 'read' nor 'write'");
		else if (f->target >= r->ntargets)
			ret = jl_badvalue(c, "target",
					  "names no entry of 'targets'");
		f->write = !strcmp(dir, "write");
		f->failed = !ret;
	}
	jl_pop(c, old);
	return ret;
}

static int load_results(struct jl *c, jobj *root, struct results *r)
{
	char schema[64];
	int ret;

	if (!json_object_is_type(root, json_type_object))
		return errf(c->err, c->errlen, EINVAL,
			    "'%s' holds a JSON %s, expected an ioprobe result object",
			    c->file, json_type_to_name(json_object_get_type(root)));
	if ((ret = jl_str(c, root, "schema", schema, sizeof(schema))))
		return ret;
	if (strcmp(schema, JSON_SCHEMA))
		return errf(c->err, c->errlen, EINVAL,
			    "'%s' has schema '%s', this ioprobe reads '%s'",
			    c->file, schema, JSON_SCHEMA);
	if ((ret = load_layout(c, root)) ||
	    (ret = jl_str(c, root, "version", r->version,
			  sizeof(r->version))) ||
	    (ret = jl_str(c, root, "engine", r->engine, sizeof(r->engine))) ||
	    (ret = jl_str(c, root, "engine_note", r->engine_note,
			  sizeof(r->engine_note))) ||
	    (ret = load_profile(c, root, &r->profile)) ||
	    (ret = load_system(c, root, &r->sys)) ||
	    (ret = load_targets(c, root, r)))
		return ret;
	if (r->ntargets != r->profile.ntargets)
		return errf(c->err, c->errlen, EINVAL,
			    "'%s': 'targets' has %u entries but 'profile.targets' has %u, expected the same",
			    c->file, r->ntargets, r->profile.ntargets);
	if ((ret = jl_dbl(c, root, "test_time_seconds", &r->test_time_s)) ||
	    (ret = jl_bool(c, root, "interrupted", &r->interrupted)) ||
	    (ret = jl_bool(c, root, "no_results", &r->no_results)) ||
	    (ret = jl_u32(c, root, "thread_count", &r->thread_count)) ||
	    (ret = jl_dbl(c, root, "ios_per_call", &r->ios_per_call)) ||
	    (ret = load_cpus(c, root, r)) ||
	    (ret = load_rows(c, root, r)))
		return ret;
	if ((ret = load_io_failure(c, root, r)))
		return ret;
	return load_warnings(c, root, r);
}

/* Line and column (1-based) of byte @off in @buf. */
static void text_position(const char *buf, size_t off, unsigned long *line,
			  unsigned long *col)
{
	size_t i;

	*line = 1;
	*col = 1;
	for (i = 0; i < off; i++) {
		if (buf[i] == '\n') {
			(*line)++;
			*col = 1;
		} else {
			(*col)++;
		}
	}
}

static int read_file(const char *path, char **buf, size_t *len, char *err,
		     size_t errlen)
{
	return readfile_all(path, "result file", READFILE_RESULT_MAX, buf, len,
			    err, errlen);
}

static int parse_json(const char *path, const char *buf, size_t len,
		      jobj **root, char *err, size_t errlen)
{
	struct json_tokener *tok = json_tokener_new();
	enum json_tokener_error jerr;
	unsigned long line, col;
	size_t end;
	int ret = 0;

	if (!tok)
		return -ENOMEM;
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	*root = json_tokener_parse_ex(tok, buf, (int)len);
	jerr = json_tokener_get_error(tok);
	end = json_tokener_get_parse_end(tok);
	if (jerr == json_tokener_success) {
		while (end < len && strchr(" \t\r\n", buf[end]))
			end++;
		if (end < len) {
			jerr = json_tokener_error_parse_unexpected;
			json_object_put(*root);
			*root = NULL;
		}
	}
	if (jerr != json_tokener_success) {
		text_position(buf, end, &line, &col);
		ret = errf(err, errlen, EINVAL,
			   "'%s' is not valid JSON at line %lu, column %lu: %s",
			   path, line, col,
			   jerr == json_tokener_continue ?
				   "unexpected end of file (truncated?)" :
				   json_tokener_error_desc(jerr));
		json_object_put(*root);
		*root = NULL;
	}
	json_tokener_free(tok);
	return ret;
}

int results_load_json(const char *path, struct results *r, char *err,
		      size_t errlen)
{
	struct jl c = { .file = path, .err = err, .errlen = errlen };
	char *buf = NULL;
	size_t len = 0;
	jobj *root;
	int ret;

	ret = read_file(path, &buf, &len, err, errlen);
	if (ret)
		return ret;
	if (len > INT32_MAX) {
		free(buf);
		return errf(err, errlen, EFBIG, "'%s' is too large", path);
	}
	ret = parse_json(path, buf, len, &root, err, errlen);
	free(buf);
	if (ret)
		return ret;
	c.text_len = len;
	ret = load_results(&c, root, r);
	if (ret == -ENOMEM)
		errf(err, errlen, ENOMEM, "cannot load '%s': out of memory",
		     path);
	json_object_put(root);
	return ret;
}
