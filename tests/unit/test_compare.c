/* test_compare.c - before/after comparison: medians and spreads, factors,
 * "no clear change" inside the run-to-run spread, regression exit status,
 * workload facts recovered from a row's command line. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/subcmd.h"
#include "report/report_compare.h"
#include "workflow/compare.h"
#include "lib/util.h"

static void test_stat_median_spread(void **state)
{
	double odd[3] = { 5, 1, 3 }, even[4] = { 4, 1, 3, 2 };
	struct cmp_stat s;

	(void)state;
	cmp_stat_of(odd, 3, &s);
	assert_true(s.median == 3 && s.min == 1 && s.max == 5 && s.n == 3);
	cmp_stat_of(even, 4, &s);
	assert_true(s.median == 2.5 && s.min == 1 && s.max == 4);
	cmp_stat_of(NULL, 0, &s);
	assert_true(s.n == 0 && s.median == 0);
}

static void test_judge(void **state)
{
	double a[3] = { 400, 410, 420 }, b[3] = { 405, 430, 415 };
	double c[3] = { 7000, 7100, 6900 }, d[1] = { 103 }, e[1] = { 100 };
	struct cmp_stat sa, sb, sc, sd, se;

	(void)state;
	cmp_stat_of(a, 3, &sa);
	cmp_stat_of(b, 3, &sb);
	cmp_stat_of(c, 3, &sc);
	cmp_stat_of(d, 1, &sd);
	cmp_stat_of(e, 1, &se);
	/* overlapping spreads: no clear change */
	assert_int_equal(cmp_judge(&sa, &sb, true), CMP_NO_CLEAR);
	assert_int_equal(cmp_judge(&sa, &sc, true), CMP_BETTER);
	assert_int_equal(cmp_judge(&sc, &sa, true), CMP_WORSE);
	/* latency: lower is better */
	assert_int_equal(cmp_judge(&sc, &sa, false), CMP_BETTER);
	/* single runs: under the 5 % noise floor */
	assert_int_equal(cmp_judge(&se, &sd, true), CMP_NO_CLEAR);
	assert_string_equal(cmp_verdict_name(CMP_NO_CLEAR), "no clear change");
}

static void row(struct history *h, const char *label, const char *test,
		double iops, double p99)
{
	struct history_row *r;

	h->rows = realloc(h->rows, (h->nrows + 1) * sizeof(*r));
	assert_non_null(h->rows);
	r = &h->rows[h->nrows++];
	memset(r, 0, sizeof(*r));
	str_copy(r->label, sizeof(r->label), label);
	str_copy(r->test, sizeof(r->test), test);
	str_copy(r->cmdline, sizeof(r->cmdline),
		 !strcmp(test, "seqread64k") ?
			 "-b64K -s -w0 -t1 -o8 -Sh -L -d30 -W5 /mnt/f.dat" :
			 "-b4K -r -w0 -t4 -o32 -Sh -L -d30 -W5 /mnt/f.dat");
	r->iops = iops;
	r->mib_s = iops / 256;
	r->mean_ms = 128000 / iops;
	r->p50_ms = p99 / 2;
	r->p99_ms = p99;
	r->max_ms = p99 * 1.1;
	r->read_pct = 100;
}

static void story(struct history *h)
{
	memset(h, 0, sizeof(*h));
	row(h, "before", "randread4k", 407, 12800);
	row(h, "before", "seqread64k", 410, 9000);
	row(h, "after", "randread4k", 7071, 62);
	row(h, "after", "seqread64k", 2733, 49);
	row(h, "other", "onlyhere", 1, 1);
}

static void test_build_factors(void **state)
{
	struct history h;
	struct cmp_test *c;
	size_t n;
	const char *first, *latest;

	(void)state;
	story(&h);
	assert_int_equal(compare_default_labels(&h, &first, &latest), 0);
	assert_string_equal(first, "before");
	assert_string_equal(latest, "other");
	assert_true(compare_has_other_label(&h, "after"));
	assert_false(compare_has_other_label(&h, "other"));
	assert_int_equal(compare_build(&h, "before", "after", &c, &n), 0);
	assert_int_equal(n, 2);
	assert_string_equal(c[0].test, "randread4k");
	assert_true(c[0].iops_factor > 17.37 && c[0].iops_factor < 17.38);
	assert_true(c[0].p99_faster > 206 && c[0].p99_faster < 207);
	assert_int_equal(c[0].verdict, CMP_BETTER);
	assert_ptr_equal(c[0].latest[1], &h.rows[2]);
	free(c);
	history_release(&h);
}

static void test_repeated_runs_no_clear_change(void **state)
{
	struct history h;
	struct cmp_test *c;
	size_t n;

	(void)state;
	memset(&h, 0, sizeof(h));
	row(&h, "a", "t", 1000, 10);
	row(&h, "a", "t", 1200, 12);
	row(&h, "a", "t", 900, 9);
	row(&h, "b", "t", 1150, 11);
	row(&h, "b", "t", 1100, 10.5);
	assert_int_equal(compare_build(&h, "a", "b", &c, &n), 0);
	assert_int_equal(n, 1);
	assert_int_equal(c[0].iops[0].n, 3);
	assert_true(c[0].iops[0].median == 1000);
	assert_true(c[0].iops[0].min == 900 && c[0].iops[0].max == 1200);
	assert_true(c[0].iops[1].median == 1125);
	assert_int_equal(c[0].verdict, CMP_NO_CLEAR);
	free(c);
	history_release(&h);
}

static void test_report_exit_status(void **state)
{
	struct history h;
	FILE *f = tmpfile();
	char buf[8192];
	size_t len;

	(void)state;
	assert_non_null(f);
	story(&h);
	assert_int_equal(compare_report(&h, "before", "after", FORMAT_TEXT,
					CMP_FINDINGS_ALL, false, f), 0);
	assert_int_equal(compare_report(&h, "after", "before", FORMAT_CSV,
					CMP_FINDINGS_NONE, false, f), 3);
	rewind(f);
	len = fread(buf, 1, sizeof(buf) - 1, f);
	buf[len] = '\0';
	assert_non_null(strstr(buf, "407 → 7,071 (×17.37)"));
	assert_non_null(strstr(buf, "12.8 s → 62.0 ms (faster ×206.45)"));
	/* each test by the metric that matters for it */
	assert_non_null(strstr(buf, "headline: 2 of 2 tests faster: "
				    "randread4k IOPS ×17.37, seqread64k MiB/s "
				    "×6.67\n"));
	/* the "before" rows hit a wall the "after" rows do not */
	assert_non_null(strstr(buf, "findings for 'before'"));
	assert_non_null(strstr(buf, "capped at ≈408 IOPS"));
	assert_non_null(strstr(buf, "change: the wall at ≈408 IOPS seen in "
				    "'before' is gone in 'after'"));
	assert_non_null(strstr(buf, "\nrandread4k,after,before,1,1,"));
	assert_non_null(strstr(buf, ",slower,\n"));	/* no differences */
	/* the other way round a longer P99 reads as slower, not "faster
	 * ×0.00" */
	rewind(f);
	assert_int_equal(ftruncate(fileno(f), 0), 0);
	assert_int_equal(compare_report(&h, "after", "before", FORMAT_TEXT,
					CMP_FINDINGS_NONE, false, f), 3);
	rewind(f);
	len = fread(buf, 1, sizeof(buf) - 1, f);
	buf[len] = '\0';
	assert_non_null(strstr(buf, "62.0 ms → 12.8 s (slower ×206.45)"));
	assert_null(strstr(buf, "faster ×0"));
	fclose(f);
	history_release(&h);
}

static void test_interp_from_row(void **state)
{
	struct history h;
	struct interp_test t;

	(void)state;
	story(&h);
	assert_int_equal(compare_interp_from_row(&h.rows[1], &t), 0);
	assert_int_equal(t.block_bytes, 65536);
	assert_false(t.random);
	assert_true(t.inflight == 8);
	assert_false(t.buffered);
	assert_int_equal(compare_interp_from_row(&h.rows[0], &t), 0);
	assert_true(t.random && t.inflight == 128);
	history_release(&h);
}

static char *render_opt(struct history *h, const char *from, const char *to,
			bool allow, int *ret)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	*ret = compare_report(h, from, to, FORMAT_TEXT, CMP_FINDINGS_ALL,
			      allow, f);
	fclose(f);
	return buf;
}

static char *render(struct history *h, const char *from, const char *to,
		    int *ret)
{
	return render_opt(h, from, to, false, ret);
}

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (; (hay = strstr(hay, needle)); hay++)
		n++;
	return n;
}

/* One label: its summary and findings once, no arrows, no factors. */
static void test_single_label(void **state)
{
	struct history h;
	char *out;
	int ret;

	(void)state;
	memset(&h, 0, sizeof(h));
	row(&h, "demo", "randread4k", 407, 12800);
	row(&h, "demo", "seqread64k", 410, 9000);
	out = render(&h, "demo", "demo", &ret);
	assert_int_equal(ret, 0);
	assert_null(strstr(out, "→"));
	assert_null(strstr(out, "×1.00"));
	assert_int_equal(count(out, "findings for 'demo'"), 1);
	assert_int_equal(count(out, "capped at"), 1);
	assert_non_null(strstr(out, "randread4k   407"));
	free(out);
	history_release(&h);
}

/* A test under one label only is named; a gone JSON result is said once. */
static void test_only_and_missing_json(void **state)
{
	struct history h;
	char *out;
	size_t i;
	int ret;

	(void)state;
	story(&h);
	row(&h, "before", "mixed8k", 398, 12600);
	h.path = str_dup("/nonexistent-ioprobe/history.csv");
	for (i = 0; i < h.nrows; i++)
		str_copy(h.rows[i].json, sizeof(h.rows[i].json),
			 "results/gone.json");
	out = render(&h, "before", "after", &ret);
	assert_int_equal(ret, 0);
	assert_non_null(strstr(out, "only in 'before': mixed8k"));
	assert_int_equal(count(out, "saved JSON results are unreadable"), 1);
	assert_non_null(strstr(out, "(first: '/nonexistent-ioprobe/results/"
				    "gone.json' is gone)"));
	free(out);
	history_release(&h);
}

/* Inside the noise: the headline says so, naming each test's metric. */
static void test_headline_no_clear_change(void **state)
{
	struct history h;
	char *out;
	int ret;

	(void)state;
	memset(&h, 0, sizeof(h));
	row(&h, "a", "randread4k", 1000, 10);
	row(&h, "a", "seqread64k", 500, 3);
	row(&h, "b", "randread4k", 1020, 10.2);
	row(&h, "b", "seqread64k", 505, 3);
	out = render(&h, "a", "b", &ret);
	assert_int_equal(ret, 0);
	assert_non_null(strstr(out, "headline: no clear change from 'a' to "
				    "'b' in all 2 tests (randread4k IOPS, "
				    "seqread64k MiB/s; within ±5 %)\n"));
	free(out);
	history_release(&h);
}

/* "after" ran with another file size and duration: no verdicts, the
 * differences listed, exit 4; --allow-different compares anyway. */
static void test_not_comparable(void **state)
{
	struct history h;
	char *out;
	size_t i;
	int ret;

	(void)state;
	story(&h);
	for (i = 2; i < 4; i++) {
		h.rows[i].file_size_bytes = 4ull << 30;
		str_copy(h.rows[i].cmdline, sizeof(h.rows[i].cmdline),
			 i == 2 ? "-b4K -r -w0 -t4 -o32 -Sh -L -d5 -W5 /m/f" :
				  "-b64K -s -w0 -t1 -o8 -Sh -L -d5 -W5 /m/f");
	}
	for (i = 0; i < 2; i++)
		h.rows[i].file_size_bytes = 256u << 20;
	out = render(&h, "before", "after", &ret);
	assert_int_equal(ret, 4);
	assert_int_equal(count(out, "not comparable\n"), 2);
	assert_int_equal(count(out, "  not comparable: file size 256 MiB vs "
				    "4 GiB; duration 30 s vs 5 s\n"), 2);
	assert_null(strstr(out, "(×17"));
	assert_non_null(strstr(out, "headline: not comparable: every test was "
				    "measured differently (file size 256 MiB "
				    "vs 4 GiB; duration 30 s vs 5 s)"));
	free(out);
	out = render_opt(&h, "before", "after", true, &ret);
	assert_int_equal(ret, 0);
	assert_non_null(strstr(out, "407 → 7,071 (×17.37)"));
	assert_int_equal(count(out, "  measured differently: file size"), 2);
	assert_non_null(strstr(out, "; measured differently, compared anyway: "
				    "file size 256 MiB vs 4 GiB"));
	free(out);
	history_release(&h);
}

/* What changed on purpose heads the line; a QD1 profile is judged by
 * its P99; old rows leave the engine and fill unchecked, said once. */
static void test_subject_metric_unknown(void **state)
{
	struct history h;
	char *out;
	size_t i;
	int ret;

	(void)state;
	memset(&h, 0, sizeof(h));
	row(&h, "before", "latency4k", 400, 4);
	row(&h, "after", "latency4k", 402, 1);
	for (i = 0; i < 2; i++) {
		str_copy(h.rows[i].cmdline, sizeof(h.rows[i].cmdline),
			 "-b4K -r -w0 -t1 -o1 -Sh -L -d30 -W5 /mnt/f.dat");
		str_copy(h.rows[i].device, sizeof(h.rows[i].device),
			 i ? "nvme0n1" : "loop3");
		str_copy(h.rows[i].engine, sizeof(h.rows[i].engine),
			 i ? "io_uring" : "");
		str_copy(h.rows[i].version, sizeof(h.rows[i].version),
			 "0.1.0");
	}
	out = render(&h, "before", "after", &ret);
	assert_int_equal(ret, 0);
	assert_non_null(strstr(out, "headline: device loop3 → nvme0n1: 1 of 1 "
				    "test faster: latency4k P99 4.00 ms → "
				    "1.00 ms (faster ×4.00)\n"));
	assert_non_null(strstr(out, "note: engine, fill not checked for "
				    "latency4k: older history rows do not "
				    "record them\n"));
	free(out);
	history_release(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_stat_median_spread),
		cmocka_unit_test(test_judge),
		cmocka_unit_test(test_build_factors),
		cmocka_unit_test(test_repeated_runs_no_clear_change),
		cmocka_unit_test(test_report_exit_status),
		cmocka_unit_test(test_interp_from_row),
		cmocka_unit_test(test_single_label),
		cmocka_unit_test(test_only_and_missing_json),
		cmocka_unit_test(test_headline_no_clear_change),
		cmocka_unit_test(test_not_comparable),
		cmocka_unit_test(test_subject_metric_unknown),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
