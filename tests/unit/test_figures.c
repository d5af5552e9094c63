/* test_figures.c - one route from results to figures: a test's figures
 * computed from the results of its run (the live suite) and from the JSON
 * result saved beside the history (compare) are the same, and so are the
 * findings drawn from them; a row whose JSON result is gone says so. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "lib/util.h"
#include "report/report.h"
#include "workflow/compare.h"
#include "workflow/figures.h"
#include "workflow/interpret.h"

static char dir[64];

/* A mixed random 8K run of 2 threads x QD16 on a flash device, with a
 * -D series that drops part-way. */
static void build(struct results *r)
{
	struct profile *p = &r->profile;
	uint32_t i, k;

	results_init(r);
	profile_init(p);
	p->cmdline = strdup("ioprobe -b8K -r -w30 -t2 -o16 -D1000 f.dat");
	p->engine = strdup("null");
	p->measure_latency = true;
	p->iops_interval_ms = 1000;
	p->ntargets = 1;
	target_opts_init(&p->targets[0]);
	p->targets[0].path = strdup("f.dat");
	p->targets[0].block_bytes = 8192;
	p->targets[0].random = true;
	p->targets[0].threads = 2;
	p->targets[0].outstanding = 16;
	p->targets[0].cache = CACHE_BUFFERED;
	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->engine, sizeof(r->engine), "null");
	str_copy(r->sys.hostname, sizeof(r->sys.hostname), "box");
	r->sys.mem_bytes = 8ull << 30;
	r->ntargets = 1;
	str_copy(r->targets[0].path, RESULTS_STR, "f.dat");
	str_copy(r->targets[0].device, sizeof(r->targets[0].device), "vdb");
	r->targets[0].rotational = 0;
	r->test_time_s = 3.0000123;
	r->thread_count = 2;
	assert_int_equal(results_alloc_rows(r, 2, 3), 0);
	r->interval_ms = 1000;
	for (i = 0; i < 2; i++) {
		struct dir_stats *rd = &r->rows[i].dir[DIR_READ];
		struct dir_stats *wr = &r->rows[i].dir[DIR_WRITE];

		r->rows[i].thread = i;
		r->rows[i].mean_inflight = 15.5;
		rd->ios = 7000 + i;
		rd->bytes = 8192ull * rd->ios;
		wr->ios = 3000 - i;
		wr->bytes = 8192ull * wr->ios;
		for (k = 0; k < 3000; k++) {
			hist_record(&rd->lat, 40000 + 37 * k);
			hist_record(&wr->lat, 90000 + 53 * k);
		}
		for (k = 0; k < 3; k++) {
			rd->intervals[k].ios = k == 2 ? 500 : 3000;
			wr->intervals[k].ios = k == 2 ? 200 : 1300;
		}
	}
}

static void same_interp(const struct interp_test *a,
			const struct interp_test *b)
{
	uint32_t k;

	assert_true(a->iops == b->iops);
	assert_true(a->read_iops == b->read_iops);
	assert_true(a->write_iops == b->write_iops);
	assert_true(a->mib_s == b->mib_s);
	assert_true(a->mean_ms == b->mean_ms);
	assert_true(a->p50_ms == b->p50_ms);
	assert_true(a->p99_ms == b->p99_ms);
	assert_true(a->max_ms == b->max_ms);
	assert_true(a->read_mean_ms == b->read_mean_ms);
	assert_true(a->write_mean_ms == b->write_mean_ms);
	assert_true(a->read_p50_ms == b->read_p50_ms);
	assert_true(a->inflight == b->inflight);
	assert_int_equal(a->block_bytes, b->block_bytes);
	assert_int_equal(a->random, b->random);
	assert_int_equal(a->buffered, b->buffered);
	assert_int_equal(a->file_bytes, b->file_bytes);
	assert_int_equal(a->nintervals, b->nintervals);
	for (k = 0; k < a->nintervals; k++)
		assert_true(a->interval_iops[k] == b->interval_iops[k]);
	assert_true(a->interval_s == b->interval_s);
	assert_int_equal(a->media, b->media);
	assert_string_equal(a->device, b->device);
}

static void test_live_and_saved_agree(void **state)
{
	struct cmp_detail live, saved;
	struct interp_test t[2];
	struct finding f[2][INTERP_MAX_FINDINGS];
	struct interp_env env = { 0, 0, 8ull << 30 };
	struct history_row row = { 0 };
	struct results r;
	char path[128], hist[128], err[512];
	FILE *out;
	size_t n[2], i;

	(void)state;
	build(&r);
	assert_int_equal(figures_from_results(&r, &live), 0);
	figures_interp(&live, "mixed8k", 1 << 30, &t[0]);
	assert_int_equal(t[0].block_bytes, 8192);
	assert_true(t[0].random && t[0].buffered);
	assert_true(t[0].inflight == 31);	/* achieved, not 2 x 16 */
	assert_int_equal(t[0].nintervals, 3);
	assert_int_equal(t[0].media, MEDIA_FLASH);
	assert_true(live.read_pct > 69 && live.read_pct < 71);

	snprintf(path, sizeof(path), "%s/r.json", dir);
	snprintf(hist, sizeof(hist), "%s/h.csv", dir);
	out = fopen(path, "w");
	assert_non_null(out);
	assert_int_equal(report_json(&r, out), 0);
	fclose(out);
	str_copy(row.test, sizeof(row.test), "mixed8k");
	str_copy(row.json, sizeof(row.json), "r.json");
	assert_int_equal(compare_detail_load(hist, &row, &saved, err,
					     sizeof(err)), 0);
	figures_interp(&saved, "mixed8k", 1 << 30, &t[1]);
	same_interp(&t[0], &t[1]);
	for (i = 0; i < 2; i++)
		n[i] = interpret(&t[i], 1, &env, f[i], INTERP_MAX_FINDINGS);
	assert_int_equal(n[0], n[1]);
	assert_true(n[0] > 0);	/* the burst at least */
	for (i = 0; i < n[0]; i++)
		assert_string_equal(f[0][i].text, f[1][i].text);
	compare_detail_release(&saved);

	unlink(path);
	assert_int_equal(compare_detail_load(hist, &row, &saved, err,
					     sizeof(err)), -ENOENT);
	assert_false(saved.loaded);
	compare_detail_release(&live);
	results_release(&r);
}

/* The kernel's witness reaches the findings the same way live and from
 * the saved JSON; the null engine's runs have none. */
static void test_device_witness(void **state)
{
	struct devstat *d;
	struct cmp_detail live, saved;
	struct history_row row = { 0 };
	struct results r;
	char path[128], hist[128], err[512];
	FILE *out;

	(void)state;
	build(&r);
	str_copy(r.engine, sizeof(r.engine), "io_uring");
	r.targets[0].devstat.measured = true;
	r.targets[0].devstat.n = 1;
	d = &r.targets[0].devstat.dev[0];
	str_copy(d->name, sizeof(d->name), "vdb");
	d->reads = 40;
	d->read_sectors = 40 * 16;
	d->writes = 5999;
	d->write_sectors = 5999 * 16;
	d->window_ns = 3000012300;
	assert_int_equal(figures_from_results(&r, &live), 0);
	assert_true(live.dev.measured && live.dev.counters);
	assert_string_equal(live.dev.name, "vdb");
	assert_int_equal(live.dev.io_reads, 14001);
	assert_int_equal(live.dev.io_read_bytes, 14001ull * 8192);
	assert_int_equal(live.dev.io_writes, 5999);
	assert_int_equal(live.dev.dev_reads, 40);
	assert_int_equal(live.dev.dev_read_bytes, 40ull * 8192);
	assert_int_equal(live.dev.dev_write_bytes, 5999ull * 8192);

	snprintf(path, sizeof(path), "%s/w.json", dir);
	snprintf(hist, sizeof(hist), "%s/h.csv", dir);
	out = fopen(path, "w");
	assert_non_null(out);
	assert_int_equal(report_json(&r, out), 0);
	fclose(out);
	str_copy(row.test, sizeof(row.test), "mixed8k");
	str_copy(row.json, sizeof(row.json), "w.json");
	assert_int_equal(compare_detail_load(hist, &row, &saved, err,
					     sizeof(err)), 0);
	assert_memory_equal(&live.dev, &saved.dev, sizeof(live.dev));
	compare_detail_release(&saved);
	compare_detail_release(&live);
	unlink(path);

	str_copy(r.engine, sizeof(r.engine), "null");
	assert_int_equal(figures_from_results(&r, &live), 0);
	assert_false(live.dev.measured || live.dev.counters);
	compare_detail_release(&live);
	results_release(&r);
}

/* Several targets: the figures carry every target's device, filesystem
 * and fill time, and the media rule judges them all, not the first. */
static void test_several_targets(void **state)
{
	struct finding f[INTERP_MAX_FINDINGS];
	struct interp_env env = { 0, 0, 8ull << 30 };
	struct cmp_detail d;
	struct interp_test t;
	struct results r;
	size_t n = 0;

	(void)state;
	build(&r);
	r.ntargets = 2;
	str_copy(r.targets[1].path, RESULTS_STR, "g.dat");
	str_copy(r.targets[1].device, sizeof(r.targets[1].device), "vda");
	str_copy(r.targets[0].fs_type, sizeof(r.targets[0].fs_type), "ext4");
	str_copy(r.targets[1].fs_type, sizeof(r.targets[1].fs_type), "xfs");
	r.targets[0].fill_seconds = 0.5;
	r.targets[1].fill_seconds = 1.5;
	r.targets[1].rotational = 1;
	assert_int_equal(figures_from_results(&r, &d), 0);
	assert_string_equal(d.device, "vdb+vda");
	assert_string_equal(d.fs_type, "ext4+xfs");
	assert_true(d.fill_s == 2.0);
	assert_int_equal(d.media, MEDIA_MIXED);
	/* a ~0.1 ms median is no proof of a cache when one is flash */
	figures_interp(&d, "mixed8k", 1 << 30, &t);
	interp_cache(&t, &env, f, &n, INTERP_MAX_FINDINGS);
	assert_int_equal(n, 0);
	compare_detail_release(&d);

	/* both disks: the finding names both, and says each is one */
	r.targets[0].rotational = 1;
	assert_int_equal(figures_from_results(&r, &d), 0);
	assert_int_equal(d.media, MEDIA_ROTATIONAL);
	figures_interp(&d, "mixed8k", 1 << 30, &t);
	interp_cache(&t, &env, f, &n, INTERP_MAX_FINDINGS);
	assert_int_equal(n, 1);
	assert_non_null(strstr(f[0].text, " from vdb+vda (each reports "
				 "itself rotational): "));
	compare_detail_release(&d);

	/* two files on one device: named once */
	str_copy(r.targets[1].device, sizeof(r.targets[1].device), "vdb");
	str_copy(r.targets[1].fs_type, sizeof(r.targets[1].fs_type), "ext4");
	assert_int_equal(figures_from_results(&r, &d), 0);
	assert_string_equal(d.device, "vdb");
	assert_string_equal(d.fs_type, "ext4");
	compare_detail_release(&d);
	results_release(&r);
}

/* A burst: 3,000 IOPS at 10 ms for 4 s, a transition interval, then 500
 * at 256 ms.  The headline is the settled sustained phase, its latency
 * from the same intervals (Little: 128 / 500 = 256 ms); the whole window
 * is kept beside it. */
static void test_headline_sustained(void **state)
{
	static const uint64_t ios[12] = { 3000, 3000, 3000, 3000, 1750, 2900,
					  500, 500, 500, 500, 500, 500 };
	struct results r;
	struct cmp_detail d;
	uint64_t total = 0;
	uint32_t k;

	(void)state;
	results_init(&r);
	profile_init(&r.profile);
	str_copy(r.engine, sizeof(r.engine), "null");
	assert_int_equal(results_alloc_rows(&r, 1, 12), 0);
	r.interval_ms = 1000;
	r.test_time_s = 12;
	for (k = 0; k < 12; k++) {
		struct interval_stat *s = &r.rows[0].dir[DIR_READ].intervals[k];
		uint64_t lat = k < 6 ? 10000000 : 256000000;

		s->ios = ios[k];
		s->lat_sum_ns = (double)(ios[k] * lat);
		s->lat_max_ns = lat;
		total += ios[k];
		hist_record(&r.rows[0].dir[DIR_READ].lat, lat);
	}
	r.rows[0].dir[DIR_READ].ios = total;
	r.rows[0].dir[DIR_READ].bytes = total * 4096;
	assert_int_equal(figures_from_results(&r, &d), 0);
	assert_true(d.sustained);
	assert_int_equal(d.phase_first, 6);
	assert_true(fabs(d.iops - 500) < 1e-6);
	assert_true(fabs(d.mean_ms - 256) < 1e-6);
	assert_true(fabs(128 / d.iops * 1000 - d.mean_ms) < 1e-6);
	assert_true(fabs(d.window_iops - total / 12.0) < 1);
	assert_true(d.burst_iops > 2900);
	figures_release(&d);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_headline_sustained),
		cmocka_unit_test(test_live_and_saved_agree),
		cmocka_unit_test(test_device_witness),
		cmocka_unit_test(test_several_targets),
	};
	int ret;

	snprintf(dir, sizeof(dir), "/tmp/ioprobe-lay-workflow-%d",
		 (int)getpid());
	if (mkdir(dir, 0700))
		return 1;
	ret = cmocka_run_group_tests(tests, NULL, NULL);
	rmdir(dir);
	return ret;
}
