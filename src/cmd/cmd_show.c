/* cmd_show.c - `ioprobe show FILE.json [-Rtext|-Rxml|-Rjson|-Rcsv|-Rhtml]`:
 * re-render a saved ioprobe-result/1 file in any report format.
 *
 * The JSON holds everything a report is made from, so the text or XML
 * printed here is byte for byte what the run itself printed.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <unistd.h>

#include "lib/atomic_file.h"
#include "profile/opt_table.h"
#include "profile/format.h"
#include "report/report.h"
#include "results/results.h"
#include "results/results_json.h"
#include "cmd/subcmd.h"
#include "lib/util.h"

#define SHOW_USAGE "ioprobe show FILE.json [-Rtext|-Rxml|-Rjson|-Rcsv|-Rhtml]"

/* Only the lower-case names, as show has always read them. */
static int show_format(const char *name, enum result_format *fmt)
{
	enum result_format f;

	if (result_format_from_name(name, &f) ||
	    strcmp(name, result_format_name(f)))
		return -EINVAL;
	*fmt = f;
	return 0;
}

struct show_args {
	const char *path;
	enum result_format fmt;
};

static const struct opt_spec show_opts[] = {
	{ "help", OPT_HELP, NULL, NULL, 0 },
};

const struct opt_table show_opt_table = {
	"show", show_opts, ARRAY_SIZE(show_opts)
};

/* -R<fmt> (or -R fmt), -h, or the file. */
static int show_other(void *ctx, int argc, char **argv, int *i, char *err,
		      size_t errlen)
{
	struct show_args *sa = ctx;
	const char *a = argv[*i], *val;
	char esc[256];

	if (!strcmp(a, "-h"))
		return OPT_HELP_ASKED;
	if (!strncmp(a, "-R", 2)) {
		val = a[2] ? a + 2 : (*i + 1 < argc ? argv[++*i] : "");
		if (show_format(val, &sa->fmt))
			return errf(err, errlen, EINVAL, "invalid show format "
				    "'%s': expected text, xml, json, csv or "
				    "html", opt_shown(esc, sizeof(esc), val));
		return 0;
	}
	if (a[0] == '-' && a[1])
		return -ENOENT;
	if (sa->path)
		return errf(err, errlen, EINVAL, "extra argument '%s': "
			    "expected " SHOW_USAGE,
			    opt_shown(esc, sizeof(esc), a));
	sa->path = a;
	return 0;
}

/* Parse argv; 0 to go on, 1 after --help, 2 on a usage error. */
static int show_args(int argc, char **argv, const char **path,
		     enum result_format *fmt)
{
	struct show_args sa = { NULL, *fmt };
	char err[512];
	int ret;

	ret = opt_parse(&show_opt_table, argc, argv, &sa, show_other, err,
			sizeof(err));
	if (ret == OPT_HELP_ASKED) {
		fputs("usage: " SHOW_USAGE "\n", stdout);
		return 1;
	}
	if (ret) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	if (!sa.path) {
		fputs("ioprobe: error: missing result file: expected "
		      SHOW_USAGE "\n", stderr);
		return 2;
	}
	*path = sa.path;
	*fmt = sa.fmt;
	return 0;
}

struct show_job {
	const struct results *r;
	enum result_format fmt;
};

static int fill_report(FILE *f, const void *arg)
{
	const struct show_job *j = arg;

	return report_write(j->r, j->fmt, f);
}

int show_main(int argc, char **argv)
{
	struct show_job job;
	enum result_format fmt = FORMAT_TEXT;
	const char *path = NULL;
	struct results r;
	char err[1024] = "";
	int ret, status;

	status = show_args(argc, argv, &path, &fmt);
	if (status)
		return status == 1 ? 0 : status;
	results_init(&r);
	ret = results_load_json(path, &r, err, sizeof(err));
	if (ret) {
		if (!err[0])
			snprintf(err, sizeof(err), "cannot load '%s': %s", path,
				 strerror(-ret));
		fprintf(stderr, "ioprobe: error: %s\n", err);
		results_release(&r);
		return 2;
	}
	results_fill_dist(&r);	/* not saved: follows from the profile */
	job.r = &r;
	job.fmt = fmt;
	ret = atomic_file_write_fd(STDOUT_FILENO, fill_report, &job);
	if (ret) {
		fprintf(stderr, "ioprobe: error: cannot write the report to "
				"stdout: %s\n",
			strerror(-ret));
		status = 1;
	}
	results_release(&r);
	return status;
}
