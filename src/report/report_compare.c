/* report_compare.c - the comparison of two labels as text (a table of
 * medians, spreads, factors and verdicts, then the findings), CSV or
 * JSON.  Formats a struct cmp_view; computes nothing.  See
 * report_compare.h. */
#include "report/report_compare.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdbool.h>
#include <string.h>

#include "lib/emit.h"
#include "lib/fmt.h"
#include "lib/util.h"

const char *cmp_verdict_name(enum cmp_verdict v)
{
	switch (v) {
	case CMP_BETTER:
		return "faster";
	case CMP_WORSE:
		return "slower";
	case CMP_MIXED:
		return "mixed";
	case CMP_NOT_COMPARABLE:
		return "not comparable";
	case CMP_NO_CLEAR:
		break;
	}
	return "no clear change";
}

/* @s as one CSV field into @buf, by the history file's rules: quoted
 * when it holds a comma, quote, CR/LF or an edge space, quotes doubled,
 * line breaks written as spaces, behind an apostrophe when a spreadsheet
 * would run it (emit_csv_guard).  Cut when @buf is full. */
static void csv_field(char *buf, size_t len, const char *s)
{
	size_t n = strlen(s), o = 0;
	bool quote = n && (strpbrk(s, ",\"\r\n") || s[0] == ' ' ||
			   s[n - 1] == ' ');
	char guard = emit_csv_guard(s);

#define PUT(c) do { if (o + 1 < len) buf[o++] = (c); } while (0)
	if (quote)
		PUT('"');
	if (guard)
		PUT(guard);
	for (; *s; s++) {
		if (*s == '"')
			PUT('"');
		PUT((*s == '\n' || *s == '\r') ? ' ' : *s);
	}
	if (quote)
		PUT('"');
#undef PUT
	buf[o] = '\0';
}

static void fmt_stat_count(char *buf, size_t len, const struct cmp_stat *s)
{
	char a[32], b[32], c[32];

	fmt_count(a, sizeof(a), s->median);
	if (s->n < 2) {
		snprintf(buf, len, "%s", a);
		return;
	}
	fmt_count(b, sizeof(b), s->min);
	fmt_count(c, sizeof(c), s->max);
	snprintf(buf, len, "%s (%s–%s)", a, b, c);
}

static void fmt_stat_ms(char *buf, size_t len, const struct cmp_stat *s)
{
	char a[32], b[32], c[32];

	fmt_latency_ms(a, sizeof(a), s->median);
	if (s->n < 2) {
		snprintf(buf, len, "%s", a);
		return;
	}
	fmt_latency_ms(b, sizeof(b), s->min);
	fmt_latency_ms(c, sizeof(c), s->max);
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

/* One side's figure of a per-target row (@what: 0 IOPS, 1 MiB/s, 2 avg,
 * 3 P99): "499", "1.9", "256 ms"; "–" for a target the side lacks. */
static void target_cell(char *buf, size_t len, const struct cmp_target *t,
			int what)
{
	if (!t || (what >= 2 && !t->has_lat))
		snprintf(buf, len, "–");
	else if (what == 0)
		fmt_count(buf, len, t->iops);
	else if (what == 1)
		snprintf(buf, len, "%.1f", t->mib_s);
	else
		fmt_latency_ms(buf, len, what == 2 ? t->mean_ms : t->p99_ms);
}

/* "a → b" of target @k of test @i (the IOPS with its factor when both
 * sides have it and the test is comparable); one value alone for a
 * one-label view. */
static void target_pair(char *buf, size_t len, const struct cmp_view *v,
			size_t i, uint32_t k, int what)
{
	const struct cmp_target *a = cmp_target_of(v, i, 0, k);
	const struct cmp_target *b = cmp_target_of(v, i, 1, k);
	char x[32], y[32];

	target_cell(x, sizeof(x), a, what);
	if (v->single) {
		snprintf(buf, len, "%s", x);
		return;
	}
	target_cell(y, sizeof(y), b, what);
	if (!what && a && b && a->iops > 0 &&
	    v->tests[i].verdict != CMP_NOT_COMPARABLE)
		snprintf(buf, len, "%s → %s (×%.2f)", x, y, b->iops / a->iops);
	else
		snprintf(buf, len, "%s → %s", x, y);
}

/* The name of target @k: one name, or "a → b" when the sides name it
 * differently. */
static void target_path(char *buf, size_t len, const struct cmp_view *v,
			size_t i, uint32_t k)
{
	const struct cmp_target *a = cmp_target_of(v, i, 0, k);
	const struct cmp_target *b = cmp_target_of(v, i, 1, k);

	if (v->single || !b || (a && !strcmp(a->name, b->name)))
		snprintf(buf, len, "%s", a ? a->name : "–");
	else if (!a)
		snprintf(buf, len, "%s", b->name);
	else
		snprintf(buf, len, "%s → %s", a->name, b->name);
}

static bool any_multi_target(const struct cmp_view *v)
{
	size_t i;

	for (i = 0; i < v->ntests; i++)
		if (v->tests[i].multi_target)
			return true;
	return false;
}

/* How the target sets of test @i differ, for the note under its rows. */
static void targets_differ_note(const struct cmp_view *v, size_t i,
				char *buf, size_t len)
{
	uint32_t a = v->detail[2 * i].ntargets_all;
	uint32_t b = v->detail[2 * i + 1].ntargets_all;

	if (a != b)
		snprintf(buf, len, "the target sets differ: '%s' ran on %u "
			 "target%s, '%s' on %u: rows pair them in -target "
			 "order", v->from, a, a == 1 ? "" : "s", v->to, b);
	else
		snprintf(buf, len, "the target sets differ: '%s' and '%s' "
			 "ran on other targets: rows pair them in -target "
			 "order", v->from, v->to);
}

/* The per-target rows of the multi-target tests, after the main table:
 * each label's newest run, per target, P99 from its merged histograms. */
static void text_targets(const struct cmp_view *v, FILE *f)
{
	const int lw = v->single ? 12 : 22;	/* a latency column */
	const int w[4] = { v->single ? 12 : 30, v->single ? 9 : 16, lw, lw };
	char c[4][112], name[600];
	uint32_t k;
	size_t i;
	int m;

	if (!any_multi_target(v))
		return;
	fprintf(f, "\nper target (newest run of %s):\n", v->single ?
		"the label" : "each label");
	pad(f, "test", 12);
	pad(f, "target", 6);
	pad(f, "IOPS", w[0]);
	pad(f, "MiB/s", w[1]);
	pad(f, "avg latency", w[2]);
	pad(f, "P99 latency", w[3]);
	fputs("path\n", f);
	for (i = 0; i < v->ntests; i++) {
		if (!v->tests[i].multi_target)
			continue;
		for (k = 0; k < cmp_target_rows(v, i); k++) {
			for (m = 0; m < 4; m++)
				target_pair(c[m], sizeof(c[m]), v, i, k, m);
			target_path(name, sizeof(name), v, i, k);
			pad(f, k ? "" : v->tests[i].test, 12);
			fprintf(f, "%-6u ", k);
			for (m = 0; m < 4; m++)
				pad(f, c[m], w[m]);
			fprintf(f, "%s\n", name);
		}
		if (v->tests[i].targets_differ) {
			targets_differ_note(v, i, name, sizeof(name));
			fprintf(f, "  %s\n", name);
		}
	}
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
	text_targets(v, f);
	print_findings(v, 0, f);
}

void cmp_ci_fmt(char *buf, size_t len, const struct cmp_ci *ci)
{
	if (ci->hi - ci->lo > 1e-9 * ci->factor)
		snprintf(buf, len, "×%.2f [%.2f-%.2f]", ci->factor, ci->lo,
			 ci->hi);
	else
		snprintf(buf, len, "×%.2f", ci->factor);
}

/* "5.46 ms → 1.20 ms (faster ×4.55 [4.40-4.70])"; a longer P99 reads
 * "(slower ×1.28 [1.20-1.35])", never as a "faster" factor under 1; no
 * factor when @nc. */
static void p99_cell(char *buf, size_t len, const struct cmp_test *c,
		     bool nc)
{
	char a[112], b[112], f[64];
	struct cmp_ci inv = { 0 };

	if (len < 320) {	/* the callers' cell: room for both sides */
		snprintf(buf, len, "?");
		return;
	}

	fmt_stat_ms(a, sizeof(a), &c->p99_ms[0]);
	fmt_stat_ms(b, sizeof(b), &c->p99_ms[1]);
	if (nc) {
		snprintf(buf, len, "%s → %s", a, b);
	} else if (c->p99_faster > 0 && c->p99_faster < 1) {
		inv.factor = 1 / c->p99_faster;
		inv.lo = c->p99_ci.hi > 0 ? 1 / c->p99_ci.hi : inv.factor;
		inv.hi = c->p99_ci.lo > 0 ? 1 / c->p99_ci.lo : inv.factor;
		cmp_ci_fmt(f, sizeof(f), &inv);
		snprintf(buf, len, "%s → %s (slower %s)", a, b, f);
	} else {
		cmp_ci_fmt(f, sizeof(f), &c->p99_ci);
		snprintf(buf, len, "%s → %s (faster %s)", a, b, f);
	}
}

/* The verdict column: "no clear change (within ±5 %)" names the bound. */
static void verdict_cell(FILE *f, const struct cmp_view *v,
			 const struct cmp_test *c)
{
	fputs(cmp_verdict_name(c->verdict), f);
	if (c->verdict == CMP_NO_CLEAR)
		fprintf(f, " (within ±%.0f %%)", v->min_effect * 100);
	fputc('\n', f);
}

static void text_report(const struct cmp_view *v, int findings, FILE *f)
{
	const struct cmp_test *c = v->tests;
	size_t n = v->ntests, i;
	char s[4][112], t[4][112];

	fprintf(f, "comparison '%s' → '%s' (%zu test%s; repeated runs: "
		   "median (min–max))\n", v->from, v->to, n, n == 1 ? "" : "s");
	pad(f, "test", 12);
	pad(f, "IOPS", 38);
	pad(f, "MiB/s", 16);
	pad(f, "avg latency", 22);
	pad(f, "P99 latency", 44);
	fputs("verdict\n", f);
	for (i = 0; i < n; i++) {
		char iops[320], mib[64], mean[256], p99[320], fx[64];

		bool nc = c[i].verdict == CMP_NOT_COMPARABLE;

		fmt_stat_count(s[0], sizeof(s[0]), &c[i].iops[0]);
		fmt_stat_count(t[0], sizeof(t[0]), &c[i].iops[1]);
		cmp_ci_fmt(fx, sizeof(fx), &c[i].iops_ci);
		if (nc)	/* no factors for tests measured differently */
			snprintf(iops, sizeof(iops), "%s → %s", s[0], t[0]);
		else
			snprintf(iops, sizeof(iops), "%s → %s (%s)", s[0],
				 t[0], fx);
		snprintf(mib, sizeof(mib), "%.1f → %.1f",
			 c[i].mib_s[0].median, c[i].mib_s[1].median);
		fmt_stat_ms(s[2], sizeof(s[2]), &c[i].mean_ms[0]);
		fmt_stat_ms(t[2], sizeof(t[2]), &c[i].mean_ms[1]);
		snprintf(mean, sizeof(mean), "%s → %s", s[2], t[2]);
		p99_cell(p99, sizeof(p99), &c[i], nc);
		pad(f, c[i].test, 12);
		pad(f, iops, 38);
		pad(f, mib, 16);
		pad(f, mean, 22);
		pad(f, p99, 44);
		verdict_cell(f, v, &c[i]);
		if (c[i].differences[0])
			fprintf(f, "  %s: %s\n", nc ? "not comparable" :
				"measured differently", c[i].differences);
	}
	if (!n)
		fprintf(f, "(no test ran under both labels)\n");
	if (v->headline[0])
		fprintf(f, "headline: %s\n", v->headline);
	if (v->method_note[0])
		fprintf(f, "note: %s\n", v->method_note);
	for (i = 0; i < 2; i++)
		if (v->only[i][0])
			fprintf(f, "only in '%s': %s\n", i ? v->to : v->from,
				v->only[i]);
	if (v->targets_note[0])
		fprintf(f, "note: %s\n", v->targets_note);
	if (v->left_out_note[0])
		fprintf(f, "note: %s\n", v->left_out_note);
	fprintf(f, "note: [lo-hi] is the 95 %% bootstrap interval of each "
		   "factor; a change is called only when all of it lies "
		   "beyond ±%.0f %% (--min-effect)\n", v->min_effect * 100);
	if (n && v->one_run)
		fprintf(f, "note: with one run of a label the verdict rests on "
			   "%s, not on its run-to-run spread; suite --runs N "
			   "measures that\n", v->series ? "that run's 1 s "
			   "intervals (a block bootstrap)" : "the figure alone "
			   "(no per-interval series saved)");
	text_targets(v, f);
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

/* The per-target rows of test @i (a `target` column ends each row): the
 * newest run of each label, one run, so min = max = median; no verdict
 * (the test's row judges the repeated runs). */
static void csv_targets(const struct cmp_view *v, size_t i,
			const char *lab0, const char *lab1, FILE *f)
{
	const struct cmp_test *x = &v->tests[i];
	double iv[2], mib[2], mean[2], p99[2];
	char path[600], name[1300];
	uint32_t k;
	int s;

	for (k = 0; k < cmp_target_rows(v, i); k++) {
		for (s = 0; s < 2; s++) {
			const struct cmp_target *t = cmp_target_of(v, i, s, k);

			iv[s] = t ? t->iops : 0;
			mib[s] = t ? t->mib_s : 0;
			mean[s] = t && t->has_lat ? t->mean_ms : 0;
			p99[s] = t && t->has_lat ? t->p99_ms : 0;
		}
		target_path(path, sizeof(path), v, i, k);
		csv_field(name, sizeof(name), path);
		fprintf(f, "%s,%s,%s,%d,%d,%.3f,%.3f,%.4f,%.3f,%.3f,%.3f,"
			   "%.3f,%.3f,%.3f,%.6f,%.6f,%.6f,%.6f,%.4f,,,%s\n",
			x->test, lab0, lab1, !!cmp_target_of(v, i, 0, k),
			!!cmp_target_of(v, i, 1, k), iv[0], iv[1],
			iv[0] > 0 ? iv[1] / iv[0] : 0, iv[0], iv[0], iv[1],
			iv[1], mib[0], mib[1], mean[0], mean[1], p99[0],
			p99[1], p99[1] > 0 ? p99[0] / p99[1] : 0, name);
	}
}

/* One row per test; with a multi-target test in the view, a `target`
 * column ("all" on a test's row) and a row per target after each
 * multi-target test.  A view without one prints as it always did. */
static void csv_report(const struct cmp_view *v, FILE *f)
{
	bool per_target = any_multi_target(v);
	size_t i;

	/* labels are quoted by doubling quotes: they are user text */
	fprintf(f, "test,from,to,from_runs,to_runs,iops_from,iops_to,"
		   "iops_factor,iops_from_min,iops_from_max,iops_to_min,"
		   "iops_to_max,mib_s_from,mib_s_to,mean_ms_from,mean_ms_to,"
		   "p99_ms_from,p99_ms_to,p99_faster,verdict,differences%s\n",
		per_target ? ",target" : "");
	for (i = 0; i < v->ntests; i++) {
		const struct cmp_test *x = &v->tests[i];
		char lab[2][300], diff[2 * sizeof(x->differences)];

		csv_field(lab[0], sizeof(lab[0]), v->from);
		csv_field(lab[1], sizeof(lab[1]), v->to);
		csv_field(diff, sizeof(diff), x->differences);
		fprintf(f, "%s,%s,%s,%zu,%zu,%.3f,%.3f,%.4f,%.3f,%.3f,%.3f,"
			   "%.3f,%.3f,%.3f,%.6f,%.6f,%.6f,%.6f,%.4f,%s,%s%s\n",
			x->test, lab[0], lab[1], x->iops[0].n, x->iops[1].n,
			x->iops[0].median, x->iops[1].median, x->iops_factor,
			x->iops[0].min, x->iops[0].max, x->iops[1].min,
			x->iops[1].max, x->mib_s[0].median,
			x->mib_s[1].median, x->mean_ms[0].median,
			x->mean_ms[1].median, x->p99_ms[0].median,
			x->p99_ms[1].median, x->p99_faster,
			cmp_verdict_name(x->verdict), diff,
			per_target ? ",all" : "");
		if (x->multi_target)
			csv_targets(v, i, lab[0], lab[1], f);
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

/* [lo, hi] of a factor at VERDICT_CONF. */
static json_object *json_interval(const struct cmp_ci *ci)
{
	json_object *a = json_object_new_array();

	json_object_array_add(a, json_object_new_double(ci->lo));
	json_object_array_add(a, json_object_new_double(ci->hi));
	return a;
}

static json_object *json_target(const struct cmp_target *t)
{
	json_object *o;

	if (!t)
		return NULL;	/* json null: the label lacks this target */
	o = json_object_new_object();
	json_object_object_add(o, "name", json_object_new_string(t->name));
	json_object_object_add(o, "iops", json_object_new_double(t->iops));
	json_object_object_add(o, "mib_s", json_object_new_double(t->mib_s));
	json_object_object_add(o, "mean_ms", t->has_lat ?
			       json_object_new_double(t->mean_ms) : NULL);
	json_object_object_add(o, "p99_ms", t->has_lat ?
			       json_object_new_double(t->p99_ms) : NULL);
	return o;
}

/* "targets" of a multi-target test: per target, each label's newest
 * run ("from"/"to", null where the label lacks it). */
static void json_targets(const struct cmp_view *v, size_t i, json_object *t)
{
	json_object *a;
	uint32_t k;

	if (!v->tests[i].multi_target)
		return;
	a = json_object_new_array();
	for (k = 0; k < cmp_target_rows(v, i); k++) {
		json_object *o = json_object_new_object();

		json_object_object_add(o, "target", json_object_new_int64(k));
		json_object_object_add(o, "from",
				       json_target(cmp_target_of(v, i, 0, k)));
		json_object_object_add(o, "to",
				       json_target(cmp_target_of(v, i, 1, k)));
		json_object_array_add(a, o);
	}
	json_object_object_add(t, "targets", a);
	json_object_object_add(t, "targets_differ", json_object_new_boolean(
				       v->tests[i].targets_differ));
}

static int json_report(const struct cmp_view *v, FILE *f)
{
	const struct cmp_test *c = v->tests;
	const char *from = v->from, *to = v->to;
	size_t n = v->ntests;
	json_object *root = json_object_new_object();
	json_object *tests = json_object_new_array();
	size_t i;
	int k;

	json_object_object_add(root, "schema",
			       json_object_new_string("ioprobe-compare/1"));
	json_object_object_add(root, "from", json_object_new_string(from));
	json_object_object_add(root, "to", json_object_new_string(to));
	json_object_object_add(root, "headline",
			       json_object_new_string(v->headline));
	json_object_object_add(root, "min_effect",
			       json_object_new_double(v->min_effect));
	json_object_object_add(root, "left_out",
			       json_object_new_string(v->left_out_note));
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
		json_object_object_add(t, "iops_interval",
				       json_interval(&c[i].iops_ci));
		json_object_object_add(t, "mib_s_interval",
				       json_interval(&c[i].mib_ci));
		json_object_object_add(t, "p99_faster_interval",
				       json_interval(&c[i].p99_ci));
		json_object_object_add(t, "left_out", json_object_new_int64(
				       (int64_t)(c[i].left_out[0] +
						 c[i].left_out[1])));
		json_object_object_add(t, "verdict",
				       json_object_new_string(
					       cmp_verdict_name(c[i].verdict)));
		json_object_object_add(t, "differences",
				       json_object_new_string(
					       c[i].differences));
		json_targets(v, i, t);
		json_object_array_add(tests, t);
	}
	json_object_object_add(root, "tests", tests);
	emit_utf8(f, json_object_to_json_string_ext(root,
						    JSON_C_TO_STRING_PRETTY));
	fputc('\n', f);
	json_object_put(root);
	return 0;
}

int report_compare(const struct cmp_view *v, enum result_format fmt,
		   int findings, FILE *f)
{
	if (fmt == FORMAT_CSV)
		csv_report(v, f);
	else if (fmt == FORMAT_JSON)
		return json_report(v, f);
	else if (v->single)
		text_single(v, f);
	else
		text_report(v, findings, f);
	return 0;
}
