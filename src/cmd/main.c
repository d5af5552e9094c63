/* main.c - argv -> profile -> run -> reports -> exit status.
 *
 * Exit status: 0 success, 1 the run failed (also when an I/O failed,
 * with or without --continue-on-error), 2 usage error, 3 regression
 * (compare), 128+N interrupted by signal N (results still printed).
 */
#include <errno.h>
#include <limits.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "lib/cleanup.h"
#include "lib/signals.h"
#include "cmd/diag.h"
#include "cmd/run_view.h"
#include "profile/cli.h"
#include "report/output.h"
#include "profile/profile.h"
#include "report/report.h"
#include "results/results.h"
#include "run/run.h"
#include "cmd/run_findings.h"
#include "cmd/subcmd.h"
#include "cmd/fleet_cmd.h"
#include "run/validate.h"
#include "lib/util.h"
#include "profile/xmlprofile.h"

/* One line on stderr for a run in which I/O failed: the first failure,
 * and with --continue-on-error how many failed by errno. */
static void print_io_failure(const struct results *r)
{
	struct errno_count c[RESULTS_ERRNOS];
	char first[768], kinds[256];
	uint64_t n;

	results_fmt_failure(r, first, sizeof(first));
	if (!r->profile.continue_on_error) {
		fprintf(stderr, "ioprobe: error: %s\n", first);
		return;
	}
	n = results_errors(r, -1, c);
	results_fmt_errnos(c, kinds, sizeof(kinds));
	fprintf(stderr, "ioprobe: error: %" PRIu64 " I/O%s failed (%s), the "
		"first: %s\n", n, n == 1 ? "" : "s", kinds, first);
}

/* The report on stdout and every --output: a failure after the first
 * is a warning, the first the error. */
static int print_outputs(const struct results *r, char *err, size_t len)
{
	struct notes warn = { 0 };
	int ret = output_all(r, &warn, err, len);

	diag_notes(&warn, false);
	if (ret)
		fprintf(stderr, "ioprobe: error: %s\n", err);
	return ret;
}

static int run_profile(const struct profile *p)
{
	struct results r;
	struct run_options opt = { 0 };
	struct run_view view;
	char err[512] = "", verr[PATH_MAX + 128];
	int ret, status = 0;

	if (validate_profile(p, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;	/* refused before anything was created */
	}
	/* a bad --output path is a usage error, found before the run */
	if (output_check(p, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	if (run_findings_cloud_check(p, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	if (run_view_open(&view, p, &opt, err, sizeof(err))) {
		fprintf(stderr, "ioprobe: error: %s\n", err);
		return 2;
	}
	results_init(&r);
	signals_install();
	ret = run_execute(p, &opt, &r, err, sizeof(err));
	/* the status line goes before the report; a series that could
	 * not be written fails the run (its lines are missing) */
	if (run_view_close(&view, verr, sizeof(verr))) {
		fprintf(stderr, "ioprobe: error: %s\n", verr);
		status = 1;
	}
	if (ret) {
		/* a signal can also end the fill with an error (SIGXFSZ:
		 * EFBIG): the status still says which signal */
		fprintf(stderr, "ioprobe: error: %s\n", err);
		results_release(&r);
		if (signals_stop_requested)
			return signals_exit_status();
		/* -c refused a file that is not ours: fix the command line */
		return ret == -EEXIST ? 2 : 1;
	}
	if (r.io_failure.failed) {
		print_io_failure(&r);
		status = 1;
	}
	if (run_findings_fill(&r))
		fprintf(stderr, "ioprobe: warning: out of memory working out "
				"the findings\n");
	if (print_outputs(&r, err, sizeof(err)))
		status = 1;
	run_findings_print(&r);
	if (!status && r.interrupted)
		status = signals_exit_status();
	results_release(&r);
	return status;
}

/* -X with several <TimeSpan>s: each validated first, then run in turn
 * (DiskSpd stops at the first that fails), then one text or XML report
 * of them all on stdout, as DiskSpd writes it. */
static int run_spans(const struct profile *p, uint32_t n)
{
	struct profile *views = calloc(n, sizeof(*views));
	struct results *rs = calloc(n, sizeof(*rs));
	const struct profile *s = p;
	char err[512] = "";
	uint32_t k, nrun = 0;
	int status = 2, ret;

	if (!views || !rs) {
		fprintf(stderr, "ioprobe: error: out of memory\n");
		status = 1;
		goto out;
	}
	if (p->noutputs || (p->format != FORMAT_TEXT &&
			    p->format != FORMAT_XML)) {
		fprintf(stderr, "ioprobe: error: a profile with %" PRIu32
			" <TimeSpan>s reports as DiskSpd does: expected -Rtext "
			"or -Rxml on stdout, without --output\n", n);
		goto out;
	}
	for (k = 0; k < n; k++, s = s->next_span) {
		xmlprofile_span_view(&views[k], p, s);
		if (validate_profile(&views[k], err, sizeof(err))) {
			fprintf(stderr, "ioprobe: error: timespan %" PRIu32
				": %s\n", k + 1, err);
			goto out;
		}
	}
	status = 0;
	signals_install();
	for (k = 0; k < n && !signals_stop_requested; k++) {
		struct run_options opt = { 0 };
		struct run_view view;

		if (run_view_open(&view, &views[k], &opt, err, sizeof(err))) {
			fprintf(stderr, "ioprobe: error: %s\n", err);
			status = 1;
			break;
		}
		if (p->verbose)
			fprintf(stderr, "Generating requests for timespan %"
				PRIu32 ".\n", k + 1);
		results_init(&rs[k]);
		nrun = k + 1;
		ret = run_execute(&views[k], &opt, &rs[k], err, sizeof(err));
		run_view_close(&view, err, sizeof(err));
		if (ret) {
			fprintf(stderr, "ioprobe: error: timespan %" PRIu32
				": %s\n", k + 1, err);
			status = 1;
			nrun = k;	/* nothing measured to report */
			results_release(&rs[k]);
			break;
		}
		if (rs[k].io_failure.failed) {
			print_io_failure(&rs[k]);
			status = 1;
			break;
		}
	}
	if (nrun) {
		ret = p->format == FORMAT_XML ? report_xml_spans(rs, nrun, stdout) :
			report_text_spans(rs, nrun, stdout);
		if (ret) {
			fprintf(stderr, "ioprobe: error: cannot write the "
				"report: %s\n", strerror(-ret));
			status = 1;
		}
	}
	for (k = 0; k < nrun; k++)
		results_release(&rs[k]);
	if (!status && signals_stop_requested)
		status = signals_exit_status();
out:
	free(views);
	free(rs);
	return status;
}

/* The status once the output is out: a signal that came late, e.g. the
 * SIGPIPE of a reader that left (| head -1) seen at this last flush,
 * still says so with 128+N.  A write to stdout that failed anywhere
 * (> /dev/full) fails what would have succeeded (or found a regression:
 * its report is lost too); @what names the command ("suite"), NULL for
 * the run. */
static int final_status(int status, const char *what)
{
	int ret = stream_finish(stdout, 0);

	if (signals_stop_requested)
		return signals_exit_status();
	if (ret && (status == 0 || status == 3 || status == 4)) {
		fprintf(stderr, "ioprobe: error: cannot write %s%s%s "
			"output to stdout: %s\n", what ? "the " : "",
			what ? what : "ioprobe", "'s", strerror(-ret));
		status = 1;
	}
	return status;
}

int main(int argc, char **argv)
{
	struct profile p;
	char err[1024] = "";
	enum cli_action action;
	size_t i;
	int status;

	/* whatever path returns from main (or calls exit), the files we
	 * created and did not mean to keep go too */
	atexit(cleanup_now);
	for (i = 0; argc > 1 && i < nsubcmds; i++)
		if (!strcmp(argv[1], subcmds[i].name))
			return final_status(subcmds[i].main(argc - 1,
							    argv + 1),
					    subcmds[i].name);
	if (argc > 1 && !strcmp(argv[1], "help"))
		return final_status(help_main(argc - 1, argv + 1), "help");
	if (argc > 1 && subcmd_typo(argv[1]))
		return 2;	/* before any file is touched */

	profile_init(&p);
	action = cli_parse(argc, argv, &p, err, sizeof(err));
	diag_notes(&p.notes, p.quiet);	/* said while parsing: before the error */
	/* under mpirun rank 0 alone answers these, once */
	if (action != CLI_RUN && fleet_cmd_quiet_rank()) {
		profile_release(&p);
		return action == CLI_ERROR ? 2 : 0;
	}
	switch (action) {
	case CLI_HELP:
		cli_usage(stdout);
		status = 0;
		break;
	case CLI_VERSION:
		printf("ioprobe %s\n", IOPROBE_VERSION);
		fleet_cmd_version(stdout);
		status = 0;
		break;
	case CLI_PRINT_PROFILE:
		status = stream_finish(stdout, p.format == FORMAT_XML ?
					       xmlprofile_write(&p, stdout, 0) :
					       report_text_profile(&p, stdout));
		if (status)
			fprintf(stderr, "ioprobe: error: cannot write the "
					"profile to stdout: %s\n",
				strerror(-status));
		status = status ? 1 : 0;
		break;
	case CLI_ERROR:
		fprintf(stderr, "ioprobe: error: %s\n", err);
		status = 2;
		break;
	case CLI_RUN:
	default:
		if (p.next_span && !fleet_cmd_wanted())
			status = run_spans(&p, xmlprofile_nspans(&p));
		else
			status = fleet_cmd_wanted() ?
				fleet_cmd_run(&p, argc - 1, argv + 1) :
				run_profile(&p);
		break;
	}
	profile_release(&p);
	return final_status(status, NULL);
}
