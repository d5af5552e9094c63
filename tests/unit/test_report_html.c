/* test_report_html.c - the HTML page of a hand-built run: well-formed
 * (xmllint parses it as XML, and as HTML with no error besides the SVG
 * element names libxml2's HTML 4 parser does not know), carries the
 * headline figures and both charts, and escapes a path with <&>. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "results/hist.h"
#include "profile/profile.h"
#include "report/report.h"
#include "results/results.h"
#include "lib/util.h"

#define NASTY "/tmp/a<b>&c\"d'.dat"

static void record(struct hist *h, uint64_t ns, unsigned int n)
{
	while (n--)
		hist_record(h, hist_bucket_mid(hist_index(ns)));
}

/* Two threads on one target, 2 s, reads at ~1 and ~2 ms, writes at
 * ~5 ms, two 1 s intervals. */
static void build(struct results *r)
{
	struct profile *p = &r->profile;
	struct thread_target *row;
	uint32_t i;

	results_init(r);
	profile_init(p);
	p->cmdline = strdup("ioprobe -b8K -d2 -L -D -t2 -r -w30 " NASTY);
	p->duration_s = 2;
	p->measure_latency = true;
	p->iops_interval_ms = 1000;
	p->ntargets = 1;
	target_opts_init(&p->targets[0]);
	p->targets[0].path = strdup(NASTY);
	p->targets[0].block_bytes = 8192;
	p->targets[0].threads = 2;
	p->targets[0].write_pct = 30;
	p->targets[0].random = true;
	str_copy(r->version, sizeof(r->version), "0.1.0");
	str_copy(r->engine, sizeof(r->engine), "io_uring");
	str_copy(r->sys.hostname, sizeof(r->sys.hostname), "host<1>");
	r->ntargets = 1;
	str_copy(r->targets[0].path, sizeof(r->targets[0].path), NASTY);
	r->targets[0].size_bytes = 16ull << 20;
	r->test_time_s = 2.0;
	r->thread_count = 2;
	assert_int_equal(results_alloc_rows(r, 2, 2), 0);
	r->nintervals = 2;
	r->interval_ms = 1000;
	for (i = 0; i < 2; i++) {
		row = &r->rows[i];
		row->thread = i;
		row->dir[DIR_READ].ios = 700;
		row->dir[DIR_READ].bytes = 700 * 8192;
		record(&row->dir[DIR_READ].lat, 1000000, 600);
		record(&row->dir[DIR_READ].lat, 2000000, 100);
		row->dir[DIR_READ].intervals[0].ios = 300;
		row->dir[DIR_READ].intervals[1].ios = 400;
		row->dir[DIR_WRITE].ios = 300;
		row->dir[DIR_WRITE].bytes = 300 * 8192;
		record(&row->dir[DIR_WRITE].lat, 5000000, 300);
		row->dir[DIR_WRITE].intervals[0].ios = 150;
		row->dir[DIR_WRITE].intervals[1].ios = 150;
	}
	results_warn(r, "pinned worker <0> far from the interrupts");
}

static char *render(const struct results *r)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);

	assert_non_null(f);
	assert_int_equal(report_html(r, f), 0);
	fclose(f);
	return buf;
}

static void test_content(void **state)
{
	struct results r;
	char *out;

	(void)state;
	build(&r);
	out = render(&r);
	/* 2000 I/Os in 2 s */
	assert_non_null(strstr(out, "<div class=\"v\">1,000 <span"));
	/* 2000 * 8 KiB / 2 s = 7.8 MiB/s */
	assert_non_null(strstr(out, "<div class=\"v\">7.8 <span class=\"u\">MiB/s"));
	/* p99 is the ~5 ms writes (4.997 ms), shown to 3 digits */
	assert_non_null(strstr(out, "<div class=\"k\">p99</div><div class=\"v\">5.00 "));
	assert_non_null(strstr(out, "aria-label=\"latency by percentile\""));
	assert_non_null(strstr(out, "aria-label=\"IOPS over time\""));
	assert_non_null(strstr(out, "/tmp/a&lt;b&gt;&amp;c&quot;d&#39;.dat"));
	assert_non_null(strstr(out, "host&lt;1&gt;"));
	assert_non_null(strstr(out, "pinned worker &lt;0&gt; far"));
	assert_null(strstr(out, "a<b>"));
	assert_null(strstr(out, "<script"));
	assert_null(strstr(out, "src=\""));
	assert_null(strstr(out, "href=\""));
	free(out);
	results_release(&r);
}

/* Without -L and -D there is no chart to draw: no empty SVG either. */
static void test_no_latency(void **state)
{
	struct results r;
	char *out;
	uint32_t i;

	(void)state;
	build(&r);
	r.profile.measure_latency = false;
	r.profile.iops_interval_ms = 0;
	r.nintervals = 0;
	for (i = 0; i < r.nrows; i++) {
		hist_init(&r.rows[i].dir[DIR_READ].lat);
		hist_init(&r.rows[i].dir[DIR_WRITE].lat);
	}
	out = render(&r);
	assert_null(strstr(out, "<svg"));
	assert_non_null(strstr(out, "latency not measured (-L)"));
	free(out);
	results_release(&r);
}

static int xmllint(const char *path, bool html, char *msgs, size_t len)
{
	char cmd[512];
	FILE *p;
	size_t n;

	snprintf(cmd, sizeof(cmd), "xmllint %s--noout '%s' 2>&1",
		 html ? "--html " : "", path);
	p = popen(cmd, "r");
	assert_non_null(p);
	n = fread(msgs, 1, len - 1, p);
	msgs[n] = '\0';
	return pclose(p);
}

/* Drop the HTML parser's complaints about SVG element names; anything
 * left is a real error. */
static bool only_svg_tag_errors(const char *msgs)
{
	static const char *const known[] = { "svg", "line", "text",
					      "polyline", "circle" };
	const char *s = msgs;

	while ((s = strstr(s, "HTML parser error : "))) {
		char tag[32];
		size_t i;
		bool ok = false;

		s += strlen("HTML parser error : ");
		if (sscanf(s, "Tag %31s invalid", tag) != 1)
			return false;
		for (i = 0; i < ARRAY_SIZE(known); i++)
			ok |= !strcmp(tag, known[i]);
		if (!ok)
			return false;
	}
	return true;
}

static void test_xmllint(void **state)
{
	char path[] = "/tmp/ioprobe-html-XXXXXX";
	char msgs[65536];
	struct results r;
	char *out;
	FILE *f;
	int fd;

	(void)state;
	if (system("command -v xmllint >/dev/null 2>&1")) {
		skip();
		return;
	}
	build(&r);
	out = render(&r);
	fd = mkstemp(path);
	assert_true(fd >= 0);
	f = fdopen(fd, "w");
	assert_non_null(f);
	fputs(out, f);
	fclose(f);
	assert_int_equal(xmllint(path, false, msgs, sizeof(msgs)), 0);
	assert_string_equal(msgs, "");
	assert_int_equal(xmllint(path, true, msgs, sizeof(msgs)), 0);
	assert_true(only_svg_tag_errors(msgs));
	unlink(path);
	free(out);
	results_release(&r);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_content),
		cmocka_unit_test(test_no_latency),
		cmocka_unit_test(test_xmllint),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
