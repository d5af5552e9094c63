/* test_compare_html.c - the before/after page: well-formed (an XML parser
 * reads it), headline, one bar per test and label, percentile curves from
 * histograms, table factors, findings, and every history string escaped. */
#include <setjmp.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <cmocka.h>

#include <libxml/parser.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "workflow/compare.h"
#include "report/report_compare_html.h"
#include "lib/util.h"

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
		 !strncmp(test, "seq", 3) ?
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

static size_t count(const char *hay, const char *needle)
{
	size_t n = 0;

	for (; (hay = strstr(hay, needle)); hay++)
		n++;
	return n;
}

static char *page(const struct cmp_view *v)
{
	char *buf = NULL;
	size_t len = 0;
	FILE *f = open_memstream(&buf, &len);
	xmlDocPtr doc;

	assert_non_null(f);
	assert_int_equal(report_compare_html(v, f), 0);
	fclose(f);
	doc = xmlReadMemory(buf, (int)len, "page.html", NULL,
			    XML_PARSE_NONET | XML_PARSE_NOERROR);
	assert_non_null(doc);	/* well-formed */
	xmlFreeDoc(doc);
	return buf;
}

/* A histogram of @n values around @ns, with a tail. */
static void fake_hist(struct hist *h, uint64_t ns, unsigned int n)
{
	unsigned int i;

	hist_init(h);
	for (i = 0; i < n; i++)
		hist_record(h, ns + (i % 97) * (ns / 50) +
				       (i % 1000 == 0 ? 20 * ns : 0));
}

static void test_two_labels(void **state)
{
	struct history h;
	struct cmp_view v;
	char *out;
	size_t i;

	(void)state;
	memset(&h, 0, sizeof(h));
	row(&h, "before <b>&\"x'", "randread4k", 407, 12800);
	row(&h, "before <b>&\"x'", "seq<script>", 410, 9000);
	row(&h, "after", "randread4k", 7071, 62);
	row(&h, "after", "seq<script>", 2733, 49);
	assert_int_equal(compare_view_build(&h, "before <b>&\"x'", "after", false,
					    &v), 0);
	assert_int_equal(v.ntests, 2);
	/* histograms as the saved JSON results would give them */
	for (i = 0; i < 4; i++) {
		v.detail[i].loaded = true;
		fake_hist(&v.detail[i].lat, i % 2 ? 500000 : 200000000,
			  20000);
	}
	out = page(&v);
	assert_non_null(strstr(out, "<h1>2 of 2 tests faster: randread4k "
				    "IOPS ×17.37, seq&lt;script&gt; MiB/s ×6.67"
				    "</h1>"));
	/* IOPS, MiB/s and P99 */
	assert_int_equal(count(out, "<rect class=\"bar\""), 12);
	assert_int_equal(count(out, "<polyline"), 4);
	assert_non_null(strstr(out, "log scale"));
	assert_non_null(strstr(out, "<td>faster ×206</td>"));
	assert_non_null(strstr(out, "before &lt;b&gt;&amp;&quot;x&#39;"));
	assert_null(strstr(out, "<b>&"));
	assert_null(strstr(out, "<script"));
	assert_non_null(strstr(out, "seq&lt;script&gt;"));
	assert_non_null(strstr(out, "capped at ≈408 IOPS"));
	assert_non_null(strstr(out, "is gone in &#39;after&#39;"));
	assert_null(strstr(out, "src=\"http"));	/* nothing fetched */
	assert_null(strstr(out, "href=\"http"));
	free(out);
	compare_view_release(&v);
	history_release(&h);
}

static void test_one_label(void **state)
{
	struct history h;
	struct cmp_view v;
	char *out;

	(void)state;
	memset(&h, 0, sizeof(h));
	row(&h, "demo", "randread4k", 97744, 4.9);
	row(&h, "demo", "mixed8k", 81700, 4.96);
	assert_int_equal(compare_view_build(&h, "demo", "demo", false, &v), 0);
	assert_true(v.single);
	out = page(&v);
	assert_non_null(strstr(out, "Storage benchmark: 'demo'"));
	assert_non_null(strstr(out, "--label after"));
	assert_int_equal(count(out, "<rect class=\"bar\""), 6);
	assert_int_equal(count(out, "Findings for"), 1);
	assert_null(strstr(out, "faster ×"));
	assert_null(strstr(out, "slower ×"));
	assert_non_null(strstr(out, "97,744"));
	free(out);
	compare_view_release(&v);
	history_release(&h);
}

int main(void)
{
	const struct CMUnitTest tests[] = {
		cmocka_unit_test(test_two_labels),
		cmocka_unit_test(test_one_label),
	};

	return cmocka_run_group_tests(tests, NULL, NULL);
}
