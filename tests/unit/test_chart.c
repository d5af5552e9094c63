/* test_chart.c - the chart kit's rules every page follows: counts with
 * thousands separators, latency from ns to s, "log scale" written on a
 * log axis, charts over time as level steps (one interval still draws a
 * line), and a page frame with nothing fetched and its title escaped. */
#include <stdarg.h>
#include <stddef.h>
#include <setjmp.h>
#include <cmocka.h>

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "report/chart.h"
#include "report/chart_page.h"
#include "report/chart_time.h"

/* A memory stream: what is written lands in *@buf once *@f is closed. */
static void capture_begin(FILE **f, char **buf, size_t *len)
{
	*f = open_memstream(buf, len);
	assert_non_null(*f);
}

static size_t count(const char *s, const char *what)
{
	size_t n = 0;

	while ((s = strstr(s, what))) {
		n++;
		s += strlen(what);
	}
	return n;
}

/* Points of the polyline at @p. */
static size_t points(const char *p)
{
	const char *end = strstr(p, "\"/>");
	size_t n = 0;

	p = strstr(p, "points=\"");
	for (; p && p < end; p++)
		n += *p == ',';
	return n;
}

static void test_labels(void **state)
{
	char b[32], u[16];

	(void)state;
	chart_fmt_count(b, sizeof(b), 25000);
	assert_string_equal(b, "25,000");
	chart_fmt_count(b, sizeof(b), 1500000);
	assert_string_equal(b, "1,500,000");
	chart_fmt_count(b, sizeof(b), 800);
	assert_string_equal(b, "800");
	chart_fmt_count(b, sizeof(b), 2.5);
	assert_string_equal(b, "2.5");
	chart_fmt_ms(b, sizeof(b), 1500);
	assert_string_equal(b, "1.5 s");
	chart_fmt_ms(b, sizeof(b), 999);
	assert_string_equal(b, "999 ms");
	chart_fmt_latency_parts(b, sizeof(b), u, sizeof(u), 2500);
	assert_string_equal(b, "2.5");
	assert_string_equal(u, "s");
	chart_fmt_latency_parts(b, sizeof(b), u, sizeof(u), 4.9);
	assert_string_equal(b, "4.90");
	assert_string_equal(u, "ms");
	chart_fmt_latency_parts(b, sizeof(b), u, sizeof(u), 0.0035);
	assert_string_equal(b, "3.50");
	assert_string_equal(u, "µs");
	chart_fmt_latency_parts(b, sizeof(b), u, sizeof(u), 0.000355);
	assert_string_equal(b, "355");
	assert_string_equal(u, "ns");
}

static void test_axis_title(void **state)
{
	struct chart_axis lin, lg;
	char *buf;
	size_t len;
	FILE *f;

	(void)state;
	chart_axis_linear(&lin, 100, 200, 0);
	chart_axis_log(&lg, 0.01, 100, 200, 0);
	capture_begin(&f, &buf, &len);
	chart_axis_title_y(f, &lin, 14, "IOPS");
	chart_axis_title_y(f, &lg, 14, "latency");
	fclose(f);
	assert_non_null(strstr(buf, ">IOPS</text>"));
	assert_non_null(strstr(buf, ">latency (log scale)</text>"));
	assert_non_null(strstr(buf, "rotate(-90 14.0 100.0)"));
	free(buf);
}

static void test_time_steps(void **state)
{
	const double one[] = { 1000 }, two[] = { 1000, NAN, 3000 };
	struct chart_line l[2] = {
		{ .v = one, .n = 1, .step_s = 1, .color = "#111",
		  .name = "a<b" },
		{ .v = two, .n = 3, .step_s = 0.5, .color = "#222",
		  .name = "after" },
	};
	char *buf, *p;
	size_t len;
	FILE *f;

	(void)state;
	capture_begin(&f, &buf, &len);
	chart_time(f, "IOPS over time", "IOPS", l, 2, chart_fmt_count, false);
	fclose(f);
	assert_int_equal(count(buf, "<polyline"), 2);
	/* one interval: a level line of two points; three with a gap: four */
	p = strstr(buf, "<polyline");
	assert_non_null(p);
	assert_int_equal(points(p), 2);
	p = strstr(p + 1, "<polyline");
	assert_non_null(p);
	assert_int_equal(points(p), 4);
	assert_non_null(strstr(buf, "a&lt;b"));
	assert_non_null(strstr(buf, ">4,000</text>"));	/* 3,000 x 1.1 */
	assert_non_null(strstr(buf, ">1.4 s</text>"));	/* 0.2 s steps */
	assert_non_null(strstr(buf, "aria-label=\"IOPS over time\""));
	free(buf);
}

static void test_page_frame(void **state)
{
	char *buf;
	size_t len;
	FILE *f;

	(void)state;
	capture_begin(&f, &buf, &len);
	chart_page_begin(f, "before<&>", "after");
	chart_where_begin(f);
	chart_where_row(f, "switches", "-b4K <x>", true);
	chart_where_row(f, "host", "", false);
	chart_where_end(f);
	chart_page_end(f, "0.1.0");
	fclose(f);
	assert_non_null(strstr(buf, "<title>ioprobe: before&lt;&amp;&gt; → "
				    "after</title>"));
	assert_non_null(strstr(buf, "<td><code>-b4K &lt;x&gt;</code></td>"));
	assert_non_null(strstr(buf, "<td>host</td><td>unknown</td>"));
	assert_non_null(strstr(buf, "ioprobe 0.1.0"));
	assert_null(strstr(buf, "<script"));
	assert_null(strstr(buf, "src="));
	assert_null(strstr(buf, "href="));
	assert_null(strstr(buf, "url("));
	free(buf);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_labels),
		cmocka_unit_test(test_axis_title),
		cmocka_unit_test(test_time_steps),
		cmocka_unit_test(test_page_frame),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
