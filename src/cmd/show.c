/* show.c - `ioprobe show FILE.json [-Rtext|-Rxml|-Rjson|-Rcsv|-Rhtml]`:
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

/* Parse argv; 0 to go on, 1 after --help, 2 on a usage error. */
static int show_args(int argc, char **argv, const char **path,
		     enum result_format *fmt)
{
	const char *val;
	int i;

	for (i = 1; i < argc; i++) {
		const char *a = argv[i];

		if (!strcmp(a, "--help") || !strcmp(a, "-?") ||
		    !strcmp(a, "-h")) {
			fputs("usage: " SHOW_USAGE "\n", stdout);
			return 1;
		}
		if (!strncmp(a, "-R", 2)) {
			val = a[2] ? a + 2 : (i + 1 < argc ? argv[++i] : "");
			if (show_format(val, fmt)) {
				fprintf(stderr,
					"ioprobe: error: invalid show format '%s': expected text, xml, json, csv or html\n",
					val);
				return 2;
			}
		} else if (a[0] == '-' && a[1]) {
			fprintf(stderr,
				"ioprobe: error: unknown show option '%s': expected " SHOW_USAGE "\n",
				a);
			return 2;
		} else if (*path) {
			fprintf(stderr,
				"ioprobe: error: extra argument '%s': expected " SHOW_USAGE "\n",
				a);
			return 2;
		} else {
			*path = a;
		}
	}
	if (!*path) {
		fputs("ioprobe: error: missing result file: expected "
		      SHOW_USAGE "\n", stderr);
		return 2;
	}
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
		fprintf(stderr, "ioprobe: error: cannot write the report: %s\n",
			strerror(-ret));
		status = 1;
	}
	results_release(&r);
	return status;
}
