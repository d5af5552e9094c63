/* test_report_json.c - the ioprobe-result/1 writer and reader: exact round
 * trips of awkward values, escaping, clear refusals of bad files, and
 * which keys a reader may miss (every other key is required). */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <errno.h>
#include <locale.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include <json-c/json.h>

#include "results/hist.h"
#include "report/report.h"
#include "results/results.h"
#include "results/results_json.h"
#include "lib/util.h"

static char tmpdir[64];

/* glibc keeps the LOCPATH list that setlocale() builds for the private
 * locale below; that allocation is not ours. */
const char *__lsan_default_suppressions(void);
const char *__lsan_default_suppressions(void)
{
	return "leak:__argz_add_sep\n";
}

static int setup_dir(void **state)
{
	(void)state;
	snprintf(tmpdir, sizeof(tmpdir), "/tmp/test_report_json.XXXXXX");
	return mkdtemp(tmpdir) ? 0 : -1;
}

static int remove_dir(void **state)
{
	char cmd[128];

	(void)state;
	snprintf(cmd, sizeof(cmd), "rm -rf '%s'", tmpdir);
	return system(cmd);
}

static char *tmp_path(const char *name)
{
	static char buf[4][128];
	static int n;
	char *p = buf[n++ % 4];

	snprintf(p, 128, "%s/%s", tmpdir, name);
	return p;
}

/* A results struct full of values that break naive writers. */
static void build(struct results *r)
{
	struct profile *p = &r->profile;
	struct hist *h;
	uint32_t i;

	results_init(r);
	profile_init(p);
	p->cmdline = strdup("ioprobe -b4K \"-d1\"\t-Z1M,\x01src "
			    "/tmp/a\tb\"c.dat");
	p->label = strdup("before, \"new\" disk\nline2");
	p->engine = strdup("io_uring");
	p->seed = UINT64_MAX;
	p->seed_given = true;
	p->measure_latency = true;
	p->iops_interval_ms = 500;
	p->ncpus = 3;
	p->cpus[0] = 1;
	p->cpus[1] = 0;
	p->cpus[2] = 1023;
	p->format = FORMAT_XML;
	p->noutputs = 2;
	p->outputs[0].format = FORMAT_JSON;
	p->outputs[0].path = strdup("/tmp/r.json");
	p->outputs[1].format = FORMAT_CSV;
	p->outputs[1].path = strdup("-");
	p->ntargets = 2;
	for (i = 0; i < 2; i++) {
		target_opts_init(&p->targets[i]);
		p->targets[i].path = strdup(i ? "/dev/loop0" :
					     "/tmp/a\tb\"c.dat");
	}
	p->targets[0].random = true;
	p->targets[0].random_pct = 30;
	p->targets[0].cache = CACHE_MMAP;
	p->targets[0].wbuf = WBUF_SOURCE;
	p->targets[0].wbuf_source_bytes = 1 << 20;
	p->targets[0].wbuf_source_path = strdup("src\x01");
	p->targets[0].dist = DIST_ABS;
	p->targets[0].ndist = 2;
	p->targets[0].dist_ranges[0].io_pct = 90;
	p->targets[0].dist_ranges[0].span = 1ull << 40;
	p->targets[0].dist_ranges[1].io_pct = 10;
	p->targets[1].write_through = true;
	p->targets[1].throttle_iops = 500;

	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->engine, sizeof(r->engine), "io_uring");
	str_copy(r->engine_note, sizeof(r->engine_note), "");
	str_copy(r->sys.hostname, sizeof(r->sys.hostname), "h\xc3\xa9te");
	str_copy(r->sys.start_time, sizeof(r->sys.start_time),
		 "2024/07/01 12:00:00 UTC");
	r->sys.mem_bytes = 1ull << 62;
	r->sys.cpu_count = 2;
	r->ntargets = 2;
	str_copy(r->targets[0].path, RESULTS_STR, "/tmp/a\tb\"c.dat");
	str_copy(r->targets[1].path, RESULTS_STR, "/dev/loop0");
	r->targets[0].rotational = -1;
	r->targets[0].fill_seconds = 0.1;
	r->targets[1].fill_seconds = 1e-300;
	r->test_time_s = 10.000123456789;
	r->interrupted = true;
	r->thread_count = 3;
	r->ios_per_call = NAN;
	r->ncpus = 2;
	r->cpus = calloc(2, sizeof(*r->cpus));
	r->cpus[0].usage_pct = 100.0 / 3;
	r->cpus[1].id = 1;
	r->cpus[1].idle_pct = INFINITY;
	assert_int_equal(results_alloc_rows(r, 3, 4), 0);
	r->interval_ms = 500;
	for (i = 0; i < 3; i++) {
		r->rows[i].thread = i;
		r->rows[i].target = i % 2;
		r->rows[i].mean_inflight = 31.999999999999996;
		r->rows[i].dir[DIR_READ].ios = 1000 + i;
		r->rows[i].dir[DIR_READ].bytes = 4096ull * (1000 + i);
	}
	r->rows[2].dir[DIR_WRITE].ios = UINT64_MAX - 1;
	r->rows[2].dir[DIR_WRITE].bytes = UINT64_MAX;
	r->rows[1].errors = 7;
	h = &r->rows[0].dir[DIR_READ].lat;
	hist_record(h, 0);
	hist_record(h, 255);
	hist_record(h, 123456);
	hist_record(h, HIST_MAX_NS - 1);
	hist_record(h, HIST_MAX_NS);	/* overflow */
	hist_record(h, UINT64_MAX);	/* overflow */
	h->buckets[hist_index(1000)] = UINT64_MAX / 2;
	r->rows[0].dir[DIR_READ].intervals[1].ios = 12;
	r->rows[0].dir[DIR_READ].intervals[1].lat_min_ns = 5;
	r->rows[0].dir[DIR_READ].intervals[1].lat_max_ns = 50;
	r->rows[0].dir[DIR_READ].intervals[1].lat_sum_ns = 0.3;
	r->rows[0].dir[DIR_READ].intervals[1].lat_sumsq_ns = NAN;
	results_warn(r, "worker 1 pinned to CPU \"0\"\tfar from irq");
}

static char *slurp(const char *path, size_t *len)
{
	FILE *f = fopen(path, "rb");
	char *buf;
	long n;

	assert_non_null(f);
	fseek(f, 0, SEEK_END);
	n = ftell(f);
	rewind(f);
	buf = malloc((size_t)n + 1);
	assert_int_equal(fread(buf, 1, (size_t)n, f), (size_t)n);
	buf[n] = '\0';
	fclose(f);
	if (len)
		*len = (size_t)n;
	return buf;
}

static void spill(const char *path, const char *buf, size_t len)
{
	FILE *f = fopen(path, "wb");

	assert_non_null(f);
	assert_int_equal(fwrite(buf, 1, len, f), len);
	fclose(f);
}

static void write_json(const struct results *r, const char *path)
{
	FILE *f = fopen(path, "w");

	assert_non_null(f);
	assert_int_equal(report_json(r, f), 0);
	fclose(f);
}

/* Write the built results as the base file, return its text. */
static char *base_file(const char *path, size_t *len)
{
	struct results r;

	build(&r);
	write_json(&r, path);
	results_release(&r);
	return slurp(path, len);
}

static void test_round_trip_bytes(void **state)
{
	struct results r;
	char err[512] = "";
	char *a, *b;

	(void)state;
	a = base_file(tmp_path("a.json"), NULL);
	results_init(&r);
	assert_int_equal(results_load_json(tmp_path("a.json"), &r, err,
					   sizeof(err)), 0);
	write_json(&r, tmp_path("b.json"));
	b = slurp(tmp_path("b.json"), NULL);
	assert_string_equal(a, b);

	/* The values themselves came back, not just the bytes. */
	assert_string_equal(r.profile.targets[0].path, "/tmp/a\tb\"c.dat");
	assert_string_equal(r.profile.label, "before, \"new\" disk\nline2");
	assert_null(r.profile.allow_device_writes);
	assert_int_equal(r.profile.seed, UINT64_MAX);
	assert_int_equal(r.profile.targets[0].cache, CACHE_MMAP);
	assert_int_equal(r.profile.targets[0].dist_ranges[0].span, 1ull << 40);
	assert_int_equal(r.profile.outputs[1].format, FORMAT_CSV);
	assert_true(r.test_time_s == 10.000123456789);
	assert_true(r.cpus[0].usage_pct == 100.0 / 3);
	assert_true(isnan(r.ios_per_call));
	assert_true(r.targets[1].fill_seconds == 1e-300);
	assert_int_equal(r.rows[2].dir[DIR_WRITE].bytes, UINT64_MAX);
	assert_int_equal(r.rows[0].dir[DIR_READ].lat.overflow, 2);
	assert_int_equal(r.rows[0].dir[DIR_READ].lat.max_ns, UINT64_MAX);
	assert_int_equal(r.rows[1].dir[DIR_READ].lat.min_ns, UINT64_MAX);
	assert_int_equal(r.rows[0].dir[DIR_READ].lat.buckets[hist_index(1000)],
			 UINT64_MAX / 2);
	assert_int_equal(r.rows[0].dir[DIR_READ]
				 .lat.buckets[hist_index(HIST_MAX_NS - 1)], 1);
	assert_int_equal(r.rows[0].dir[DIR_READ].intervals[0].lat_min_ns,
			 UINT64_MAX);
	assert_int_equal(r.rows[0].dir[DIR_READ].intervals[1].lat_min_ns, 5);
	assert_int_equal(r.nwarnings, 1);
	results_release(&r);
	free(a);
	free(b);
}

static char *replace(const char *text, const char *from, const char *to);
static void expect_error(const char *text, const char *want);

/* The per-interval percentiles of a -L -D run come back value for value
 * and byte for byte; a file without them (older, or no -L -D) has no
 * key; one whose entries are out of order or short is refused. */
static void test_interval_pct_round_trip(void **state)
{
	struct results r;
	char err[512] = "";
	char *a, *b, *bad;
	size_t k;

	(void)state;
	build(&r);
	assert_int_equal(results_alloc_ipct(&r), 0);
	assert_int_equal(r.nipct, 4 * 3 * RESULTS_PCT_DIRS);
	for (k = 0; k < r.nipct; k++) {
		r.ipct[k].p50_ns = 1000 + k;
		r.ipct[k].p99_ns = k == 2 * 9 + 2 ? 50000000 : 90000 + k;
		r.ipct[k].max_ns = UINT64_MAX - k;
	}
	write_json(&r, tmp_path("p.json"));
	results_release(&r);
	a = slurp(tmp_path("p.json"), NULL);
	assert_non_null(strstr(a, "\"interval_percentiles\""));
	results_init(&r);
	assert_int_equal(results_load_json(tmp_path("p.json"), &r, err,
					   sizeof(err)), 0);
	assert_int_equal(r.nipct, 4 * 3 * RESULTS_PCT_DIRS);
	assert_int_equal(results_ipct(&r, 2, -1, DIR_COUNT)->p99_ns, 50000000);
	assert_int_equal(results_ipct(&r, 3, 1, DIR_WRITE)->max_ns,
			 UINT64_MAX - (3 * 9 + 2 * 3 + 1));
	write_json(&r, tmp_path("p2.json"));
	results_release(&r);
	b = slurp(tmp_path("p2.json"), NULL);
	assert_string_equal(a, b);
	free(b);

	bad = replace(a, "\"dir\": \"write\"", "\"dir\": \"read\"");
	expect_error(bad, "is not in interval, target, direction order");
	free(bad);
	bad = replace(a, "\"interval_percentiles\": [",
		      "\"interval_percentiles\": [ { \"interval\": 0 },");
	expect_error(bad, "does not have interval_count x (1 + targets) x 3");
	free(bad);
	free(a);

	a = base_file(tmp_path("a.json"), NULL);
	assert_null(strstr(a, "interval_percentiles"));
	free(a);
}

/* Failed I/Os come back: counts by errno, the first failure and
 * --continue-on-error, so `show` re-renders a failed run as it was. */
static void test_io_errors_round_trip(void **state)
{
	struct results r;
	char err[512] = "";
	char *a, *b;

	(void)state;
	build(&r);
	r.profile.continue_on_error = true;
	results_count_error(&r.rows[0], EIO);
	results_count_error(&r.rows[0], EIO);
	results_count_error(&r.rows[1], 0);
	r.io_failure.failed = true;
	r.io_failure.thread = 1;
	r.io_failure.target = 1;
	r.io_failure.offset = UINT64_MAX;
	r.io_failure.write = true;
	r.io_failure.err = ENOSPC;
	write_json(&r, tmp_path("e.json"));
	results_release(&r);
	a = slurp(tmp_path("e.json"), NULL);
	assert_non_null(strstr(a, "\"io_failed\": true"));
	results_init(&r);
	assert_int_equal(results_load_json(tmp_path("e.json"), &r, err,
					   sizeof(err)), 0);
	write_json(&r, tmp_path("f.json"));
	b = slurp(tmp_path("f.json"), NULL);
	assert_string_equal(a, b);
	assert_true(r.profile.continue_on_error);
	assert_int_equal(r.rows[0].errors, 2);
	assert_int_equal(r.rows[0].errnos[0].err, EIO);
	assert_int_equal(r.rows[0].errnos[0].count, 2);
	assert_int_equal(r.rows[1].errnos[0].err, 0);
	assert_int_equal(r.rows[1].errnos[0].count, 1);
	assert_true(r.io_failure.failed && r.io_failure.write);
	assert_int_equal(r.io_failure.offset, UINT64_MAX);
	assert_int_equal(r.io_failure.err, ENOSPC);
	assert_int_equal(r.io_failure.target, 1);
	results_release(&r);
	free(a);
	free(b);

	/* no failure: null, and it reads back as none */
	a = base_file(tmp_path("g.json"), NULL);
	assert_non_null(strstr(a, "\"io_failure\": null"));
	results_init(&r);
	assert_int_equal(results_load_json(tmp_path("g.json"), &r, err,
					   sizeof(err)), 0);
	assert_false(r.io_failure.failed);
	results_release(&r);
	free(a);
}

static void test_histogram_identical(void **state)
{
	struct results r, r2;
	char err[512];

	(void)state;
	build(&r);
	write_json(&r, tmp_path("h.json"));
	results_init(&r2);
	assert_int_equal(results_load_json(tmp_path("h.json"), &r2, err,
					   sizeof(err)), 0);
	assert_memory_equal(&r.rows[0].dir[DIR_READ].lat,
			    &r2.rows[0].dir[DIR_READ].lat, sizeof(struct hist));
	assert_memory_equal(r.rows[2].dir[DIR_WRITE].intervals,
			    r2.rows[2].dir[DIR_WRITE].intervals,
			    4 * sizeof(struct interval_stat));
	assert_true(r2.rows[0].dir[DIR_READ].intervals[1].lat_sum_ns == 0.3);
	assert_true(isnan(r2.rows[0].dir[DIR_READ].intervals[1].lat_sumsq_ns));
	results_release(&r);
	results_release(&r2);
}

static void test_escaping(void **state)
{
	char *a;

	(void)state;
	a = base_file(tmp_path("e.json"), NULL);
	assert_non_null(strstr(a, "\"schema\": \"ioprobe-result/1\""));
	assert_non_null(strstr(a, "/tmp/a\\tb\\\"c.dat"));
	assert_non_null(strstr(a, "\\u0001src"));
	assert_non_null(strstr(a, "\"ios_per_call\": null"));
	assert_non_null(strstr(a, "\"test_time_seconds\": 10.000123456789"));
	assert_non_null(strstr(a, "\"sub_bits\": 7"));
	assert_null(strstr(a, "NaN"));
	assert_null(strstr(a, "Infinity"));
	assert_null(strchr(a, '\t'));
	assert_null(strchr(a, '\x01'));
	free(a);
}

static int load_text(const char *text, size_t len, char *err, size_t errlen)
{
	struct results r;
	int ret;

	spill(tmp_path("bad.json"), text, len);
	results_init(&r);
	err[0] = '\0';
	ret = results_load_json(tmp_path("bad.json"), &r, err, errlen);
	results_release(&r);
	return ret;
}

/* Replace the first @from in @text by @to; returns a new buffer. */
static char *replace(const char *text, const char *from, const char *to)
{
	const char *at = strstr(text, from);
	size_t head, len;
	char *out;

	assert_non_null(at);
	head = (size_t)(at - text);
	len = strlen(text) - strlen(from) + strlen(to);
	out = malloc(len + 1);
	memcpy(out, text, head);
	memcpy(out + head, to, strlen(to));
	memcpy(out + head + strlen(to), at + strlen(from),
	       strlen(at + strlen(from)) + 1);
	return out;
}

static void expect_error(const char *text, const char *want)
{
	char err[512];

	assert_int_equal(load_text(text, strlen(text), err, sizeof(err)),
			 -EINVAL);
	if (!strstr(err, want))
		fail_msg("error '%s' does not contain '%s'", err, want);
}

static void test_rejects_other_schema(void **state)
{
	char want[256], *a, *b;

	(void)state;
	a = base_file(tmp_path("s.json"), NULL);
	b = replace(a, "ioprobe-result/1", "ioprobe-result/2");
	snprintf(want, sizeof(want),
		 "'%s' has schema 'ioprobe-result/2', this ioprobe reads 'ioprobe-result/1'",
		 tmp_path("bad.json"));
	expect_error(b, want);
	free(b);
	b = replace(a, "\"schema\"", "\"schemo\"");
	expect_error(b, "missing field 'schema'");
	free(b);
	b = replace(a, "\"sub_bits\": 7", "\"sub_bits\": 6");
	expect_error(b, "sub_bits 6");
	free(a);
	free(b);
}

static void test_rejects_wrong_types(void **state)
{
	char *a, *b;

	(void)state;
	a = base_file(tmp_path("t.json"), NULL);
	b = replace(a, "\"thread_count\": 3", "\"thread_count\": \"3\"");
	expect_error(b, "field 'thread_count' is string, expected an unsigned integer");
	free(b);
	b = replace(a, "\"thread_count\": 3", "\"thread_count\": -3");
	expect_error(b, "field 'thread_count' is negative");
	free(b);
	b = replace(a, "\"interrupted\": true", "\"interrupted\": 1");
	expect_error(b, "field 'interrupted' is int, expected true or false");
	free(b);
	b = replace(a, "\"cache\": \"mmap\"", "\"cache\": \"fast\"");
	expect_error(b, "field 'profile.targets[0].cache' has value 'fast'");
	free(b);
	b = replace(a, "\"sum_ns\"", "\"sun_ns\"");
	expect_error(b, "missing field 'rows[0].read.latency.sum_ns'");
	free(b);
	b = replace(a, "\"histogram\": [", "\"histogram\": [ [ 999999, 1 ],");
	expect_error(b, "rows[0].read.latency.histogram' holds a bucket index");
	free(b);
	b = replace(a, "\"thread_count\": 3", "\"thread_count\": 4294967296");
	expect_error(b, "is above 4294967295");
	free(b);
	b = replace(a, "\"interval_count\": 4", "\"interval_count\": 4000000");
	expect_error(b, "field 'interval_count' is larger than the file can hold");
	free(b);
	b = replace(a, "\"path\": \"/dev/loop0\"", "\"path\": null");
	expect_error(b, "field 'profile.targets[1].path' is null");
	free(b);
	expect_error("[1, 2]", "holds a JSON array");
	expect_error("{\"schema\": 1}", "field 'schema' is int, expected a string");
	free(a);
}

/* Keys a file may lack, as the end of their path: added after files were
 * first saved (optional) or written for scripts only (derived).  A file
 * without any other key is refused, naming its path. */
static const char *const may_miss[] = {
	"io_failed", "io_failure", "io_failure.errno_name",
	"io_failure.message", "totals", "cpus_seen", "errors_by_errno",
	"errors_by_errno[0].name", "percentiles_ns",
	"latency_histogram.buckets", "latency_histogram.max_ns",
	"profile.continue_on_error", "flush", "profile.verbose_stats",
	"profile.completion_routines", "system.topology",
};

static bool may_miss_path(const char *path)
{
	size_t i, n, len = strlen(path);

	for (i = 0; i < ARRAY_SIZE(may_miss); i++) {
		n = strlen(may_miss[i]);
		if (n <= len && !strcmp(path + len - n, may_miss[i]) &&
		    (n == len || path[len - n - 1] == '.'))
			return true;
	}
	return false;
}

/* Remove @key from @o, write the whole @root and load it back. */
static void expect_without(json_object *root, json_object *o,
			   const char *key, const char *path, int *checked)
{
	json_object *v = json_object_get(json_object_object_get(o, key));
	char err[512], want[448];
	const char *text;
	int ret;

	json_object_object_del(o, key);
	text = json_object_to_json_string_ext(root, JSON_C_TO_STRING_PLAIN);
	ret = load_text(text, strlen(text), err, sizeof(err));
	snprintf(want, sizeof(want), "missing field '%s'", path);
	if (may_miss_path(path) && ret)
		fail_msg("without optional '%s': %s", path, err);
	if (!may_miss_path(path) && (ret != -EINVAL || !strstr(err, want)))
		fail_msg("without '%s': got '%s'", path, err);
	json_object_object_add(o, key, v);
	(*checked)++;
}

/* Every key of @o and of the first object of each array below it. */
static void walk_keys(json_object *root, json_object *o, const char *path,
		      int *checked)
{
	char *keys[64], sub[400];
	json_object *v, *e;
	size_t n = 0, i;

	json_object_object_foreach(o, k, val) {
		(void)val;
		assert_true(n < ARRAY_SIZE(keys));
		keys[n++] = strdup(k);
	}
	for (i = 0; i < n; i++) {
		snprintf(sub, sizeof(sub), "%s%s%s", path, *path ? "." : "",
			 keys[i]);
		expect_without(root, o, keys[i], sub, checked);
		v = json_object_object_get(o, keys[i]);
		if (strcmp(keys[i], "totals") && strcmp(keys[i], "percentiles_ns") &&
		    json_object_is_type(v, json_type_object))
			walk_keys(root, v, sub, checked);	/* not derived */
		e = json_object_is_type(v, json_type_array) ?
			json_object_array_get_idx(v, 0) : NULL;
		strncat(sub, "[0]", sizeof(sub) - strlen(sub) - 1);
		if (json_object_is_type(e, json_type_object))
			walk_keys(root, e, sub, checked);
		free(keys[i]);
	}
}

static void test_required_keys(void **state)
{
	struct results r;
	json_object *root;
	int checked = 0;

	(void)state;
	build(&r);
	results_count_error(&r.rows[0], EIO);
	r.io_failure.failed = true;
	r.io_failure.err = EIO;
	write_json(&r, tmp_path("k.json"));
	results_release(&r);
	root = json_object_from_file(tmp_path("k.json"));
	assert_non_null(root);
	walk_keys(root, root, "", &checked);
	assert_true(checked > 150);
	json_object_put(root);
}

static void test_rejects_truncated(void **state)
{
	char err[512];
	size_t len, cut, step;
	char *a;

	(void)state;
	a = base_file(tmp_path("c.json"), &len);
	assert_int_equal(load_text(a, len / 2, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "is not valid JSON at line"));
	assert_non_null(strstr(err, "unexpected end of file"));
	assert_int_equal(load_text("", 0, err, sizeof(err)), -EINVAL);
	assert_non_null(strstr(err, "line 1, column 1"));
	assert_int_equal(load_text("{\"a\": 1} x", 10, err, sizeof(err)),
			 -EINVAL);
	assert_non_null(strstr(err, "line 1, column 10"));
	/* Every cut is refused cleanly (run under ASan in CI). */
	step = len / 300 ? len / 300 : 1;
	for (cut = 0; cut < len - 2; cut += step)
		assert_int_equal(load_text(a, cut, err, sizeof(err)), -EINVAL);
	free(a);
}

/* A comma-decimal locale (installed, or compiled into a private LOCPATH)
 * must change neither the bytes written nor the values read. */
static void test_locale_independent(void **state)
{
	char dir[128], cmd[384], err[512], *a, *b;
	struct results r;

	(void)state;
	a = base_file(tmp_path("l.json"), NULL);
	if (!setlocale(LC_ALL, "de_DE.UTF-8")) {
		snprintf(dir, sizeof(dir), "%s/loc", tmpdir);
		snprintf(cmd, sizeof(cmd),
			 "mkdir -p %s && localedef -i de_DE -f UTF-8 %s/de_DE.UTF-8 >/dev/null 2>&1",
			 dir, dir);
		if (system(cmd))
			skip();
		setenv("LOCPATH", dir, 1);
		if (!setlocale(LC_ALL, "de_DE.UTF-8"))
			skip();
	}
	snprintf(cmd, sizeof(cmd), "%.1f", 1.5);
	assert_string_equal(cmd, "1,5");	/* the locale is in effect */
	results_init(&r);
	assert_int_equal(results_load_json(tmp_path("l.json"), &r, err,
					   sizeof(err)), 0);
	assert_true(r.test_time_s == 10.000123456789);
	write_json(&r, tmp_path("l2.json"));
	setlocale(LC_ALL, "C");
	b = slurp(tmp_path("l2.json"), NULL);
	assert_string_equal(a, b);
	results_release(&r);
	free(a);
	free(b);
}

static void test_missing_file(void **state)
{
	struct results r;
	char err[512];

	(void)state;
	results_init(&r);
	assert_int_equal(results_load_json(tmp_path("none.json"), &r, err,
					   sizeof(err)), -ENOENT);
	assert_non_null(strstr(err, "cannot read result file '"));
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_round_trip_bytes),
		cmocka_unit_test(test_histogram_identical),
		cmocka_unit_test(test_interval_pct_round_trip),
		cmocka_unit_test(test_io_errors_round_trip),
		cmocka_unit_test(test_escaping),
		cmocka_unit_test(test_rejects_other_schema),
		cmocka_unit_test(test_rejects_wrong_types),
		cmocka_unit_test(test_required_keys),
		cmocka_unit_test(test_rejects_truncated),
		cmocka_unit_test(test_locale_independent),
		cmocka_unit_test(test_missing_file),
	};

	return cmocka_run_group_tests(tests, setup_dir, remove_dir);
}
