/* headline.c - the one sentence of a comparison: what changed on purpose,
 * then every test judged by the metric that matters for its profile
 * ("2 of 3 tests faster: randread4k IOPS ×1.9, mixed8k IOPS ×1.5;
 * seqread64k MiB/s no clear change"), or why the labels cannot be compared.
 * See compare.h (compare_headline). */
#include "workflow/compare.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>

#include "lib/fmt.h"
#include "report/report_compare.h"

/* A bounded appender: cuts at the end of the buffer. */
struct line {
	char *buf;
	size_t len, o;
};

static void put(struct line *l, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));

static void put(struct line *l, const char *fmt, ...)
{
	va_list ap;

	if (l->o + 1 >= l->len)
		return;
	va_start(ap, fmt);
	l->o += (size_t)vsnprintf(l->buf + l->o, l->len - l->o, fmt, ap);
	va_end(ap);
	if (l->o >= l->len)
		l->o = l->len - 1;
}

static const char *metric_name(enum cmp_metric m)
{
	return m == CMP_METRIC_P99 ? "P99" : m == CMP_METRIC_MIB_S ? "MiB/s" :
								    "IOPS";
}

/* "randread4k IOPS ×3.00 [2.96-3.04]", "seqread64k MiB/s ×0.62",
 * "latency4k P99 1.20 ms → 480 µs (faster ×2.50 [2.40-2.60])": the
 * factor with its interval (verdict.h). */
static void test_change(struct line *l, const struct cmp_test *c)
{
	char a[32], b[32], f[64];

	if (c->metric == CMP_METRIC_P99) {
		fmt_latency_ms(a, sizeof(a), c->p99_ms[0].median);
		fmt_latency_ms(b, sizeof(b), c->p99_ms[1].median);
		cmp_ci_fmt(f, sizeof(f), &c->p99_ci);
		put(l, "%s P99 %s → %s (faster %s)", c->test, a, b, f);
		return;
	}
	cmp_ci_fmt(f, sizeof(f), c->metric == CMP_METRIC_MIB_S ? &c->mib_ci :
								 &c->iops_ci);
	put(l, "%s %s %s", c->test, metric_name(c->metric), f);
}

/* The tests whose verdict (by their metric) is @want, "; "-led. */
static void list_tests(struct line *l, const struct cmp_view *v,
		       enum cmp_verdict want, bool *first)
{
	size_t i, k = 0;

	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *c = &v->tests[i];
		bool nc = c->verdict == CMP_NOT_COMPARABLE;

		if (nc || c->metric_verdict != want)
			continue;
		put(l, "%s", k ? ", " : *first ? ": " : "; ");
		if (want == CMP_NO_CLEAR)
			put(l, "%s %s", c->test, metric_name(c->metric));
		else
			test_change(l, c);
		if (want == CMP_WORSE)
			put(l, " (slower)");
		k++;
	}
	if (k && want == CMP_NO_CLEAR)
		put(l, " no clear change (within ±%.0f %%)",
		    v->min_effect * 100);
	if (k)
		*first = false;
}

static const struct cmp_test *first_differing(const struct cmp_view *v)
{
	size_t i;

	for (i = 0; i < v->ntests; i++)
		if (v->tests[i].ndifferences)
			return &v->tests[i];
	return NULL;
}

/* The tests not compared, with how the first one differs. */
static void not_comparable(struct line *l, const struct cmp_view *v)
{
	size_t i, k = 0;

	put(l, "; not comparable: ");
	for (i = 0; i < v->ntests; i++)
		if (v->tests[i].verdict == CMP_NOT_COMPARABLE)
			put(l, "%s%s", k++ ? ", " : "", v->tests[i].test);
	put(l, " (%s)", first_differing(v)->differences);
}

void compare_headline(struct cmp_view *v)
{
	struct line l = { v->headline, sizeof(v->headline), 0 };
	size_t i, n[CMP_NOT_COMPARABLE + 1] = { 0 }, cmp;
	bool first = true;

	v->headline[0] = '\0';
	if (v->single || !v->ntests)
		return;
	for (i = 0; i < v->ntests; i++)
		n[v->tests[i].verdict == CMP_NOT_COMPARABLE ?
			  CMP_NOT_COMPARABLE :
			  v->tests[i].metric_verdict]++;
	cmp = v->ntests - n[CMP_NOT_COMPARABLE];
	if (v->subject[0])
		put(&l, "%s: ", v->subject);
	if (!cmp) {
		put(&l, "not comparable: %s measured differently (%s): "
		    "measure both labels the same way, or compare anyway "
		    "with --allow-different", v->ntests == 1 ? "the test was" :
		    "every test was", first_differing(v)->differences);
		return;
	}
	if (!n[CMP_BETTER] && !n[CMP_WORSE]) {
		put(&l, "no clear change from '%s' to '%s' in %s%zu test%s (",
		    v->from, v->to, cmp == 1 ? "" : "all ", cmp,
		    cmp == 1 ? "" : "s");
		for (i = 0; i < v->ntests; i++) {
			const struct cmp_test *c = &v->tests[i];

			if (c->verdict == CMP_NOT_COMPARABLE)
				continue;
			put(&l, "%s%s %s", first ? "" : ", ", c->test,
			    metric_name(c->metric));
			first = false;
		}
		put(&l, "; within ±%.0f %%)", v->min_effect * 100);
	} else {
		if (n[CMP_BETTER])
			put(&l, "%zu of %zu test%s faster", n[CMP_BETTER], cmp,
			    cmp == 1 ? "" : "s");
		if (n[CMP_BETTER] && n[CMP_WORSE])
			put(&l, ", %zu slower", n[CMP_WORSE]);
		else if (n[CMP_WORSE])
			put(&l, "%zu of %zu test%s slower", n[CMP_WORSE], cmp,
			    cmp == 1 ? "" : "s");
		list_tests(&l, v, CMP_BETTER, &first);
		list_tests(&l, v, CMP_WORSE, &first);
		list_tests(&l, v, CMP_NO_CLEAR, &first);
	}
	if (n[CMP_NOT_COMPARABLE])
		not_comparable(&l, v);
	else if (v->ndiffer)
		put(&l, "; measured differently, compared anyway: %s",
		    first_differing(v)->differences);
}
