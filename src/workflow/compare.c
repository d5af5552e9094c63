/* compare.c - the comparison model of two labels of the suite history:
 * medians and spreads of repeated runs, factors, verdicts, each label's
 * findings and how the wall changed.  See compare.h. */
#include "workflow/compare.h"

#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/fmt.h"
#include "lib/path.h"
#include "lib/util.h"
#include "report/report.h"
#include "results/results.h"
#include "results/results_json.h"
#include "workflow/figures.h"
#include "workflow/method.h"
#include "workflow/saved_cmdline.h"
#include "workflow/verdict.h"

static int cmp_double(const void *a, const void *b)
{
	double x = *(const double *)a, y = *(const double *)b;

	return (x > y) - (x < y);
}

void cmp_stat_of(const double *v, size_t n, struct cmp_stat *s)
{
	double sorted[64];
	size_t i;

	memset(s, 0, sizeof(*s));
	if (n > ARRAY_SIZE(sorted))
		n = ARRAY_SIZE(sorted);	/* callers keep the newest 64 */
	if (!n)
		return;
	for (i = 0; i < n; i++)
		sorted[i] = v[i];
	qsort(sorted, n, sizeof(double), cmp_double);
	s->n = n;
	s->min = sorted[0];
	s->max = sorted[n - 1];
	s->median = n % 2 ? sorted[n / 2] :
			    (sorted[n / 2 - 1] + sorted[n / 2]) / 2;
}

enum cmp_verdict cmp_judge(const struct cmp_stat *a, const struct cmp_stat *b,
			   bool higher_better)
{
	bool up, down;

	if (!a->n || !b->n || !(a->median > 0))
		return CMP_NO_CLEAR;
	up = b->min > a->max && b->median > a->median * (1 + CMP_NOISE);
	down = b->max < a->min && b->median < a->median * (1 - CMP_NOISE);
	if (up)
		return higher_better ? CMP_BETTER : CMP_WORSE;
	if (down)
		return higher_better ? CMP_WORSE : CMP_BETTER;
	return CMP_NO_CLEAR;
}

int compare_default_labels(const struct history *h, const char **first,
			   const char **latest)
{
	if (!h->nrows)
		return -ENOENT;
	*first = h->rows[0].label;
	*latest = h->rows[h->nrows - 1].label;
	return 0;
}

bool compare_has_other_label(const struct history *h, const char *label)
{
	size_t i, j;

	for (i = 0; i < h->nrows; i++) {
		if (strcmp(h->rows[i].label, label))
			continue;
		for (j = 0; j < h->nrows; j++)
			if (strcmp(h->rows[j].label, label) &&
			    !strcmp(h->rows[j].test, h->rows[i].test))
				return true;
	}
	return false;
}

#define CMP_MAX_RUNS 64

/* Is @r a run of (@label, @test)? */
static bool run_of(const struct history_row *r, const char *label,
		   const char *test)
{
	return !strcmp(r->label, label) && !strcmp(r->test, test);
}

/* Collect the newest CMP_MAX_RUNS runs of (@label, @test) measured like
 * the newest of them; the others are counted out, with why. */
static void collect(const struct history *h, const char *label,
		    const char *test, struct cmp_test *c, int side,
		    struct verdict_runs *runs)
{
	double v[4][CMP_MAX_RUNS];
	struct test_method newest, m;
	char diff[384], unknown[64];
	size_t i, n = 0;

	c->latest[side] = NULL;
	runs->n = 0;
	for (i = h->nrows; i-- > 0 && n < CMP_MAX_RUNS;) {
		const struct history_row *r = &h->rows[i];

		if (!run_of(r, label, test))
			continue;
		if (!c->latest[side]) {
			c->latest[side] = r;
			method_from_row(r, &newest);
		} else {
			method_from_row(r, &m);
			if (method_diff(&newest, &m, diff, sizeof(diff),
					unknown, sizeof(unknown))) {
				if (!c->left_out[side]++)
					str_copy(c->left_out_why[side],
						 sizeof(c->left_out_why[side]),
						 diff);
				continue;
			}
		}
		runs->rows[runs->n++] = r;
		v[0][n] = r->iops;
		v[1][n] = r->mib_s;
		v[2][n] = r->mean_ms;
		v[3][n] = r->p99_ms;
		n++;
	}
	cmp_stat_of(v[0], n, &c->iops[side]);
	cmp_stat_of(v[1], n, &c->mib_s[side]);
	cmp_stat_of(v[2], n, &c->mean_ms[side]);
	cmp_stat_of(v[3], n, &c->p99_ms[side]);
}

/* The factors with their intervals and the verdicts (verdict.h); the
 * test's verdict is that of the metric that matters for it, so the
 * verdict column, the headline and the exit status agree. */
static int judge(const struct history *h, const struct verdict_runs *runs,
		 double min_effect, struct cmp_test *c)
{
	int ret = verdict_test(h->path, compare_detail_load, runs, min_effect,
			       c);

	c->iops_factor = c->iops_ci.factor;
	c->p99_faster = c->p99_ci.factor;
	c->metric_verdict = c->metric == CMP_METRIC_P99 ? c->p99_verdict :
			    c->metric == CMP_METRIC_MIB_S ? c->mib_verdict :
							    c->iops_verdict;
	c->verdict = c->metric_verdict;
	return ret;
}

/* How each label measured the test (their newest rows): the
 * differences, and the metric that matters for it. */
static void guard(struct cmp_test *c)
{
	struct test_method m[2];

	method_from_row(c->latest[0], &m[0]);
	method_from_row(c->latest[1], &m[1]);
	c->ndifferences = method_diff(&m[0], &m[1], c->differences,
				      sizeof(c->differences), c->unknown,
				      sizeof(c->unknown));
	c->metric = method_metric(&m[1]);
}

static bool seen_test(const struct cmp_test *out, size_t n, const char *t)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(out[i].test, t))
			return true;
	return false;
}

int compare_build(const struct history *h, const char *from, const char *to,
		  struct cmp_test **out, size_t *n)
{
	return compare_build_with(h, from, to, VERDICT_MIN_EFFECT, out, n);
}

int compare_build_with(const struct history *h, const char *from,
		       const char *to, double min_effect,
		       struct cmp_test **out, size_t *n)
{
	struct cmp_test *c = calloc(h->nrows ? h->nrows : 1, sizeof(*c));
	struct verdict_runs *runs = calloc(2, sizeof(*runs));
	size_t i, k = 0;
	int ret = 0;

	if (!c || !runs) {
		free(c);
		free(runs);
		return -ENOMEM;
	}
	for (i = 0; i < h->nrows; i++) {
		const char *t = h->rows[i].test;

		if (strcmp(h->rows[i].label, from) || seen_test(c, k, t) ||
		    !history_has_test(h, to, t))
			continue;
		str_copy(c[k].test, sizeof(c[k].test), t);
		collect(h, from, t, &c[k], 0, &runs[0]);
		collect(h, to, t, &c[k], 1, &runs[1]);
		guard(&c[k]);
		ret = judge(h, runs, min_effect, &c[k]);
		if (ret)
			break;
		k++;
	}
	free(runs);
	if (ret) {
		free(c);
		return ret;
	}
	*out = c;
	*n = k;
	return 0;
}

/* The test files of @row: one target each, for -t and -o count per
 * target. */
static uint32_t row_ntargets(const struct history_row *row)
{
	const char *sep = row->target;
	uint32_t n = 1;

	while (n < PROFILE_MAX_TARGETS &&
	       (sep = strstr(sep, HISTORY_TARGET_SEP))) {
		sep += strlen(HISTORY_TARGET_SEP);
		n++;
	}
	return n;
}

int compare_interp_from_row(const struct history_row *row,
			    struct interp_test *t)
{
	char err[256];
	struct profile p;
	int ret;

	memset(t, 0, sizeof(*t));
	t->name = row->test;
	t->iops = row->iops;
	t->read_iops = row->iops * row->read_pct / 100;
	t->write_iops = row->iops * row->write_pct / 100;
	t->mib_s = row->mib_s;
	t->mean_ms = row->mean_ms;
	t->p50_ms = row->p50_ms;
	t->p99_ms = row->p99_ms;
	t->max_ms = row->max_ms;
	t->file_bytes = row->file_size_bytes;
	ret = saved_cmdline_profile(row->cmdline, row_ntargets(row), &p, err,
				    sizeof(err));
	if (!ret) {
		t->block_bytes = p.targets[0].block_bytes;
		t->random = p.targets[0].random;
		t->inflight = (double)profile_thread_count(&p) *
			      p.targets[0].outstanding;
		t->buffered = p.targets[0].cache == CACHE_BUFFERED ||
			      p.targets[0].cache == CACHE_MMAP;
	}
	profile_release(&p);
	return ret ? -EINVAL : 0;
}

int compare_detail_load(const char *history_path,
			const struct history_row *row, struct cmp_detail *d,
			char *err, size_t errlen)
{
	char path[4096];
	struct results *r;
	int ret;

	memset(d, 0, sizeof(*d));
	if (!row->json[0] || !history_path)
		return errf(err, errlen, ENOENT, "no JSON result recorded");
	if (history_json_path(history_path, row->json, path, sizeof(path)))
		return errf(err, errlen, ENAMETOOLONG, "JSON path too long");
	if (access(path, R_OK))
		return errf(err, errlen, ENOENT, "'%s' is gone", path);
	r = malloc(sizeof(*r));
	if (!r)
		return -ENOMEM;
	results_init(r);
	ret = results_load_json(path, r, err, errlen);
	if (!ret)
		ret = figures_from_results(r, d);
	if (!ret)
		ret = compare_targets_from_results(r, d);
	results_release(r);
	free(r);
	return ret;
}

void compare_detail_release(struct cmp_detail *d)
{
	figures_release(d);
}

/* Findings of one side's latest runs; returns the wall level (negative
 * for a MiB/s wall, 0 when none). */
static double side_findings(struct cmp_view *v, int side)
{
	struct interp_test t[CMP_MAX_TESTS];
	struct interp_env env = { 0 };
	size_t i, k = 0;
	double wall = 0;

	for (i = 0; i < v->ntests && k < ARRAY_SIZE(t); i++) {
		const struct cmp_detail *d = &v->detail[2 * i + side];

		const struct history_row *row = v->tests[i].latest[side];

		if (d->loaded)
			figures_interp(d, row->test, row->file_size_bytes,
				       &t[k]);
		else if (compare_interp_from_row(row, &t[k]))
			continue;
		if (d->mem_bytes)
			env.mem_bytes = d->mem_bytes;
		k++;
	}
	v->nfind[side] = interpret(t, k, &env, v->find[side],
				   INTERP_MAX_FINDINGS);
	for (i = 0; i < v->nfind[side]; i++) {
		const struct finding *f = &v->find[side][i];

		if (f->kind <= FIND_WALL_MBPS && !wall)
			wall = f->kind == FIND_WALL_MBPS ? -f->value : f->value;
	}
	return wall;
}

/* Did a comparable test's IOPS (@mbps: MiB/s) figure move clearly, by
 * its interval, in direction @want? */
static bool figure_moved(const struct cmp_view *v, bool mbps,
			 enum cmp_verdict want)
{
	size_t i;

	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *c = &v->tests[i];

		if (c->ndifferences && !v->allow_different)
			continue;
		if ((mbps ? c->mib_verdict : c->iops_verdict) == want)
			return true;
	}
	return false;
}

/* A wall is gone (or new) only when a label's figure with its interval
 * says so, never from one interval's dip in the newest run: the figure
 * must have risen (fallen) clearly. */
static void view_change(struct cmp_view *v, double wall_a, double wall_b)
{
	if (wall_a != 0 && wall_b == 0 &&
	    !figure_moved(v, wall_a < 0, CMP_BETTER))
		return;
	if (wall_b != 0 && wall_a == 0 &&
	    !figure_moved(v, wall_b < 0, CMP_WORSE))
		return;
	if (wall_a != 0 && wall_b == 0)
		snprintf(v->change, sizeof(v->change), "the wall at ≈%.0f %s "
			 "seen in '%s' is gone in '%s'", fabs(wall_a),
			 wall_a < 0 ? "MiB/s" : "IOPS", v->from, v->to);
	else if (wall_b != 0 && wall_a == 0)
		snprintf(v->change, sizeof(v->change), "'%s' hits a wall at "
			 "≈%.0f %s that '%s' did not", v->to, fabs(wall_b),
			 wall_b < 0 ? "MiB/s" : "IOPS", v->from);
}

/* Tests measured differently lose their verdict (unless the user allows
 * it); the subject and the fields nobody recorded are noted once. */
static void view_guard(struct cmp_view *v)
{
	size_t i;

	for (i = 0; i < v->ntests; i++) {
		struct cmp_test *c = &v->tests[i];

		if (c->unknown[0] && !v->method_note[0])
			snprintf(v->method_note, sizeof(v->method_note),
				 "%s not checked for %s: older history rows "
				 "do not record %s", c->unknown, c->test,
				 strchr(c->unknown, ',') ? "them" : "it");
		if (!c->ndifferences)
			continue;
		v->ndiffer++;
		if (!v->allow_different)
			c->verdict = CMP_NOT_COMPARABLE;
	}
	if (v->ntests)
		method_subject(v->tests[0].latest[0], v->tests[0].latest[1],
			       v->detail[0].media, v->detail[1].media,
			       v->subject, sizeof(v->subject));
}
/* Tests of @label with no run under @other, comma-separated. */
static void view_only(const struct history *h, const char *label,
		      const char *other, char *buf, size_t len)
{
	size_t i, j, o = 0;

	buf[0] = '\0';
	for (i = 0; i < h->nrows; i++) {
		const char *t = h->rows[i].test;
		bool dup = false;

		if (strcmp(h->rows[i].label, label) || history_has_test(h, other, t))
			continue;
		for (j = 0; j < i && !dup; j++)
			dup = !strcmp(h->rows[j].label, label) &&
			      !strcmp(h->rows[j].test, t);
		if (dup)
			continue;
		o += (size_t)snprintf(buf + o, len > o ? len - o : 0, "%s%s",
				      o ? ", " : "", t);
		if (o >= len)
			break;
	}
}

static int view_details(const struct history *h, struct cmp_view *v)
{
	char err[512], first[512] = "";
	size_t i;
	int side, ret;

	v->detail = calloc(2 * (v->ntests ? v->ntests : 1), sizeof(*v->detail));
	if (!v->detail)
		return -ENOMEM;
	for (i = 0; i < v->ntests; i++)
		for (side = 0; side < 2; side++) {
			struct cmp_detail *d = &v->detail[2 * i + side];

			if (v->single && side) {
				*d = v->detail[2 * i];
				d->interval_iops = NULL;	/* not owned */
				d->interval_p99_ms = NULL;
				d->nintervals = 0;
				continue;
			}
			ret = compare_detail_load(h->path, v->tests[i].latest[side],
						  d, err, sizeof(err));
			if (ret == -ENOMEM)
				return ret;
			if (ret && h->path) {
				if (!v->json_missing++)
					snprintf(first, sizeof(first), "%s",
						 err);
			}
		}
	if (v->json_missing)
		snprintf(v->json_note, sizeof(v->json_note), "%zu saved JSON "
			 "result%s unreadable (first: %s): the burst, reads "
			 "vs writes and cache rules and the percentile curves "
			 "skip %s", v->json_missing,
			 v->json_missing == 1 ? " is" : "s are", first,
			 v->json_missing == 1 ? "it" : "them");
	return 0;
}

/* The folders of @row's test files ("/mnt/a + /mnt/b") into @buf. */
static void row_folders(const struct history_row *row, char *buf,
			size_t len)
{
	const char *p = row->target, *sep;
	char one[sizeof(row->target)], dir[sizeof(row->target)];
	size_t n = 0, k;

	buf[0] = '\0';
	while (*p && n < len) {
		sep = strstr(p, HISTORY_TARGET_SEP);
		k = sep ? (size_t)(sep - p) : strlen(p);
		snprintf(one, sizeof(one), "%.*s", (int)k, p);
		path_dir(one, dir, sizeof(dir));
		n += (size_t)snprintf(buf + n, len - n, "%s%s",
				      n ? HISTORY_TARGET_SEP : "", dir);
		p = sep ? sep + strlen(HISTORY_TARGET_SEP) : p + k;
	}
}

/* Say so when the labels ran on other folders or another number of test
 * files (a striped volume against one disk): the target set is then part
 * of what changed. */
static void view_targets(struct cmp_view *v)
{
	char a[sizeof(v->targets_note) / 3], b[sizeof(v->targets_note) / 3];
	size_t i;

	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *t = &v->tests[i];

		if (!t->latest[0] || !t->latest[1])
			continue;
		row_folders(t->latest[0], a, sizeof(a));
		row_folders(t->latest[1], b, sizeof(b));
		if (strcmp(a, b))
			snprintf(v->targets_note, sizeof(v->targets_note),
				 "the targets changed: '%s' ran in %s, '%s' "
				 "in %s (each line is the total over its "
				 "label's targets)", v->from, a, v->to, b);
		return;
	}
}

/* The labels of @h other than @label, in order of first appearance, as
 * "'a', 'b'" into @buf (cut with ", ..." when long). */
static void view_others(const struct history *h, const char *label,
			char *buf, size_t len)
{
	size_t i, j, o = 0;

	buf[0] = '\0';
	for (i = 0; i < h->nrows && o + 1 < len; i++) {
		const char *l = h->rows[i].label;

		for (j = 0; j < i && strcmp(h->rows[j].label, l); j++)
			;
		if (j < i || !strcmp(l, label))
			continue;
		if (o + strlen(l) + 8 >= len) {
			snprintf(buf + o, len - o, ", ...");
			return;
		}
		o += (size_t)snprintf(buf + o, len - o, "%s'%s'", o ? ", " : "",
				      l);
	}
}

int compare_view_build(const struct history *h, const char *from,
		       const char *to, bool allow_different,
		       struct cmp_view *v)
{
	return compare_view_build_with(h, from, to, allow_different,
				       VERDICT_MIN_EFFECT, v);
}

/* "2 of 5 'after' runs of randread4k left out: ..." for the first test
 * with runs left out, and how many tests have some. */
static void view_left_out(struct cmp_view *v)
{
	size_t i, k = 0, first = 0;
	int side, s0 = 0;

	for (i = 0; i < v->ntests; i++)
		for (side = 0; side < 2; side++)
			if (v->tests[i].left_out[side] && !k++) {
				first = i;
				s0 = side;
			}
	if (!k)
		return;
	{
		const struct cmp_test *c = &v->tests[first];

		snprintf(v->left_out_note, sizeof(v->left_out_note),
			 "%zu of %zu '%s' runs of %s left out: measured "
			 "differently from its newest run (%s)%s",
			 c->left_out[s0], c->left_out[s0] + c->iops[s0].n,
			 s0 ? v->to : v->from, c->test, c->left_out_why[s0],
			 k > 1 ? "; other tests too" : "");
	}
}

int compare_view_build_with(const struct history *h, const char *from,
			    const char *to, bool allow_different,
			    double min_effect, struct cmp_view *v)
{
	double wall_a, wall_b;
	size_t i;
	int ret;

	memset(v, 0, sizeof(*v));
	v->from = from;
	v->to = to;
	v->allow_different = allow_different;
	v->min_effect = min_effect;
	v->single = !strcmp(from, to);
	if (v->single)
		view_others(h, from, v->others, sizeof(v->others));
	ret = compare_build_with(h, from, to, min_effect, &v->tests,
				 &v->ntests);
	if (ret)
		return ret;
	if (v->ntests > CMP_MAX_TESTS)
		v->ntests = CMP_MAX_TESTS;
	for (i = 0; i < v->ntests; i++)
	{
		if (v->tests[i].iops[0].n < 2 || v->tests[i].iops[1].n < 2)
			v->one_run = true;
		if (v->tests[i].iops_ci.series)
			v->series = true;
	}
	view_left_out(v);
	ret = view_details(h, v);
	if (ret)
		return ret;
	compare_targets_judge(v);
	wall_a = side_findings(v, 0);
	if (v->single)
		return 0;
	wall_b = side_findings(v, 1);
	view_change(v, wall_a, wall_b);
	view_guard(v);
	compare_headline(v);
	view_targets(v);
	view_only(h, from, to, v->only[0], sizeof(v->only[0]));
	view_only(h, to, from, v->only[1], sizeof(v->only[1]));
	return 0;
}

void compare_view_release(struct cmp_view *v)
{
	size_t i;

	for (i = 0; v->detail && i < 2 * v->ntests; i++)
		compare_detail_release(&v->detail[i]);
	free(v->detail);
	free(v->tests);
	memset(v, 0, sizeof(*v));
}

bool compare_regression(const struct cmp_view *v)
{
	size_t i;

	for (i = 0; !v->single && i < v->ntests; i++)
		if (v->tests[i].verdict != CMP_NOT_COMPARABLE &&
		    v->tests[i].metric_verdict == CMP_WORSE)
			return true;
	return false;
}

size_t compare_not_comparable(const struct cmp_view *v)
{
	size_t i, n = 0;

	for (i = 0; !v->single && i < v->ntests; i++)
		n += v->tests[i].verdict == CMP_NOT_COMPARABLE;
	return n;
}
