/* compare.c - `ioprobe compare`: two labels of the suite history side by
 * side per test (medians and spreads of repeated runs, factors, verdicts),
 * as a text table, CSV or JSON, plus the findings of each label and how
 * the wall changed.  See compare.h. */
#include "workflow/compare.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "lib/atomic_file.h"
#include "profile/cli.h"
#include "report/report.h"
#include "report/report_compare_html.h"
#include "results/results_json.h"
#include "cmd/subcmd.h"
#include "lib/util.h"

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

const char *cmp_verdict_name(enum cmp_verdict v)
{
	switch (v) {
	case CMP_BETTER:
		return "faster";
	case CMP_WORSE:
		return "slower";
	case CMP_MIXED:
		return "mixed";
	case CMP_NO_CLEAR:
		break;
	}
	return "no clear change";
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

/* Collect the newest CMP_MAX_RUNS runs of (@label, @test). */
static void collect(const struct history *h, const char *label,
		    const char *test, struct cmp_test *c, int side)
{
	double v[4][CMP_MAX_RUNS];
	size_t i, n = 0;

	c->latest[side] = NULL;
	for (i = h->nrows; i-- > 0 && n < CMP_MAX_RUNS;) {
		const struct history_row *r = &h->rows[i];

		if (strcmp(r->label, label) || strcmp(r->test, test))
			continue;
		if (!c->latest[side])
			c->latest[side] = r;
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

static void judge(struct cmp_test *c)
{
	c->iops_factor = c->iops[0].median > 0 ?
				 c->iops[1].median / c->iops[0].median : 0;
	c->p99_faster = c->p99_ms[1].median > 0 ?
				c->p99_ms[0].median / c->p99_ms[1].median : 0;
	c->iops_verdict = cmp_judge(&c->iops[0], &c->iops[1], true);
	c->p99_verdict = cmp_judge(&c->p99_ms[0], &c->p99_ms[1], false);
	if (c->iops_verdict == c->p99_verdict)
		c->verdict = c->iops_verdict;
	else if (c->iops_verdict == CMP_NO_CLEAR)
		c->verdict = c->p99_verdict;
	else if (c->p99_verdict == CMP_NO_CLEAR)
		c->verdict = c->iops_verdict;
	else
		c->verdict = CMP_MIXED;
}

static bool seen_test(const struct cmp_test *out, size_t n, const char *t)
{
	size_t i;

	for (i = 0; i < n; i++)
		if (!strcmp(out[i].test, t))
			return true;
	return false;
}

static bool label_has(const struct history *h, const char *label,
		      const char *test)
{
	size_t i;

	for (i = 0; i < h->nrows; i++)
		if (!strcmp(h->rows[i].label, label) &&
		    !strcmp(h->rows[i].test, test))
			return true;
	return false;
}

int compare_build(const struct history *h, const char *from, const char *to,
		  struct cmp_test **out, size_t *n)
{
	struct cmp_test *c = calloc(h->nrows ? h->nrows : 1, sizeof(*c));
	size_t i, k = 0;

	if (!c)
		return -ENOMEM;
	for (i = 0; i < h->nrows; i++) {
		const char *t = h->rows[i].test;

		if (strcmp(h->rows[i].label, from) || seen_test(c, k, t) ||
		    !label_has(h, to, t))
			continue;
		str_copy(c[k].test, sizeof(c[k].test), t);
		collect(h, from, t, &c[k], 0);
		collect(h, to, t, &c[k], 1);
		judge(&c[k]);
		k++;
	}
	*out = c;
	*n = k;
	return 0;
}

int compare_interp_from_row(const struct history_row *row,
			    struct interp_test *t)
{
	char buf[sizeof(row->cmdline)], err[256];
	char *argv[64], *tok, *save = NULL, dummy[] = "target";
	char prog[] = "ioprobe";
	struct profile p;
	int argc = 0, ret = 0;

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
	str_copy(buf, sizeof(buf), row->cmdline);
	argv[argc++] = prog;
	for (tok = strtok_r(buf, " ", &save); tok && argc < 62;
	     tok = strtok_r(NULL, " ", &save))
		if (tok[0] == '-')
			argv[argc++] = tok;
	argv[argc++] = dummy;
	argv[argc] = NULL;
	profile_init(&p);
	if (cli_parse(argc, argv, &p, err, sizeof(err)) != CLI_RUN ||
	    !p.ntargets) {
		ret = -EINVAL;
		goto out;
	}
	t->block_bytes = p.targets[0].block_bytes;
	t->random = p.targets[0].random;
	t->inflight = (double)profile_thread_count(&p) *
		      p.targets[0].outstanding;
	t->buffered = p.targets[0].cache == CACHE_BUFFERED ||
		      p.targets[0].cache == CACHE_MMAP;
out:
	profile_release(&p);
	return ret;
}

double *compare_interval_iops(const struct results *r, uint32_t *n)
{
	double *v;
	uint32_t i, k;
	int d;

	*n = 0;
	if (!r->nintervals || !r->interval_ms)
		return NULL;
	v = calloc(r->nintervals, sizeof(*v));
	if (!v)
		return NULL;
	for (i = 0; i < r->nrows; i++)
		for (d = 0; d < DIR_COUNT; d++)
			for (k = 0; r->rows[i].dir[d].intervals &&
				    k < r->nintervals; k++)
				v[k] += (double)r->rows[i].dir[d].intervals[k].ios;
	for (k = 0; k < r->nintervals; k++)
		v[k] /= r->interval_ms / 1000.0;
	*n = r->nintervals;
	return v;
}

int compare_detail_from_results(const struct results *r,
				struct cmp_detail *d)
{
	struct agg *a = calloc(3, sizeof(*a));
	uint32_t i;

	memset(d, 0, sizeof(*d));
	hist_init(&d->lat);
	if (!a)
		return -ENOMEM;
	results_aggregate(r, -1, DIR_COUNT, &a[0]);
	results_aggregate(r, -1, DIR_READ, &a[1]);
	results_aggregate(r, -1, DIR_WRITE, &a[2]);
	d->lat = a[0].lat;
	d->read_iops = a[1].iops;
	d->write_iops = a[2].iops;
	if (a[1].ios && !hist_empty(&a[1].lat)) {
		d->read_mean_ms = hist_mean_ns(&a[1].lat) / 1e6;
		d->read_p50_ms = (double)hist_percentile(&a[1].lat, 50) / 1e6;
	}
	if (a[2].ios && !hist_empty(&a[2].lat))
		d->write_mean_ms = hist_mean_ns(&a[2].lat) / 1e6;
	for (i = 0; i < r->nrows; i++)
		d->inflight += r->rows[i].mean_inflight;
	d->interval_iops = compare_interval_iops(r, &d->nintervals);
	d->interval_s = r->interval_ms / 1000.0;
	if (r->ntargets) {
		d->media = r->targets[0].rotational == 1 ? MEDIA_ROTATIONAL :
			   r->targets[0].rotational == 0 ? MEDIA_FLASH :
							   MEDIA_UNKNOWN;
		str_copy(d->device, sizeof(d->device), r->targets[0].device);
	}
	d->mem_bytes = r->sys.mem_bytes;
	d->loaded = true;
	free(a);
	return 0;
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
		ret = compare_detail_from_results(r, d);
	results_release(r);
	free(r);
	return ret;
}

void compare_detail_release(struct cmp_detail *d)
{
	free(d->interval_iops);
	d->interval_iops = NULL;
	d->loaded = false;
}

void compare_interp_apply(const struct cmp_detail *d, struct interp_test *t)
{
	if (!d->loaded)
		return;
	t->read_iops = d->read_iops;
	t->write_iops = d->write_iops;
	t->read_mean_ms = d->read_mean_ms;
	t->write_mean_ms = d->write_mean_ms;
	t->read_p50_ms = d->read_p50_ms;
	if (d->inflight > 0)
		t->inflight = d->inflight;
	t->interval_iops = d->interval_iops;
	t->nintervals = d->nintervals;
	t->interval_s = d->interval_s;
	t->media = d->media;
	t->device = d->device;
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

		if (compare_interp_from_row(v->tests[i].latest[side], &t[k]))
			continue;
		compare_interp_apply(d, &t[k]);
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

static void view_change(struct cmp_view *v, double wall_a, double wall_b)
{
	if (wall_a != 0 && wall_b == 0)
		snprintf(v->change, sizeof(v->change), "the wall at ≈%.0f %s "
			 "seen in '%s' is gone in '%s'", fabs(wall_a),
			 wall_a < 0 ? "MiB/s" : "IOPS", v->from, v->to);
	else if (wall_b != 0 && wall_a == 0)
		snprintf(v->change, sizeof(v->change), "'%s' hits a wall at "
			 "≈%.0f %s that '%s' did not", v->to, fabs(wall_b),
			 wall_b < 0 ? "MiB/s" : "IOPS", v->from);
}

/* "×205" style factor words: 2 significant digits from 10 up. */
static void fmt_factor(char *buf, size_t len, double x)
{
	snprintf(buf, len, x >= 10 ? "%.0f×" : "%.1f×", x);
}

static void view_headline(struct cmp_view *v)
{
	const struct cmp_test *best = NULL;
	char a[32], b[32], p0[32], p1[32];
	size_t i;

	if (v->single || !v->ntests)
		return;
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *c = &v->tests[i];
		double x = c->p99_faster > 0 ? c->p99_faster : 1;
		double bx = best && best->p99_faster > 0 ? best->p99_faster : 1;

		/* the most striking change, up or down */
		if (!best || fabs(log(x)) > fabs(log(bx)))
			best = c;
	}
	if (best->verdict == CMP_NO_CLEAR) {
		snprintf(v->headline, sizeof(v->headline), "no clear change "
			 "from '%s' to '%s'", v->from, v->to);
		return;
	}
	if (best->p99_faster >= 1)
		fmt_factor(a, sizeof(a), best->p99_faster);
	else
		fmt_factor(a, sizeof(a), best->p99_faster > 0 ?
						 1 / best->p99_faster : 0);
	if (best->iops_factor >= 1)
		fmt_factor(b, sizeof(b), best->iops_factor);
	else
		fmt_factor(b, sizeof(b), best->iops_factor > 0 ?
						 1 / best->iops_factor : 0);
	interp_fmt_ms(p0, sizeof(p0), best->p99_ms[0].median);
	interp_fmt_ms(p1, sizeof(p1), best->p99_ms[1].median);
	snprintf(v->headline, sizeof(v->headline), "P99 latency %s %s, IOPS "
		 "%s %s after the change (%s: P99 %s → %s)", a,
		 best->p99_faster >= 1 ? "faster" : "slower", b,
		 best->iops_factor >= 1 ? "higher" : "lower", best->test, p0,
		 p1);
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

		if (strcmp(h->rows[i].label, label) || label_has(h, other, t))
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

int compare_view_build(const struct history *h, const char *from,
		       const char *to, struct cmp_view *v)
{
	double wall_a, wall_b;
	int ret;

	memset(v, 0, sizeof(*v));
	v->from = from;
	v->to = to;
	v->single = !strcmp(from, to);
	ret = compare_build(h, from, to, &v->tests, &v->ntests);
	if (ret)
		return ret;
	if (v->ntests > CMP_MAX_TESTS)
		v->ntests = CMP_MAX_TESTS;
	ret = view_details(h, v);
	if (ret)
		return ret;
	wall_a = side_findings(v, 0);
	if (v->single)
		return 0;
	wall_b = side_findings(v, 1);
	view_change(v, wall_a, wall_b);
	view_headline(v);
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

static void fmt_stat_count(char *buf, size_t len, const struct cmp_stat *s)
{
	char a[32], b[32], c[32];

	interp_fmt_count(a, sizeof(a), s->median);
	if (s->n < 2) {
		snprintf(buf, len, "%s", a);
		return;
	}
	interp_fmt_count(b, sizeof(b), s->min);
	interp_fmt_count(c, sizeof(c), s->max);
	snprintf(buf, len, "%s (%s–%s)", a, b, c);
}

static void fmt_stat_ms(char *buf, size_t len, const struct cmp_stat *s)
{
	char a[32], b[32], c[32];

	interp_fmt_ms(a, sizeof(a), s->median);
	if (s->n < 2) {
		snprintf(buf, len, "%s", a);
		return;
	}
	interp_fmt_ms(b, sizeof(b), s->min);
	interp_fmt_ms(c, sizeof(c), s->max);
	snprintf(buf, len, "%s (%s–%s)", a, b, c);
}

/* Print @s and pad to @width columns (UTF-8 aware) plus one space. */
static void pad(FILE *f, const char *s, int width)
{
	int cols = 0;
	const char *p;

	for (p = s; *p; p++)
		if (((unsigned char)*p & 0xC0) != 0x80)
			cols++;
	fputs(s, f);
	do
		fputc(' ', f);
	while (++cols < width + 1);
}

static void print_findings(const struct cmp_view *v, int side, FILE *f)
{
	size_t i;

	fprintf(f, "\nfindings for '%s':\n", side ? v->to : v->from);
	if (!v->nfind[side])
		fputs("  - nothing stands out: no wall, no stalls, no sign of "
		      "a cache\n", f);
	for (i = 0; i < v->nfind[side]; i++)
		fprintf(f, "  - %s\n", v->find[side][i].text);
}

/* One label alone: its summary (medians of repeated runs) and findings. */
static void text_single(const struct cmp_view *v, FILE *f)
{
	char a[64], b[64], c[64];
	size_t i;

	fprintf(f, "%-12s %-22s %9s %-22s %s\n", "test", "IOPS", "MiB/s",
		"avg latency", "P99 latency");
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *t = &v->tests[i];

		fmt_stat_count(a, sizeof(a), &t->iops[0]);
		fmt_stat_ms(b, sizeof(b), &t->mean_ms[0]);
		fmt_stat_ms(c, sizeof(c), &t->p99_ms[0]);
		pad(f, t->test, 12);
		pad(f, a, 22);
		fprintf(f, "%9.1f ", t->mib_s[0].median);
		pad(f, b, 22);
		fprintf(f, "%s\n", c);
	}
	if (v->json_note[0])
		fprintf(f, "note: %s\n", v->json_note);
	print_findings(v, 0, f);
}

static void text_report(const struct cmp_view *v, int findings, FILE *f)
{
	const struct cmp_test *c = v->tests;
	size_t n = v->ntests, i;
	char s[4][112], t[4][112];

	fprintf(f, "comparison '%s' → '%s' (%zu test%s; repeated runs: "
		   "median (min–max))\n", v->from, v->to, n, n == 1 ? "" : "s");
	pad(f, "test", 12);
	pad(f, "IOPS", 30);
	pad(f, "MiB/s", 16);
	pad(f, "avg latency", 22);
	pad(f, "P99 latency", 36);
	fputs("verdict\n", f);
	for (i = 0; i < n; i++) {
		char iops[256], mib[64], mean[256], p99[256];

		fmt_stat_count(s[0], sizeof(s[0]), &c[i].iops[0]);
		fmt_stat_count(t[0], sizeof(t[0]), &c[i].iops[1]);
		snprintf(iops, sizeof(iops), "%s → %s (×%.2f)", s[0], t[0],
			 c[i].iops_factor);
		snprintf(mib, sizeof(mib), "%.1f → %.1f",
			 c[i].mib_s[0].median, c[i].mib_s[1].median);
		fmt_stat_ms(s[2], sizeof(s[2]), &c[i].mean_ms[0]);
		fmt_stat_ms(t[2], sizeof(t[2]), &c[i].mean_ms[1]);
		snprintf(mean, sizeof(mean), "%s → %s", s[2], t[2]);
		fmt_stat_ms(s[3], sizeof(s[3]), &c[i].p99_ms[0]);
		fmt_stat_ms(t[3], sizeof(t[3]), &c[i].p99_ms[1]);
		snprintf(p99, sizeof(p99), "%s → %s (faster ×%.2f)", s[3],
			 t[3], c[i].p99_faster);
		pad(f, c[i].test, 12);
		pad(f, iops, 30);
		pad(f, mib, 16);
		pad(f, mean, 22);
		pad(f, p99, 36);
		fprintf(f, "%s\n", cmp_verdict_name(c[i].verdict));
	}
	if (!n)
		fprintf(f, "(no test ran under both labels)\n");
	if (v->headline[0])
		fprintf(f, "headline: %s\n", v->headline);
	for (i = 0; i < 2; i++)
		if (v->only[i][0])
			fprintf(f, "only in '%s': %s\n", i ? v->to : v->from,
				v->only[i]);
	for (i = 0; i < n; i++)
		if (c[i].iops[0].n < 2 || c[i].iops[1].n < 2)
			break;
	if (n && i < n)
		fprintf(f, "note: with one run of a label its run-to-run "
			   "spread is unknown, so changes under %.0f%% count "
			   "as no clear change; repeat a label to measure "
			   "it\n", CMP_NOISE * 100);
	if (findings == CMP_FINDINGS_NONE)
		return;
	if (v->json_note[0])
		fprintf(f, "note: %s\n", v->json_note);
	if (findings == CMP_FINDINGS_ALL) {
		print_findings(v, 0, f);
		print_findings(v, 1, f);
	}
	if (v->change[0])
		fprintf(f, "\nchange: %s\n", v->change);
}

static void csv_report(const struct cmp_test *c, size_t n, const char *from,
		       const char *to, FILE *f)
{
	size_t i;

	/* labels are quoted by doubling quotes: they are user text */
	fprintf(f, "test,from,to,from_runs,to_runs,iops_from,iops_to,"
		   "iops_factor,iops_from_min,iops_from_max,iops_to_min,"
		   "iops_to_max,mib_s_from,mib_s_to,mean_ms_from,mean_ms_to,"
		   "p99_ms_from,p99_ms_to,p99_faster,verdict\n");
	for (i = 0; i < n; i++) {
		const struct cmp_test *x = &c[i];
		struct history_row q = { 0 };
		char lab[2][300];
		int k;

		for (k = 0; k < 2; k++) {
			/* reuse history's quoting through its row writer */
			str_copy(q.json, sizeof(q.json), k ? to : from);
			history_format_row(&q, lab[k], sizeof(lab[k]));
			str_copy(lab[k], sizeof(lab[k]),
				 strrchr(lab[k], ',') + 1);
			lab[k][strcspn(lab[k], "\n")] = '\0';
		}
		fprintf(f, "%s,%s,%s,%zu,%zu,%.3f,%.3f,%.4f,%.3f,%.3f,%.3f,"
			   "%.3f,%.3f,%.3f,%.6f,%.6f,%.6f,%.6f,%.4f,%s\n",
			x->test, lab[0], lab[1], x->iops[0].n, x->iops[1].n,
			x->iops[0].median, x->iops[1].median, x->iops_factor,
			x->iops[0].min, x->iops[0].max, x->iops[1].min,
			x->iops[1].max, x->mib_s[0].median,
			x->mib_s[1].median, x->mean_ms[0].median,
			x->mean_ms[1].median, x->p99_ms[0].median,
			x->p99_ms[1].median, x->p99_faster,
			cmp_verdict_name(x->verdict));
	}
}

static json_object *json_stat(const struct cmp_stat *s)
{
	json_object *o = json_object_new_object();

	json_object_object_add(o, "runs", json_object_new_int64((int64_t)s->n));
	json_object_object_add(o, "median", json_object_new_double(s->median));
	json_object_object_add(o, "min", json_object_new_double(s->min));
	json_object_object_add(o, "max", json_object_new_double(s->max));
	return o;
}

static int json_report(const struct cmp_test *c, size_t n, const char *from,
		       const char *to, FILE *f)
{
	json_object *root = json_object_new_object();
	json_object *tests = json_object_new_array();
	size_t i;
	int k;

	json_object_object_add(root, "schema",
			       json_object_new_string("ioprobe-compare/1"));
	json_object_object_add(root, "from", json_object_new_string(from));
	json_object_object_add(root, "to", json_object_new_string(to));
	for (i = 0; i < n; i++) {
		json_object *t = json_object_new_object();
		const char *names[] = { "from", "to" };

		json_object_object_add(t, "test",
				       json_object_new_string(c[i].test));
		for (k = 0; k < 2; k++) {
			json_object *s = json_object_new_object();

			json_object_object_add(s, "iops",
					       json_stat(&c[i].iops[k]));
			json_object_object_add(s, "mib_s",
					       json_stat(&c[i].mib_s[k]));
			json_object_object_add(s, "mean_ms",
					       json_stat(&c[i].mean_ms[k]));
			json_object_object_add(s, "p99_ms",
					       json_stat(&c[i].p99_ms[k]));
			json_object_object_add(t, names[k], s);
		}
		json_object_object_add(t, "iops_factor",
				       json_object_new_double(c[i].iops_factor));
		json_object_object_add(t, "p99_faster",
				       json_object_new_double(c[i].p99_faster));
		json_object_object_add(t, "verdict",
				       json_object_new_string(
					       cmp_verdict_name(c[i].verdict)));
		json_object_array_add(tests, t);
	}
	json_object_object_add(root, "tests", tests);
	fprintf(f, "%s\n",
		json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY));
	json_object_put(root);
	return 0;
}

int compare_report(const struct history *h, const char *from,
		   const char *to, enum result_format fmt, int findings,
		   FILE *f)
{
	struct cmp_view v;
	size_t i;
	int ret;
	bool regression = false;

	ret = compare_view_build(h, from, to, &v);
	if (ret) {
		compare_view_release(&v);
		return ret;
	}
	if (fmt == FORMAT_CSV)
		csv_report(v.tests, v.ntests, from, to, f);
	else if (fmt == FORMAT_JSON)
		json_report(v.tests, v.ntests, from, to, f);
	else if (fmt == FORMAT_HTML)
		ret = report_compare_html(&v, f);
	else if (v.single)
		text_single(&v, f);
	else
		text_report(&v, findings, f);
	for (i = 0; !v.single && i < v.ntests; i++)
		if (v.tests[i].iops_verdict == CMP_WORSE ||
		    v.tests[i].p99_verdict == CMP_WORSE)
			regression = true;
	compare_view_release(&v);
	if (ret)
		return ret;
	return regression ? 3 : 0;
}

static void compare_usage(FILE *f)
{
	fputs("usage: ioprobe compare [--history FILE] [--from LABEL] "
	      "[--to LABEL] [-Rtext|-Rcsv|-Rjson|-Rhtml]\n"
	      "  compares two labels of the suite history (default: the "
	      "first and the latest label);\n"
	      "  -Rhtml writes a self-contained page: ioprobe compare -Rhtml "
	      "> report.html\n"
	      "  exit 3 when a test got clearly worse in IOPS or P99, 2 when "
	      "there is nothing to compare\n", f);
}

static bool label_exists(const struct history *h, const char *label)
{
	size_t i;

	for (i = 0; i < h->nrows; i++)
		if (!strcmp(h->rows[i].label, label))
			return true;
	return false;
}

/* Labels in order of first appearance, "'a', 'b'" (bounded). */
static void list_labels(const struct history *h, char *buf, size_t len,
			size_t *count)
{
	size_t i, j, o = 0;

	buf[0] = '\0';
	*count = 0;
	for (i = 0; i < h->nrows; i++) {
		for (j = 0; j < i; j++)
			if (!strcmp(h->rows[j].label, h->rows[i].label))
				break;
		if (j < i)
			continue;
		(*count)++;
		if (o < len)
			o += (size_t)snprintf(buf + o, len - o, "%s'%s'",
					      o ? ", " : "", h->rows[i].label);
	}
}

/* Default: the first label and the latest; when the latest is also the
 * first (runs appended again), the first other label instead. */
static void default_labels(const struct history *h, const char **from,
			   const char **to)
{
	const char *first = "", *latest = "";
	size_t i;

	compare_default_labels(h, &first, &latest);
	if (!*to)
		*to = latest;
	if (*from)
		return;
	*from = first;
	for (i = 0; !strcmp(*from, *to) && i < h->nrows; i++)
		if (strcmp(h->rows[i].label, *to))
			*from = h->rows[i].label;
}

static int parse_compare_args(int argc, char **argv, const char **hist,
			      const char **from, const char **to,
			      enum result_format *fmt)
{
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **dst = !strcmp(a, "--history") ? hist :
				   !strcmp(a, "--from")    ? from :
				   !strcmp(a, "--to")      ? to :
							     NULL;

		if (dst && i + 1 >= argc) {
			fprintf(stderr, "ioprobe: error: missing value for "
					"'%s'\n", a);
			return 2;
		} else if (dst) {
			*dst = argv[++i];
		} else if (!strcmp(a, "-Rcsv")) {
			*fmt = FORMAT_CSV;
		} else if (!strcmp(a, "-Rjson")) {
			*fmt = FORMAT_JSON;
		} else if (!strcmp(a, "-Rhtml")) {
			*fmt = FORMAT_HTML;
		} else if (!strcmp(a, "-Rtext")) {
			*fmt = FORMAT_TEXT;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-?")) {
			compare_usage(stdout);
			return 1;
		} else if (!strncmp(a, "-R", 2)) {
			fprintf(stderr, "ioprobe: error: invalid format '%.60s': "
					"expected -Rtext, -Rcsv, -Rjson or "
					"-Rhtml\n", a);
			return 2;
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr, "ioprobe: error: unknown option '%.60s': "
					"see ioprobe compare --help\n", a);
			return 2;
		} else {
			fprintf(stderr, "ioprobe: error: unexpected argument "
					"'%.60s': expected --history, --from, "
					"--to or -R<format>\n", a);
			return 2;
		}
	}
	return 0;
}

struct compare_job {
	const struct history *h;
	const char *from, *to;
	enum result_format fmt;
	int *ret;	/* compare_report()'s: 3 for a regression */
};

static int fill_compare(FILE *f, const void *arg)
{
	const struct compare_job *j = arg;

	*j->ret = compare_report(j->h, j->from, j->to, j->fmt,
				 CMP_FINDINGS_ALL, f);
	return *j->ret < 0 ? *j->ret : 0;
}

int compare_main(int argc, char **argv)
{
	struct compare_job job;
	const char *hist = NULL, *from = NULL, *to = NULL;
	enum result_format fmt = FORMAT_TEXT;
	char path[4096], err[512], labels[1024];
	struct history h = { 0 };
	size_t nlabels;
	int i, ret;

	ret = parse_compare_args(argc, argv, &hist, &from, &to, &fmt);
	if (ret)
		return ret == 1 ? 0 : ret;
	if (!hist) {
		if (history_default_path(path, sizeof(path))) {
			fprintf(stderr, "ioprobe: error: no history path: set "
					"HOME or XDG_DATA_HOME, or give "
					"--history FILE\n");
			return 2;
		}
		hist = path;
	}
	ret = history_load(hist, &h, err, sizeof(err));
	if (ret == -ENOENT || (!ret && !h.nrows)) {
		fprintf(stderr, "ioprobe: error: no runs in history '%s': "
				"run `ioprobe suite PATH --label before` "
				"first, then again with --label after\n", hist);
		ret = 2;
		goto out;
	}
	if (ret) {
		/* a FIFO or device named on the command line is a usage
		 * error, like a missing file */
		fprintf(stderr, "ioprobe: error: %s\n", err);
		ret = ret == -EINVAL ? 2 : 1;
		goto out;
	}
	if (h.nskipped > HISTORY_WARN_LINES)
		fprintf(stderr, "ioprobe: warning: history '%s': %zu more "
				"damaged line%s skipped\n", hist,
			h.nskipped - HISTORY_WARN_LINES,
			h.nskipped - HISTORY_WARN_LINES == 1 ? "" : "s");
	list_labels(&h, labels, sizeof(labels), &nlabels);
	for (i = 0; i < 2; i++) {
		const char *l = i ? to : from;

		if (l && !label_exists(&h, l)) {
			fprintf(stderr, "ioprobe: error: unknown label '%s': "
					"history '%s' holds %s\n", l, hist,
				labels);
			ret = 2;
			goto out;
		}
	}
	default_labels(&h, &from, &to);
	if (fmt == FORMAT_TEXT) {
		printf("history: %s\n", hist);
		if (nlabels == 1)
			printf("the history holds one label, '%s': run "
			       "`ioprobe suite PATH --label after` after your "
			       "change, then compare\n", from);
		else if (!strcmp(from, to))
			printf("--from and --to name the same label, '%s': "
			       "its runs alone (labels: %s)\n", from, labels);
	}
	job = (struct compare_job){ &h, from, to, fmt, &ret };
	i = atomic_file_write_fd(STDOUT_FILENO, fill_compare, &job);
	if (i && i == ret) {
		fprintf(stderr, "ioprobe: error: compare failed: %s\n",
			strerror(-ret));
		ret = 1;
	} else if (i) {
		fprintf(stderr, "ioprobe: error: cannot write the comparison "
				"to stdout: %s\n", strerror(-i));
		ret = 1;
	}
out:
	history_release(&h);
	return ret;
}
