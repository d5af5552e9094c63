/* test_compare_targets.c - the per-target part of the comparison model
 * and its output: targets from a saved result (a suite's test file named
 * by its folder, P99 from the merged histograms, the first
 * CMP_MAX_TARGETS kept), which tests are multi-target and whose target
 * sets differ, and the per-target rows of the text, CSV, JSON and page
 * (nothing new for single-target tests). */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <json-c/json.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/util.h"
#include "report/report_compare.h"
#include "report/report_compare_targets.h"
#include "results/results.h"
#include "workflow/compare.h"

static void record(struct dir_stats *ds, uint64_t n, uint64_t ns,
		   uint64_t bs)
{
	uint64_t i;

	for (i = 0; i < n; i++)
		hist_record(&ds->lat, ns);
	ds->ios += n;
	ds->bytes += n * bs;
}

/* @n targets "@pre<i>@post", thread i on target i: 1000 reads
 * of 4 KiB at 100 us on target 0, on the others 500 at 1 ms and 10 at
 * 20 ms, over 2 s. */
static struct results *build(uint32_t n, const char *pre, const char *post)
{
	struct results *r = malloc(sizeof(*r));
	uint32_t i;

	assert_non_null(r);
	results_init(r);
	r->profile.measure_latency = true;
	r->ntargets = n;
	r->test_time_s = 2.0;
	assert_int_equal(results_alloc_rows(r, n, 0), 0);
	for (i = 0; i < n; i++) {
		snprintf(r->targets[i].path, RESULTS_STR, "%s%u%s", pre, i,
			 post);
		r->rows[i].thread = i;
		r->rows[i].target = i;
		if (!i) {
			record(&r->rows[i].dir[DIR_READ], 1000, 100000, 4096);
			continue;
		}
		record(&r->rows[i].dir[DIR_READ], 500, 1000000, 4096);
		record(&r->rows[i].dir[DIR_READ], 10, 20000000, 4096);
	}
	return r;
}

static void free_results(struct results *r)
{
	results_release(r);
	free(r);
}

static bool near(double a, double b)
{
	return a > b * 0.99 && a < b * 1.01;
}

static void test_from_results(void **state)
{
	struct results *r = build(2, "/d/disk", "/ioprobe-suite-4242.dat");
	struct cmp_detail *d = calloc(1, sizeof(*d));

	(void)state;
	assert_non_null(d);
	assert_int_equal(compare_targets_from_results(r, d), 0);
	assert_int_equal(d->ntargets, 2);
	assert_int_equal(d->ntargets_all, 2);
	/* a suite's test file by its folder: the pid is not the target */
	assert_string_equal(d->targets[0].name, "/d/disk0");
	assert_string_equal(d->targets[1].name, "/d/disk1");
	assert_true(near(d->targets[0].iops, 500));
	assert_true(near(d->targets[1].iops, 255));
	assert_true(near(d->targets[0].mib_s, 500 * 4096 / 1048576.0));
	assert_true(d->targets[0].has_lat && d->targets[1].has_lat);
	assert_true(near(d->targets[0].p99_ms, 0.1));
	/* 99 % of 510 I/Os is the 505th: one of the ten 20 ms ones */
	assert_true(near(d->targets[1].p99_ms, 20));
	free_results(r);

	/* any other file keeps its path; the first CMP_MAX_TARGETS kept */
	r = build(CMP_MAX_TARGETS + 2, "/d/t", ".dat");
	assert_int_equal(compare_targets_from_results(r, d), 0);
	assert_int_equal(d->ntargets, CMP_MAX_TARGETS);
	assert_int_equal(d->ntargets_all, CMP_MAX_TARGETS + 2);
	assert_string_equal(d->targets[1].name, "/d/t1.dat");
	free_results(r);
	free(d);
}

/* A two-test view: test 0 ran on /d/a before and /d/a + /d/b after (a
 * striped pair against one disk), test 1 on /d/a alone both times. */
static void view(struct cmp_view *v, bool second_multi)
{
	static const char *const names[3] = { "/d/a", "/d/b", "/d/c" };
	const uint32_t n[4] = { 1, 2, second_multi ? 2 : 1,
				second_multi ? 2 : 1 };
	size_t i;
	uint32_t k;

	memset(v, 0, sizeof(*v));
	v->from = "single";
	v->to = "striped";
	v->ntests = 2;
	v->tests = calloc(2, sizeof(*v->tests));
	v->detail = calloc(4, sizeof(*v->detail));
	assert_true(v->tests && v->detail);
	str_copy(v->tests[0].test, sizeof(v->tests[0].test), "randread4k");
	str_copy(v->tests[1].test, sizeof(v->tests[1].test), "seqread64k");
	for (i = 0; i < 4; i++) {
		struct cmp_detail *d = &v->detail[i];

		d->loaded = true;
		d->ntargets = d->ntargets_all = n[i];
		d->iops = 500.0 * n[i];
		d->p99_ms = 400;
		for (k = 0; k < n[i]; k++) {
			str_copy(d->targets[k].name, sizeof(d->targets[k].name),
				 names[k]);
			d->targets[k].iops = 500;
			d->targets[k].mib_s = 1.9;
			d->targets[k].has_lat = true;
			d->targets[k].mean_ms = 256;
			d->targets[k].p99_ms = 400 + (double)k;
		}
	}
	compare_targets_judge(v);
}

static void view_free(struct cmp_view *v)
{
	free(v->tests);
	free(v->detail);
}

static char *render(const struct cmp_view *v, enum result_format fmt,
		    bool page)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	if (page)
		report_compare_targets_html(v, f);
	else
		assert_int_equal(report_compare(v, fmt, CMP_FINDINGS_NONE, f),
				 0);
	fclose(f);
	return buf;
}

static void test_judge(void **state)
{
	struct cmp_view v;

	(void)state;
	view(&v, false);
	assert_true(v.tests[0].multi_target);
	assert_true(v.tests[0].targets_differ);
	assert_false(v.tests[1].multi_target);
	assert_false(v.tests[1].targets_differ);
	/* the same two targets on both sides: multi-target, no note */
	view_free(&v);
	view(&v, true);
	assert_true(v.tests[1].multi_target);
	assert_false(v.tests[1].targets_differ);
	/* another name at the same place is another target set */
	str_copy(v.detail[3].targets[1].name, 8, "/d/c");
	compare_targets_judge(&v);
	assert_true(v.tests[1].targets_differ);
	/* one label alone: its own runs, never "differ" */
	v.single = true;
	compare_targets_judge(&v);
	assert_true(v.tests[1].multi_target);
	assert_false(v.tests[1].targets_differ);
	view_free(&v);
}

static void test_text(void **state)
{
	struct cmp_view v;
	char *out;

	(void)state;
	view(&v, false);
	out = render(&v, FORMAT_TEXT, false);
	assert_non_null(strstr(out, "\nper target (newest run of each "
				    "label):\ntest         target IOPS "));
	assert_non_null(strstr(out, "\nrandread4k   0      500 → 500 "
				    "(×1.00)"));
	assert_non_null(strstr(out, "400 ms → 400 ms        /d/a\n"));
	assert_non_null(strstr(out, "\n             1      – → 500  "));
	assert_non_null(strstr(out, "– → 401 ms             /d/b\n"));
	assert_non_null(strstr(out, "  the target sets differ: 'single' ran "
				    "on 1 target, 'striped' on 2: rows pair "
				    "them in -target order\n"));
	/* only the multi-target test gets rows */
	assert_null(strstr(strstr(out, "per target"), "seqread64k"));
	free(out);
	/* single-target tests only: no section */
	v.tests[0].multi_target = false;
	out = render(&v, FORMAT_TEXT, false);
	assert_null(strstr(out, "per target"));
	free(out);
	view_free(&v);
}

static void test_csv_json(void **state)
{
	struct cmp_view v;
	json_object *root, *tests, *t, *x;
	char *out;

	(void)state;
	view(&v, false);
	out = render(&v, FORMAT_CSV, false);
	assert_non_null(strstr(out, ",verdict,differences,target\n"));
	assert_non_null(strstr(out, ",no clear change,,all\n"));
	assert_non_null(strstr(out, "\nrandread4k,single,striped,1,1,500.000,"
				    "500.000,1.0000,"));
	assert_non_null(strstr(out, "\nrandread4k,single,striped,0,1,0.000,"
				    "500.000,"));
	assert_non_null(strstr(out, ",,,/d/b\n"));
	free(out);
	out = render(&v, FORMAT_JSON, false);
	root = json_tokener_parse(out);
	assert_non_null(root);
	assert_true(json_object_object_get_ex(root, "tests", &tests));
	t = json_object_array_get_idx(tests, 0);
	assert_true(json_object_object_get_ex(t, "targets", &x));
	assert_int_equal(json_object_array_length(x), 2);
	x = json_object_array_get_idx(x, 1);
	assert_true(json_object_object_get_ex(x, "from", &t));
	assert_null(t);		/* 'single' had no second target */
	assert_true(json_object_object_get_ex(x, "to", &t));
	assert_true(json_object_object_get_ex(t, "name", &x));
	assert_string_equal(json_object_get_string(x), "/d/b");
	t = json_object_array_get_idx(tests, 1);
	assert_false(json_object_object_get_ex(t, "targets", &x));
	json_object_put(root);
	free(out);
	/* no multi-target test: the CSV is as it always was */
	v.tests[0].multi_target = false;
	out = render(&v, FORMAT_CSV, false);
	assert_non_null(strstr(out, ",verdict,differences\n"));
	assert_null(strstr(out, ",all\n"));
	free(out);
	view_free(&v);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	for (; (s = strstr(s, what)); s++)
		n++;
	return n;
}

static void test_page(void **state)
{
	struct cmp_view v;
	char *out;

	(void)state;
	view(&v, false);
	out = render(&v, FORMAT_TEXT, true);
	assert_int_equal(count(out, "<h2>Per target</h2>"), 1);
	assert_int_equal(count(out, "aria-label=\"randread4k: IOPS per "
				    "target\""), 1);
	assert_int_equal(count(out, "aria-label=\"randread4k: P99 latency "
				    "per target\""), 1);
	/* bars: target 0 both labels, target 1 after only, all targets
	 * both labels; IOPS and P99 */
	assert_int_equal(count(out, "class=\"bar\""), 2 * 5);
	assert_non_null(strstr(out, "the target sets differ: 'single' ran on "
				    "1 target, 'striped' on 2"));
	assert_non_null(strstr(out, ">1: b</text>"));
	assert_non_null(strstr(out, ">/d/b</td>"));
	assert_null(strstr(out, "seqread64k"));
	free(out);
	v.tests[0].multi_target = false;
	out = render(&v, FORMAT_TEXT, true);
	assert_true(!out || !*out);	/* single-target: nothing at all */
	free(out);
	view_free(&v);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_from_results),
		cmocka_unit_test(test_judge),
		cmocka_unit_test(test_text),
		cmocka_unit_test(test_csv_json),
		cmocka_unit_test(test_page),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
