/* compare.c - `ioprobe compare`: two labels of the suite history side by
 * side per test (medians and spreads of repeated runs, factors, verdicts),
 * as a text table, CSV or JSON, plus the findings of each label and how
 * the wall changed.  See compare.h. */
#include "compare.h"

#include <errno.h>
#include <json-c/json.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "subcmd.h"
#include "util.h"

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

/* Print the findings of @label's latest run of each test, and return the
 * wall level (0 when none) for the change finding. */
static double label_findings(const struct cmp_test *c, size_t n, int side,
			     const char *label, bool print, FILE *f)
{
	struct interp_test t[16];
	struct finding fnd[INTERP_MAX_FINDINGS];
	struct interp_env env = { 0 };
	size_t i, k = 0, nf;
	double wall = 0;

	for (i = 0; i < n && k < ARRAY_SIZE(t); i++)
		if (!compare_interp_from_row(c[i].latest[side], &t[k]))
			k++;
	nf = interpret(t, k, &env, fnd, ARRAY_SIZE(fnd));
	if (nf && print)
		fprintf(f, "\nfindings for '%s':\n", label);
	for (i = 0; i < nf; i++) {
		if (print)
			fprintf(f, "  - %s\n", fnd[i].text);
		if (fnd[i].kind <= FIND_WALL_MBPS && !wall)
			wall = fnd[i].kind == FIND_WALL_MBPS ? -fnd[i].value :
							       fnd[i].value;
	}
	return wall;
}

static void text_headline(const struct cmp_test *c, size_t n, FILE *f)
{
	const struct cmp_test *best = NULL;
	char a[32], b[32];
	size_t i;

	for (i = 0; i < n; i++)
		if (c[i].p99_verdict == CMP_BETTER &&
		    (!best || c[i].p99_faster > best->p99_faster))
			best = &c[i];
	if (!best)
		return;
	interp_fmt_ms(a, sizeof(a), best->p99_ms[0].median);
	interp_fmt_ms(b, sizeof(b), best->p99_ms[1].median);
	fprintf(f, "headline: P99 of %s went from %s to %s, %.1f× faster\n",
		best->test, a, b, best->p99_faster);
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

static void text_report(const struct history *h, const struct cmp_test *c,
			size_t n, const char *from, const char *to,
			int findings, FILE *f)
{
	char s[4][112], t[4][112];
	double wall_a = 0, wall_b = 0;
	size_t i;

	(void)h;
	fprintf(f, "comparison '%s' → '%s' (%zu test%s; repeated runs: "
		   "median (min–max))\n", from, to, n, n == 1 ? "" : "s");
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
	text_headline(c, n, f);
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
	wall_a = label_findings(c, n, 0, from,
				findings == CMP_FINDINGS_ALL, f);
	wall_b = label_findings(c, n, 1, to, findings == CMP_FINDINGS_ALL,
				f);
	/* a negative level is a MiB/s wall */
	if (wall_a != 0 && wall_b == 0)
		fprintf(f, "\nchange: the wall at ≈%.0f %s seen in '%s' is "
			   "gone in '%s'\n", fabs(wall_a),
			wall_a < 0 ? "MiB/s" : "IOPS", from, to);
	else if (wall_b != 0 && wall_a == 0)
		fprintf(f, "\nchange: '%s' hits a wall at ≈%.0f %s that '%s' "
			   "did not\n", to, fabs(wall_b),
			wall_b < 0 ? "MiB/s" : "IOPS", from);
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
	struct cmp_test *c;
	size_t n, i;
	int ret;
	bool regression = false;

	ret = compare_build(h, from, to, &c, &n);
	if (ret)
		return ret;
	if (fmt == FORMAT_CSV)
		csv_report(c, n, from, to, f);
	else if (fmt == FORMAT_JSON)
		json_report(c, n, from, to, f);
	else
		text_report(h, c, n, from, to, findings, f);
	for (i = 0; i < n; i++)
		if (c[i].iops_verdict == CMP_WORSE ||
		    c[i].p99_verdict == CMP_WORSE)
			regression = true;
	free(c);
	return regression ? 3 : 0;
}

static void compare_usage(FILE *f)
{
	fputs("usage: ioprobe compare [--history FILE] [--from LABEL] "
	      "[--to LABEL] [-Rtext|-Rcsv|-Rjson]\n"
	      "  compares two labels of the suite history (default: the "
	      "first and the latest label);\n"
	      "  exit 3 when a test got clearly worse in IOPS or P99\n", f);
}

static bool label_exists(const struct history *h, const char *label)
{
	size_t i;

	for (i = 0; i < h->nrows; i++)
		if (!strcmp(h->rows[i].label, label))
			return true;
	return false;
}

int compare_main(int argc, char **argv)
{
	const char *hist = NULL, *from = NULL, *to = NULL, *first, *latest;
	enum result_format fmt = FORMAT_TEXT;
	char path[4096], err[512];
	struct history h = { 0 };
	int i, ret;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];
		const char **dst = !strcmp(a, "--history") ? &hist :
				   !strcmp(a, "--from")    ? &from :
				   !strcmp(a, "--to")      ? &to :
							     NULL;

		if (dst && i + 1 < argc) {
			*dst = argv[++i];
		} else if (!strcmp(a, "-Rcsv")) {
			fmt = FORMAT_CSV;
		} else if (!strcmp(a, "-Rjson")) {
			fmt = FORMAT_JSON;
		} else if (!strcmp(a, "-Rtext")) {
			fmt = FORMAT_TEXT;
		} else if (!strcmp(a, "--help") || !strcmp(a, "-?")) {
			compare_usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "ioprobe: error: invalid compare "
					"argument '%s': expected --history, "
					"--from, --to or -R<format>\n", a);
			compare_usage(stderr);
			return 2;
		}
	}
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
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 1;
	}
	if (compare_default_labels(&h, &first, &latest)) {
		fprintf(stderr, "ioprobe: error: history '%s' holds no runs: "
				"expected rows written by ioprobe suite\n", hist);
		ret = 1;
		goto out;
	}
	if (!from)
		from = first;
	if (!to)
		to = latest;
	for (i = 0; i < 2; i++) {
		const char *l = i ? to : from;

		if (!label_exists(&h, l)) {
			fprintf(stderr, "ioprobe: error: unknown label '%s': "
					"history '%s' has no runs with it\n", l,
				hist);
			ret = 2;
			goto out;
		}
	}
	if (fmt == FORMAT_TEXT)
		printf("history: %s\n", hist);
	ret = compare_report(&h, from, to, fmt, CMP_FINDINGS_ALL, stdout);
	if (ret < 0) {
		fprintf(stderr, "ioprobe: error: compare failed: %s\n",
			strerror(-ret));
		ret = 1;
	}
out:
	history_release(&h);
	return ret;
}
