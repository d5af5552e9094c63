/* cmd_compare.c - `ioprobe compare`: two labels of the suite history side by
 * side per test, as a text table, CSV, JSON or an HTML page, on stdout;
 * exit 3 when a test got clearly worse.  The model is built by
 * workflow/compare.h and formatted by report/report_compare.h; the options
 * are compare's table for the shared parser (opt_table.h). */
#include <errno.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cmd/diag.h"
#include "cmd/subcmd.h"
#include "lib/atomic_file.h"
#include "lib/util.h"
#include "profile/opt_table.h"
#include "report/report_compare.h"
#include "report/report_compare_html.h"
#include "workflow/baseline.h"
#include "workflow/cloud_compare.h"
#include "workflow/compare.h"
#include "workflow/verdict.h"

int compare_report(const struct history *h, const char *from,
		   const char *to, enum result_format fmt, int findings,
		   bool allow_different, FILE *f)
{
	return compare_report_with(h, from, to, fmt, findings,
				   allow_different, VERDICT_MIN_EFFECT, NULL, f);
}

int compare_report_with(const struct history *h, const char *from,
			const char *to, enum result_format fmt, int findings,
			bool allow_different, double min_effect,
			const struct cloud_names *cloud, FILE *f)
{
	struct cmp_view v;
	size_t differ;
	bool regression;
	int ret;

	ret = compare_view_build_with(h, from, to, allow_different, min_effect,
				      &v);
	if (!ret)
		ret = cloud_compare(&v, cloud);
	if (ret) {
		compare_view_release(&v);
		return ret;
	}
	if (fmt == FORMAT_HTML)
		ret = report_compare_html(&v, f);
	else
		ret = report_compare(&v, fmt, findings, f);
	regression = compare_regression(&v);
	differ = compare_not_comparable(&v);
	compare_view_release(&v);
	if (ret)
		return ret;
	return regression ? 3 : differ ? 4 : 0;
}

void print_history_warnings(const struct history *h)
{
	size_t i;

	for (i = 0; i < h->nskipped && i < HISTORY_WARN_LINES; i++)
		warnf("%s", h->warn[i]);
}

static void compare_usage(FILE *f)
{
	fputs("usage: ioprobe compare [--history FILE] [--from LABEL] "
	      "[--to LABEL] [--allow-different]\n"
	      "                       [--min-effect PCT] "
	      "[--disk [LABEL=]PROVIDER:TIER] [--vm SIZE]\n"
	      "                       [-Rtext|-Rcsv|-Rjson|-Rhtml]\n"
	      "  (each --opt VALUE or --opt=VALUE)\n"
	      "  compares two labels of the suite history (default: the "
	      "first and the latest label,\n"
	      "  leaving out 'demo', the label of `make run`, unless named);\n"
	      "  -Rhtml writes a self-contained page: ioprobe compare -Rhtml "
	      "> report.html\n"
	      "  --allow-different compares tests measured differently "
	      "(file size, duration, switches...) anyway\n"
	      "  --min-effect PCT: a change is called only when the 95 % "
	      "interval of its factor\n  lies wholly beyond ±PCT % "
	      "(default 5)\n"
	      "  --disk names the cloud tier of both labels, or of one "
	      "(before=azure:S20):\n  each label's % of provisioned\n"
	      "  exit 3 when a test got clearly worse in IOPS or P99, 4 when "
	      "tests were measured\n  differently (not compared), 2 when "
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

struct compare_args {
	const char *hist, *from, *to;
	enum result_format fmt;
	bool allow_different;
	const char *min_effect;	/* --min-effect PCT, NULL: the default */
	double min_effect_frac;	/* parsed: 0.05 for 5 % */
	struct cloud_names cloud;	/* --disk (repeatable), --vm */
};

/* --disk [LABEL=]PROVIDER:TIER, up to CLOUD_COMPARE_DISKS times */
static int set_disk(void *ctx, const char *v, char *err, size_t errlen)
{
	struct cloud_names *n = &((struct compare_args *)ctx)->cloud;

	if (n->ndisks == CLOUD_COMPARE_DISKS)
		return errf(err, errlen, EINVAL, "too many --disk at '%s': at "
			    "most %d", v, CLOUD_COMPARE_DISKS);
	n->disk[n->ndisks++] = v;
	return 0;
}

static int set_vm(void *ctx, const char *v, char *err, size_t errlen)
{
	(void)err;
	(void)errlen;
	((struct compare_args *)ctx)->cloud.vm = v;
	return 0;
}

static const struct opt_spec compare_opts[] = {
	OPT_STRING_AT("history", "FILE", struct compare_args, hist),
	OPT_STRING_AT("from", "LABEL", struct compare_args, from),
	OPT_STRING_AT("to", "LABEL", struct compare_args, to),
	OPT_BOOL_AT("allow-different", struct compare_args, allow_different),
	OPT_STRING_AT("min-effect", "PCT", struct compare_args, min_effect),
	{ "disk", OPT_VALUE, "[LABEL=]PROVIDER:TIER", set_disk, 0 },
	{ "vm", OPT_VALUE, "SIZE", set_vm, 0 },
	{ "help", OPT_HELP, NULL, NULL, 0 },
};

const struct opt_table compare_opt_table = {
	"compare", compare_opts, ARRAY_SIZE(compare_opts)
};

/* -R<fmt>; anything else is not compare's. */
static int compare_other(void *ctx, int argc, char **argv, int *i,
			 char *err, size_t errlen)
{
	struct compare_args *c = ctx;
	const char *a = argv[*i];
	char esc[256];

	(void)argc;
	if (!strcmp(a, "-h"))
		return OPT_HELP_ASKED;
	if (!strcmp(a, "-Rcsv"))
		c->fmt = FORMAT_CSV;
	else if (!strcmp(a, "-Rjson"))
		c->fmt = FORMAT_JSON;
	else if (!strcmp(a, "-Rhtml"))
		c->fmt = FORMAT_HTML;
	else if (!strcmp(a, "-Rtext"))
		c->fmt = FORMAT_TEXT;
	else if (!strncmp(a, "-R", 2))
		return errf(err, errlen, EINVAL, "invalid format '%s': "
			    "expected -Rtext, -Rcsv, -Rjson or -Rhtml",
			    opt_shown(esc, sizeof(esc), a));
	else if (a[0] == '-' && a[1])
		return -ENOENT;
	else
		return errf(err, errlen, EINVAL, "unexpected argument '%s': "
			    "expected --history, --from, --to, "
			    "--allow-different, --min-effect or -R<format>",
			    opt_shown(esc, sizeof(esc), a));
	return 0;
}

/* --min-effect: a percentage from 0 to 50 ("5", "2.5", "5%"). */
static int parse_min_effect(const char *v, double *out, char *err,
			    size_t errlen)
{
	char *end;
	double x;

	errno = 0;
	x = strtod(v, &end);
	if (end != v && *end == '%')
		end++;
	if (end == v || *end || errno || !(x >= 0 && x <= 50) ||
	    !strchr("0123456789.", v[0]))
		return opt_bad_value(err, errlen, "--min-effect", v,
				     "expected a percentage from 0 to 50, "
				     "such as 5 or 2.5");
	*out = x / 100;
	return 0;
}

/* 0 to go on, 1 after --help, 2 on a usage error (printed). */
static int parse_compare_args(int argc, char **argv, const char **hist,
			      const char **from, const char **to,
			      enum result_format *fmt, bool *allow,
			      double *min_effect, struct cloud_names *cloud)
{
	struct compare_args c = { NULL, NULL, NULL, FORMAT_TEXT, false, NULL,
				  VERDICT_MIN_EFFECT, { { NULL }, 0, NULL } };
	char err[512];
	int ret;

	ret = opt_parse(&compare_opt_table, argc, argv, &c, compare_other, err,
			sizeof(err));
	if (!ret && c.min_effect)
		ret = parse_min_effect(c.min_effect, &c.min_effect_frac, err,
				       sizeof(err));
	if (ret == OPT_HELP_ASKED) {
		compare_usage(stdout);
		return 1;
	}
	if (!ret)
		ret = cloud_names_check(&c.cloud, err, sizeof(err));
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	*cloud = c.cloud;
	*hist = c.hist;
	*from = c.from;
	*to = c.to;
	*fmt = c.fmt;
	*allow = c.allow_different;
	*min_effect = c.min_effect_frac;
	return 0;
}

struct compare_job {
	const struct history *h;
	const char *from, *to;
	enum result_format fmt;
	bool allow_different;
	double min_effect;
	const struct cloud_names *cloud;
	int *ret;	/* compare_report()'s: 3 regression, 4 differ */
};

static int fill_compare(FILE *f, const void *arg)
{
	const struct compare_job *j = arg;

	*j->ret = compare_report_with(j->h, j->from, j->to, j->fmt,
				      CMP_FINDINGS_ALL, j->allow_different,
				      j->min_effect, j->cloud, f);
	return *j->ret < 0 ? *j->ret : 0;
}

/* --history, else the default path (into @path); NULL when there is
 * none (said). */
static const char *history_or_default(const char *hist, char *path,
				      size_t len)
{
	if (hist)
		return hist;
	if (history_default_path(path, len)) {
		fprintf(stderr, "ioprobe: error: no history path: set HOME or "
				"XDG_DATA_HOME, or give --history FILE\n");
		return NULL;
	}
	return path;
}

int compare_main(int argc, char **argv)
{
	struct compare_job job;
	const char *hist = NULL, *from = NULL, *to = NULL;
	enum result_format fmt = FORMAT_TEXT;
	char path[4096], err[512], labels[1024];
	struct history h = { 0 };
	struct cloud_names cloud;	/* --disk, --vm */
	size_t nlabels;
	bool allow = false;
	double min_effect = VERDICT_MIN_EFFECT;
	int i, ret;

	ret = parse_compare_args(argc, argv, &hist, &from, &to, &fmt, &allow,
				 &min_effect, &cloud);
	if (ret)
		return ret == 1 ? 0 : ret;
	hist = history_or_default(hist, path, sizeof(path));
	if (!hist)
		return 2;
	ret = history_load(hist, &h, err, sizeof(err));
	print_history_warnings(&h);
	if (ret == -ENOENT || (!ret && !h.nrows)) {
		fprintf(stderr, "ioprobe: error: no runs in history '%s': "
				"run `ioprobe suite PATH --label before` "
				"first, then again with --label after\n", hist);
		ret = 2;
		goto out;
	}
	if (ret) {
		/* a FIFO or device named is a usage error, as missing */
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
	baseline_defaults(&h, &from, &to);
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
	job = (struct compare_job){ &h, from, to, fmt, allow, min_effect,
				    &cloud, &ret };
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
